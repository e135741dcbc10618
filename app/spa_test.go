package main

import (
	"compress/gzip"
	"context"
	"io"
	"io/fs"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
)

// page is a page of the build as scripts/prerender.mjs writes it, its root holding marker.
func page(marker string, prerendered bool) *fstest.MapFile {
	root := `<div id="root">`
	if prerendered {
		root = `<div id="root" data-prerendered="">`
	}
	return &fstest.MapFile{Data: []byte(`<!doctype html><html lang="es-MX"><head><meta charset="UTF-8" />` +
		`<meta name="description" content="Tienda en línea." /><title>Tienda de Seguridad y Redes</title>` +
		`<script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body>` +
		root + marker + `</div></body></html>`)}
}

// prerenderedWeb stands in for a front end built with its prerendered pages
// (frontend/scripts/prerender.mjs); each page says which it is.
var prerenderedWeb = fstest.MapFS{
	"index.html":                page("", false),
	"prerender/home.html":       page("inicio", true),
	"prerender/product.html":    page("producto", true),
	"prerender/category.html":   page("categoria", true),
	"prerender/cart.html":       page("carrito", true),
	"prerender/cart-empty.html": page("carrito-vacio", true),
	"prerender/shell.html":      page("marco", false),
	"prerender/not-found.html":  page("no-encontrada", true),
	"assets/index-abc123.js":    {Data: []byte(`console.log("hola")`)},
	"favicon.svg":               {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
}

// webServer is the real server (middleware, error handler, routes) serving web as the front end,
// without the catalogue.
func webServer(t *testing.T, web fs.FS) http.Handler {
	t.Helper()
	cfg := testConfig(t, t.TempDir(), nil)
	tokens := auth.NewTokens(strings.Repeat("s", 32), time.Hour)
	health := func(c *echo.Context) error { return c.String(http.StatusOK, "ok") }
	return newServer(cfg, zerolog.Nop(), tokens.Middleware(nil), web, nil, healthChecks{full: health}, nil, nil)
}

// shopWithWeb is the whole shop, demo catalogue included, serving web as the front end.
func shopWithWeb(t *testing.T, web fs.FS) *App {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, err := New(ctx, testConfig(t, t.TempDir(), map[string]string{"DEMO_DATA": "true", "PUBLIC_URL": "https://tienda.example.mx"}),
		zerolog.Nop(), web)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeApp(t, a) })
	waitForDemoPhotos(t, a)
	return a
}

func TestEveryPathGetsThePageOfItsRoute(t *testing.T) {
	t.Parallel()
	h := shopWithWeb(t, prerenderedWeb).Handler()
	product := demoProductID(t, h)
	tests := []struct {
		path   string
		status int
		want   string
	}{
		{"/", 200, "inicio"},
		{"/?utm_source=x", 200, "inicio"},
		{"/index.html", 200, "inicio"},
		{"/product/" + product, 200, "producto"},
		{"/product/" + product + "/", 200, "producto"},
		{"/carrito", 200, "carrito-vacio"}, // no cart cookie: TestTheCartPageFollowsTheCartCookie
		{"/carrito/", 200, "carrito-vacio"},
		{"/carrito/gracias", 200, "marco"},
		{"/tiendas", 200, "marco"},
		{"/modern", 200, "marco"},
		{"/busqueda/video-vigilancia", 200, "categoria"},
		{"/busqueda/22", 200, "categoria"},
		{"/busqueda/Routers", 200, "categoria"},
		{"/busqueda/Energ%C3%ADa%20%2F%20Herramientas", 404, "no-encontrada"},
		{"/usuarios/perfil", 200, "marco"},
		{"/usuarios/registro", 200, "marco"},
		{"/usuarios/restablecer-cuenta", 200, "marco"},
		{"/usuarios/restablecer-cuenta/abc", 404, "no-encontrada"},
		// The back office has its own frame: the bare app, whose first paint is its loading indicator.
		{"/ventas", 200, ""},
		{"/ventas/ordenes", 200, ""},
		{"/productos", 200, ""},
		{"/descuentos/nuevo", 200, ""},
		{"/corte", 200, ""},
		{"/corte/print", 200, ""},
		{"/ventas/ticket/0123456789abcdef01234567", 200, ""},
		{"/usuarios", 200, ""},
		{"/registro-errores", 200, ""},
		{"/auditoria", 200, ""},
		{"/productos/0123456789abcdef01234567/inventario", 200, ""},
		{"/inventario/bajo", 200, ""},
		// Unknown products, categories and paths: 'Página no encontrada', with a 404.
		{"/product/0123456789abcdef01234567", 404, "no-encontrada"},
		{"/product/abc", 404, "no-encontrada"},
		{"/product", 404, "no-encontrada"},
		{"/product/" + product + "/otra", 404, "no-encontrada"},
		{"/busqueda/no-existe", 404, "no-encontrada"},
		{"/productos-destacados", 404, "no-encontrada"},
		{"/no/existe", 404, "no-encontrada"},
		{"/ventas/otra", 404, "no-encontrada"},
	}
	for _, tt := range tests {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			rec := do(t, h, method, tt.path, "")
			if rec.Code != tt.status || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
				t.Errorf("%s %s: %d %q, want %d", method, tt.path, rec.Code, rec.Header().Get("Content-Type"), tt.status)
				continue
			}
			if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
				t.Errorf("%s %s: Cache-Control %q", method, tt.path, cc)
			}
			if method == http.MethodHead {
				continue
			}
			if body := rec.Body.String(); !strings.Contains(body, `">`+tt.want+`</div>`) && !strings.Contains(body, `<div id="root">`+tt.want+`</div>`) {
				t.Errorf("%s: got %q, want the page with %q", tt.path, body, tt.want)
			}
		}
	}
}

