// Command tienda is the composition root: it reads the configuration, opens the store, builds the
// modules in dependency order, serves HTTP and shuts everything down cleanly.
package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/getsentry/sentry-go"
	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	auditlog "tienda/modules/audit"
	"tienda/modules/cartcheckout"
	"tienda/modules/cashcut"
	"tienda/modules/catalog"
	"tienda/modules/catalog/importer"
	"tienda/modules/catalog/suppliersync"
	"tienda/modules/invoicing"
	"tienda/modules/logs"
	"tienda/modules/sales"
	"tienda/modules/users"
	"tienda/pkg/auth"
	"tienda/pkg/backup"
	"tienda/pkg/config"
	"tienda/pkg/creditnotes"
	"tienda/pkg/logx"
	"tienda/pkg/mail"
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
	draining  atomic.Bool // a shutdown began: /v1/health/ready answers 503

	started []starter // modules started, stopped in reverse order by Close

	// The modules tests reach into; nothing else uses these.
	catalog   *catalog.Module
	sales     *sales.Module
	checkout  *cartcheckout.Module
	cashcut   *cashcut.Module
	invoicing *invoicing.Module
	users     *users.Module // also for the start report (startreport.go)
}

type module interface {
	routes
	Collections() []mongox.Collection // its collections and their indexes
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
	for _, w := range store.Warnings() {
		log.Warn().Msg("MongoDB: " + w)
	}
	a, err := newOnStore(ctx, cfg, log, web, store, true)
	if err != nil {
		_ = store.Close(context.Background())
		return nil, err
	}
	a.ownsStore = true
	return a, nil
}

// NewOnStore builds every module on store, prepares the store (readyStore), creates the first
// administrator and, when asked, the demo data, and starts the modules' work. It is one replica
// of the shop: several may share a store, and Close leaves the store open.
func NewOnStore(ctx context.Context, cfg config.Config, log zerolog.Logger, web fs.FS, store *mongox.Store) (*App, error) {
	return newOnStore(ctx, cfg, log, web, store, false)
}

// newOnStore is NewOnStore; own: New opened the store for this App alone (its backups are the
// App's to take).
func newOnStore(ctx context.Context, cfg config.Config, log zerolog.Logger, web fs.FS, store *mongox.Store, own bool) (*App, error) {
	a := &App{cfg: cfg, log: log, web: web, store: store}
	hub, err := newSentryHub(cfg, nil)
	if err != nil {
		return nil, err
	}
	a.sentry = hub
	if err := a.build(ctx, own); err != nil {
		_ = a.Close(context.Background())
		return nil, err
	}
	return a, nil
}

// build wires the modules, brings the store up to date, sets up the HTTP server and starts the
// modules' background work.
func (a *App) build(ctx context.Context, ownStore bool) error {
	secret, err := jwtSecret(a.cfg)
	if err != nil {
		return err
	}
	tokens := auth.NewTokens(secret, sessionTTL)
	m, err := a.wire(tokens, secret)
	if err != nil {
		return err
	}
	if err := a.prepareStore(ctx, m); err != nil {
		return err
	}
	backups := a.backups(ownStore)
	// Every request's session: a well-signed, unexpired token whose account the users module still
	// accepts (not deleted, disabled or demoted, and no sessions ended since: app/sessions_test.go).
	session := tokens.Middleware(m.users.Service().CheckSession)
	a.echo = newServer(a.cfg, a.log, session, a.web, m.catalog.Service(), healthChecks{full: healthHandler(a.store.Ready), live: liveHandler, ready: readyHandler(&a.draining)},
		append(m.routes(), backupRoutes{backups}), sentryReporter(a.sentry))
	// Every module's own work: it brings its data up to date, then runs in the background. Close
	// stops them in reverse. Scheduled backups last.
	starters := m.starters()
	if backups != nil {
		starters = append(starters, backups)
	}
	for _, s := range starters {
		if err := s.Start(ctx); err != nil {
			return err
		}
		a.started = append(a.started, s)
	}
	if a.cfg.DemoData { // of the catalogue the modules loaded
		return seedDemoSales(ctx, a.cfg.DemoVentas, m.catalog.Service(), m.sales)
	}
	return nil
}

// backups are the embedded store's backups, of the database file in DATA_DIR: only when this App
// opened that store itself (New: ownStore); nil on MongoDB, whose backups the shop does not take.
func (a *App) backups(ownStore bool) *backup.Service {
	if !ownStore || !a.store.Embedded() {
		return nil
	}
	set := backupSettings(a.cfg)
	set.Source.Database = a.store.W.Name()
	return backup.NewService(set, a.log.With().Str("module", "backup").Logger())
}

// modules are the shop's modules, wired to each other.
type modules struct {
	catalog   *catalog.Module
	users     *users.Module
	sales     *sales.Module
	checkout  *cartcheckout.Module
	cashcut   *cashcut.Module
	logs      *logs.Module
	audit     *auditlog.Module
	invoicing *invoicing.Module
	supplier  *suppliersync.Module // 'Catálogo del proveedor'
	importer  *importer.Module     // 'Importar productos'
}

func (m modules) all() []module {
	return []module{m.catalog, m.users, m.sales, m.checkout, m.cashcut, m.logs, m.audit, m.invoicing, m.supplier, m.importer}
}

