// Package sales owns the ventas collection: orders, sales and the shipments inside them.
package sales

import (
	"context"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/auth"
	"tienda/pkg/mongox"
)

// Deps is what the module needs from the application.
type Deps struct {
	Store *mongox.Store
	Stock Stock // gives back the stock of cancelled orders
	Cuts  Cuts  // when the last cash cut closed; may be set later with SetCuts
	Log   zerolog.Logger
}

// Module is the sales module's one door.
type Module struct {
	service *Service
}

// New builds the module.
func New(d Deps) *Module {
	return &Module{service: buildService(store{db: d.Store}, d.Stock, d.Cuts, d.Log)}
}

func buildService(st store, stock Stock, cuts Cuts, log zerolog.Logger) *Service {
	return &Service{store: st, stock: stock, cuts: cuts, log: log, now: time.Now, tidy: &tidy{wake: make(chan struct{}, 1)}}
}

// SetCuts gives the module the cash cuts, which are built after it (they read sales).
func (m *Module) SetCuts(c Cuts) { m.service.cuts = c }

// Service returns the use cases other modules may call through their own interfaces.
func (m *Module) Service() *Service { return m.service }

// EnsureIndexes creates the collection's indexes.
func (m *Module) EnsureIndexes(ctx context.Context) error { return m.service.store.ensureIndexes(ctx) }

// Routes registers the module's routes on the /v1 group.
func (m *Module) Routes(g *echo.Group) {
	shop, orders := auth.Require(auth.Shop), auth.Require(auth.ManageOrders)
	g.GET("/ventas", m.between, orders)
	g.GET("/ventas/", m.between, orders)
	g.GET("/ventas/ordenes/pendientes", m.pending, orders)
	g.GET("/ventas/ordenes/version", m.version, orders)
	g.GET("/ventas/ordenes/pendientes/:clientId", m.pendingForClient, shop)
	g.GET("/ventas/usuario/:userId", m.byUser, shop)
	g.GET("/ventas/:id", m.get, shop)
	g.PATCH("/ventas/:id", m.update, orders)
	g.PATCH("/ventas/order/:saleId", m.toggleDelivered, orders)
	g.POST("/ventas/reporte", m.report, auth.Require(auth.ManageCatalog))
}
