package users

import (
	"context"
	"net/http"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mail"
	"tienda/pkg/mongox"
)

// clock is a settable time source for the service and its tokens: real time plus an offset.
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

// nextSecond moves the clock of the tokens and the service into its next whole second, so that a
// token issued before and a change made after have different (whole-second) times.
func (v *env) nextSecond() {
	now := v.clock.now()
	v.clock.add(now.Truncate(time.Second).Add(time.Second).Sub(now))
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

// env is the module on a fresh database behind the shop's error handler, validator and token
// middleware with the session check (httpxtest).
type env struct {
	t     *testing.T
	srv   *httpxtest.Server
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
	clk := &clock{}
	tokens := auth.NewTokensAt(httpxtest.Secret, time.Hour, clk.now)
	m := New(Deps{Store: mongox.TestDB(t), Tokens: tokens, Log: zerolog.Nop(), Mailer: mailer})
	m.service.now = clk.now
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.service.store.db.BuildIndexes(ctx, m.Collections()...); err != nil {
		t.Fatal(err)
	}
	if err := m.service.SeedDemo(ctx); err != nil {
		t.Fatal(err)
	}
	srv := httpxtest.New(t, httpxtest.Options{Tokens: tokens, Sessions: m.service.CheckSession}, m.Routes)
	t.Cleanup(m.service.mails.Wait)
	return &env{t: t, srv: srv, m: m, clock: clk, mail: box}
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
	a := v.srv.Do(http.MethodPost, "/v1/usuarios/login", "", `{"email":"`+email+`","password":"`+password+`"}`)
	if a.Code != 200 {
		v.t.Fatalf("login %s: %d %s", email, a.Code, a.Body)
	}
	return httpxtest.Decode[loginAnswer](v.t, a)
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
