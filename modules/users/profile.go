package users

import (
	"context"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/crypto/bcrypt"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
)

// ProfileInput is the own-profile form (name, email, id, phone, address).
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

// SetOrderMails turns the signed-in user's order e-mails off (off true) or back on, and answers
// the account. Errors: forbidden (not signed in), not_found.
func (s *Service) SetOrderMails(ctx context.Context, actor *Actor, off bool) (User, error) {
	if actor == nil {
		return User{}, errForbidden
	}
	oid, err := bson.ObjectIDFromHex(actor.ID)
	if err != nil {
		return User{}, errUserNotFound
	}
	if err := s.store.set(ctx, oid, bson.M{"sinCorreosPedidos": off}); err != nil {
		return User{}, err
	}
	return s.store.byID(ctx, oid)
}

// ChangeOwnPassword sets the signed-in user's password, ends their other sessions and returns a
// new token for this one. email, when given, must be the account's. Errors: invalid, forbidden.
func (s *Service) ChangeOwnPassword(ctx context.Context, actor *Actor, email, password string) (string, error) {
	f := newFieldErrors()
	f.password("password", password)
	if err := f.Err(); err != nil {
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
	s.auditAccount(ctx, nil, audit.Actualizar, &u, &u, true)
	return nil
}
