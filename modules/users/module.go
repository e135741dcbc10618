// Package users owns the usuarios collection: accounts, login, roles and password recovery.
package users

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
	Store  *mongox.Store
	Tokens *auth.Tokens
	Log    zerolog.Logger
}

// Module is the users module's one door.
type Module struct {
	service *Service
}

// New builds the module.
func New(d Deps) *Module {
	return &Module{service: &Service{store: store{db: d.Store}, tokens: d.Tokens, log: d.Log, now: time.Now}}
}

// Service returns the use cases other modules may call through their own interfaces.
func (m *Module) Service() *Service { return m.service }

// EnsureIndexes creates the collection's indexes.
func (m *Module) EnsureIndexes(ctx context.Context) error { return m.service.store.ensureIndexes(ctx) }

// Routes registers the module's routes on the /v1 group.
func (m *Module) Routes(g *echo.Group) {
	g.POST("/usuarios/login", m.login)
}
