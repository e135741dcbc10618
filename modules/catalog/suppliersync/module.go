// Package suppliersync is 'Catálogo del proveedor': the shop's Syscom credentials and margin
// rules, browsing the distributor's catalogue, imports of its categories, brands or products as
// the shop's products (in the background, resumable, never twice), and the scheduled sync of the
// imported products' prices and availability, with a log of what changed. It reaches products only
// through the catalogue's service (create, update, store a picture).
package suppliersync

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/modules/catalog/supplier/syscom"
	"tienda/pkg/mongox"
)

// Deps is what the module needs from the application.
type Deps struct {
	Store   *mongox.Store
	Catalog *catalog.Service
	Log     zerolog.Logger
	// BaseURL is the distributor's API (SYSCOM_URL); syscom.DefaultBaseURL when empty.
	BaseURL string
	// SyncEvery is how often the imported products are refreshed (SYSCOM_SYNC_EVERY); 0: never.
	SyncEvery time.Duration
	// RequestsPerMinute is the client's pace: 50 when 0, none when negative (tests).
	RequestsPerMinute int
	// Lease is how long a job stays claimed by a replica without progress (a crashed one's is
	// taken over after it); 1 minute when 0.
	Lease time.Duration
	// PictureHosts are host:port pairs pictures may be downloaded from although their address is
	// not a public one (SYSCOM_PICTURES_ALLOW: the fake Syscom of tests and `task run`); empty in
	// production, where a picture on a loopback, private or link-local address is refused.
	PictureHosts []string
	// SecretKey (32 bytes, derived from the shop's own secret) encrypts the distributor's client
	// secret in the store.
	SecretKey []byte
}

// Module is the supplier catalogue.
type Module struct {
	store     store
	cat       *catalog.Service
	log       zerolog.Logger
	base      string
	every     time.Duration
	perMinute int
	lease     time.Duration
	pictures  *http.Client
	now       func() time.Time
	owner     string // this replica's claim on jobs
	key       []byte // the client secret's encryption key

	mu     sync.Mutex
	cli    *syscom.Client
	cliKey string
	syncMu sync.Mutex // one sync at a time (the schedule's, 'Sincronizar ahora')

	// afterProduct, when set (tests), is called after each product of a job with how many are done.
	afterProduct func(done int)

	wake      chan struct{}
	stop      chan struct{}
	done      chan struct{}
	startOnce sync.Once
	stopOnce  sync.Once
}

// New builds the module; Start begins its background work.
func New(d Deps) *Module {
	m := &Module{store: store{db: d.Store}, cat: d.Catalog, log: d.Log, base: d.BaseURL, every: d.SyncEvery,
		perMinute: d.RequestsPerMinute, lease: d.Lease, pictures: pictureClient(d.PictureHosts), now: d.Store.Now,
		owner: bson.NewObjectID().Hex(), key: d.SecretKey,
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	if m.lease <= 0 {
		m.lease = time.Minute
	}
	return m
}

// Collections are the module's collections and their list indexes (mongox.Store.BuildIndexes);
// the products' unique distributor index, which imports rely on, is the catalogue's.
func (m *Module) Collections() []mongox.Collection { return m.store.collections() }

// Start runs the background loop: unfinished imports (resumed after a restart) and the sync.
func (m *Module) Start(context.Context) error {
	m.startOnce.Do(func() { go m.loop() })
	return nil
}

// Stop ends the loop; a job in progress stops after its current product and resumes at the next start.
func (m *Module) Stop() {
	m.stopOnce.Do(func() {
		close(m.stop)
		m.startOnce.Do(func() { close(m.done) })
		<-m.done
	})
}

func (m *Module) poke() {
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

func (m *Module) loop() {
	defer close(m.done)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-m.stop
		cancel()
	}()
	poll := time.NewTicker(m.lease / 2)
	defer poll.Stop()
	var syncC <-chan time.Time
	if m.every > 0 {
		t := time.NewTicker(m.every)
		defer t.Stop()
		syncC = t.C
	}
	for {
		for m.runNextJob(ctx) {
		}
		select {
		case <-m.stop:
			return
		case <-m.wake:
		case <-poll.C:
		case <-syncC:
			if _, err := m.Sync(ctx); err != nil && ctx.Err() == nil {
				m.log.Warn().Err(err).Msg("supplier sync")
			}
		}
	}
}
