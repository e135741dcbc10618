package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v5"

	"tienda/modules/catalog"
	"tienda/pkg/apperr"
	"tienda/pkg/webpage"
)

// The shop's pages. Every path that is not a file of the build or /v1 gets an HTML page of the
// front end's build (frontend/scripts/prerender.mjs rendered them): the home page, the product and
// category screens and the cart as they first paint, the shop's frame for other shop paths, the
// bare app for the back office. Product and category pages get their own head (title, description,
// canonical URL, Open Graph, JSON-LD) from the catalogue, a product page its product and a category
// page its first screen (the category tree and its first products); an unknown product, category
// or path answers 404 with the 'Página no encontrada' page.

// storefrontPages is what the shop's pages need of the catalogue.
type storefrontPages interface {
	// ProductPage returns a product page's head and data. Errors: not_found.
	ProductPage(site webpage.Site, id string) (webpage.Page, error)
	// CategoryPage returns a category page's head. Errors: not_found.
	CategoryPage(site webpage.Site, id string) (webpage.Page, error)
	SitemapPages() []catalog.SitemapPage
	Generation() uint64
}

// shopTagline follows the shop's name in the home page's title (components/use-document-title.ts).
const shopTagline = "Videovigilancia, redes y energía"

// shopRoutes are the shop's screens other than the home page, products, categories and the cart,
// as frontend/src/app/router.tsx declares them (TestShopRoutesMatchTheRouter compares): a path
// matches when its segments do, ":x" matching any one segment and a trailing "*" anything after.
var shopRoutes = []string{
	"/tiendas", "/ofertas", "/modern", "/carrito/gracias", "/success", "/failure", "/pending", "/login",
	"/usuarios/registro", "/usuarios/restablecer-cuenta", "/usuarios/perfil", "/usuarios/compras", "/usuarios/listar",
	"/facturar",
}

// staffRoutes are the back office's screens (router.tsx): they need the session, so they get the
// bare app, whose first paint is its loading indicator.
var staffRoutes = []string{
	"/productos", "/descuentos/*", "/ventas", "/ventas/ordenes", "/ventas/envios", "/corte", "/corte/print",
	"/usuarios", "/registro-errores", "/auditoria", "/productos/:id/inventario", "/inventario/bajo", "/facturas",
	"/respaldos",
	"/proveedor",
	"/categorias",
	"/ventas/ticket/:id", // a sale's printable ticket: bare too, like /corte/print
}

func routeMatches(pattern, route string) bool {
	ps, rs := strings.Split(pattern, "/"), strings.Split(route, "/")
	for i, p := range ps {
		if p == "*" {
			return true
		}
		if i >= len(rs) || (!strings.HasPrefix(p, ":") && p != rs[i]) {
			return false
		}
	}
	return len(ps) == len(rs)
}

func matchesAny(patterns []string, route string) bool {
	for _, p := range patterns {
		if routeMatches(p, route) {
			return true
		}
	}
	return false
}

// pageServer serves the shop's pages and the build's files.
type pageServer struct {
	web   fs.FS
	site  webpage.Site
	pages storefrontPages // nil: a server without the catalogue (tests of the server alone)

	files sync.Map // name -> []byte: the build's pages, read once (the build never changes under a running binary)

	mu      sync.Mutex
	sitemap sitemapFiles // sitemap.go
	gen     uint64
}

// serve answers GET and HEAD of every path outside /v1: a file of the build that exists (hashed
// assets cached for a year), or the route's page.
func (s *pageServer) serve(c *echo.Context) error {
	name := fileName(c.Request())
	if name != "" && name != "index.html" {
		if st, err := fs.Stat(s.web, name); err == nil && !st.IsDir() {
			cache := "no-cache"
			if strings.HasPrefix(name, "assets/") {
				cache = "public, max-age=31536000, immutable"
			}
			c.Response().Header().Set(echo.HeaderCacheControl, cache)
			if s.brotli(name, c.Request()) {
				return s.serveBrotli(c, name)
			}
			return c.FileFS(name, s.web)
		}
	}
	route := "/" + name
	if name == "index.html" {
		route = "/"
	}
	status, body, err := s.page(route, c.Request())
	if err != nil {
		return err
	}
	if route == "/carrito" {
		c.Response().Header().Add(echo.HeaderVary, "Cookie") // cartHasLines
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
	return c.HTMLBlob(status, body)
}

// fileName is the build's file a request's path names (it may not exist): "" for "/".
func fileName(r *http.Request) string {
	return strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
}

// brotli reports whether r, asking for the build's file name, accepts Brotli and the build
// compressed that file with it (frontend/scripts/compress.mjs wrote assets/<name>.br). The
// server's gzip middleware leaves such requests alone.
func (s *pageServer) brotli(name string, r *http.Request) bool {
	if !strings.HasPrefix(name, "assets/") || !acceptsEncoding(r, "br") {
		return false
	}
	_, err := fs.Stat(s.web, name+".br")
	return err == nil
}

// serveBrotli answers the build's file name with its Brotli-compressed copy.
func (s *pageServer) serveBrotli(c *echo.Context, name string) error {
	f, err := s.web.Open(name + ".br")
	if err != nil {
		return err
	}
	defer func() { _ = f.Close() }() // read only: closing it cannot lose anything
	st, err := f.Stat()
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderContentEncoding, "br")
	h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	h.Set(echo.HeaderContentLength, strconv.FormatInt(st.Size(), 10))
	contentType := mime.TypeByExtension(path.Ext(name))
	if contentType == "" {
		contentType = echo.MIMEOctetStream
	}
	return c.Stream(http.StatusOK, contentType, f)
}

