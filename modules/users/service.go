package users

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/crypto/bcrypt"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
)

// Recovery codes: 6 digits, valid codeTTL, codeTries guesses; a new code is mailed at most once
// per resendAfter for one e-mail.
const (
	codeTTL     = 15 * time.Minute
	codeTries   = 5
	resendAfter = time.Minute
)

// Service holds the users' use cases.
type Service struct {
	store    store
	tokens   *auth.Tokens
	log      zerolog.Logger
	now      func() time.Time
	mailer   Mailer
	throttle *loginThrottle
	sessions *sessionCache
	// adminMu serializes the changes that could leave the shop without an active Administrador.
	// With several replicas on MongoDB two admins could still demote each other at the same instant.
	adminMu sync.Mutex
	mails   sync.WaitGroup
}

// dummyHash is compared against when an e-mail is unknown, so that a login takes as long whether
// or not the account exists.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("una contraseña cualquiera"), bcrypt.DefaultCost)

// Actor is the signed-in user making a request.
type Actor struct {
	ID   string
	Role auth.Role
}

func (a *Actor) admin() bool { return a != nil && a.Role.Can(auth.ManageUsers) }

var (
	errForbidden      = apperr.New(apperr.Forbidden, "No tienes permiso para realizar esta acción.")
	errOnlyOwnAccount = apperr.New(apperr.Forbidden, "Solo puedes ver y cambiar tu propia cuenta.")
	errRoleChange     = apperr.New(apperr.Forbidden, "No puedes cambiar tu propio rol a uno con más permisos.")
	errRoleAssign     = apperr.New(apperr.Forbidden, "Solo un Administrador puede asignar roles.")
	errLastAdmin      = apperr.New(apperr.Conflict, "No se puede quitar ni eliminar al último Administrador activo.")
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
	f := fieldErrors{}
	n := NewUser{
		Name: f.name(in.Name), Email: f.email("email", in.Email), Password: f.password("password", in.Password),
		Phone: f.phone(in.Phone, true), Address: f.address(in.Address), Rol: auth.Cliente,
	}
	if strings.TrimSpace(in.Rol) != "" {
		n.Rol = f.rol(in.Rol)
	}
	if err := f.err(); err != nil {
		return User{}, err
	}
	if n.Rol != auth.Cliente && !actor.admin() {
		return User{}, errRoleAssign
	}
	return s.Create(ctx, n)
}

// List returns every account (Administrador only; the route checks it).
func (s *Service) List(ctx context.Context) ([]User, error) { return s.store.list(ctx) }

// Get returns one account: one's own, or any for an Administrador. Errors: forbidden, not_found.
func (s *Service) Get(ctx context.Context, actor *Actor, id string) (User, error) {
	oid, err := s.allowed(actor, id)
	if err != nil {
		return User{}, err
	}
	return s.store.byID(ctx, oid)
}

// allowed checks that actor may read or change the account id and parses it.
func (s *Service) allowed(actor *Actor, id string) (bson.ObjectID, error) {
	if actor == nil {
		return bson.ObjectID{}, errForbidden
	}
	if !actor.admin() && actor.ID != id {
		return bson.ObjectID{}, errOnlyOwnAccount
	}
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return bson.ObjectID{}, errUserNotFound
	}
	return oid, nil
}

// Patch is a change to an account; nil fields stay as they are and an empty password too.
type Patch struct {
	Name, Email, Phone, Address, Password, Rol *string
	Status                                     *bool
}

