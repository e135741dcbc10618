package users

import (
	"context"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
)

// sessionTTL is how long a user's role and status are trusted from memory. Changes made on this
// replica take effect at once (the entry is forgotten); changes made on another replica within
// this time.
const sessionTTL = 5 * time.Second

type sessionEntry struct {
	exists bool
	active bool
	role   auth.Role
	after  time.Time // sessions issued before it are ended
	at     time.Time
}

// sessionCache is a small cache of each signed-in user's current role and status.
type sessionCache struct {
	mu sync.Mutex
	m  map[string]sessionEntry
}

func newSessionCache() *sessionCache { return &sessionCache{m: map[string]sessionEntry{}} }

func (c *sessionCache) get(id string, now time.Time) (sessionEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	if !ok || now.Sub(e.at) > sessionTTL {
		return sessionEntry{}, false
	}
	return e, true
}

func (c *sessionCache) put(id string, e sessionEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.m) > 10_000 {
		clear(c.m)
	}
	c.m[id] = e
}

func (c *sessionCache) forget(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, id)
}

// CheckSession tells whether a valid token may still be used: its user exists, is active, has the
// token's role and has not had its password changed since the token was issued. It implements
// auth.SessionCheck. Errors: the store's, when it cannot answer.
func (s *Service) CheckSession(ctx context.Context, c *auth.Claims) (bool, error) {
	id, err := bson.ObjectIDFromHex(c.Subject)
	if err != nil {
		return false, nil
	}
	now := s.now()
	e, ok := s.sessions.get(c.Subject, now)
	if !ok {
		u, err := s.store.byID(ctx, id)
		switch {
		case apperr.Is(err, apperr.NotFound):
			e = sessionEntry{}
		case err != nil:
			return false, err
		default:
			e = sessionEntry{exists: true, active: u.Status, role: u.Rol}
			if u.SessionsAfter != nil {
				e.after = u.SessionsAfter.Truncate(time.Second) // token times have whole seconds
			}
		}
		e.at = now
		s.sessions.put(c.Subject, e)
	}
	if !e.exists || !e.active || e.role != c.Role {
		return false, nil
	}
	if !e.after.IsZero() && (c.IssuedAt == nil || c.IssuedAt.Before(e.after)) {
		return false, nil
	}
	return true, nil
}
