package logs

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
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

func TestUploadStoresTheBatchStampedByTheServer(t *testing.T) {
	f := newFixture(t, Limits{})
	body := `{"logs":[
		{"title":"Error al obtener los productos","error":"500 Internal Server Error","time":"2026-11-23T08:59:00.123Z","origen":"api:productos","user":"Ana"},
		{"error":"TypeError: x is undefined; Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJh","origen":"window"}
	]}`
	rec := f.do(t, call{method: "POST", path: "/v1/logs", body: body, addr: "203.0.113.7"})
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"stored":2`) {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	got := f.stored(t)
	if len(got) != 2 {
		t.Fatalf("stored %d entries, want 2", len(got))
	}
	byOrigen := map[string]Entry{}
	for _, e := range got {
		byOrigen[e.Origen] = e
		if !e.ReceivedAt.Equal(f.clock.now()) || e.IP != "203.0.113.7" || e.UserID != "" || e.UserAgent != "prueba/1.0" || e.RequestID == "" {
			t.Errorf("server stamps: %+v", e)
		}
	}
	a := byOrigen["api:productos"]
	if a.Title != "Error al obtener los productos" || a.Error != "500 Internal Server Error" || a.Time != "2026-11-23T08:59:00.123Z" || a.User != "Ana" {
		t.Errorf("first entry: %+v", a)
	}
	w := byOrigen["window"]
	if w.Title != DefaultTitle || w.Time != f.clock.now().Format(time.RFC3339Nano) {
		t.Errorf("defaults: %+v", w)
	}
	if strings.Contains(w.Error, "eyJ") || !strings.Contains(w.Error, "[oculto]") {
		t.Errorf("a token in the error text was stored: %q", w.Error)
	}

	// A signed-in browser: the user comes from the token, not from what the browser says.
	tok := f.token(t, "64b000000000000000000001", "Carla Cajera", auth.Cajero)
	rec = f.do(t, call{method: "POST", path: "/v1/logs", body: entriesJSON(1, "boom"), token: tok, addr: "203.0.113.8"})
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var signed *Entry
	for _, e := range f.stored(t) {
		if e.IP == "203.0.113.8" {
			signed = &e
		}
	}
	if signed == nil || signed.UserID != "64b000000000000000000001" || signed.UserName != "Carla Cajera" || signed.UserEmail != "carla@tienda.mx" || signed.User != "Ana" {
		t.Fatalf("signed-in entry: %+v", signed)
	}

	// A bad token does not block an upload: the browser's log still arrives, anonymously.
	rec = f.do(t, call{method: "POST", path: "/v1/logs", body: entriesJSON(1, "x"), token: "no-es-un-token", addr: "203.0.113.9"})
	if rec.Code != 200 {
		t.Fatalf("bad token: %d %s", rec.Code, rec.Body)
	}
}

func TestBadUploadsAreRejectedAndNothingIsStored(t *testing.T) {
	f := newFixture(t, Limits{RateBurst: 100000, RatePerMinute: 100000})
	long := strings.Repeat("é", 4001)
	tests := []struct {
		name, body string
		status     int
		code       string
		message    string
		field      string
	}{
		{"more entries than a batch may carry", entriesJSON(MaxBatch+1, "x"), 413, "too_large", "Envía como máximo 100 registros por solicitud.", ""},
		{"body over the route's limit", entriesJSON(60, strings.Repeat("a", 3990)) + strings.Repeat(" ", MaxBodyBytes), 413, "too_large", "La solicitud es demasiado grande.", ""},
		{"one entry's error text too long", `{"logs":[{"error":"ok"},{"error":"` + long + `"}]}`, 400, "invalid", "", "logs[1].error"},
		{"title too long", `{"logs":[{"title":"` + strings.Repeat("t", 201) + `"}]}`, 400, "invalid", "", "logs[0].title"},
		{"time that is not ISO 8601", `{"logs":[{"error":"ok"},{"error":"x","time":"ayer"}]}`, 400, "invalid", "Revisa los registros enviados.", "logs[1].time"},
		{"error that is not text", `{"logs":[{"error":{"a":1}}]}`, 400, "invalid", "", ""},
		{"no logs field", `{"registros":[]}`, 400, "invalid", "", "logs"},
		{"logs is not a list", `{"logs":"hola"}`, 400, "invalid", "", ""},
		{"not JSON", `hola`, 400, "invalid", "El cuerpo de la solicitud no es JSON válido.", ""},
		{"empty body", ``, 400, "invalid", "El cuerpo de la solicitud está vacío.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(t, call{method: "POST", path: "/v1/logs", body: tt.body})
			e := decodeError(t, rec)
			if rec.Code != tt.status || e.Error.Code != tt.code {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			if tt.message != "" && e.Error.Message != tt.message {
				t.Errorf("message %q, want %q", e.Error.Message, tt.message)
			}
			if tt.field != "" && e.Error.Fields[tt.field] == "" {
				t.Errorf("no message for %s: %s", tt.field, rec.Body)
			}
			if n := len(f.stored(t)); n != 0 {
				t.Fatalf("%d entries stored after a rejected upload", n)
			}
		})
	}
	// The largest valid batch fits in the body limit.
	rec := f.do(t, call{method: "POST", path: "/v1/logs", body: entriesJSON(MaxBatch, strings.Repeat("a", 4000))})
	if rec.Code != 200 || len(f.stored(t)) != MaxBatch {
		t.Fatalf("largest valid batch: %d %.200s", rec.Code, rec.Body)
	}
}

func TestUploadsAreRateLimitedPerClient(t *testing.T) {
	// 5 tokens, one back per second: a request costs 1, each entry 1 more.
	f := newFixture(t, Limits{RateBurst: 5, RatePerMinute: 60})
	post := func(addr, token string, n int) *httptest.ResponseRecorder {
		return f.do(t, call{method: "POST", path: "/v1/logs", body: entriesJSON(n, "x"), addr: addr, token: token})
	}
	if rec := post("198.51.100.1", "", 3); rec.Code != 200 { // 5 -> 1
		t.Fatalf("first: %d %s", rec.Code, rec.Body)
	}
	rec := post("198.51.100.1", "", 1) // 1 -> 0, then 1 more needed
	e := decodeError(t, rec)
	if rec.Code != 429 || e.Error.Code != "too_many_requests" || !strings.Contains(e.Error.Message, "demasiados registros") || rec.Header().Get("Retry-After") != "1" {
		t.Fatalf("over the limit: %d %s %v", rec.Code, rec.Body, rec.Header())
	}
	if rec := post("198.51.100.1", "", 0); rec.Code != 429 {
		t.Fatalf("empty bucket: %d %s", rec.Code, rec.Body)
	}
	if n := len(f.stored(t)); n != 3 {
		t.Fatalf("stored %d, want the first 3 only", n)
	}
	// Another address has its own bucket.
	if rec := post("198.51.100.2", "", 4); rec.Code != 200 {
		t.Fatalf("other client: %d %s", rec.Code, rec.Body)
	}
	// A signed-in user is limited as one client whatever the address.
	tok := f.token(t, "64b000000000000000000002", "Luis Cliente", auth.Cliente)
	if rec := post("198.51.100.3", tok, 4); rec.Code != 200 {
		t.Fatalf("user first: %d %s", rec.Code, rec.Body)
	}
	if rec := post("198.51.100.4", tok, 1); rec.Code != 429 {
		t.Fatalf("user from another address: %d %s", rec.Code, rec.Body)
	}
	// Time refills the bucket.
	f.clock.add(5 * time.Second)
	if rec := post("198.51.100.1", "", 4); rec.Code != 200 {
		t.Fatalf("after waiting: %d %s", rec.Code, rec.Body)
	}
	if n := len(f.stored(t)); n != 3+4+4+4 {
		t.Fatalf("stored %d", n)
	}
}

func TestLimiterForgetsIdleClients(t *testing.T) {
	clk := &clock{t: time.Now()}
	l := newLimiter(5, 1, clk.now)
	l.take("a", 5)
	l.take("b", 1)
	clk.add(2 * time.Second)
	l.prune()
	if _, ok := l.buckets["a"]; !ok || len(l.buckets) != 1 {
		t.Fatalf("after 2 s: %v", l.buckets)
	}
	clk.add(3 * time.Second)
	l.prune()
	if len(l.buckets) != 0 {
		t.Fatalf("full buckets kept: %v", l.buckets)
	}
}

func TestLimiterSpendsAllOrNothing(t *testing.T) {
	clk := &clock{t: time.Now()}
	l := newLimiter(5, 2, clk.now) // 5 tokens, 2 back per second
	steps := []struct {
		name    string
		advance time.Duration
		n       int
		ok      bool
		wait    time.Duration
	}{
		{"a new client has the whole burst", 0, 4, true, 0},
		{"short of tokens: nothing is spent", 0, 3, false, time.Second},
		{"the one left is still there", 0, 1, true, 0},
		{"empty", 0, 1, false, 500 * time.Millisecond},
		{"half a second brings one back", 500 * time.Millisecond, 1, true, 0},
		{"more than the burst costs the burst", 10 * time.Second, 50, true, 0},
		{"and leaves the bucket empty", 0, 0, true, 0},
		{"so that a whole burst is 2.5 s away", 0, 7, false, 2500 * time.Millisecond},
	}
	for _, s := range steps {
		clk.add(s.advance)
		if ok, wait := l.take("a", s.n); ok != s.ok || wait != s.wait {
			t.Fatalf("%s: take(%d) = %v, %s; want %v, %s", s.name, s.n, ok, wait, s.ok, s.wait)
		}
	}
}

func TestLimiterStaysBoundedUnderAFloodOfClients(t *testing.T) {
	clk := &clock{t: time.Now()}
	l := newLimiter(5, 1, clk.now)
	for i := range maxBuckets {
		l.take(fmt.Sprintf("ip:%d", i), 5)
	}
	if len(l.buckets) != maxBuckets {
		t.Fatalf("%d buckets", len(l.buckets))
	}
	// None is full again: the next client starts the map over rather than growing it.
	if ok, _ := l.take("ip:nuevo", 1); !ok || len(l.buckets) != 1 {
		t.Fatalf("after the flood: %v, %d buckets", ok, len(l.buckets))
	}
	// When the buckets have refilled, only those are dropped: a client still short of tokens
	// keeps its bucket (and its wait).
	l.take("ip:0", 5)
	for i := 1; i < maxBuckets-1; i++ {
		l.take(fmt.Sprintf("ip:%d", i), 1)
	}
	clk.add(time.Second)
	l.take("ip:otro", 1)
	if _, kept := l.buckets["ip:0"]; !kept || len(l.buckets) != 2 {
		t.Fatalf("after the refill: %d buckets, ip:0 kept %v", len(l.buckets), kept)
	}
	if ok, _ := l.take("ip:0", 2); ok {
		t.Fatal("ip:0 got a full bucket back")
	}
}

func seed(t *testing.T, f *fixture, at time.Time, n int, user string) {
	t.Helper()
	saved := f.clock.now()
	f.clock.mu.Lock()
	f.clock.t = at
	f.clock.mu.Unlock()
	in := make([]EntryInput, n)
	for i := range in {
		in[i] = EntryInput{Title: "Error global", Error: fmt.Sprintf("fallo %d", i), User: user, Origen: "window"}
	}
	if _, err := f.m.Service().Record(context.Background(), Source{IP: "10.0.0.1"}, in); err != nil {
		t.Fatal(err)
	}
	f.clock.mu.Lock()
	f.clock.t = saved
	f.clock.mu.Unlock()
}

func TestSweepRemovesExpiredEntriesAndKeepsTheCollectionBounded(t *testing.T) {
	f := newFixture(t, Limits{MaxEntries: 4})
	now := f.clock.now()
	seed(t, f, now.Add(-Retention-time.Minute), 2, "viejo")
	seed(t, f, now.Add(-Retention+time.Hour), 1, "reciente")
	if err := f.m.Service().Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := f.stored(t)
	if len(got) != 1 || got[0].User != "reciente" {
		t.Fatalf("after expiry: %+v", got)
	}
	for i := 1; i <= 5; i++ {
		seed(t, f, now.Add(time.Duration(i)*time.Minute), 1, fmt.Sprintf("n%d", i))
	}
	if err := f.m.Service().Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	users := map[string]bool{}
	for _, e := range f.stored(t) {
		users[e.User] = true
	}
	if len(users) != 4 || !users["n2"] || !users["n5"] || users["reciente"] || users["n1"] {
		t.Fatalf("after trimming to 4: %v", users)
	}
}

func TestTheSweeperRunsInTheBackgroundAndStops(t *testing.T) {
	f := newFixture(t, Limits{MaxEntries: 1000, SweepEvery: 20 * time.Millisecond})
	seed(t, f, f.clock.now().Add(-Retention-time.Hour), 3, "viejo")
	seed(t, f, f.clock.now(), 2, "nuevo")
	if err := f.m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := f.m.Start(context.Background()); err != nil { // a second Start does nothing
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(f.stored(t)) != 2 {
		if time.Now().After(deadline) {
			t.Fatalf("expired entries still there: %d", len(f.stored(t)))
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The clock moves past the retention of the rest; the next tick removes them.
	f.clock.add(Retention + time.Minute)
	for len(f.stored(t)) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("ticker did not sweep")
		}
		time.Sleep(20 * time.Millisecond)
	}
	done := make(chan struct{})
	go func() { f.m.Stop(); f.m.Stop(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Stop did not return")
	}
}

func TestManyNewEntriesWakeTheSweeper(t *testing.T) {
	f := newFixture(t, Limits{MaxEntries: 20, SweepEvery: time.Hour})
	if err := f.m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer f.m.Stop()
	time.Sleep(50 * time.Millisecond) // the first sweep at start
	for i := 0; i < 3; i++ {
		seed(t, f, f.clock.now().Add(time.Duration(i)*time.Second), 10, "x")
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(f.stored(t)) > 20 {
		if time.Now().After(deadline) {
			t.Fatalf("not trimmed: %d", len(f.stored(t)))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestStaffListsEntriesWithFilters(t *testing.T) {
	f := newFixture(t, Limits{})
	admin := f.token(t, "64b0000000000000000000aa", "Adela Admin", auth.Administrador)
	day := time.Date(2026, 11, 20, 18, 0, 0, 0, time.UTC) // 12:00 in Mexico City
	seed(t, f, day, 3, "Ana")
	seed(t, f, day.AddDate(0, 0, 1), 2, "Beto")
	// One entry from a signed-in user, with a distinctive text.
	f.clock.mu.Lock()
	f.clock.t = day.AddDate(0, 0, 2)
	f.clock.mu.Unlock()
	if _, err := f.m.Service().Record(context.Background(), Source{IP: "10.0.0.2", UserID: "64b000000000000000000003", UserName: "Carla Cajera", UserEmail: "carla@tienda.mx"},
		[]EntryInput{{Title: "Error al hacer un corte de caja", Error: "503 (Servicio no disponible)", Origen: "api:hacerCorte"}}); err != nil {
		t.Fatal(err)
	}

	list := func(query string) (Page, *httptest.ResponseRecorder) {
		rec := f.do(t, call{method: "GET", path: "/v1/logs?" + query, token: admin})
		var p Page
		if rec.Code == 200 {
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
				t.Fatal(err)
			}
		}
		return p, rec
	}
	tests := []struct {
		query string
		n     int
		more  bool
	}{
		{"", 6, false},
		{"desde=2026-11-21&hasta=2026-11-21", 2, false},
		{"desde=2026-11-21", 3, false},
		{"hasta=2026-11-20", 3, false},
		{"desde=" + url.QueryEscape(day.Add(time.Minute).Format(time.RFC3339)), 3, false},
		{"usuario=beto", 2, false},
		{"usuario=CARLA", 1, false},
		{"usuario=carla@tienda", 1, false},
		{"usuario=64b000000000000000000003", 1, false},
		{"q=corte+de+caja", 1, false},
		{"q=SERVICIO+NO", 1, false},
		{"q=fallo+1", 2, false},
		{"q=.*", 0, false}, // matched literally
		{"usuario=ana&q=fallo+2", 1, false},
		{"limit=4", 4, true},
		{"limit=4&page=2", 2, false},
		{"limit=4&page=3", 0, false},
	}
	for _, tt := range tests {
		p, rec := list(tt.query)
		if rec.Code != 200 || len(p.Logs) != tt.n || p.Meta.HasMore != tt.more {
			t.Errorf("%q: %d, %d entries, hasMore %v; want %d, %v: %.300s", tt.query, rec.Code, len(p.Logs), p.Meta.HasMore, tt.n, tt.more, rec.Body)
		}
	}
	p, _ := list("")
	for i := 1; i < len(p.Logs); i++ {
		if p.Logs[i].ReceivedAt.After(p.Logs[i-1].ReceivedAt) {
			t.Fatal("not newest first")
		}
	}
	if p.Logs[0].UserName != "Carla Cajera" || p.Logs[0].IP != "10.0.0.2" || p.Logs[0].Title != "Error al hacer un corte de caja" {
		t.Errorf("newest: %+v", p.Logs[0])
	}

	for _, q := range []string{"desde=ayer", "hasta=2026-13-01", "desde=2026-11-22&hasta=2026-11-21", "page=0", "limit=1000", "limit=x", "usuario=" + strings.Repeat("a", 101)} {
		_, rec := list(q)
		if e := decodeError(t, rec); rec.Code != 400 || e.Error.Code != "invalid" || len(e.Error.Fields) == 0 {
			t.Errorf("%q: %d %s", q, rec.Code, rec.Body)
		}
	}

	// Only Administrador reads the log.
	if rec := f.do(t, call{method: "GET", path: "/v1/logs"}); rec.Code != 401 {
		t.Errorf("anonymous: %d", rec.Code)
	}
	for _, r := range []auth.Role{auth.Auxiliar, auth.Cajero, auth.Comandero, auth.Cliente} {
		tok := f.token(t, "64b0000000000000000000bb", "Otro Usuario", r)
		if rec := f.do(t, call{method: "GET", path: "/v1/logs", token: tok}); rec.Code != 403 {
			t.Errorf("%s: %d", r, rec.Code)
		}
	}
}