// Update changes an account: one's own (name, e-mail, phone, address, password; the role only
// downwards) or any for an Administrador (also role and status). The last active Administrador
// keeps that role and status. Errors: invalid, forbidden, not_found, conflict.
func (s *Service) Update(ctx context.Context, actor *Actor, id string, p Patch) (User, error) {
	oid, err := s.allowed(actor, id)
	if err != nil {
		return User{}, err
	}
	f := fieldErrors{}
	set := bson.M{}
	if p.Name != nil {
		set["name"] = f.name(*p.Name)
	}
	if p.Email != nil {
		set["email"] = f.email("email", *p.Email)
	}
	if p.Phone != nil {
		set["phone"] = f.phone(*p.Phone, false)
	}
	if p.Address != nil {
		set["address"] = f.address(*p.Address)
	}
	var newPassword string
	if p.Password != nil && *p.Password != "" {
		newPassword = f.password("password", *p.Password)
	}
	var rol auth.Role
	if p.Rol != nil && strings.TrimSpace(*p.Rol) != "" {
		rol = f.rol(*p.Rol)
	}
	if err := f.err(); err != nil {
		return User{}, err
	}

	s.adminMu.Lock()
	defer s.adminMu.Unlock()
	u, err := s.store.byID(ctx, oid)
	if err != nil {
		return User{}, err
	}
	self := actor.ID == id
	if rol != "" && rol != u.Rol {
		if !actor.admin() {
			return User{}, errRoleAssign
		}
		if self && rank(rol) < rank(u.Rol) {
			return User{}, errRoleChange
		}
		set["rol"], set["admin"] = rol, rol == auth.Administrador
	}
	if p.Status != nil && *p.Status != u.Status {
		if !actor.admin() {
			return User{}, errForbidden
		}
		set["status"] = *p.Status
	}
	if u.Rol == auth.Administrador && u.Status && ((rol != "" && rol != auth.Administrador) || (p.Status != nil && !*p.Status)) {
		if err := s.keepAnAdmin(ctx); err != nil {
			return User{}, err
		}
	}
	if newPassword != "" {
		hash, err := bcrypt.GenerateFromPassword([]byte(newPassword), bcrypt.DefaultCost)
		if err != nil {
			return User{}, apperr.Wrap(err, "users: hash")
		}
		set["password"] = string(hash)
		if !self { // someone else set the password: the account's open sessions end
			set["sessionsAfter"] = s.now().UTC()
		}
	}
	if len(set) > 0 {
		if err := s.store.set(ctx, oid, set); err != nil {
			return User{}, err
		}
		s.sessions.forget(id)
	}
	return s.store.byID(ctx, oid)
}

// keepAnAdmin fails when no other active Administrador would remain.
func (s *Service) keepAnAdmin(ctx context.Context) error {
	n, err := s.store.activeAdmins(ctx)
	if err != nil {
		return err
	}
	if n <= 1 {
		return errLastAdmin
	}
	return nil
}

// rank orders the roles: 0 is the most powerful.
func rank(r auth.Role) int { return slices.Index(auth.Roles, r) }

// Delete removes an account (Administrador only; the route checks it); never the last active
// Administrador. Errors: not_found, conflict.
func (s *Service) Delete(ctx context.Context, actor *Actor, id string) error {
	if !actor.admin() {
		return errForbidden
	}
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return errUserNotFound
	}
	s.adminMu.Lock()
	defer s.adminMu.Unlock()
	u, err := s.store.byID(ctx, oid)
	if err != nil {
		return err
	}
	if u.Rol == auth.Administrador && u.Status {
		if err := s.keepAnAdmin(ctx); err != nil {
			return err
		}
	}
	if err := s.store.delete(ctx, oid); err != nil {
		return err
	}
	s.sessions.forget(id)
	return nil
}

// ProfileInput is the own-profile form (SPEC §7: name, email, id, phone, address).
type ProfileInput struct {
	ID, Name, Email, Phone, Address string
}

// UpdateProfile changes the signed-in user's own name, e-mail, phone and address. Errors:
// invalid, forbidden (another account's id), not_found.
func (s *Service) UpdateProfile(ctx context.Context, actor *Actor, in ProfileInput) (User, error) {
	if actor == nil || (in.ID != "" && in.ID != actor.ID) {
		return User{}, errOnlyOwnAccount
	}
	return s.Update(ctx, actor, actor.ID, Patch{Name: &in.Name, Email: &in.Email, Phone: &in.Phone, Address: &in.Address})
}

// ChangeOwnPassword sets the signed-in user's password, ends their other sessions and returns a
// new token for this one. email, when given, must be the account's. Errors: invalid, forbidden.
func (s *Service) ChangeOwnPassword(ctx context.Context, actor *Actor, email, password string) (string, error) {
	f := fieldErrors{}
	f.password("password", password)
	if err := f.err(); err != nil {
		return "", err
	}
	if actor == nil {
		return "", errForbidden
	}
	oid, err := bson.ObjectIDFromHex(actor.ID)
	if err != nil {
		return "", errUserNotFound
	}
	u, err := s.store.byID(ctx, oid)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(email) != "" && normalizeEmail(email) != u.Email {
		return "", errOnlyOwnAccount
	}
	if err := s.setPassword(ctx, u, password); err != nil {
		return "", err
	}
	token, err := s.tokens.Issue(u.ID.Hex(), u.Name, u.Email, u.Rol)
	if err != nil {
		return "", apperr.Wrap(err, "users: token")
	}
	return token, nil
}

// setPassword stores a new password and ends every session issued before now.
func (s *Service) setPassword(ctx context.Context, u User, password string) error {
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.DefaultCost)
	if err != nil {
		return apperr.Wrap(err, "users: hash")
	}
	if err := s.store.set(ctx, u.ID, bson.M{"password": string(hash), "sessionsAfter": s.now().UTC()}); err != nil {
		return err
	}
	s.sessions.forget(u.ID.Hex())
	s.throttle.reset(u.Email)
	return nil
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

