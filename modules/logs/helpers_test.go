package logs

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"
	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/auth"
	"tienda/pkg/httpx"
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
	m      *Module
	db     *mongox.Store
	h      http.Handler
	clock  *clock
	tokens *auth.Tokens
}

// newFixture builds the module on a fresh store behind the real error handler, validator, token
// middleware and body limit, as app/server.go does.
func newFixture(t *testing.T, limits Limits) *fixture {
	t.Helper()
	db := mongox.TestDB(t)
	clk := &clock{t: time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)}
	m := New(Deps{Store: db, Log: zerolog.Nop(), Limits: limits, Now: clk.now})
	if err := m.EnsureIndexes(context.Background()); err != nil {
		t.Fatal(err)
	}
	tokens := auth.NewTokens(strings.Repeat("k", 32), time.Hour)
	e := echo.NewWithConfig(echo.Config{
		HTTPErrorHandler: httpx.ErrorHandler(nil),
		Validator:        httpx.NewValidator(),
		IPExtractor:      echo.ExtractIPFromXFFHeader(),
	})
	e.Use(middleware.RequestID())
	e.Use(tokens.Middleware())
	m.Routes(e.Group("/v1", middleware.BodyLimit(2<<20)))
	return &fixture{m: m, db: db, h: e, clock: clk, tokens: tokens}
}

func (f *fixture) token(t *testing.T, id, name string, role auth.Role) string {
	t.Helper()
	tok, err := f.tokens.Issue(id, name, strings.ToLower(strings.Fields(name)[0])+"@tienda.mx", role)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

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
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, req)
	return rec
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

type errorAnswer struct {
	Error struct {
		Code      string            `json:"code"`
		Message   string            `json:"message"`
		Fields    map[string]string `json:"fields"`
		RequestID string            `json:"request_id"`
	} `json:"error"`
}

func decodeError(t *testing.T, rec *httptest.ResponseRecorder) errorAnswer {
	t.Helper()
	var e errorAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error.Code == "" || e.Error.Message == "" || e.Error.RequestID == "" {
		t.Fatalf("not the JSON error shape: %d %q", rec.Code, rec.Body)
	}
	return e
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
