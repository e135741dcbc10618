// Package logs owns the logs collection: the browsers' error logs, kept for 30 days and bounded in
// size, read by staff in the 'Registro de errores' screen.
package logs

import (
	"context"
	"sync"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"
	"github.com/rs/zerolog"

	"tienda/pkg/auth"
	"tienda/pkg/mongox"
	"tienda/pkg/ratelimit"
)

// Limits of the module. The zero value of a field in Deps.Limits means the default here.
const (
	// Retention is how long an entry is kept.
	Retention = 30 * 24 * time.Hour
	// DefaultMaxEntries bounds the collection, so that the staff screen, which reads it whole,
	// stays near one second on the smallest store.
	DefaultMaxEntries = 5000
	// MaxBatch is the most entries one upload may carry.
	MaxBatch = 100
	// MaxBodyBytes bounds an upload's body (100 entries at their largest fit in it).
	MaxBodyBytes = 1 << 20
	// DefaultSweepEvery is how often the sweeper removes expired entries and trims the collection.
	DefaultSweepEvery = time.Hour
	// DefaultRateBurst and DefaultRatePerMinute bound what one client (a signed-in user, or an
	// address for anonymous browsers) may upload: entries, and at least one per request.
	DefaultRateBurst     = 300
	DefaultRatePerMinute = 120
)

// Limits tunes the module (tests use small values).
type Limits struct {
	MaxEntries    int
	SweepEvery    time.Duration
	RateBurst     int
	RatePerMinute int
}

// Deps is what the module needs from the application.
type Deps struct {
	Store  *mongox.Store
	Log    zerolog.Logger
	Limits Limits
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Module is the module's one door.
type Module struct {
	service *Service
	limiter *ratelimit.Limiter

	mu      sync.Mutex
	cancel  context.CancelFunc
	stopped chan struct{}
}

// New builds the module.
func New(d Deps) *Module {
	l := d.Limits
	if l.MaxEntries <= 0 {
		l.MaxEntries = DefaultMaxEntries
	}
	if l.SweepEvery <= 0 {
		l.SweepEvery = DefaultSweepEvery
	}
	if l.RateBurst <= 0 {
		l.RateBurst = DefaultRateBurst
	}
	if l.RatePerMinute <= 0 {
		l.RatePerMinute = DefaultRatePerMinute
	}
	now := d.Now
	if now == nil {
		now = d.Store.Now
	}
	return &Module{
		service: &Service{store: store{db: d.Store}, log: d.Log, now: now, limits: l, kick: make(chan struct{}, 1)},
		limiter: ratelimit.New(l.RateBurst, float64(l.RatePerMinute)/60, now),
	}
}

// Service returns the module's use cases.
func (m *Module) Service() *Service { return m.service }

// Collections are the module's collections and their indexes (mongox.Store.BuildIndexes).
func (m *Module) Collections() []mongox.Collection { return m.service.store.collections() }

// Routes registers the module's routes on the /v1 group.
func (m *Module) Routes(g *echo.Group) {
	g.POST("/logs", m.upload, middleware.BodyLimit(MaxBodyBytes))
	g.GET("/logs", m.list, auth.Require(auth.ManageUsers))
}

// Start runs the sweeper in the background: at once, every Limits.SweepEvery, and whenever many
// entries arrived since the last sweep, until Stop. Calling Start on a running module does
// nothing.
func (m *Module) Start(ctx context.Context) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.cancel != nil {
		return nil
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	m.cancel = cancel
	m.stopped = make(chan struct{})
	go func(done chan struct{}) {
		defer close(done)
		m.service.runSweeper(ctx, m.limiter)
	}(m.stopped)
	return nil
}

// Stop ends the sweeper and waits for a sweep in progress to finish.
func (m *Module) Stop() {
	m.mu.Lock()
	cancel, done := m.cancel, m.stopped
	m.cancel, m.stopped = nil, nil
	m.mu.Unlock()
	if cancel == nil {
		return
	}
	cancel()
	<-done
}
