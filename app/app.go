// Command tienda is the composition root: it reads the configuration, opens the store, builds the
// modules in dependency order, serves HTTP and shuts everything down cleanly.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/getsentry/sentry-go"
	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/modules/cartcheckout"
	"tienda/modules/cashcut"
	"tienda/modules/catalog"
	"tienda/modules/logs"
	"tienda/modules/sales"
	"tienda/modules/users"
	"tienda/pkg/auth"
	"tienda/pkg/config"
	"tienda/pkg/logx"
	"tienda/pkg/mongox"
)

// sessionTTL is how long a login lasts.
const sessionTTL = 7 * 24 * time.Hour

// App is the running application. Tests build it the same way main does.
type App struct {
	cfg   config.Config
	log   zerolog.Logger
	store *mongox.Store
	// ownsStore: the store was opened by New, and Close closes it.
	ownsStore bool
	echo      *echo.Echo
	web       fs.FS
	sentry    *sentry.Hub // nil without SENTRY_DSN

	started []starter // modules started, stopped in reverse order by Close

	// The modules tests reach into; nothing else uses these.
	catalog  *catalog.Module
	sales    *sales.Module
	checkout *cartcheckout.Module
	cashcut  *cashcut.Module
}

type module interface {
	routes
	EnsureIndexes(ctx context.Context) error
}

// starter is a module with work of its own: Start brings its data up to date and starts its
// background work; Stop ends it.
type starter interface {
	Start(ctx context.Context) error
	Stop()
}

// New opens the store the configuration names and builds the application on it (NewOnStore);
// Close closes the store too. web is the built front end.
func New(ctx context.Context, cfg config.Config, log zerolog.Logger, web fs.FS) (*App, error) {
	store, err := mongox.Open(ctx, mongox.Options{URI: cfg.MongoURI, DataDir: cfg.DataDir})
	if err != nil {
		return nil, err
	}
	a, err := NewOnStore(ctx, cfg, log, web, store)
	if err != nil {
		_ = store.Close(context.Background())
		return nil, err
	}
	a.ownsStore = true
	return a, nil
}

// NewOnStore builds every module on store, creates indexes, the first administrator and, when
// asked, the demo data, and starts the modules' work. It is one replica of the shop: several may
// share a store, and Close leaves the store open.
func NewOnStore(ctx context.Context, cfg config.Config, log zerolog.Logger, web fs.FS, store *mongox.Store) (*App, error) {
	a := &App{cfg: cfg, log: log, web: web, store: store}
	hub, err := newSentryHub(cfg, nil)
	if err != nil {
		return nil, err
	}
	a.sentry = hub
	if err := a.build(ctx); err != nil {
		_ = a.Close(context.Background())
		return nil, err
	}
	return a, nil
}

func (a *App) build(ctx context.Context) error {
	secret, err := jwtSecret(a.cfg)
	if err != nil {
		return err
	}
	tokens := auth.NewTokens(secret, sessionTTL)
	deps := func(name string) zerolog.Logger { return a.log.With().Str("module", name).Logger() }

	catalogM := catalog.New(catalog.Deps{Store: a.store, Log: deps("catalog")})
	usersM, err := users.New(users.Deps{Store: a.store, Tokens: tokens, Log: deps("users"), SMTPURL: a.cfg.SMTPURL, MailFrom: a.cfg.MailFrom})
	if err != nil {
		return err
	}
	tokens.SetSessionCheck(usersM.Service().CheckSession)
	stock := catalogStock{catalogM.Service()}
	salesM := sales.New(sales.Deps{Store: a.store, Stock: salesStock{catalogM.Service()}, Log: deps("sales")})
	provider, err := paymentProvider(a.cfg)
	if err != nil {
		return err
	}
	checkoutM := cartcheckout.New(cartcheckout.Deps{Store: a.store, Catalog: stock, Sales: checkoutSales{salesM.Service()},
		Users: checkoutUsers{usersM.Service()}, Provider: provider, Secret: a.cfg.MercadoPagoWebhookSecret,
		Log: deps("cartcheckout")})
	cashcutM := cashcut.New(cashcut.Deps{Store: a.store, Sales: cashcutSales{salesM.Service()}, Log: deps("cashcut")})
	logsM := logs.New(logs.Deps{Store: a.store, Log: deps("logs")})
	modules := []module{catalogM, usersM, salesM, checkoutM, cashcutM, logsM}
	a.catalog, a.sales, a.checkout, a.cashcut = catalogM, salesM, checkoutM, cashcutM

	for _, m := range modules {
		if err := m.EnsureIndexes(ctx); err != nil {
			return err
		}
	}
	if n, err := a.store.IndexIDs(ctx); err != nil {
		return err
	} else if n > 0 {
		a.log.Info().Int("collections", n).Msg("embedded store: _id lookups indexed")
	}
	if err := usersM.Service().EnsureFirstAdmin(ctx, a.cfg.AdminEmail, a.cfg.AdminPassword); err != nil {
		return err
	}
	if a.cfg.DemoData {
		if err := usersM.Service().SeedDemo(ctx); err != nil {
			return err
		}
		if err := catalogM.SeedDemo(ctx); err != nil {
			return err
		}
	}
	rs := make([]routes, len(modules))
	for i, m := range modules {
		rs[i] = m
	}
	a.echo = newServer(a.cfg, a.log, tokens, a.web, catalogM.Service(), healthHandler(a.store.Ping), rs, sentryReporter(a.sentry))
	// Every module's own work, in dependency order: it brings its data up to date, then runs in
	// the background. Close stops them in reverse.
	for _, m := range []starter{catalogM, logsM, salesM, cashcutM, checkoutM} {
		if err := m.Start(ctx); err != nil {
			return err
		}
		a.started = append(a.started, m)
	}
	return nil
}

// Handler returns the HTTP handler (for tests).
func (a *App) Handler() http.Handler { return a.echo }

// Serve answers HTTP on ln until ctx is done, then stops accepting, lets requests in flight finish
// (up to 20 s) and returns.
func (a *App) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           a.echo,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	a.log.Info().Str("addr", ln.Addr().String()).Bool("embedded_store", a.store.Embedded()).Msg("serving")
	select {
	case err := <-errc:
		return fmt.Errorf("app: serve: %w", err)
	case <-ctx.Done():
	}
	a.log.Info().Msg("shutting down: finishing requests in flight")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("app: shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("app: serve: %w", err)
	}
	return nil
}

// Close closes the store and flushes Sentry.
func (a *App) Close(ctx context.Context) error {
	for i := len(a.started) - 1; i >= 0; i-- {
		a.started[i].Stop()
	}
	if a.sentry != nil {
		a.sentry.Flush(2 * time.Second)
	}
	if !a.ownsStore {
		return nil
	}
	return a.store.Close(ctx)
}

// jwtSecret returns JWT_SECRET or, with the embedded store, a random secret created once in the
// data directory.
func jwtSecret(cfg config.Config) (string, error) {
	if cfg.JWTSecret != "" {
		return cfg.JWTSecret, nil
	}
	path := filepath.Join(cfg.DataDir, "jwt-secret")
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 32 {
		return strings.TrimSpace(string(b)), nil
	}
	buf := make([]byte, 32)
	if _, err := rand.Read(buf); err != nil {
		return "", fmt.Errorf("app: jwt secret: %w", err)
	}
	secret := hex.EncodeToString(buf)
	if err := os.WriteFile(path, []byte(secret+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("app: jwt secret: %w", err)
	}
	return secret, nil
}

func logFrom(c *echo.Context) *zerolog.Logger { return logx.From(c.Request().Context()) }
