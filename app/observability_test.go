package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getsentry/sentry-go"
	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/logx"
)

// recordingTransport is a Sentry transport that keeps the events instead of sending them.
type recordingTransport struct {
	mu     sync.Mutex
	events []*sentry.Event
}

func (t *recordingTransport) Configure(sentry.ClientOptions) {}
func (t *recordingTransport) SendEvent(e *sentry.Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.events = append(t.events, e)
}
func (t *recordingTransport) Flush(time.Duration) bool              { return true }
func (t *recordingTransport) FlushWithContext(context.Context) bool { return true }
func (t *recordingTransport) Close()                                {}

func (t *recordingTransport) take() []*sentry.Event {
	t.mu.Lock()
	defer t.mu.Unlock()
	ev := t.events
	t.events = nil
	return ev
}

// failingRoutes are handlers that fail in each way a real one can.
type failingRoutes struct{}

func (failingRoutes) Routes(g *echo.Group) {
	g.GET("/test/panic", func(*echo.Context) error { panic("secreto interno") })
	g.GET("/test/interno", func(*echo.Context) error { return errors.New("conexión perdida con el proveedor") })
	g.GET("/test/envuelto", func(*echo.Context) error {
		return apperr.Wrap(errors.New("disco lleno"), "sales: save")
	})
	g.GET("/test/no-encontrado", func(*echo.Context) error { return apperr.New(apperr.NotFound, "No existe.") })
	g.GET("/test/no-disponible", func(*echo.Context) error { return apperr.New(apperr.Unavailable, "") })
	g.GET("/test/protegido", func(*echo.Context) error { return nil }, auth.Require(auth.ManageUsers))
}

// sentryServer is the real server (middleware, error handler, request logger) reporting to a
// recording transport.
func sentryServer(t *testing.T) (http.Handler, *recordingTransport, *auth.Tokens) {
	t.Helper()
	cfg := testConfig(t, t.TempDir(), nil)
	tr := &recordingTransport{}
	hub, err := newSentryHub(cfg, tr)
	if err != nil || hub == nil {
		t.Fatalf("hub %v %v", hub, err)
	}
	tokens := auth.NewTokens(strings.Repeat("s", 32), time.Hour)
	health := func(c *echo.Context) error { return c.String(http.StatusOK, "ok") }
	return newServer(cfg, zerolog.Nop(), tokens.Middleware(nil), testWeb, nil, healthChecks{full: health}, []routes{failingRoutes{}}, sentryReporter(hub)), tr, tokens
}

