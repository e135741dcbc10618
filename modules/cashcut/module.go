// Package cashcut owns the cortes collection, the cash cuts ('Hacer corte') and their reports, and
// caja_movimientos, the drawer's float, withdrawals and deposits. It reads and closes sales only
// through the sales module's Go API.
package cashcut

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
	Store *mongox.Store
	Sales Sales
	Log   zerolog.Logger
}

// Module is the cash-cut module's one door.
type Module struct {
	service *Service
	sweeps  background.Loop
}

// New builds the module.
func New(d Deps) *Module {
	return &Module{service: &Service{store: store{db: d.Store}, sales: d.Sales, log: d.Log, now: d.Store.Now}}
}

// Service returns the cash-cut use cases.
func (m *Module) Service() *Service { return m.service }

// Start finishes a cut a crash left, then runs the sweep every minute in the background until
// Stop. The cuts of an earlier release are brought up to date before (Upgrade, which
// `tienda migrate` runs).
func (m *Module) Start(ctx context.Context) error {
	if err := m.service.Sweep(ctx); err != nil {
		return err
	}
	m.sweeps.Every(time.Minute, func(ctx context.Context) {
		if err := m.service.Sweep(ctx); err != nil && ctx.Err() == nil {
			m.service.log.Error().Err(err).Msg("cash cut: sweep")
		}
	})
	return nil
}

// Upgrade moves data an earlier release wrote into today's form: a one-off job of
// `tienda migrate`, which the embedded store's start runs too. Repeating it is harmless.
func (m *Module) Upgrade(ctx context.Context) error { return m.service.upgrade(ctx) }

// Stop ends the background sweep.
func (m *Module) Stop() { m.sweeps.Stop() }

// Collections are the module's collections and their indexes (mongox.Store.BuildIndexes).
func (m *Module) Collections() []mongox.Collection { return m.service.store.collections() }

// Routes registers the module's routes on the /v1 group.
func (m *Module) Routes(g *echo.Group) {
	desk := auth.Require(auth.CashDesk)
	g.GET("/ventas/reporte/metodo-pago", m.byMethod, desk)
	g.GET("/ventas/reporte/usuario", m.byUser, desk)
	g.POST("/ventas/corte", m.makeCut, desk)
	g.GET("/cortes", m.list, desk)
	g.GET("/cortes/:id", m.get, desk)
	g.GET("/cortes/exportar", m.exportCuts, desk)
	g.GET("/cortes/pendiente", m.pending, desk)
	g.POST("/cortes/movimientos", m.recordMovement, desk)
}
