// Package ratelimit is a token bucket per client (golang.org/x/time/rate), kept in this process's
// memory: with several app replicas each one limits on its own (a client may get up to replicas x
// the rate), enough to keep a hostile client from flooding a route.
package ratelimit

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limiter holds a bucket per client key.
type Limiter struct {
	mu      sync.Mutex
	burst   int
	perSec  rate.Limit
	now     func() time.Time
	buckets map[string]*rate.Limiter
}

// maxBuckets bounds the limiter's memory; beyond it full buckets are dropped at once.
const maxBuckets = 10000

// New returns a limiter whose buckets hold burst tokens and get perSec back each second; now is the clock.
func New(burst int, perSec float64, now func() time.Time) *Limiter {
	return &Limiter{burst: burst, perSec: rate.Limit(perSec), now: now, buckets: map[string]*rate.Limiter{}}
}

// bucket returns key's bucket, a full one for a new key.
func (l *Limiter) bucket(key string, now time.Time) *rate.Limiter {
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= maxBuckets {
			l.pruneLocked(now)
		}
		b = rate.NewLimiter(l.perSec, l.burst)
		l.buckets[key] = b
	}
	return b
}

// Take spends n tokens (at most the burst) of key's bucket when it has them all; otherwise it
// spends nothing and says how long until it would.
func (l *Limiter) Take(key string, n int) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.bucket(key, now)
	need := min(n, l.burst)
	if b.AllowN(now, need) {
		return true, 0
	}
	// AllowN spent nothing: the wait is how long the missing tokens take to come back.
	missing := float64(need) - b.TokensAt(now)
	return false, time.Duration(missing / float64(l.perSec) * float64(time.Second))
}

// Prune forgets the buckets that are full again (they would behave the same as new ones).
func (l *Limiter) Prune() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.pruneLocked(l.now())
}

func (l *Limiter) pruneLocked(now time.Time) {
	for k, b := range l.buckets {
		if b.TokensAt(now) >= float64(l.burst) {
			delete(l.buckets, k)
		}
	}
	if len(l.buckets) >= maxBuckets { // a flood of distinct clients: start over rather than grow
		l.buckets = map[string]*rate.Limiter{}
	}
}
