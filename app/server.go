package main

import (
	"context"
	_ "embed"
	"errors"
	"io/fs"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"
	"github.com/rs/zerolog"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/config"
	"tienda/pkg/httpx"
	"tienda/pkg/mongox"
	"tienda/pkg/webpage"
)

// contentSecurityPolicy allows our own files plus the payment provider's script, frames and API,
// and Sentry's ingest endpoints.
const contentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' https://sdk.mercadopago.com https://*.mercadopago.com https://*.mlstatic.com; " +
	"style-src 'self' 'unsafe-inline' https://*.mlstatic.com; " +
	"img-src 'self' data: blob: https:; " +
	"font-src 'self' data: https://*.mlstatic.com; " +
	"connect-src 'self' https://*.mercadopago.com https://*.mercadolibre.com https://*.mercadopago.com.mx https://*.ingest.sentry.io https://*.ingest.us.sentry.io; " +
	"frame-src https://*.mercadopago.com https://*.mercadolibre.com https://*.mercadopago.com.mx https://*.mlstatic.com; " +
	"object-src 'none'; base-uri 'self'; form-action 'self' https://*.mercadopago.com https://*.mercadopago.com.mx; frame-ancestors 'none'"

// openAPI lists every route of /v1 in one place.
//
//go:embed openapi.yaml
var openAPI []byte

// routes is what a module contributes to the /v1 group.
type routes interface {
	Routes(g *echo.Group)
}

// uploadRoutes is what a module contributes to /v1 with a larger body limit (writes that carry an
// image as a data URL); the module says how large.
type uploadRoutes interface {
	UploadRoutes(g *echo.Group)
}

// uploadBodyLimit is the body limit of upload routes: a 5 MB image as base64 plus the record.
const uploadBodyLimit = 8 << 20

// precompressed are the routes that answer bytes compressed once, from the catalogue's cache of
// storefront answers (modules/catalog/storefront_cache.go): the gzip middleware leaves them alone.
var precompressed = map[string]bool{"/v1/productos": true, "/v1/productos/:id": true, "/v1/productos/search/": true, "/v1/productos/search": true}

// zipped reports whether a request asks for an export as XLSX (pkg/export): a zip file already,
// which gzip would only spend time on.
func zipped(c *echo.Context) bool {
	return strings.HasSuffix(c.Path(), "/exportar") && strings.EqualFold(strings.TrimSpace(c.QueryParam("formato")), "xlsx")
}

// newServer builds the Echo server: middleware (session is the token middleware with its session
// check), the error handler, /v1 with every module's routes, and the embedded front end for every
// other path.
func newServer(cfg config.Config, log zerolog.Logger, session echo.MiddlewareFunc, web fs.FS, pages storefrontPages, health healthChecks, modules []routes, report httpx.Reporter) *echo.Echo {
	e := echo.NewWithConfig(echo.Config{
		HTTPErrorHandler: httpx.ErrorHandler(report),
		Validator:        httpx.NewValidator(),
		IPExtractor:      echo.ExtractIPFromXFFHeader(),
	})
	e.Use(middleware.RequestID())
	e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		XSSProtection:         "0",
		ContentTypeNosniff:    "nosniff",
		XFrameOptions:         "DENY",
		HSTSMaxAge:            31536000,
		ContentSecurityPolicy: contentSecurityPolicy,
		ReferrerPolicy:        "strict-origin-when-cross-origin",
	}))
	e.Use(session)
	e.Use(httpx.RequestLogger(log, auth.UserID))
	e.Use(middleware.RecoverWithConfig(middleware.RecoverConfig{DisableStackAll: true}))
	shop := &pageServer{web: web, site: webpage.Site{Name: cfg.Shop.Name, Base: cfg.PublicURL}, pages: pages}
	e.Use(middleware.GzipWithConfig(middleware.GzipConfig{MinLength: 1024, Skipper: func(c *echo.Context) bool {
		return shop.brotli(fileName(c.Request()), c.Request()) || c.Request().Method == http.MethodGet && (precompressed[c.Path()] || zipped(c))
	}}))

	bodyLimit := middleware.BodyLimit(cfg.BodyLimit)
	v1 := e.Group("/v1", bodyLimit, noStore)
	v1.GET("/health", health.full)
	if health.live != nil {
		v1.GET("/health/live", health.live)
		v1.GET("/health/ready", health.ready)
	}
	v1.GET("/config", publicConfig(cfg))
	v1.GET("/openapi.yaml", func(c *echo.Context) error { return c.Blob(http.StatusOK, "application/yaml", openAPI) })
	for _, m := range modules {
		m.Routes(v1)
		if u, ok := m.(uploadRoutes); ok {
			u.UploadRoutes(e.Group("/v1", middleware.BodyLimit(max(cfg.BodyLimit, uploadBodyLimit)), noStore))
		}
	}
	v1.RouteNotFound("/*", func(*echo.Context) error {
		return apperr.New(apperr.NotFound, "La ruta solicitada no existe.")
	})

	e.GET("/robots.txt", shop.robots)
	e.GET("/sitemap.xml", shop.serveSitemap)
	e.GET("/sitemap-:parte", shop.serveSitemapPart)
	e.GET("/manifest.webmanifest", shop.manifest)
	e.GET("/*", shop.serve)
	e.HEAD("/*", shop.serve)
	return e
}

