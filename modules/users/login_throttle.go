package users

import (
	"fmt"
	"sync"
	"time"

	"tienda/pkg/apperr"
)

// Login slow-down: after freeAttempts failed logins for one e-mail, that e-mail is refused for a
// delay that starts at firstDelay and doubles with each further failure up to maxDelay. A
// successful login or a password reset clears it. The count lives in this replica's memory: with
// several replicas an attacker gets freeAttempts per replica, which still slows guessing to a crawl.
const (
	freeAttempts = 5
	firstDelay   = 30 * time.Second
	maxDelay     = 15 * time.Minute
	forgetAfter  = time.Hour
	maxTracked   = 50_000
)

type failures struct {
	count int
	last  time.Time
	until time.Time
}

type loginThrottle struct {
	mu sync.Mutex
	m  map[string]*failures
}

func newLoginThrottle() *loginThrottle { return &loginThrottle{m: map[string]*failures{}} }

// check returns a too_many_requests error while the e-mail is held back.
func (t *loginThrottle) check(email string, now time.Time) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	f := t.m[email]
	if f == nil || !now.Before(f.until) {
		return nil
	}
	secs := int(f.until.Sub(now).Round(time.Second) / time.Second)
	if secs < 1 {
		secs = 1
	}
	return apperr.New(apperr.TooMany, fmt.Sprintf(
		"Demasiados intentos fallidos. Espera %d segundos e inténtalo de nuevo.", secs))
}

// fail counts a failed login.
func (t *loginThrottle) fail(email string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.m) >= maxTracked {
		for k, f := range t.m {
			if now.Sub(f.last) > forgetAfter {
				delete(t.m, k)
			}
		}
	}
	f := t.m[email]
	if f == nil || now.Sub(f.last) > forgetAfter {
		f = &failures{}
		t.m[email] = f
	}
	f.count++
	f.last = now
	if f.count >= freeAttempts {
		d := firstDelay << min(f.count-freeAttempts, 10)
		f.until = now.Add(min(d, maxDelay))
	}
}

// reset forgets the e-mail's failures.
func (t *loginThrottle) reset(email string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.m, email)
}
