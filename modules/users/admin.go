package users

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/crypto/bcrypt"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/auth"
)

// consola is who the audit trail names for a change made with `tienda admin`.
var consola = &Actor{ID: "consola", Role: auth.Administrador, Name: "tienda admin (consola)"}

// MakeAdmin creates an active Administrador with email and password, or makes the existing
// account of email an active Administrador with that password (its open sessions end). created
// says which. Each is in the audit trail, by the console. Errors: invalid (the e-mail or the
// password, in Spanish), internal.
func (s *Service) MakeAdmin(ctx context.Context, email, password string) (created bool, err error) {
	f := newFieldErrors()
	email = f.email("email", email)
	f.password("password", password)
	if err := f.Err(); err != nil {
		return false, err
	}
	u, err := s.store.byEmail(ctx, email)
	if apperr.Is(err, apperr.NotFound) {
		n, err := s.Create(ctx, NewUser{Name: "Administrador", Email: email, Password: password, Rol: auth.Administrador})
		if err != nil {
			return false, err
		}
		s.auditAccount(ctx, consola, audit.Crear, nil, &n, false)
		return true, nil
	}
	if err != nil {
		return false, err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
	if err != nil {
		return false, apperr.Wrap(err, "users: hash")
	}
	active := true
	if err := s.changeAccount(ctx, u.ID, adminChange{Rol: auth.Administrador, Status: &active}); err != nil {
		return false, err
	}
	if err := s.store.set(ctx, u.ID, bson.M{"password": string(hash), "sessionsAfter": s.now().UTC()}); err != nil {
		return false, err
	}
	s.sessions.forget(u.ID.Hex())
	after, err := s.store.byID(ctx, u.ID)
	if err != nil {
		return false, err
	}
	s.auditAccount(ctx, consola, audit.Actualizar, &u, &after, true)
	return false, nil
}

// HasActiveAdmin says whether some active Administrador account exists.
func (s *Service) HasActiveAdmin(ctx context.Context) (bool, error) {
	n, err := s.store.activeAdmins(ctx)
	return n > 0, err
}
