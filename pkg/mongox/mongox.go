// Package mongox opens the store: a MongoDB server when MONGODB_URI is set, otherwise an embedded
// FerretDB (SQLite) in the data directory. Writes go through a client whose pool has one
// connection, because FerretDB v1 loses concurrent updates to the same document; reads use a
// second client. On MongoDB both handles share one client. Where FerretDB is slow, the embedded
// store's SQLite file is read and written directly, through internal/sqlitestore's Engine only.
package mongox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readpref"
	"go.mongodb.org/mongo-driver/v2/x/mongo/driver/connstring"

	"tienda/pkg/mongox/internal/sqlitestore"
)

// Store is the database as the modules see it: W for every write, R for reads.
type Store struct {
	W *mongo.Database
	R *mongo.Database

	writer, reader *mongo.Client
	embedded       *embedded // the embedded server this Store started, stopped by Close
	// local: the store is an embedded FerretDB (this process is its only client), which uses no
	// index for a filter other than exactly {_id}.
	local bool
	// ferret: the server is a FerretDB, the embedded one or one reached by MONGODB_URI (tests'
	// StartServer): it has no partial indexes and does not list an index's sparse (indexes.go).
	ferret bool
	locks  *locks // the embedded store's write locks (update.go), shared by its Stores

	// sqlite reads and writes the embedded store's SQLite file of this database directly, where
	// FerretDB is slow (internal/sqlitestore); nil on a store reached by a URI.
	sqlite *sqlitestore.Engine
	// warnings: what a MongoDB server's replica set lacks, read at start (client.go).
	warnings []string
	// clock: the server's clock on MongoDB (clock.go); nil on the embedded store (this process's).
	clock *clock
}

// Options says where the store lives.
type Options struct {
	URI      string // a MongoDB URI; empty starts the embedded store in DataDir
	DataDir  string
	Database string // database name; default the URI's (mongodb://host/tienda), else DefaultDatabase
}

// DefaultDatabase is the database's name when neither Options nor the URI name one: the embedded
// store's file in the data directory is DefaultDatabase + ".sqlite".
const DefaultDatabase = "tienda"

// Open connects to the store and checks that it answers.
func Open(ctx context.Context, o Options) (*Store, error) {
	if o.Database == "" && o.URI != "" {
		cs, err := connstring.Parse(o.URI)
		if err != nil {
			return nil, fmt.Errorf("mongox: MONGODB_URI: %w", err)
		}
		o.Database = cs.Database
	}
	if o.Database == "" {
		o.Database = DefaultDatabase
	}
	s := &Store{locks: &locks{}}
	uri := o.URI
	if uri == "" {
		if err := checkIntegrity(ctx, o.DataDir); err != nil {
			return nil, err
		}
		emb, err := startEmbedded(o.DataDir, "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		s.embedded, s.local, s.ferret = emb, true, true
		s.sqlite = sqlitestore.Open(sqlitestore.File(emb.dir, o.Database))
		uri = emb.uri
	}
	if err := s.connect(ctx, uri, o.URI == ""); err != nil {
		_ = s.Close(context.Background()) // the connect error is the one to report
		return nil, err
	}
	s.W = s.writer.Database(o.Database)
	s.R = s.reader.Database(o.Database)
	return s, nil
}

func (s *Store) connect(ctx context.Context, uri string, embedded bool) error {
	if !embedded {
		if err := checkURI(uri); err != nil {
			return err
		}
		c, err := mongo.Connect(mongoClientOptions(uri))
		if err != nil {
			return fmt.Errorf("mongox: connect: %w", err)
		}
		s.writer, s.reader = c, c
		if err := s.Ping(ctx); err != nil {
			return err
		}
		if s.warnings, err = checkTopology(ctx, c); err != nil {
			return err
		}
		s.ferret = isFerretDB(ctx, c)
		return s.startClock(ctx, c)
	}
	opts := options.Client().ApplyURI(uri).
		SetServerSelectionTimeout(5 * time.Second).
		SetConnectTimeout(5 * time.Second)
	// Every write waits its turn for the one connection; the wait counts against the server
	// selection timeout, so give the writer a longer one than a busy shop's queue can reach.
	w, err := mongo.Connect(options.MergeClientOptions(opts, options.Client().SetMaxPoolSize(1).SetServerSelectionTimeout(30*time.Second)))
	if err != nil {
		return fmt.Errorf("mongox: connect writer: %w", err)
	}
	s.writer = w
	r, err := mongo.Connect(options.MergeClientOptions(opts, options.Client().SetMaxPoolSize(16)))
	if err != nil {
		return fmt.Errorf("mongox: connect reader: %w", err)
	}
	s.reader = r
	return s.Ping(ctx)
}

// Ping checks that the store answers, within 2 seconds.
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := s.reader.Ping(ctx, readpref.Primary()); err != nil {
		return fmt.Errorf("mongox: ping: %w", err)
	}
	return nil
}

// Warnings are what an operator should know about the MongoDB set the store runs on (an arbiter,
// fewer than three members); none on the embedded store.
func (s *Store) Warnings() []string { return s.warnings }

// Embedded reports whether the store is the embedded FerretDB.
func (s *Store) Embedded() bool { return s.local }

