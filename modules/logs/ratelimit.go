package logs

import (
	"math"
	"sync"
	"time"
)

// limiter is a token bucket per client, kept in this process's memory: with several app replicas
// each one limits on its own (a client may get up to replicas x the rate), which is enough to keep
// a broken or hostile page from filling the collection.
type limiter struct {
	mu      sync.Mutex
	burst   float64
	perSec  float64
	now     func() time.Time
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxBuckets bounds the limiter's memory; beyond it full buckets are dropped at once.
const maxBuckets = 10000

func newLimiter(burst, perSec float64, now func() time.Time) *limiter {
	return &limiter{burst: burst, perSec: perSec, now: now, buckets: map[string]*bucket{}}
}

func (l *limiter) refill(key string, now time.Time) *bucket {
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= maxBuckets {
			l.pruneLocked(now)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
		return b
	}
	if el := now.Sub(b.last).Seconds(); el > 0 {
		b.tokens = math.Min(l.burst, b.tokens+el*l.perSec)
	}
	b.last = now
	return b
}

// take spends n tokens of key's bucket when it has them all; otherwise it spends nothing and
// says how long until it would.
func (l *limiter) take(key string, n int) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(key, l.now())
	need := math.Min(float64(n), l.burst)
	if b.tokens >= need {
		b.tokens -= need
		return true, 0
	}
	return false, time.Duration((need - b.tokens) / l.perSec * float64(time.Second))
}

// prune forgets the buckets that are full again (they would behave the same as new ones).
func (l *limiter) prune() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.pruneLocked(l.now())
}

func (l *limiter) pruneLocked(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.perSec >= l.burst {
			delete(l.buckets, k)
		}
	}
	if len(l.buckets) >= maxBuckets { // a flood of distinct clients: start over rather than grow
		l.buckets = map[string]*bucket{}
	}
}
