package logs

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

type fixture struct {
	m     *Module
	db    *mongox.Store
	srv   *httpxtest.Server
	clock *clock
}

// newFixture builds the module on a fresh store behind the real error handler, validator, token
// middleware and body limit (httpxtest).
func newFixture(t *testing.T, limits Limits) *fixture {
	t.Helper()
	db := mongox.TestDB(t)
	clk := &clock{t: time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)}
	m := New(Deps{Store: db, Log: zerolog.Nop(), Limits: limits, Now: clk.now})
	if err := db.BuildIndexes(context.Background(), m.Collections()...); err != nil {
		t.Fatal(err)
	}
	srv := httpxtest.New(t, httpxtest.Options{BodyLimit: 2 << 20}, m.Routes)
	return &fixture{m: m, db: db, srv: srv, clock: clk}
}

func (f *fixture) token(id, name string, role auth.Role) string { return f.srv.Token(id, name, role) }

type call struct {
	method, path, body, token, addr string
}

func (f *fixture) do(t *testing.T, c call) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "prueba/1.0")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if c.addr != "" {
		req.RemoteAddr = c.addr + ":4321"
	}
	return f.srv.Serve(req)
}

func (f *fixture) stored(t *testing.T) []Entry {
	t.Helper()
	cur, err := f.db.R.Collection(collection).Find(context.Background(), bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	var out []Entry
	if err := cur.All(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func entriesJSON(n int, errText string) string {
	var b strings.Builder
	b.WriteString(`{"logs":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"title":"Error al obtener los productos","error":%q,"time":"2026-11-23T08:59:00.000Z","origen":"api:productos","user":"Ana"}`, errText)
	}
	b.WriteString(`]}`)
	return b.String()
}
