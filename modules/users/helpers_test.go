package users

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/auth"
	"tienda/pkg/httpx"
	"tienda/pkg/mail"
	"tienda/pkg/mongox"
)

const testSecret = "0123456789abcdef0123456789abcdef"

// clock is a settable time source for the service.
// It runs with real time plus an offset, since tokens are stamped with real time.
type clock struct {
	mu     sync.Mutex
	offset time.Duration
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return time.Now().Add(c.offset) }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
}

// nextSecond waits until the wall clock enters a new second, so that a token issued before and a
// change made after have different (whole-second) times.
func nextSecond() {
	time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(time.Second + 10*time.Millisecond)))
}

// outbox is a mail.Sender that keeps the messages.
type outbox struct {
	mu   sync.Mutex
	msgs []sentMail
}

type sentMail struct{ to, subject, body string }

func (o *outbox) Send(_ context.Context, m mail.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.msgs = append(o.msgs, sentMail{m.To, m.Subject, m.Text})
	return nil
}

func (o *outbox) all() []sentMail {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]sentMail(nil), o.msgs...)
}

var codeRe = regexp.MustCompile(`\b(\d{6})\b`)

// env is the module behind a real Echo server with the application's error handler, validator
// and token middleware (with the session check), on a fresh database.
type env struct {
	t     *testing.T
	e     *echo.Echo
	m     *Module
	clock *clock
	mail  *outbox
}

func newEnv(t *testing.T, mailer mail.Sender) *env {
	t.Helper()
	box := &outbox{}
	if mailer == nil {
		mailer = box
	}
	tokens := auth.NewTokens(testSecret, time.Hour)
	m := New(Deps{Store: mongox.TestDB(t), Tokens: tokens, Log: zerolog.Nop(), Mailer: mailer})
	clk := &clock{}
	m.service.now = clk.now
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.service.store.db.BuildIndexes(ctx, m.Collections()...); err != nil {
		t.Fatal(err)
	}
	if err := m.service.SeedDemo(ctx); err != nil {
		t.Fatal(err)
	}
	e := echo.NewWithConfig(echo.Config{HTTPErrorHandler: httpx.ErrorHandler(nil), Validator: httpx.NewValidator()})
	e.Use(tokens.Middleware(m.service.CheckSession))
	m.Routes(e.Group("/v1"))
	t.Cleanup(m.service.mails.Wait)
	return &env{t: t, e: e, m: m, clock: clk, mail: box}
}

type answer struct {
	code int
	body string
}

func (a answer) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(a.body), v); err != nil {
		t.Fatalf("%d %s: %v", a.code, a.body, err)
	}
}

type apiError struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}

func (a answer) err(t *testing.T) apiError {
	t.Helper()
	var e apiError
	a.decode(t, &e)
	return e
}

func (v *env) do(method, path, token, body string) answer {
	v.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	rec := httptest.NewRecorder()
	v.e.ServeHTTP(rec, req)
	return answer{rec.Code, rec.Body.String()}
}

type loginAnswer struct {
	Data struct {
		Token    string `json:"token"`
		Email    string `json:"email"`
		DataUser struct {
			ID    string `json:"id"`
			Name  string `json:"name"`
			Email string `json:"email"`
			Admin bool   `json:"admin"`
			Rol   string `json:"rol"`
		} `json:"dataUser"`
	} `json:"data"`
}

func (v *env) login(email, password string) loginAnswer {
	v.t.Helper()
	a := v.do(http.MethodPost, "/v1/usuarios/login", "", `{"email":"`+email+`","password":"`+password+`"}`)
	if a.code != 200 {
		v.t.Fatalf("login %s: %d %s", email, a.code, a.body)
	}
	var l loginAnswer
	a.decode(v.t, &l)
	return l
}

type userAnswer struct {
	Data struct {
		ID      string `json:"_id"`
		Name    string `json:"name"`
		Email   string `json:"email"`
		Phone   string `json:"phone"`
		Address string `json:"address"`
		Rol     string `json:"rol"`
		Status  bool   `json:"status"`
		Admin   bool   `json:"admin"`
	} `json:"data"`
}
