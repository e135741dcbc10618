// Package httpxtest serves a module's routes in a test as the shop serves them (app/server.go):
// behind the one error handler, the validator, the request id and the token middleware, on /v1;
// and it reads the answers, error answers included, as a client would. It is the one test set-up
// of a module's HTTP routes.
package httpxtest

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"tienda/pkg/auth"
	"tienda/pkg/httpx"
)

// Secret signs the kit's tokens.
const Secret = "httpxtest-0123456789abcdef-0123456"

// Options change the server from the default: tokens of its own, every valid token trusted, no
// body limit.
type Options struct {
	// Tokens is the issuer to accept, when the module under test issues sessions itself (users);
	// nil: a new one signing with Secret, valid for an hour.
	Tokens *auth.Tokens
	// Sessions is the session check the token middleware runs (the shop's is the users module's);
	// nil trusts a valid token until it expires.
	Sessions auth.SessionCheck
	// BodyLimit bounds the bodies /v1 accepts (0: no bound).
	BodyLimit int64
}

// Server is a module's routes behind the shop's middleware and error handler.
type Server struct {
	t      testing.TB
	Echo   *echo.Echo
	Tokens *auth.Tokens
}

// New serves the routes each of mount registers on the /v1 group (a module's Routes).
func New(t testing.TB, o Options, mount ...func(g *echo.Group)) *Server {
	t.Helper()
	if o.Tokens == nil {
		o.Tokens = auth.NewTokens(Secret, time.Hour)
	}
	e := echo.NewWithConfig(echo.Config{
		HTTPErrorHandler: httpx.ErrorHandler(nil),
		Validator:        httpx.NewValidator(),
		IPExtractor:      echo.ExtractIPFromXFFHeader(),
	})
	e.Use(middleware.RequestID())
	e.Use(o.Tokens.Middleware(o.Sessions))
	var limits []echo.MiddlewareFunc
	if o.BodyLimit > 0 {
		limits = append(limits, middleware.BodyLimit(o.BodyLimit))
	}
	g := e.Group("/v1", limits...)
	for _, m := range mount {
		m(g)
	}
	return &Server{t: t, Echo: e, Tokens: o.Tokens}
}

// UserID is the id of the user RoleToken's sessions are of.
const UserID = "64b000000000000000000001"

// RoleToken is a session of the user UserID named "Prueba <role>" in the role ("" anonymous: no
// token), for a test in which who acts matters only by role.
func (s *Server) RoleToken(role auth.Role) string {
	s.t.Helper()
	if role == "" {
		return ""
	}
	return s.Token(UserID, "Prueba "+string(role), role)
}

// Token is a session of the user id with name and role, as a login answers it; the e-mail is made
// of the name's first word.
func (s *Server) Token(id, name string, role auth.Role) string {
	s.t.Helper()
	email := "prueba@tienda.mx"
	if f := strings.Fields(name); len(f) > 0 {
		email = strings.ToLower(f[0]) + "@tienda.mx"
	}
	tok, err := s.Tokens.Issue(id, name, email, role)
	if err != nil {
		s.t.Fatal(err)
	}
	return tok
}

// Do sends a request with the token ("" anonymous) and a JSON body, and answers the recorded
// response. The body is a string sent as it is ("" none), nil (none) or a value sent marshalled.
func (s *Server) Do(method, path, token string, body any) *httptest.ResponseRecorder {
	s.t.Helper()
	var raw string
	switch b := body.(type) {
	case nil:
	case string:
		raw = b
	default:
		j, err := json.Marshal(b)
		if err != nil {
			s.t.Fatal(err)
		}
		raw = string(j)
	}
	req := httptest.NewRequest(method, path, strings.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	authorize(req, token)
	return s.Serve(req)
}

// Upload posts a file as a browser's form does, in the multipart part field with the file's name
// and data, with the token ("" anonymous), and answers the recorded response.
func (s *Server) Upload(path, token, field, name string, data []byte) *httptest.ResponseRecorder {
	s.t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, err := w.CreateFormFile(field, name)
	if err == nil {
		_, err = part.Write(data)
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		s.t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	authorize(req, token)
	return s.Serve(req)
}

// authorize sends the token ("" none) with the request, as a bearer one.
func authorize(req *http.Request, token string) {
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+strings.TrimPrefix(token, "Bearer "))
	}
}

// Serve answers a request made by the test.
func (s *Server) Serve(req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	s.Echo.ServeHTTP(rec, req)
	return rec
}

// Decode reads a JSON answer into a T; it fails the test on a body that is not one.
func Decode[T any](t testing.TB, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("%d %s: %v", rec.Code, rec.Body, err)
	}
	return v
}

// DecodeError reads an error answer; it fails the test unless it has the shop's one error shape:
// a code, a message and the request's id, the one in the X-Request-Id header.
func DecodeError(t testing.TB, rec *httptest.ResponseRecorder) httpx.ErrorDetail {
	t.Helper()
	var b httpx.ErrorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &b); err != nil {
		t.Fatalf("%d: the error body is not the JSON error shape: %q", rec.Code, rec.Body)
	}
	e := b.Error
	if e.Code == "" || e.Message == "" || e.RequestID == "" {
		t.Fatalf("%d: incomplete error body: %q", rec.Code, rec.Body)
	}
	if id := rec.Header().Get(echo.HeaderXRequestID); e.RequestID != id {
		t.Fatalf("%d: request id %q differs from the header's %q", rec.Code, e.RequestID, id)
	}
	return e
}
