package invoicing

import (
	"context"
	"time"

	"github.com/rs/zerolog"

	"tienda/pkg/background"
	"tienda/pkg/creditnotes"
	"tienda/pkg/mail"
	"tienda/pkg/mongox"
	"tienda/pkg/ratelimit"
)

// Deps is what the module needs from the application.
type Deps struct {
	Store    *mongox.Store
	Sales    Sales
	Products Products
	PAC      PAC // nil: invoicing is not set up, and the screens say so
	Mailer   mail.Sender
	Settings Settings
	Log      zerolog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// CreditNotes is the desk where the sales module asks, as it records the return of an
	// invoiced sale, for its nota de crédito: the module serves it (IssueCreditNote). nil: the
	// notas are issued by the retry loop only.
	CreditNotes *creditnotes.Desk
}

// Module is the invoicing module's one door.
type Module struct {
	service *Service
	public  *ratelimit.Limiter // the public pages, per client address
	retries background.Loop
}

// Public pages: 10 tries at once, then one every 6 seconds, per address: enough for a customer
// who mistypes, far too few to guess a ticket's total.
const (
	publicBurst  = 10
	publicPerSec = 1.0 / 6
)

// New builds the module.
func New(d Deps) *Module {
	now := d.Now
	if now == nil {
		now = d.Store.Now
	}
	if d.Settings.ClaveDefault == "" {
		d.Settings.ClaveDefault = "01010101"
	}
	s := &Service{
		store: store{db: d.Store}, sales: d.Sales, products: d.Products, pac: d.PAC, mailer: d.Mailer,
		settings: d.Settings, log: d.Log, now: now,
	}
	if d.CreditNotes != nil {
		d.CreditNotes.Serve(func(ctx context.Context, saleID, returnID string) error {
			_, err := s.IssueCreditNote(ctx, saleID, returnID)
			return err
		})
	}
	return &Module{service: s, public: ratelimit.New(publicBurst, publicPerSec, now)}
}

// Service returns the module's use cases.
func (m *Module) Service() *Service { return m.service }

// Collections are the module's collections and their indexes (mongox.Store.BuildIndexes).
func (m *Module) Collections() []mongox.Collection { return m.service.store.collections() }

// Start checks SHOP_CP against the PAC account, and retries, every minute, the CFDIs whose
// stamping was not confirmed (and the account check, until the PAC answers it).
func (m *Module) Start(ctx context.Context) error {
	m.service.CheckAccount(ctx)
	m.retries.Every(time.Minute, func(ctx context.Context) {
		if m.service.accountUnknown() {
			m.service.CheckAccount(ctx)
		}
		if err := m.service.Retry(ctx, time.Minute); err != nil && ctx.Err() == nil {
			m.service.log.Error().Err(err).Msg("invoicing: retries")
		}
		m.public.Prune()
	})
	return nil
}

// Stop ends the retries and waits for the e-mails being sent.
func (m *Module) Stop() {
	m.retries.Stop()
	m.service.mails.Wait()
}