// TestShopRoutesMatchTheRouter compares the server's lists of the app's screens (app/pages.go)
// with the routes of frontend/src/app/router.tsx: a screen the server does not know would answer
// 404, one the app lost would be served as a page.
func TestShopRoutesMatchTheRouter(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../frontend/src/app/router.tsx")
	if err != nil {
		t.Fatal(err)
	}
	// The routes app/pages.go serves by name rather than from its lists.
	byName := map[string]bool{"/product/:id": true, "/busqueda/:id": true, "/busqueda": true, "/carrito": true, "/*": true}
	listed := map[string]bool{}
	for _, r := range append(append([]string{}, shopRoutes...), staffRoutes...) {
		listed[r] = true
	}
	inRouter := map[string]bool{}
	for _, m := range regexp.MustCompile(`path: '([^']+)'`).FindAllStringSubmatch(string(src), -1) {
		route := "/" + m[1]
		inRouter[route] = true
		if !byName[route] && !listed[route] {
			t.Errorf("router.tsx has %s, which app/pages.go does not list", route)
		}
	}
	if len(inRouter) < 20 {
		t.Fatalf("read only %d routes from router.tsx: its format changed", len(inRouter))
	}
	for r := range listed {
		if !inRouter[r] {
			t.Errorf("app/pages.go lists %s, which router.tsx does not have", r)
		}
	}
}

func TestTheCartPageFollowsTheCartCookie(t *testing.T) {
	t.Parallel()
	h := webServer(t, prerenderedWeb)
	for cookie, want := range map[string]string{
		"":                     `<div id="root">carrito-vacio</div>`, // never had a cart: drawn empty, and drawn anew by the app
		"carrito=0":            `<div id="root">carrito-vacio</div>`,
		"carrito=3":            `<div id="root" data-prerendered="">carrito</div>`, // lines to read from storage: the loading cart, adopted
		"otra=1; carrito=1":    `<div id="root" data-prerendered="">carrito</div>`,
		"carrito=1; Path=/x=y": `<div id="root" data-prerendered="">carrito</div>`,
	} {
		rec := do(t, h, http.MethodGet, "/carrito", "", "Cookie", cookie)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("cookie %q: %d %s", cookie, rec.Code, rec.Body)
		}
	}
}

func TestFilesOfTheFrontEndAreServedAsThemselves(t *testing.T) {
	t.Parallel()
	h := webServer(t, prerenderedWeb)
	rec := do(t, h, http.MethodGet, "/assets/index-abc123.js", "")
	if rec.Code != http.StatusOK || rec.Body.String() != `console.log("hola")` ||
		rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("asset: %d %q %q", rec.Code, rec.Header().Get("Cache-Control"), rec.Body)
	}
	rec = do(t, h, http.MethodGet, "/favicon.svg", "")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "<svg") || rec.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("favicon: %d %q %q", rec.Code, rec.Header().Get("Cache-Control"), rec.Body)
	}
}