// acceptsEncoding reports whether r's Accept-Encoding lists coding with a weight above zero.
func acceptsEncoding(r *http.Request, coding string) bool {
	for _, part := range strings.Split(r.Header.Get(echo.HeaderAcceptEncoding), ",") {
		name, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q, hasQ := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
		return !hasQ || strings.Trim(q, "0.") != ""
	}
	return false
}

// page returns the status and HTML of a route, asked for by r.
func (s *pageServer) page(route string, r *http.Request) (int, []byte, error) {
	segments := strings.Split(strings.TrimPrefix(route, "/"), "/")
	switch {
	case route == "/":
		return s.render(http.StatusOK, "prerender/home.html", webpage.Page{
			Title:       s.site.Name + " | " + shopTagline,
			Description: "Tienda en línea de videovigilancia, redes, energía, routers, drones, cables y accesorios. Precios en pesos mexicanos y envío gratis en compras mayores a $9999.",
			Path:        "/",
		}, true)
	case len(segments) == 2 && segments[0] == "product" && s.pages != nil:
		p, err := s.pages.ProductPage(s.site, segments[1])
		if err != nil {
			return s.notFound(err)
		}
		p.Title += " | " + s.site.Name
		// The page is drawn from the product it carries, not from the prerendered loading state:
		// the app draws it anew rather than adopting that markup.
		return s.render(http.StatusOK, "prerender/product.html", p, false)
	case len(segments) == 2 && segments[0] == "busqueda" && s.pages != nil:
		id, _ := url.PathUnescape(segments[1])
		p, err := s.pages.CategoryPage(s.site, id)
		if err != nil {
			return s.notFound(err)
		}
		p.Title += " | " + s.site.Name
		// Drawn from the first screen the page carries, like a product page.
		return s.render(http.StatusOK, "prerender/category.html", p, false)
	case route == "/busqueda":
		return s.render(http.StatusOK, "prerender/shell.html", searchPage(s.site, r.URL.Query().Get("q")), false)
	case route == "/carrito":
		cart := webpage.Page{Title: "Carrito | " + s.site.Name, Description: "Tu carrito: revisa tus productos y paga en tienda o con Mercado Pago.", Path: route}
		if !cartHasLines(r) {
			// The cart is empty (or this browser never had one): the page shows it so at once.
			return s.render(http.StatusOK, "prerender/cart-empty.html", cart, false)
		}
		return s.render(http.StatusOK, "prerender/cart.html", cart, true)
	case matchesAny(shopRoutes, route):
		page, err := s.file("prerender/shell.html")
		return http.StatusOK, page, err
	case matchesAny(staffRoutes, route):
		page, err := s.file("index.html")
		return http.StatusOK, page, err
	}
	return s.notFound(nil)
}

// maxTitleQuery bounds how much of a search's text its page's title repeats.
const maxTitleQuery = 100

// searchPage is the head of /busqueda?q=: a title with what was searched, and no place in search
// engines (a results page is made of the query; the products have their own pages).
func searchPage(site webpage.Site, q string) webpage.Page {
	q = strings.Join(strings.Fields(q), " ")
	if r := []rune(q); len(r) > maxTitleQuery {
		q = string(r[:maxTitleQuery]) + "…"
	}
	title := "Búsqueda | " + site.Name
	if q != "" {
		title = "Resultados para «" + q + "» | " + site.Name
	}
	return webpage.Page{Title: title, Description: "Los productos de " + site.Name + " que coinciden con tu búsqueda.", NoIndex: true}
}

