package main

import (
	"io/fs"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/auth"
)

// prerenderedWeb stands in for a front end built with its prerendered pages
// (frontend/scripts/prerender.mjs); each page says which it is.
var prerenderedWeb = fstest.MapFS{
	"index.html":             {Data: []byte(`<!doctype html><div id="root"></div>`)},
	"prerender/home.html":    {Data: []byte(`<!doctype html><div id="root">inicio</div>`)},
	"prerender/product.html": {Data: []byte(`<!doctype html><div id="root">producto</div>`)},
	"prerender/cart.html":    {Data: []byte(`<!doctype html><div id="root">carrito</div>`)},
	"prerender/shell.html":   {Data: []byte(`<!doctype html><div id="root">marco</div>`)},
	"assets/index-abc123.js": {Data: []byte(`console.log("hola")`)},
	"favicon.svg":            {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
}

// webServer is the real server (middleware, error handler, routes) serving web as the front end.
func webServer(t *testing.T, web fs.FS) http.Handler {
	t.Helper()
	cfg := testConfig(t, t.TempDir(), nil)
	tokens := auth.NewTokens(strings.Repeat("s", 32), time.Hour)
	health := func(c *echo.Context) error { return c.String(http.StatusOK, "ok") }
	return newServer(cfg, zerolog.Nop(), tokens, web, health, nil, nil)
}

func TestDeepLinksGetThePrerenderedPageOfTheirRoute(t *testing.T) {
	t.Parallel()
	h := webServer(t, prerenderedWeb)
	tests := []struct{ path, want string }{
		{"/", "inicio"},
		{"/?utm_source=x", "inicio"},
		{"/index.html", "marco"},
		{"/product/6955b90064656d6f00000000", "producto"},
		{"/product/abc/", "producto"},
		{"/product", "marco"},
		{"/carrito", "carrito"},
		{"/carrito/", "carrito"},
		{"/carrito/gracias", "marco"},
		{"/tiendas", "marco"},
		{"/busqueda/video-vigilancia", "marco"},
		{"/usuarios/perfil", "marco"},
		{"/usuarios/registro", "marco"},
		{"/productos-destacados", "marco"},
		{"/no/existe", "marco"},
		// The back office has its own frame: the bare app, whose first paint is its loading indicator.
		{"/ventas", ""},
		{"/ventas/ordenes", ""},
		{"/productos", ""},
		{"/descuentos/nuevo", ""},
		{"/corte", ""},
		{"/corte/print", ""},
		{"/usuarios", ""},
		{"/registro-errores", ""},
	}
	for _, tt := range tests {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			rec := do(t, h, method, tt.path, "")
			if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
				t.Errorf("%s %s: %d %q", method, tt.path, rec.Code, rec.Header().Get("Content-Type"))
				continue
			}
			if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
				t.Errorf("%s %s: Cache-Control %q", method, tt.path, cc)
			}
			if method == http.MethodHead {
				continue
			}
			if want := `<div id="root">` + tt.want + `</div>`; !strings.Contains(rec.Body.String(), want) {
				t.Errorf("%s: got %q, want the page with %q", tt.path, rec.Body, want)
			}
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

func TestAFrontEndWithoutPrerenderedPagesGetsIndexHTMLEverywhere(t *testing.T) {
	t.Parallel()
	h := webServer(t, fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><div id="root"></div>`)}})
	for _, p := range []string{"/", "/product/123", "/carrito", "/tiendas", "/ventas"} {
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
		if e := decodeError(t, rec); rec.Code != http.StatusInternalServerError || e.Error.Code != "internal" {
			t.Errorf("%s: %d %s", p, rec.Code, rec.Body)
		}
	}
}
