package catalog

import (
	"context"
	"sync"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/audit"
	"tienda/pkg/auth"
	"tienda/pkg/mongox"
)

// Deps is what the module needs from the application.
type Deps struct {
	Store *mongox.Store
	Log   zerolog.Logger
	// ReloadEvery is how often the products, discounts and deletions stamped lately, and the
	// category tree's version, are read for changes made by other replicas (pollChanges); 0 means
	// every 2 seconds, a negative value never.
	ReloadEvery time.Duration
	// Audit records who changed which product or discount (modules/audit); nil records nothing.
	Audit audit.Recorder
	// Demo: the shop runs with the demo catalogue (DEMO_DATA), which SeedDemo creates and whose
	// photos Start stores in the background (demo.go).
	Demo bool
}

// Module is the catalogue module's one door.
type Module struct {
	service    *Service
	every      time.Duration
	demoPhotos bool // Deps.Demo

	runOnce   sync.Once
	closeOnce sync.Once
	stop      chan struct{}
	done      chan struct{}
}

// New builds the module; Start fills its in-memory catalogue.
func New(d Deps) *Module {
	every := d.ReloadEvery
	if every == 0 {
		every = 2 * time.Second
	}
	svc := &Service{store: store{db: d.Store}, memory: &memory{}, images: newImageCache(32 << 20), renders: newRenderer(), log: d.Log, now: d.Store.Now, audit: d.Audit}
	return &Module{
		service:    svc,
		every:      every,
		demoPhotos: d.Demo,
		stop:       make(chan struct{}),
		done:       make(chan struct{}),
	}
}

// Service returns the use cases other modules may call through their own interfaces.
func (m *Module) Service() *Service { return m.service }

// Collections are the module's collections and their indexes (mongox.Store.BuildIndexes).
func (m *Module) Collections() []mongox.Collection { return m.service.store.collections() }

// Start reads the whole catalogue into memory and starts the background loop: the removal of
// settled reservations and the polls for changes made by other replicas, until Stop. In the
// background too, it resizes the pictures an earlier version stored whole, and makes the demo
// photos. The store is brought up to date before (Upgrade, which `tienda migrate` runs).
func (m *Module) Start(ctx context.Context) error {
	if err := m.service.load(ctx); err != nil {
		return err
	}
	m.service.renders.background(m.imagesAtStart)
	m.runOnce.Do(func() {
		go func() {
			defer close(m.done)
			m.service.run(m.every, m.stop)
		}()
	})
	return nil
}

// Upgrade moves data an earlier release wrote into today's form (the stock into the product
// documents, the categories into their collection, each with its clave): the one-off jobs of
// `tienda migrate`, which the embedded store's start runs too. Repeating it is harmless.
func (m *Module) Upgrade(ctx context.Context) error {
	moved, err := m.service.store.moveStockIn(ctx)
	if moved > 0 {
		m.service.log.Info().Int("products", moved).Msg("stock moved into the product documents")
	}
	if err != nil {
		return err
	}
	return m.upgradeCategories(ctx)
}

// Stop ends the background loop, after it removed the settled reservations still queued.
func (m *Module) Stop() {
	m.closeOnce.Do(func() {
		m.service.renders.stop()
		close(m.stop)
		m.runOnce.Do(func() { close(m.done) }) // never started: nothing to wait for
		<-m.done
	})
}

// Routes registers the module's routes on the /v1 group. The storefront's reads are public and
// answer PublicProduct; staff reads and every write need the ManageCatalog permission. The
// product writes that carry images are in UploadRoutes.
func (m *Module) Routes(g *echo.Group) {
	manage := auth.Require(auth.ManageCatalog)
	g.GET("/productos", m.list)
	g.GET("/productos/search/", m.search)
	g.GET("/productos/search", m.search)
	g.GET("/productos/:id", m.get)
	g.DELETE("/productos/:id", m.remove, manage)
	g.POST("/productos/:id/archivar", m.archive, manage)
	g.POST("/productos/:id/restaurar", m.restore, manage)
	g.GET("/admin/productos", m.adminList, manage)
	g.GET("/admin/productos/:id", m.adminGet, manage)
	g.GET("/admin/productos/exportar", m.exportProducts, manage)
	m.inventoryRoutes(g, manage)
	m.categoryRoutes(g) // categories_http.go

	// Discounts are the shop's own records; shoppers see their effect in each variant's price.
	g.GET("/discounts", m.listDiscounts, manage)
	g.GET("/discounts/:id", m.getDiscount, manage)
	g.POST("/discounts", m.createDiscount, manage)
	g.PATCH("/discounts/:id", m.updateDiscount, manage)
	g.DELETE("/discounts/:id", m.deleteDiscount, manage)

	g.GET("/imagenes/:id", m.serveImage)
	g.GET("/imagenes/:id/:file", m.serveImageSize)
	g.GET("/imagenes/demo/:name", m.demoImage)
}

// UploadRoutes registers the product writes, whose bodies may carry an image of up to 5 MB as a
// data URL; the group must accept bodies of about 8 MB (5 MB as base64 plus the product).
func (m *Module) UploadRoutes(g *echo.Group) {
	manage := auth.Require(auth.ManageCatalog)
	g.POST("/productos", m.create, manage)
	g.PATCH("/productos/:id", m.update, manage)
}