func TestTheBuildsBrotliCopiesGoToBrowsersThatAcceptThem(t *testing.T) {
	t.Parallel()
	files := map[string]string{ // each over the gzip middleware's 1 KB
		"/assets/app-abc123.js":  strings.Repeat(`console.log("hola");`, 100),
		"/assets/app-abc123.css": strings.Repeat(`a{color:red}`, 100), // no Brotli copy
	}
	const brotliCopy = "\x1b\x00brotli" // served as it is: the server never decodes it
	h := webServer(t, fstest.MapFS{
		"index.html":              page("", false),
		"assets/app-abc123.js":    {Data: []byte(files["/assets/app-abc123.js"])},
		"assets/app-abc123.js.br": {Data: []byte(brotliCopy)},
		"assets/app-abc123.css":   {Data: []byte(files["/assets/app-abc123.css"])},
	})
	for _, tc := range []struct {
		path, accept, encoding string
	}{
		{"/assets/app-abc123.js", "gzip, deflate, br, zstd", "br"},
		{"/assets/app-abc123.js", "br;q=1.0", "br"},
		{"/assets/app-abc123.js", "gzip, deflate", "gzip"},
		{"/assets/app-abc123.js", "gzip, br;q=0", "gzip"},
		{"/assets/app-abc123.js", "", ""},
		{"/assets/app-abc123.css", "gzip, br", "gzip"},
	} {
		// HEAD tells the Brotli copy as GET does (the gzip middleware, writing no body, tells nothing).
		if head := do(t, h, http.MethodHead, tc.path, "", "Accept-Encoding", tc.accept); tc.encoding == "br" && head.Header().Get("Content-Encoding") != "br" {
			t.Errorf("HEAD %s with %q: Content-Encoding %q, want %q", tc.path, tc.accept, head.Header().Get("Content-Encoding"), tc.encoding)
		}
		rec := do(t, h, http.MethodGet, tc.path, "", "Accept-Encoding", tc.accept)
		if got := rec.Header().Get("Content-Encoding"); got != tc.encoding || rec.Code != http.StatusOK {
			t.Errorf("%s with %q: %d, Content-Encoding %q, want %q", tc.path, tc.accept, rec.Code, got, tc.encoding)
			continue
		}
		body := rec.Body.String()
		switch tc.encoding {
		case "br":
			if body != brotliCopy || rec.Header().Get("Content-Length") != strconv.Itoa(len(brotliCopy)) ||
				!strings.HasPrefix(rec.Header().Get("Content-Type"), "text/javascript") {
				t.Errorf("%s with %q: %q %q, want the Brotli copy as JavaScript", tc.path, tc.accept, rec.Header().Get("Content-Type"), body)
			}
		case "gzip":
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatalf("%s with %q: %v", tc.path, tc.accept, err)
			}
			plain, err := io.ReadAll(zr)
			if err != nil || string(plain) != files[tc.path] {
				t.Errorf("%s with %q: gzip of %d bytes (%v), want the file's %d", tc.path, tc.accept, len(plain), err, len(files[tc.path]))
			}
		default:
			if body != files[tc.path] {
				t.Errorf("%s with %q: %d bytes, want the file itself", tc.path, tc.accept, len(body))
			}
		}
		if tc.encoding != "" && !strings.Contains(strings.Join(rec.Header().Values("Vary"), ","), "Accept-Encoding") {
			t.Errorf("%s with %q: Vary %q", tc.path, tc.accept, rec.Header().Values("Vary"))
		}
		if rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s with %q: Cache-Control %q", tc.path, tc.accept, rec.Header().Get("Cache-Control"))
		}
	}
}

func TestAFrontEndWithoutPrerenderedPagesGetsIndexHTMLEverywhere(t *testing.T) {
	t.Parallel()
	h := webServer(t, fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><div id="root"></div>`)}})
	for _, p := range []string{"/", "/carrito", "/tiendas", "/ventas"} {
		rec := do(t, h, http.MethodGet, p, "")
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `<div id="root"></div>`) {
			t.Errorf("%s: %d %q", p, rec.Code, rec.Body)
		}
	}
}

func TestAnUnbuiltFrontEndIsAnInternalError(t *testing.T) {
	t.Parallel()
	h := webServer(t, fstest.MapFS{"favicon.svg": {Data: []byte(`<svg/>`)}})
	for _, p := range []string{"/", "/product/123", "/tiendas", "/ventas"} {
		rec := do(t, h, http.MethodGet, p, "")
		if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusInternalServerError || e.Code != "internal" {
			t.Errorf("%s: %d %s", p, rec.Code, rec.Body)
		}
	}
}
