// Package audit owns the auditoria collection: the audit trail of the changes made to products,
// discounts, accounts and orders (the shape is pkg/audit's Entry). Entries come only from the
// other modules, through the Service's Record that app/ passes them; the Administrador reads them
// at GET /v1/auditoria. No route writes, changes or deletes an entry.
package audit

import (
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/auth"
	"tienda/pkg/mongox"
)

// Deps is what the module needs from the application.
type Deps struct {
	Store *mongox.Store
	Log   zerolog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Module is the audit module's one door.
type Module struct {
	service *Service
}

// New builds the module.
func New(d Deps) *Module {
	now := d.Now
	if now == nil {
		now = d.Store.Now
	}
	return &Module{service: &Service{store: store{db: d.Store}, log: d.Log, now: now}}
}

// Service returns the use cases: Record for the modules that make changes, List for the screen.
func (m *Module) Service() *Service { return m.service }

// Collections are the module's collections and their indexes (mongox.Store.BuildIndexes).
func (m *Module) Collections() []mongox.Collection { return m.service.store.collections() }

// Routes registers the module's one route on the /v1 group: the Administrador reads the trail.
func (m *Module) Routes(g *echo.Group) {
	g.GET("/auditoria", m.list, auth.Require(auth.ManageUsers))
}
