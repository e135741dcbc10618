package users

import (
	"context"

	"golang.org/x/crypto/bcrypt"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
)

// dummyHash is compared against when an e-mail is unknown, so that a login takes as long whether
// or not the account exists.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("una contraseña cualquiera"), bcrypt.DefaultCost)

// Login checks an e-mail and password and returns a session token with the profile. After
// repeated failures for one e-mail it answers too_many_requests for a while.
// Errors: invalid, unauthorized (wrong e-mail or password), forbidden (disabled account),
// too_many_requests, internal.
func (s *Service) Login(ctx context.Context, email, password string) (LoginResult, error) {
	f := newFieldErrors()
	email = f.email("email", email)
	if password == "" {
		f.Add("password", apperr.MsgRequired)
	}
	if err := f.Err(); err != nil {
		return LoginResult{}, err
	}
	if err := s.throttle.check(email, s.now()); err != nil {
		return LoginResult{}, err
	}
	wrong := apperr.New(apperr.Unauthorized, "Correo o contraseña incorrectos.")
	u, err := s.store.byEmail(ctx, email)
	if apperr.Is(err, apperr.NotFound) {
		_ = bcrypt.CompareHashAndPassword(dummyHash, []byte(password))
		s.throttle.fail(email, s.now())
		return LoginResult{}, wrong
	}
	if err != nil {
		return LoginResult{}, err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.Password), []byte(password)) != nil {
		s.throttle.fail(email, s.now())
		return LoginResult{}, wrong
	}
	if !u.Status {
		return LoginResult{}, apperr.New(apperr.Forbidden, "Tu cuenta está desactivada. Comunícate con la tienda.")
	}
	s.throttle.reset(email)
	now := s.now().UTC()
	u.LastLogin = &now
	if err := s.store.setLastLogin(ctx, u.ID, u); err != nil {
		return LoginResult{}, err
	}
	token, err := s.tokens.Issue(u.ID.Hex(), u.Name, u.Email, u.Rol)
	if err != nil {
		return LoginResult{}, apperr.Wrap(err, "users: login")
	}
	return LoginResult{Token: token, Email: u.Email, DataUser: DataUser{
		ID: u.ID.Hex(), Name: u.Name, Email: u.Email, Admin: u.Rol == auth.Administrador, Rol: u.Rol,
	}}, nil
}
