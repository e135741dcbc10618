package sqlitestore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

var server struct {
	once   sync.Once
	dir    string
	client *mongo.Client
	err    error
}

// testDB is a fresh database of a FerretDB on SQLite (started once per test binary, in a
// temporary directory, as pkg/mongox starts its embedded store), and the Engine of its file. The
// database is dropped when the test ends.
func testDB(t testing.TB) (*mongo.Database, *Engine) {
	t.Helper()
	server.once.Do(func() {
		if server.dir, server.err = os.MkdirTemp("", "tienda-sqlitestore-"); server.err != nil {
			return
		}
		var f *ferretdb.FerretDB
		f, server.err = ferretdb.New(&ferretdb.Config{
			Listener:  ferretdb.ListenerConfig{TCP: "127.0.0.1:0"},
			Handler:   "sqlite",
			SQLiteURL: "file:" + server.dir + "/",
			Logger:    slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})),
		})
		if server.err != nil {
			return
		}
		go func() { _ = f.Run(context.Background()) }()
		server.client, server.err = mongo.Connect(options.Client().ApplyURI(f.MongoDBURI()).SetMaxPoolSize(1))
	})
	if server.err != nil {
		t.Fatalf("testDB: %v", server.err)
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	name := "t_" + hex.EncodeToString(b)
	db, e := server.client.Database(name), Open(File(server.dir, name))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = e.Close()
		if err := db.Drop(ctx); err != nil {
			t.Logf("testDB: drop %s: %v", name, err)
		}
	})
	return db, e
}

// queryPlan answers the table of collection coll, and SQLite's plan for query, in which %s stands
// for that table.
func queryPlan(t *testing.T, e *Engine, coll, query string, args ...any) (table, plan string) {
	t.Helper()
	db, err := e.sqlReader()
	if err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT table_name FROM _ferretdb_collections WHERE name = ?`, coll).Scan(&table); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(`EXPLAIN QUERY PLAN `+fmt.Sprintf(query, sqlName(table)), args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var details []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		details = append(details, detail)
	}
	return table, strings.Join(details, "; ")
}

// tableReads counts the instructions of query (in which %s is coll's table) that read a column of
// the table itself rather than of an index.
func tableReads(t *testing.T, e *Engine, coll, query string, args ...any) int {
	t.Helper()
	db, err := e.sqlReader()
	if err != nil {
		t.Fatal(err)
	}
	var table string
	var root int
	if err := db.QueryRow(`SELECT c.table_name, m.rootpage FROM _ferretdb_collections c JOIN sqlite_master m ON m.name = c.table_name WHERE c.name = ?`, coll).
		Scan(&table, &root); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query(`EXPLAIN `+fmt.Sprintf(query, sqlName(table)), args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cursor, reads := -1, 0
	for rows.Next() {
		var addr, p1, p2, p3 int
		var op string
		var p4, p5, comment any
		if err := rows.Scan(&addr, &op, &p1, &p2, &p3, &p4, &p5, &comment); err != nil {
			t.Fatal(err)
		}
		if op == "OpenRead" && p2 == root {
			cursor = p1
		}
		if op == "Column" && p1 == cursor {
			reads++
		}
	}
	return reads
}
