package users

import (
	"context"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/crypto/bcrypt"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/auth"
)

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
// downwards) or any for an Administrador (also role and status, through the guard of the active
// Administradores: admin_guard.go). The last active Administrador keeps that role and status. Errors: invalid, forbidden, not_found, conflict.
func (s *Service) Update(ctx context.Context, actor *Actor, id string, p Patch) (User, error) {
	oid, err := s.allowed(actor, id)
	if err != nil {
		return User{}, err
	}
	f := newFieldErrors()
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
	if err := f.Err(); err != nil {
		return User{}, err
	}

	u, err := s.store.byID(ctx, oid)
	if err != nil {
		return User{}, err
	}
	self := actor.ID == id
	change, err := roleChange(actor, u, rol, p.Status)
	if err != nil {
		return User{}, err
	}
	if email, ok := set["email"].(string); ok && email != u.Email {
		if other, err := s.store.byEmail(ctx, email); err == nil && other.ID != oid {
			return User{}, errDuplicateEmail // before the role changes, not after
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
	if len(set) == 0 && change.Rol == "" && change.Status == nil {
		return u, nil
	}
	if change.Rol != "" || change.Status != nil {
		if err := s.changeAccount(ctx, oid, change); err != nil {
			return User{}, err
		}
	}
	if len(set) > 0 {
		if err := s.store.set(ctx, oid, set); err != nil {
			return User{}, err
		}
	}
	s.sessions.forget(id)
	after, err := s.store.byID(ctx, oid)
	if err == nil {
		s.auditAccount(ctx, actor, audit.Actualizar, &u, &after, newPassword != "")
	}
	return after, err
}

// roleChange is the change of u's role (rol; none: empty) and status (nil: none) that actor asks
// for. Errors: forbidden.
func roleChange(actor *Actor, u User, rol auth.Role, status *bool) (adminChange, error) {
	var c adminChange
	if rol != "" && rol != u.Rol {
		if !actor.admin() {
			return c, errRoleAssign
		}
		if actor.ID == u.ID.Hex() && rank(rol) < rank(u.Rol) {
			return c, errRoleChange
		}
		c.Rol = rol
	}
	if status != nil && *status != u.Status {
		if !actor.admin() {
			return c, errForbidden
		}
		c.Status = status
	}
	return c, nil
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
	u, err := s.store.byID(ctx, oid)
	if err != nil {
		return err
	}
	if err := s.changeAccount(ctx, oid, adminChange{Borrar: true}); err != nil {
		return err
	}
	s.sessions.forget(id)
	s.auditAccount(ctx, actor, audit.Eliminar, &u, nil, false)
	return nil
}