// Close disconnects the clients and stops the embedded store.
func (s *Store) Close(ctx context.Context) error {
	var errs []error
	if s.clock != nil {
		s.clock.stopOnce.Do(func() {
			if s.clock.stop != nil {
				close(s.clock.stop)
			}
		})
	}
	if s.sqlite != nil {
		errs = append(errs, s.sqlite.Close())
	}
	if s.writer != nil {
		errs = append(errs, s.writer.Disconnect(ctx))
	}
	if s.reader != nil && s.reader != s.writer {
		errs = append(errs, s.reader.Disconnect(ctx))
	}
	if s.embedded != nil {
		errs = append(errs, s.embedded.stop(10*time.Second))
	}
	return errors.Join(errs...)
}

// IsDuplicate reports whether err is a unique-index violation, on MongoDB or FerretDB (which
// reports violations caused by updates as an internal SQLite error).
func IsDuplicate(err error) bool {
	return err != nil && (mongo.IsDuplicateKeyError(err) || sqlitestore.IsUniqueViolation(err))
}

// IsUnavailable reports whether err means the store could not be reached, or that its replica set
// is changing its primary: the request may succeed a moment later (503).
func IsUnavailable(err error) bool {
	return err != nil && (mongo.IsNetworkError(err) || mongo.IsTimeout(err) || isReplicaState(err) ||
		errors.Is(err, mongo.ErrClientDisconnected) || strings.Contains(err.Error(), "server selection error"))
}

type embedded struct {
	uri    string
	dir    string
	lock   *os.File
	cancel context.CancelFunc
	done   chan struct{}
}

// StartServer runs FerretDB on SQLite in dir as a server on addr (host:port), apart from any
// Store: tests use it as the "remote" store they can stop and start again. It returns the URI
// and a function that stops the server.
func StartServer(dir, addr string) (string, func() error, error) {
	e, err := startEmbedded(dir, addr)
	if err != nil {
		return "", nil, err
	}
	return e.uri, func() error { return e.stop(10 * time.Second) }, nil
}

// ErrDataDirInUse is Open's error when another process (a running shop) has the embedded store's
// data directory open.
var ErrDataDirInUse = errors.New("mongox: the data directory is in use by another process")

// startEmbedded starts FerretDB on SQLite in dir, listening on addr (port 0: a free one). A lock
// file keeps a second process off the same directory.
// newFerretDB serializes ferretdb.New.
var newFerretDB sync.Mutex

func startEmbedded(dir, addr string) (*embedded, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("mongox: data dir: %w", err)
	}
	if err := os.MkdirAll(abs, 0o750); err != nil {
		return nil, fmt.Errorf("mongox: data dir: %w", err)
	}
	lock, err := os.OpenFile(filepath.Join(abs, ".lock"), os.O_CREATE|os.O_RDWR, 0o600) //nolint:gosec // DATA_DIR is the operator's setting
	if err != nil {
		return nil, fmt.Errorf("mongox: lock file: %w", err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = lock.Close()
		return nil, fmt.Errorf("%w: %s", ErrDataDirInUse, abs)
	}
	newFerretDB.Lock() // ferretdb.New writes a package variable: one at a time (tests start several)
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: addr},
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
		// FerretDB logs every connection at info and dumps every error reply at warn; keep only
		// real failures (storeLog). Never debug: it slows the store tenfold.
		Logger: slog.New(storeLog{out: slog.NewTextHandler(os.Stderr, nil)}),
	})
	newFerretDB.Unlock()
	if err != nil {
		_ = lock.Close()
		return nil, fmt.Errorf("mongox: embedded store: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	e := &embedded{dir: abs, lock: lock, cancel: cancel, done: make(chan struct{})}
	go func() { defer close(e.done); _ = f.Run(ctx) }()
	e.uri = f.MongoDBURI()
	// The lock file names where this process serves the store (RunningStoreURI); it is the
	// owner's alone (0600), like the store's files.
	if err := lock.Truncate(0); err == nil {
		_, _ = lock.WriteAt([]byte(e.uri), 0)
	}
	return e, nil
}

// RunningStoreURI is where the process holding dataDir's lock serves its embedded store ("" when
// no process holds it): a command run beside a running shop (`tienda admin`) connects there as
// one more client of the shop's own store, instead of opening the files a second time.
func RunningStoreURI(dataDir string) string {
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		return ""
	}
	lock, err := os.Open(filepath.Join(abs, ".lock")) //nolint:gosec // DATA_DIR is the operator's setting
	if err != nil {
		return ""
	}
	defer func() { _ = lock.Close() }()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err == nil {
		return "" // nobody holds it: what the file says is a stopped shop's
	}
	raw, err := io.ReadAll(io.LimitReader(lock, 256))
	if err != nil || !strings.HasPrefix(string(raw), "mongodb://127.0.0.1:") {
		return ""
	}
	return strings.TrimSpace(string(raw))
}

func (e *embedded) stop(timeout time.Duration) error {
	e.cancel()
	defer func() { _ = e.lock.Close() }() // closing releases the lock
	select {
	case <-e.done:
		return nil
	case <-time.After(timeout):
		return errors.New("mongox: embedded store did not stop in time")
	}
}
