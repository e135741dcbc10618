// Package cartcheckout turns carts into orders: counter orders ('Pagar en caja') and online
// payments with MercadoPago, priced and stocked by the server. It owns the payment records.
package cartcheckout

import (
	"context"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/auth"
	"tienda/pkg/background"
	"tienda/pkg/mongox"
)

// Deps is what the module needs from the application.
type Deps struct {
	Store    *mongox.Store
	Catalog  Catalog
	Sales    Sales
	Users    Users
	Provider Provider // nil: online payments are off
	Secret   string   // the webhook signing secret
	Log      zerolog.Logger
}

// Module is the checkout module's one door.
type Module struct {
	store   store
	service *Service
	sweeps  background.Loop
}

// New builds the module.
func New(d Deps) *Module {
	s := &Service{catalog: d.Catalog, sales: d.Sales, users: d.Users, log: d.Log, now: d.Store.Now}
	if d.Provider != nil {
		s.payments = &payments{provider: d.Provider, secret: d.Secret}
	}
	return &Module{store: store{db: d.Store}, service: s}
}

// Service returns the checkout use cases.
func (m *Module) Service() *Service { return m.service }

// Collections are the module's collections and their indexes (mongox.Store.BuildIndexes).
func (m *Module) Collections() []mongox.Collection { return m.store.collections() }

// Routes registers the module's routes on the /v1 group.
func (m *Module) Routes(g *echo.Group) {
	shop := auth.Require(auth.Shop)
	g.POST("/ventas", m.placeOrder, shop)
	g.POST("/ventas/mercado-pago-preference", m.createPreference, shop)
	g.POST("/ventas/mercado-pago/confirmar", m.confirmPayment, shop)
	g.POST("/webhooks/mercadopago", m.webhook)
}

// Start settles, before the shop serves, what a crash left: the keys of saved orders still
// reserving stock, and the stock of orders never saved whose reservation is older than five
// minutes (younger ones may be in flight on another replica: the next sweeps see them). Then,
// until Stop, it settles abandoned reservations, reserved stock and unpaid online orders every
// minute.
func (m *Module) Start(ctx context.Context) error {
	if err := m.service.Reconcile(ctx); err != nil {
		return err
	}
	m.sweeps.Every(time.Minute, func(ctx context.Context) {
		if err := m.service.Sweep(ctx); err != nil && ctx.Err() == nil {
			m.service.log.Error().Err(err).Msg("checkout: sweep")
		}
	})
	return nil
}

// Stop ends the minute's sweeps.
func (m *Module) Stop() { m.sweeps.Stop() }
