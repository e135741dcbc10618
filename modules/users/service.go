package users

import (
	"context"
	"strings"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/crypto/bcrypt"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
)

// Service holds the users' use cases.
type Service struct {
	store  store
	tokens *auth.Tokens
	log    zerolog.Logger
	now    func() time.Time
}

// dummyHash is compared against when an e-mail is unknown, so that a login takes as long whether
// or not the account exists.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("una contraseña cualquiera"), bcrypt.DefaultCost)

// NewUser is what creating an account needs.
type NewUser struct {
	Name, Email, Password, Phone, Address string
	Rol                                   auth.Role
}

// Create stores a new active account. Errors: invalid (duplicate e-mail), internal.
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
	return u, nil
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

// Login checks an e-mail and password and returns a session token with the profile.
// Errors: unauthorized (wrong e-mail or password), forbidden (disabled account), internal.
func (s *Service) Login(ctx context.Context, email, password string) (LoginResult, error) {
	wrong := apperr.New(apperr.Unauthorized, "Correo o contraseña incorrectos.")
	u, err := s.store.byEmail(ctx, normalizeEmail(email))
	if apperr.Is(err, apperr.NotFound) {
		_ = bcrypt.CompareHashAndPassword(dummyHash, []byte(password))
		return LoginResult{}, wrong
	}
	if err != nil {
		return LoginResult{}, err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.Password), []byte(password)) != nil {
		return LoginResult{}, wrong
	}
	if !u.Status {
		return LoginResult{}, apperr.New(apperr.Forbidden, "Tu cuenta está desactivada. Comunícate con la tienda.")
	}
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

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }
