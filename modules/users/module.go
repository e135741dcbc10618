// Package users owns the usuarios collection: accounts, login, roles and password recovery.
package users

import (
	"context"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/audit"
	"tienda/pkg/auth"
	"tienda/pkg/mongox"
)

// Deps is what the module needs from the application.
type Deps struct {
	Store  *mongox.Store
	Tokens *auth.Tokens
	Log    zerolog.Logger
	// SMTPURL and MailFrom say how recovery codes are mailed; with no SMTPURL they are logged.
	SMTPURL  string
	MailFrom string
	// Mailer, when set, replaces the one built from SMTPURL (tests).
	Mailer Mailer
	// Audit records who changed which account (modules/audit); nil records nothing.
	Audit audit.Recorder
}

// Module is the users module's one door.
type Module struct {
	service *Service
}

// New builds the module. Errors: a malformed SMTPURL.
func New(d Deps) (*Module, error) {
	mailer := d.Mailer
	if mailer == nil {
		var err error
		if mailer, err = NewMailer(d.SMTPURL, d.MailFrom, d.Log); err != nil {
			return nil, err
		}
	}
	return &Module{service: &Service{
		store: store{db: d.Store}, tokens: d.Tokens, log: d.Log, now: time.Now, mailer: mailer,
		throttle: newLoginThrottle(), sessions: newSessionCache(), audit: d.Audit,
	}}, nil
}

// Service returns the use cases other modules may call through their own interfaces.
func (m *Module) Service() *Service { return m.service }

// EnsureIndexes creates the collection's indexes.
func (m *Module) EnsureIndexes(ctx context.Context) error { return m.service.store.ensureIndexes(ctx) }

// Routes registers the module's routes on the /v1 group. Registration, login and recovery are
// public; the rest need a session, and the handlers let a customer reach only their own account.
func (m *Module) Routes(g *echo.Group) {
	g.POST("/usuarios/login", m.login)
	g.POST("/usuarios/passwordrecovery", m.passwordRecovery)
	g.POST("/usuarios/passwordchange", m.passwordChange)
	g.POST("/usuarios", m.create)
	g.GET("/usuarios", m.list, auth.Require(auth.ManageUsers))
	g.GET("/usuarios/lista", m.pageList, auth.Require(auth.ManageUsers))
	g.PATCH("/usuarios/perfil", m.updateProfile, auth.Require(auth.Shop))
	g.PATCH("/usuarios/perfil/password", m.updateOwnPassword, auth.Require(auth.Shop))
	g.GET("/usuarios/:id", m.get, auth.Require(auth.Shop))
	g.PATCH("/usuarios/:id", m.update, auth.Require(auth.Shop))
	g.DELETE("/usuarios/:id", m.delete, auth.Require(auth.ManageUsers))
}
