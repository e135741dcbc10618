// Package users owns the usuarios collection: accounts, login, roles and password recovery.
package users

import (
	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/audit"
	"tienda/pkg/auth"
	"tienda/pkg/mail"
	"tienda/pkg/mongox"
)

// Deps is what the module needs from the application.
type Deps struct {
	Store  *mongox.Store
	Tokens *auth.Tokens
	Log    zerolog.Logger
	// Mailer sends the recovery codes (pkg/mail); nil when the shop sends no e-mail, and a
	// recovery says so instead of promising a code.
	Mailer mail.Sender
	// Audit records who changed which account (modules/audit); nil records nothing.
	Audit audit.Recorder
}

// Module is the users module's one door.
type Module struct {
	service *Service
}

// New builds the module.
func New(d Deps) *Module {
	return &Module{service: &Service{
		store: store{db: d.Store}, tokens: d.Tokens, log: d.Log, now: d.Store.Now, mailer: d.Mailer,
		throttle: newLoginThrottle(), sessions: newSessionCache(), audit: d.Audit,
	}}
}

// Service returns the use cases other modules may call through their own interfaces.
func (m *Module) Service() *Service { return m.service }

// Collections are the module's collections and their indexes (mongox.Store.BuildIndexes).
func (m *Module) Collections() []mongox.Collection { return m.service.store.collections() }

// Routes registers the module's routes on the /v1 group. Registration, login and recovery are
// public; the rest need a session, and the handlers let a customer reach only their own account.
func (m *Module) Routes(g *echo.Group) {
	g.POST("/usuarios/login", m.login)
	g.POST("/usuarios/passwordrecovery", m.passwordRecovery)
	g.POST("/usuarios/passwordchange", m.passwordChange)
	g.POST("/usuarios", m.create)
	g.GET("/usuarios", m.list, auth.Require(auth.ManageUsers))
	g.GET("/usuarios/lista", m.pageList, auth.Require(auth.ManageUsers))
	g.GET("/usuarios/clientes", m.customers, auth.Require(auth.ManageOrders))
	g.PATCH("/usuarios/perfil", m.updateProfile, auth.Require(auth.Shop))
	g.PATCH("/usuarios/perfil/password", m.updateOwnPassword, auth.Require(auth.Shop))
	g.PATCH("/usuarios/perfil/correos", m.updateOrderMails, auth.Require(auth.Shop))
	g.GET("/usuarios/:id", m.get, auth.Require(auth.Shop))
	g.PATCH("/usuarios/:id", m.update, auth.Require(auth.Shop))
	g.DELETE("/usuarios/:id", m.delete, auth.Require(auth.ManageUsers))
}