// notFound answers an unknown page with 404 and 'Página no encontrada'; any error but not_found
// is the server's.
func (s *pageServer) notFound(err error) (int, []byte, error) {
	if err != nil && !apperr.Is(err, apperr.NotFound) {
		return 0, nil, err
	}
	return s.render(http.StatusNotFound, "prerender/not-found.html", webpage.Page{
		Title: "Página no encontrada | " + s.site.Name, Description: "La página que buscas no existe o fue movida.",
	}, false)
}

// render writes p into the build's page file. adopt keeps the page's data-prerendered mark, for a
// page the app may adopt as it is (it was prerendered for this very route).
func (s *pageServer) render(status int, file string, p webpage.Page, adopt bool) (int, []byte, error) {
	template, err := s.file(file)
	if err != nil {
		return 0, nil, err
	}
	if !bytes.Contains(template, []byte("</head>")) {
		return status, template, nil // the test stand-in for the build, or a bare index.html
	}
	if !adopt {
		template = bytes.Replace(template, []byte(` data-prerendered=""`), nil, 1)
	}
	body, err := webpage.Render(template, s.site, p)
	if err != nil {
		return 0, nil, fmt.Errorf("app: page %s: %w", p.Path, err)
	}
	return status, body, nil
}

// file returns one of the build's pages; index.html for a build without prerendered pages (a
// plain `vite build`).
func (s *pageServer) file(name string) ([]byte, error) {
	if page, ok := s.files.Load(name); ok {
		return page.([]byte), nil
	}
	page, err := fs.ReadFile(s.web, name)
	if errors.Is(err, fs.ErrNotExist) {
		page, err = fs.ReadFile(s.web, "index.html")
	}
	if err != nil {
		return nil, errors.New("app: front end not built: index.html missing")
	}
	s.files.Store(name, page)
	return page, nil
}

// cartCookie mirrors how many lines the browser's stored cart has (frontend/src/lib/
// carrito-storage.ts); the cart itself never leaves the browser.
const cartCookie = "carrito"

// cartHasLines reports whether the browser's cart cookie says its cart has something in it.
func cartHasLines(r *http.Request) bool {
	c, err := r.Cookie(cartCookie)
	return err == nil && c.Value != "" && c.Value != "0"
}

// robots answers /robots.txt: crawlers may read the shop and what its pages load from /v1, not the
// back office or the rest of the API, and learn where the sitemap is.
func (s *pageServer) robots(c *echo.Context) error {
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\n")
	for _, p := range staffRoutes {
		if p = strings.TrimSuffix(p, "/*"); !strings.Contains(p[1:], "/") {
			b.WriteString("Disallow: " + p + "\n")
		}
	}
	b.WriteString("Disallow: /v1/\nAllow: /v1/productos\nAllow: /v1/imagenes/\nAllow: /v1/config\n")
	b.WriteString("\nSitemap: " + s.site.Absolute("/sitemap.xml") + "\n")
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
	return c.Blob(http.StatusOK, "text/plain; charset=utf-8", []byte(b.String()))
}

// manifest answers /manifest.webmanifest, which makes the shop installable on a phone ('Agregar a
// pantalla de inicio'): its name, icons (public/icons, a maskable one among them), colours and
// where it starts.
func (s *pageServer) manifest(c *echo.Context) error {
	short := s.site.Name
	if len([]rune(short)) > 12 { // what a home screen shows under the icon
		short = "Tienda"
	}
	type icon struct {
		Src     string `json:"src"`
		Sizes   string `json:"sizes"`
		Type    string `json:"type"`
		Purpose string `json:"purpose,omitempty"`
	}
	body := map[string]any{
		"id": "/", "name": s.site.Name, "short_name": short, "lang": "es-MX", "dir": "ltr",
		"description": "Videovigilancia, redes, energía y accesorios con precios en pesos mexicanos.",
		"start_url":   "/", "scope": "/", "display": "standalone",
		"background_color": "#f8fafc", "theme_color": "#0b2545",
		"icons": []icon{
			{"/icons/icon-192.png", "192x192", "image/png", "any"},
			{"/icons/icon-512.png", "512x512", "image/png", "any"},
			{"/icons/icon-maskable-512.png", "512x512", "image/png", "maskable"},
		},
	}
	out, err := json.Marshal(body)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
	return c.Blob(http.StatusOK, "application/manifest+json", out)
}
