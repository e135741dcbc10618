// Package sales owns the ventas collection: orders, sales and the shipments inside them.
package sales

import (
	"context"
	"sync"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/audit"
	"tienda/pkg/auth"
	"tienda/pkg/mongox"
)

// Deps is what the module needs from the application.
type Deps struct {
	Store *mongox.Store
	Stock Stock // gives back the stock of cancelled orders
	Log   zerolog.Logger
	// Audit records who changed which order (modules/audit); nil records nothing.
	Audit audit.Recorder
	// Mail sends the order e-mails (order_mails.go); its zero value sends none.
	Mail OrderMail
	// CreditNotes issues the nota de crédito of a return of an invoiced sale as the return is
	// recorded (invoices.go); nil leaves every nota to the invoicing module's retry loop.
	CreditNotes CreditNotes
}

// Module is the sales module's one door.
type Module struct {
	service *Service
	stop    context.CancelFunc
	done    chan struct{}
}

// New builds the module.
func New(d Deps) *Module {
	s := buildService(store{db: d.Store, teller: newTeller()}, d.Stock, d.Log)
	s.audit = d.Audit
	s.mail = newMailer(d.Mail)
	s.notes = d.CreditNotes
	return &Module{service: s}
}

func buildService(st store, stock Stock, log zerolog.Logger) *Service {
	st.log = log
	return &Service{store: st, stock: stock, log: log, now: st.now, changes: make(chan struct{}, 1), mail: newMailer(OrderMail{})}
}

// Service returns the use cases other modules may call through their own interfaces.
func (m *Module) Service() *Service { return m.service }

// Start raises the order lists' version and sweeps the days' summaries in the background until
// Stop. A store written by an earlier release is brought up to date before (Upgrade, which
// `tienda migrate` runs).
func (m *Module) Start(ctx context.Context) error {
	m.service.changedSoon() // a raise a crash lost
	background, stop := context.WithCancel(context.WithoutCancel(ctx))
	m.stop, m.done = stop, make(chan struct{})
	go func() {
		defer close(m.done)
		var others sync.WaitGroup
		others.Go(func() { m.service.sweepSummaries(background) })
		others.Go(func() { m.service.runMails(background) })
		others.Go(func() { m.service.store.teller.run(background, m.service.store) })
		m.service.run(background)
		others.Wait()
	}()
	return nil
}

// Upgrade moves data an earlier release wrote into today's form (reservations in flight into
// ventas, the search texts, the payments, the days' summaries): the one-off jobs of
// `tienda migrate`, which the embedded store's start runs too. Repeating it is harmless.
func (m *Module) Upgrade(ctx context.Context) error {
	moved, err := m.service.store.upgrade(ctx)
	if moved > 0 {
		m.service.log.Info().Int("sales", moved).Msg("sales: reservations in flight moved into ventas")
	}
	return err
}

// Stop ends the background work, once its last bookkeeping is done.
func (m *Module) Stop() {
	if m.stop != nil {
		m.stop()
		<-m.done
	}
}

// Collections are the module's collections and their indexes (mongox.Store.BuildIndexes).
func (m *Module) Collections() []mongox.Collection { return m.service.store.collections() }

// Routes registers the module's routes on the /v1 group.
func (m *Module) Routes(g *echo.Group) {
	shop, orders, report := auth.Require(auth.Shop), auth.Require(auth.ManageOrders), auth.Require(auth.ManageCatalog)
	// The sales of any range, with the customers' contact details, belong to the sales-report
	// roles; the other staff reach open orders through the order screens.
	g.GET("/ventas", m.between, report)
	g.GET("/ventas/", m.between, report)
	g.GET("/ventas/ordenes/pendientes", m.pending, orders)
	g.GET("/ventas/ordenes/version", m.version, orders)
	m.listRoutes(g, orders, report)
	g.GET("/ventas/ordenes/pendientes/:clientId", m.pendingForClient, shop)
	g.GET("/ventas/usuario/:userId", m.byUser, shop)
	g.GET("/ventas/:id", m.get, shop)
	g.PATCH("/ventas/:id", m.update, orders)
	g.PATCH("/ventas/order/:saleId", m.toggleDelivered, orders)
	g.POST("/ventas/:id/devoluciones", m.recordReturn, auth.Require(auth.CashDesk))
	g.POST("/ventas/reporte", m.report, report)
	g.GET("/ventas/exportar", m.exportSales, report)
}