// Login checks an e-mail and password and returns a session token with the profile. After
// repeated failures for one e-mail it answers too_many_requests for a while.
// Errors: invalid, unauthorized (wrong e-mail or password), forbidden (disabled account),
// too_many_requests, internal.
func (s *Service) Login(ctx context.Context, email, password string) (LoginResult, error) {
	f := fieldErrors{}
	email = f.email("email", email)
	if password == "" {
		f.add("password", "Este campo es obligatorio.")
	}
	if err := f.err(); err != nil {
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

// RequestRecovery mails a 6-digit code to an active account's e-mail. It behaves the same, and
// takes about as long, whether or not the account exists. Errors: invalid (not an e-mail), internal.
func (s *Service) RequestRecovery(ctx context.Context, email string) error {
	f := fieldErrors{}
	email = f.email("email", email)
	if err := f.err(); err != nil {
		return err
	}
	now := s.now().UTC()
	if err := s.store.sweepRecovery(ctx, now); err != nil {
		s.log.Warn().Err(err).Msg("recovery sweep")
	}
	u, err := s.store.byEmail(ctx, email)
	if apperr.Is(err, apperr.NotFound) || (err == nil && !u.Status) {
		_, _ = bcrypt.GenerateFromPassword([]byte("000000"), bcrypt.DefaultCost)
		return nil
	}
	if err != nil {
		return err
	}
	if r, ok, err := s.store.recoveryByEmail(ctx, email); err != nil {
		return err
	} else if ok && now.Sub(r.CreatedAt) < resendAfter && r.Tries < codeTries {
		return nil // a code was just sent; do not flood the mailbox
	}
	code, err := newCode()
	if err != nil {
		return apperr.Wrap(err, "users: code")
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(code), bcrypt.DefaultCost)
	if err != nil {
		return apperr.Wrap(err, "users: hash")
	}
	if err := s.store.putRecovery(ctx, recovery{Email: email, CodeHash: string(hash), ExpiresAt: now.Add(codeTTL), CreatedAt: now}); err != nil {
		return err
	}
	// Sent in the background so that the answer does not reveal, by its delay, that the account exists.
	s.mails.Add(1)
	go func() {
		defer s.mails.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := s.mailer.Send(ctx, email, "Código para restablecer tu contraseña", recoveryText(u.Name, code)); err != nil {
			s.log.Error().Err(err).Msg("recovery e-mail not sent")
		}
	}()
	return nil
}

func recoveryText(name, code string) string {
	return fmt.Sprintf("Hola %s:\n\nTu código para restablecer tu contraseña es: %s\n\n"+
		"Vence en 15 minutos y admite 5 intentos. Si no lo pediste, ignora este correo; tu contraseña no cambia.\n",
		firstName(name), code)
}

func firstName(name string) string {
	if f := strings.Fields(name); len(f) > 0 {
		return f[0]
	}
	return ""
}

// newCode returns 6 random digits.
func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// ResetPassword sets a new password with the code mailed by RequestRecovery. Each guess uses one
// of the code's 5 tries; an expired or used-up code needs a new one. Errors: invalid, internal.
func (s *Service) ResetPassword(ctx context.Context, email, code, newPassword string) error {
	f := fieldErrors{}
	email = f.email("email", email)
	code = f.code(code)
	f.password("newPassword", newPassword)
	if err := f.err(); err != nil {
		return err
	}
	noCode := apperr.InvalidFields("El código no es válido o ya venció. Solicita uno nuevo.",
		map[string]string{"password": "El código no es válido o ya venció. Solicita uno nuevo."})
	r, ok, err := s.store.takeTry(ctx, email, s.now().UTC(), codeTries)
	if err != nil {
		return err
	}
	if !ok {
		return noCode
	}
	if bcrypt.CompareHashAndPassword([]byte(r.CodeHash), []byte(code)) != nil {
		left := codeTries - r.Tries
		if left <= 0 {
			_ = s.store.deleteRecovery(ctx, email)
			msg := "Código incorrecto. Ya no quedan intentos: solicita un código nuevo."
			return apperr.InvalidFields(msg, map[string]string{"password": msg})
		}
		msg := fmt.Sprintf("Código incorrecto. Te quedan %d intentos.", left)
		return apperr.InvalidFields(msg, map[string]string{"password": msg})
	}
	if err := s.store.deleteRecovery(ctx, email); err != nil {
		return err
	}
	u, err := s.store.byEmail(ctx, email)
	if apperr.Is(err, apperr.NotFound) {
		return noCode
	}
	if err != nil {
		return err
	}
	return s.setPassword(ctx, u, newPassword)
}

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }
