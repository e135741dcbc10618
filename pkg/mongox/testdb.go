package mongox

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"sync"
	"testing"
	"time"

	"tienda/pkg/mongox/internal/sqlitestore"
)

var shared struct {
	once  sync.Once
	store *Store
	err   error
}

// TestDB gives a test its own fresh database and drops it when the test ends. The store is the
// MongoDB at MONGODB_URI when set, otherwise an embedded FerretDB started once per test binary in
// a temporary directory.
func TestDB(t testing.TB) *Store {
	t.Helper()
	shared.once.Do(func() {
		dir, err := os.MkdirTemp("", "tienda-testdb-")
		if err != nil {
			shared.err = err
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		shared.store, shared.err = Open(ctx, Options{URI: os.Getenv("MONGODB_URI"), DataDir: dir})
	})
	if shared.err != nil {
		t.Fatalf("mongox.TestDB: %v", shared.err)
	}
	name := "t_" + randomHex(8)
	s := &Store{
		W:      shared.store.writer.Database(name),
		R:      shared.store.reader.Database(name),
		writer: shared.store.writer,
		reader: shared.store.reader,
		local:  shared.store.local,
		ferret: shared.store.ferret,
		locks:  shared.store.locks,
		clock:  shared.store.clock,
	}
	if shared.store.embedded != nil {
		s.sqlite = sqlitestore.Open(sqlitestore.File(shared.store.embedded.dir, name))
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if s.sqlite != nil {
			_ = s.sqlite.Close()
		}
		if err := s.W.Drop(ctx); err != nil {
			t.Logf("mongox.TestDB: drop %s: %v", name, err)
		}
	})
	return s
}

// TestDBAt is TestDB on a store whose clock reads ahead of this process's by ahead (negative:
// behind), as a replica whose own clock is that far behind the server's (or the server's ahead)
// sees it: everything a module stamps or measures is on the store's clock, never on this process's.
func TestDBAt(t testing.TB, ahead time.Duration) *Store {
	t.Helper()
	s := TestDB(t)
	s.clock = &clock{local: time.Now}
	s.clock.offset.Store(int64(ahead))
	return s
}

// TestReplicaOf is another replica's handle on s's database, whose clock reads ahead of s's by
// ahead (negative: behind): two replicas that disagree on the time by that much, as a replica
// whose measure of the server's clock went wrong would. Its writes and reads are s's database's.
func TestReplicaOf(t testing.TB, s *Store, ahead time.Duration) *Store {
	t.Helper()
	r := &Store{W: s.W, R: s.R, writer: s.writer, reader: s.reader, local: s.local, ferret: s.ferret, locks: s.locks,
		clock: &clock{local: time.Now}}
	if s.sqlite != nil {
		r.sqlite = sqlitestore.Open(s.sqlite.File()) // connections of its own, as another process's
	}
	r.clock.offset.Store(int64(time.Duration(s.clock.offsetOrZero()) + ahead))
	t.Cleanup(func() {
		if r.sqlite != nil {
			_ = r.sqlite.Close()
		}
	})
	return r
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