// noStore keeps browsers and proxies from caching API answers.
func noStore(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		c.Response().Header().Set(echo.HeaderCacheControl, "no-store")
		return next(c)
	}
}

// publicConfig is what the browser may know about the shop and its integrations.
func publicConfig(cfg config.Config) echo.HandlerFunc {
	type shop struct {
		Nombre    string `json:"nombre"`
		Direccion string `json:"direccion"`
		Horario   string `json:"horario"`
		Telefono  string `json:"telefono"`
		Mapa      string `json:"mapa"`
	}
	body := struct {
		Tienda               shop   `json:"tienda"`
		MercadoPagoPublicKey string `json:"mercadoPagoPublicKey"`
		SentryDSN            string `json:"sentryDsn"`
		Version              string `json:"version"` // for the back office's footer
	}{
		Tienda:               shop{cfg.Shop.Name, cfg.Shop.Address, cfg.Shop.Hours, cfg.Shop.Phone, cfg.Shop.MapURL},
		MercadoPagoPublicKey: cfg.MercadoPagoPublicKey,
		SentryDSN:            cfg.SentryDSN,
		Version:              Version(),
	}
	return func(c *echo.Context) error { return c.JSON(http.StatusOK, body) }
}

// healthHandler answers {"status":"ok","db":"ok","version"}, or 503 when the store does not answer or, on
// the embedded store, its disk is full or cannot be written (ready: mongox.Store.Ready).
func healthHandler(ready func(ctx context.Context) error) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if err := ready(c.Request().Context()); err != nil {
			logFrom(c).Warn().Err(err).Msg("health: store down")
			msg := "La base de datos no responde."
			if errors.Is(err, mongox.ErrNoSpace) {
				msg = "El disco del servidor no tiene espacio libre o no se puede escribir en él."
			}
			return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "error", "db": "error", "message": msg})
		}
		return c.JSON(http.StatusOK, map[string]string{"status": "ok", "db": "ok", "version": Version()})
	}
}

// healthChecks are the server's health answers: full for /v1/health (the store too), live and
// ready for a proxy or an orchestrator (nil in tests that build a bare server).
type healthChecks struct{ full, live, ready echo.HandlerFunc }

// liveHandler answers 200 while the process answers at all: restart it only when this fails.
func liveHandler(c *echo.Context) error {
	return c.JSON(http.StatusOK, map[string]string{"status": "ok", "version": Version()})
}

// readyHandler answers 200 while the shop can serve: the catalogue is in memory from the start
// (New loads it before the server exists) and reads need no store; a write may wait for a
// primary, which the request's own deadline covers. 503 once a shutdown began, so that the proxy
// sends new requests to another replica while this one finishes its own.
func readyHandler(draining *atomic.Bool) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if draining.Load() {
			return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "error", "message": "La tienda se está deteniendo."})
		}
		return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
	}
}
