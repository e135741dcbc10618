package logs

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
)

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
	tok := f.token("64b000000000000000000001", "Carla Cajera", auth.Cajero)
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
		{"time that is not ISO 8601", `{"logs":[{"error":"ok"},{"error":"x","time":"ayer"}]}`, 400, "invalid", apperr.MsgCheckFields, "logs[1].time"},
		{"error that is not text", `{"logs":[{"error":{"a":1}}]}`, 400, "invalid", "", ""},
		{"no logs field", `{"registros":[]}`, 400, "invalid", "", "logs"},
		{"logs is not a list", `{"logs":"hola"}`, 400, "invalid", "", ""},
		{"not JSON", `hola`, 400, "invalid", "El cuerpo de la solicitud no es JSON válido.", ""},
		{"empty body", ``, 400, "invalid", "El cuerpo de la solicitud está vacío.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(t, call{method: "POST", path: "/v1/logs", body: tt.body})
			e := httpxtest.DecodeError(t, rec)
			if rec.Code != tt.status || string(e.Code) != tt.code {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			if tt.message != "" && e.Message != tt.message {
				t.Errorf("message %q, want %q", e.Message, tt.message)
			}
			if tt.field != "" && e.Fields[tt.field] == "" {
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
	seed(t, f, f.clock.now().Add(-Retention-time.Minute), 1, "x") // expired: gone at the first sweep
	if err := f.m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer f.m.Stop()
	for deadline := time.Now().Add(10 * time.Second); len(f.stored(t)) > 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no first sweep at start")
		}
	}
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
	admin := f.token("64b0000000000000000000aa", "Adela Admin", auth.Administrador)
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

	// desde and hasta are days, as on every list: a time is refused.
	for q, field := range map[string]string{
		"desde=ayer": "desde", "hasta=2026-13-01": "hasta", "desde=2026-11-22&hasta=2026-11-21": "hasta",
		"desde=" + url.QueryEscape(day.Add(time.Minute).Format(time.RFC3339)): "desde",
		"hasta=" + url.QueryEscape(day.Format(time.RFC3339)):                  "hasta",
		"page=0": "page", "limit=1000": "limit", "limit=x": "limit", "usuario=" + strings.Repeat("a", 101): "usuario",
	} {
		_, rec := list(q)
		if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Code != "invalid" || e.Message != apperr.BadParameters(e.Fields).Message || e.Fields[field] == "" {
			t.Errorf("%q: %d %s", q, rec.Code, rec.Body)
		}
	}

	// Only Administrador reads the log.
	if rec := f.do(t, call{method: "GET", path: "/v1/logs"}); rec.Code != 401 {
		t.Errorf("anonymous: %d", rec.Code)
	}
	for _, r := range []auth.Role{auth.Auxiliar, auth.Cajero, auth.Comandero, auth.Cliente} {
		tok := f.token("64b0000000000000000000bb", "Otro Usuario", r)
		if rec := f.do(t, call{method: "GET", path: "/v1/logs", token: tok}); rec.Code != 403 {
			t.Errorf("%s: %d", r, rec.Code)
		}
	}
}
