package users

import (
	"sync"
	"time"

	"github.com/rs/zerolog"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/auth"
	"tienda/pkg/mail"
)

// Service holds the users' use cases, each in a file named for it: registration.go (new
// accounts, the first Administrador; demo.go seeds the demo ones), login.go (sign-in, slowed by
// login_throttle.go; session.go checks a token's account on each request), profile.go (one's own
// profile and password), password_recovery.go (the mailed code, sent through pkg/mail) and accounts.go
// (reading and changing any account: roles, status, the last Administrador).
type Service struct {
	store    store
	tokens   *auth.Tokens
	log      zerolog.Logger
	now      func() time.Time
	mailer   mail.Sender
	throttle *loginThrottle
	sessions *sessionCache
	audit    audit.Recorder // the audit trail (audit.go); nil records nothing
	mails    sync.WaitGroup
}

// Actor is the signed-in user making a request.
type Actor struct {
	ID   string
	Role auth.Role
	Name string // for the audit trail
}

func (a *Actor) admin() bool { return a != nil && a.Role.Can(auth.ManageUsers) }

var (
	errForbidden      = apperr.New(apperr.Forbidden, "No tienes permiso para realizar esta acción.")
	errOnlyOwnAccount = apperr.New(apperr.Forbidden, "Solo puedes ver y cambiar tu propia cuenta.")
	errRoleChange     = apperr.New(apperr.Forbidden, "No puedes cambiar tu propio rol a uno con más permisos.")
	errRoleAssign     = apperr.New(apperr.Forbidden, "Solo un Administrador puede asignar roles.")
	errLastAdmin      = apperr.New(apperr.Conflict, "No se puede quitar ni eliminar al último Administrador activo.")
)