// collections are every module's collections and their indexes.
func (m modules) collections() []mongox.Collection {
	var out []mongox.Collection
	for _, mod := range m.all() {
		out = append(out, mod.Collections()...)
	}
	return out
}

// starters are the modules with work of their own (a Start), in the order they start: each after
// every module whose service wire built it with, so that it starts on data those brought up to
// date (app/startorder_test.go reads wire and holds this order to it). The users and audit
// modules have no Start: they are ready once built.
func (m modules) starters() []starter {
	return []starter{m.catalog, m.logs, m.sales, m.cashcut, m.checkout, m.invoicing, m.supplier, m.importer}
}

func (m modules) routes() []routes {
	all := m.all()
	rs := make([]routes, len(all))
	for i, mod := range all {
		rs[i] = mod
	}
	return rs
}

// wire builds every module, passing each the others' services it needs through the adapters of
// wiring.go.
func (a *App) wire(tokens *auth.Tokens, secret string) (modules, error) {
	logger := func(name string) zerolog.Logger { return a.log.With().Str("module", name).Logger() }
	var m modules
	// The audit trail first: catalog, users and sales record their changes in it.
	m.audit = auditlog.New(auditlog.Deps{Store: a.store, Log: logger("audit")})
	trail := m.audit.Service()
	m.catalog = catalog.New(catalog.Deps{Store: a.store, Log: logger("catalog"), Audit: trail, Demo: a.cfg.DemoData})
	mailer, err := mail.New(a.cfg.SMTPURL, a.cfg.MailFrom, logger("mail"))
	if err != nil {
		return modules{}, err
	}
	var recoveryMailer mail.Sender // without SMTP_URL a recovery says no code can be mailed
	if a.cfg.SMTPURL != "" {
		recoveryMailer = mailer
	}
	m.users = users.New(users.Deps{Store: a.store, Tokens: tokens, Log: logger("users"), Mailer: recoveryMailer, Audit: trail})
	// The desk where sales asks, as it records the return of an invoiced sale, for its nota de
	// crédito, and which invoicing (built with sales, after it) serves from its constructor.
	creditNotes := &creditnotes.Desk{}
	m.sales = sales.New(sales.Deps{Store: a.store, Stock: salesStock{m.catalog.Service()}, Log: logger("sales"), Audit: trail,
		Mail: orderMail(a.cfg, mailer, m.users.Service()), CreditNotes: creditNotes})
	provider, err := paymentProvider(a.cfg)
	if err != nil {
		return modules{}, err
	}
	m.checkout = cartcheckout.New(cartcheckout.Deps{Store: a.store, Catalog: catalogStock{m.catalog.Service()},
		Sales: checkoutSales{m.sales.Service()}, Users: checkoutUsers{m.users.Service()}, Provider: provider,
		Secret: a.cfg.MercadoPagoWebhookSecret, Log: logger("cartcheckout")})
	m.cashcut = cashcut.New(cashcut.Deps{Store: a.store, Sales: cashcutSales{m.sales.Service()}, Log: logger("cashcut")})
	m.logs = logs.New(logs.Deps{Store: a.store, Log: logger("logs")})
	tokenKey := sha256.Sum256([]byte("facturas:" + secret))
	m.invoicing = invoicing.New(invoicing.Deps{Store: a.store, Sales: invoicingSales{m.sales.Service()},
		Products: invoicingProducts{m.catalog.Service()}, PAC: invoicingPAC(a.cfg), Mailer: mailer, Log: logger("invoicing"), CreditNotes: creditNotes,
		Settings: invoicing.Settings{ShopName: a.cfg.Shop.Name, LugarExpedicion: a.cfg.Invoicing.LugarExpedicion,
			ClaveDefault: a.cfg.Invoicing.ClaveDefault, DiasGracia: a.cfg.Invoicing.DiasGracia, DownloadTokenKey: tokenKey[:]}})
	supplierKey := sha256.Sum256([]byte("proveedor:" + secret))
	m.supplier = suppliersync.New(suppliersync.Deps{Store: a.store, Catalog: m.catalog.Service(), Log: logger("supplier"),
		BaseURL: a.cfg.Syscom.URL, SyncEvery: a.cfg.Syscom.SyncEvery, PictureHosts: a.cfg.Syscom.PicturesAllow, SecretKey: supplierKey[:]})
	m.importer = importer.New(importer.Deps{Store: a.store, Catalog: m.catalog.Service(), Log: logger("importer")})
	a.catalog, a.sales, a.checkout, a.cashcut, a.invoicing, a.users = m.catalog, m.sales, m.checkout, m.cashcut, m.invoicing, m.users
	return m, nil
}

// prepareStore brings the store to this release or checks that it was (readyStore), then creates
// the first administrator and, when asked, the demo data.
func (a *App) prepareStore(ctx context.Context, m modules) error {
	if err := a.readyStore(ctx, m); err != nil {
		return err
	}
	if err := m.users.Service().EnsureFirstAdmin(ctx, a.cfg.AdminEmail, a.cfg.AdminPassword); err != nil {
		return err
	}
	if !a.cfg.DemoData {
		return nil
	}
	if err := m.users.Service().SeedDemo(ctx); err != nil {
		return err
	}
	return m.catalog.SeedDemo(ctx)
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
	a.draining.Store(true)
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
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 32 { //nolint:gosec // DATA_DIR is the operator's setting
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
