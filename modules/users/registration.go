package users

import (
	"context"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/crypto/bcrypt"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/auth"
)

// NewUser is what creating an account needs.
type NewUser struct {
	Name, Email, Password, Phone, Address string
	Rol                                   auth.Role
}

// Create stores a new active account as given (callers validate). Errors: invalid (duplicate
// e-mail), internal.
func (s *Service) Create(ctx context.Context, n NewUser) (User, error) {
	hash, err := bcrypt.GenerateFromPassword([]byte(n.Password), bcrypt.DefaultCost)
	if err != nil {
		return User{}, apperr.Wrap(err, "users: hash")
	}
	u := User{
		ID: bson.NewObjectID(), Name: strings.TrimSpace(n.Name), Email: normalizeEmail(n.Email),
		Password: string(hash), Phone: n.Phone, Address: n.Address, Rol: n.Rol,
		Status: true, Admin: n.Rol == auth.Administrador, CreatedAt: s.now().UTC(),
	}
	if err := s.store.insert(ctx, u); err != nil {
		return User{}, err
	}
	if n.Rol == auth.Administrador { // counted in the guard of the active Administradores
		if err := s.changeAccount(ctx, u.ID, adminChange{}); err != nil {
			s.log.Warn().Err(err).Str("user", u.ID.Hex()).Msg("users: new Administrador not counted in the guard yet")
		}
	}
	return u, nil
}

// AccountInput is a new account as sent by a visitor (self-registration) or an Administrador.
type AccountInput struct {
	Name, Email, Password, Phone, Address, Rol string
}

// Register creates an account. Anyone may create a Cliente account for themselves; only an
// Administrador (actor) may give another role. Errors: invalid (with field messages, or a
// duplicate e-mail), forbidden (a role other than Cliente without being an Administrador).
func (s *Service) Register(ctx context.Context, actor *Actor, in AccountInput) (User, error) {
	f := newFieldErrors()
	n := NewUser{
		Name: f.name(in.Name), Email: f.email("email", in.Email), Password: f.password("password", in.Password),
		Phone: f.phone(in.Phone, true), Address: f.address(in.Address), Rol: auth.Cliente,
	}
	if strings.TrimSpace(in.Rol) != "" {
		n.Rol = f.rol(in.Rol)
	}
	if err := f.Err(); err != nil {
		return User{}, err
	}
	if n.Rol != auth.Cliente && !actor.admin() {
		return User{}, errRoleAssign
	}
	u, err := s.Create(ctx, n)
	if err == nil {
		s.auditAccount(ctx, actor, audit.Crear, nil, &u, false)
	}
	return u, err
}

// EnsureFirstAdmin creates the first Administrador when the store has no user at all.
func (s *Service) EnsureFirstAdmin(ctx context.Context, email, password string) error {
	if email == "" {
		return nil
	}
	n, err := s.store.count(ctx)
	if err != nil || n > 0 {
		return err
	}
	_, err = s.Create(ctx, NewUser{Name: "Administrador", Email: email, Password: password, Rol: auth.Administrador})
	if apperr.Is(err, apperr.Invalid) { // another replica created it first
		return nil
	}
	if err == nil {
		s.log.Info().Str("email", email).Msg("first administrator created")
	}
	return err
}
