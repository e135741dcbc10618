package auth

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
)

func TestSessionCheck(t *testing.T) {
	t.Parallel()
	tok := NewTokens("0123456789abcdef0123456789abcdef", time.Hour)
	revoked := map[string]bool{"gone": true}
	check := func(_ context.Context, c *Claims) (bool, error) {
		if c.Subject == "down" {
			return false, apperr.New(apperr.Unavailable, "")
		}
		return !revoked[c.Subject], nil
	}
	e := echo.New()
	e.HTTPErrorHandler = func(c *echo.Context, err error) { _ = c.NoContent(apperr.Status(apperr.CodeOf(err))) }
	e.Use(tok.Middleware(check))
	e.GET("/perfil", func(c *echo.Context) error { return c.String(200, UserID(c)) }, Require(Shop))
	e.GET("/publico", func(c *echo.Context) error { return c.String(200, "["+UserID(c)+"]") })
	issue := func(id string) string {
		s, err := tok.Issue(id, "N", "n@x.mx", Cliente)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	tests := []struct {
		name, path, token string
		want              int
		body              string
	}{
		{"active user", "/perfil", issue("u1"), 200, "u1"},
		{"revoked user on a protected route", "/perfil", issue("gone"), 401, ""},
		{"revoked user on a public route is anonymous", "/publico", issue("gone"), 200, "[]"},
		{"store down stops the request", "/publico", issue("down"), 503, ""},
		{"bad token is not checked", "/perfil", "Bearer basura", 401, ""},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(http.MethodGet, tt.path, nil)
		req.Header.Set("Authorization", tt.token)
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != tt.want || (tt.body != "" && rec.Body.String() != tt.body) {
			t.Errorf("%s: %d %q", tt.name, rec.Code, rec.Body.String())
		}
	}
}