func TestAPanicIsA500WithTheErrorShapeAndOneSentryEvent(t *testing.T) {
	h, tr, tokens := sentryServer(t)
	tok, err := tokens.Issue("64b0000000000000000000cc", "Ana", "ana@tienda.mx", auth.Cliente)
	if err != nil {
		t.Fatal(err)
	}
	rec := do(t, h, http.MethodGet, "/v1/test/panic", "", "Authorization", "Bearer "+tok)
	e := httpxtest.DecodeError(t, rec)
	if rec.Code != 500 || e.Code != "internal" || e.Message != "Ocurrió un error inesperado. Inténtalo de nuevo más tarde." ||
		strings.Contains(rec.Body.String(), "secreto") || strings.Contains(rec.Body.String(), "goroutine") {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	events := tr.take()
	if len(events) != 1 {
		t.Fatalf("%d Sentry events for one panic, want 1", len(events))
	}
	ev := events[0]
	if ev.Tags["request_id"] != e.RequestID || ev.Tags["panic"] != "true" || ev.Level != sentry.LevelFatal {
		t.Errorf("tags %v level %v, want request id %q", ev.Tags, ev.Level, e.RequestID)
	}
	if len(ev.Exception) == 0 || !strings.Contains(ev.Exception[len(ev.Exception)-1].Value, "secreto interno") {
		t.Errorf("exception %+v", ev.Exception)
	}
	if stack, _ := ev.Contexts["panic"]["stack"].(string); !strings.Contains(stack, "goroutine") {
		t.Errorf("panic stack missing: %v", ev.Contexts["panic"])
	}
	if ev.User.ID != "64b0000000000000000000cc" {
		t.Errorf("user %+v", ev.User)
	}
	if ev.Request == nil || ev.Request.URL == "" {
		t.Fatalf("request missing: %+v", ev.Request)
	}
	for k, v := range ev.Request.Headers {
		if strings.Contains(v, tok) {
			t.Errorf("the token was sent to Sentry in header %s", k)
		}
	}
}

func TestOnlyInternalErrorsAreReportedOnceEach(t *testing.T) {
	h, tr, _ := sentryServer(t)
	tests := []struct {
		path   string
		status int
		events int
	}{
		{"/v1/test/interno", 500, 1},
		{"/v1/test/envuelto", 500, 1},
		{"/v1/test/no-encontrado", 404, 0},
		{"/v1/test/no-disponible", 503, 0},
		{"/v1/test/protegido", 401, 0},
		{"/v1/no-existe", 404, 0},
		{"/v1/health", 200, 0},
	}
	for _, tt := range tests {
		rec := do(t, h, http.MethodGet, tt.path, "")
		events := tr.take()
		if rec.Code != tt.status || len(events) != tt.events {
			t.Errorf("%s: %d with %d events, want %d with %d", tt.path, rec.Code, len(events), tt.status, tt.events)
			continue
		}
		if tt.events == 1 {
			id := httpxtest.DecodeError(t, rec).RequestID
			if events[0].Tags["request_id"] != id || events[0].Tags["panic"] != "" {
				t.Errorf("%s: tags %v, want request id %q", tt.path, events[0].Tags, id)
			}
		}
	}
}

func TestSentryIsOffWithoutADSN(t *testing.T) {
	hub, err := newSentryHub(testConfig(t, t.TempDir(), nil), nil)
	if err != nil || hub != nil || sentryReporter(nil) != nil {
		t.Fatalf("hub %v err %v", hub, err)
	}
	hub, err = newSentryHub(testConfig(t, t.TempDir(), map[string]string{"SENTRY_DSN": "https://clave@o1.ingest.sentry.io/42"}), nil)
	if err != nil || hub == nil || hub.Client() == nil || hub.Client().Options().Dsn == "" {
		t.Fatalf("with a DSN: hub %v err %v", hub, err)
	}
}

// syncBuffer is a log destination safe for the goroutines of a running app.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestLogsHoldNoPasswordsOrTokens runs the whole app with a debug-level logger and signs in: the
// captured log has a JSON line per request and none of the secrets involved.
func TestLogsHoldNoPasswordsOrTokens(t *testing.T) {
	t.Parallel()
	const (
		password  = "Clave-Muy-Secreta-2026"
		wrong     = "Otra-Clave-Equivocada-99"
		jwtSecret = "secreto-de-firma-0123456789abcdef0123456789"
	)
	var out syncBuffer
	env := map[string]string{"ADMIN_EMAIL": "duena@tienda.mx", "ADMIN_PASSWORD": password, "JWT_SECRET": jwtSecret}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, err := New(ctx, testConfig(t, t.TempDir(), env), logx.New(&out, "debug"), testWeb)
	if err != nil {
		t.Fatal(err)
	}
	defer closeApp(t, a)
	h := a.Handler()

	if rec := do(t, h, http.MethodPost, "/v1/usuarios/login", `{"email":"duena@tienda.mx","password":"`+wrong+`"}`); rec.Code != 401 {
		t.Fatalf("wrong password: %d %s", rec.Code, rec.Body)
	}
	rec := do(t, h, http.MethodPost, "/v1/usuarios/login", `{"email":"duena@tienda.mx","password":"`+password+`"}`)
	var ans struct{ Data struct{ Token string } }
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &ans) != nil || ans.Data.Token == "" {
		t.Fatalf("login: %d %s", rec.Code, rec.Body)
	}
	tok := ans.Data.Token
	if rec := do(t, h, http.MethodGet, "/v1/logs", "", "Authorization", "Bearer "+tok); rec.Code != 200 {
		t.Fatalf("with the token: %d %s", rec.Code, rec.Body)
	}
	if rec := do(t, h, http.MethodPost, "/v1/logs", `{"logs":[{"error":"x"}]}`, "Authorization", tok); rec.Code != 200 {
		t.Fatalf("raw token: %d %s", rec.Code, rec.Body)
	}

	logged := out.String()
	var lines int
	for _, line := range strings.Split(strings.TrimSpace(logged), "\n") {
		var l struct {
			RequestID string  `json:"request_id"`
			Method    string  `json:"method"`
			Path      string  `json:"path"`
			Status    int     `json:"status"`
			Latency   float64 `json:"latency_ms"`
			UserID    *string `json:"user_id"`
			Message   string  `json:"message"`
		}
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("log line is not JSON: %q", line)
		}
		if l.Message == "request" {
			lines++
			if l.RequestID == "" || l.Method == "" || l.Path == "" || l.Status == 0 || l.UserID == nil {
				t.Errorf("request line lacks a field: %s", line)
			}
		}
	}
	if lines != 4 || !strings.Contains(logged, `"path":"/v1/usuarios/login","status":401`) || !strings.Contains(logged, `"path":"/v1/usuarios/login","status":200`) {
		t.Fatalf("%d request lines, want 4:\n%s", lines, logged)
	}
	for name, secret := range map[string]string{"password": password, "wrong password": wrong, "token": tok,
		"token signature": tok[strings.LastIndex(tok, ".")+1:], "JWT secret": jwtSecret} {
		if strings.Contains(logged, secret) {
			t.Errorf("the %s appears in the log:\n%s", name, logged)
		}
	}
	if strings.Contains(strings.ToLower(logged), "bearer") || strings.Contains(logged, `"password"`) {
		t.Errorf("credentials in the log:\n%s", logged)
	}
}
