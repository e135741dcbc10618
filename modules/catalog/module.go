// Package catalog owns the products, discounts and product images, and answers the storefront's
// reads from an in-memory copy of the catalogue.
package catalog

import (
	"context"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/mongox"
)

// Deps is what the module needs from the application.
type Deps struct {
	Store *mongox.Store
	Log   zerolog.Logger
}

// Module is the catalogue module's one door.
type Module struct {
	store  store
	memory *memory
	log    zerolog.Logger
	now    func() time.Time
}

// New builds the module; Load fills its in-memory catalogue.
func New(d Deps) *Module {
	return &Module{store: store{db: d.Store}, memory: &memory{}, log: d.Log, now: time.Now}
}

// EnsureIndexes creates the collections' indexes.
func (m *Module) EnsureIndexes(ctx context.Context) error { return m.store.ensureIndexes(ctx) }

// Load reads the whole catalogue into memory.
func (m *Module) Load(ctx context.Context) error {
	ps, err := m.store.all(ctx)
	if err != nil {
		return err
	}
	m.memory.replace(ps)
	return nil
}

// Routes registers the module's routes on the /v1 group.
func (m *Module) Routes(g *echo.Group) {
	g.GET("/productos", m.list)
	g.GET("/productos/search/", m.search)
	g.GET("/productos/search", m.search)
	g.GET("/productos/:id", m.get)
	g.GET("/imagenes/demo/:name", m.demoImage)
}
