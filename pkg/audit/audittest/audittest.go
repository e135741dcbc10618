// Package audittest is the audit trail of the modules' tests: an audit.Recorder that keeps what it
// is given in memory, or fails like a store that does not answer.
package audittest

import (
	"context"
	"errors"
	"sync"
	"testing"

	"tienda/pkg/audit"
)

// ErrDown is what a failing Trail answers.
var ErrDown = errors.New("el almacén no responde")

// Trail records entries in memory; its zero value is ready. Safe for concurrent use.
type Trail struct {
	mu      sync.Mutex
	entries []audit.Entry
	failing bool
}

// Failing is a Trail whose every Record fails with ErrDown.
func Failing() *Trail { return &Trail{failing: true} }

// Record keeps the entries, or fails with ErrDown.
func (r *Trail) Record(_ context.Context, es ...audit.Entry) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failing {
		return ErrDown
	}
	r.entries = append(r.entries, es...)
	return nil
}

// Take returns the entries recorded since the last Take (or One, or None).
func (r *Trail) Take() []audit.Entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.entries
	r.entries = nil
	return out
}

// One returns the one entry recorded since the last Take, and fails t when there is not exactly one.
func (r *Trail) One(t testing.TB) audit.Entry {
	t.Helper()
	got := r.Take()
	if len(got) != 1 {
		t.Fatalf("%d entries, want 1: %+v", len(got), got)
	}
	return got[0]
}

// None fails t when an entry was recorded since the last Take.
func (r *Trail) None(t testing.TB) {
	t.Helper()
	if got := r.Take(); len(got) != 0 {
		t.Fatalf("entries recorded: %+v", got)
	}
}
