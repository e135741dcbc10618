package auth

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
)

func TestRoleTable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		p    Permission
		want []Role
	}{
		{Shop, Roles},
		{ManageOrders, []Role{Administrador, Auxiliar, Cajero, Comandero}},
		{CashDesk, []Role{Administrador, Cajero}},
		{ManageCatalog, []Role{Administrador, Auxiliar}},
		{ManageUsers, []Role{Administrador}},
	}
	for _, tt := range tests {
		allowed := map[Role]bool{}
		for _, r := range tt.want {
			allowed[r] = true
		}
		for _, r := range Roles {
			if r.Can(tt.p) != allowed[r] {
				t.Errorf("%s.Can(%d) = %v, want %v", r, tt.p, r.Can(tt.p), allowed[r])
			}
		}
	}
	if Role("Gerente").Valid() || Role("Gerente").Can(Shop) {
		t.Error("an unknown role is accepted")
	}
}

func TestTokens(t *testing.T) {
	t.Parallel()
	tok := NewTokens("0123456789abcdef0123456789abcdef", time.Hour)
	raw, err := tok.Issue("u1", "Ana", "ana@x.mx", Cajero)
	if err != nil {
		t.Fatal(err)
	}
	c, err := tok.Parse(raw)
	if err != nil || c.UserID() != "u1" || c.Role != Cajero || c.Name != "Ana" {
		t.Fatalf("parse: %+v %v", c, err)
	}
	if _, err := NewTokens("another-secret-of-32-characters!", time.Hour).Parse(raw); err == nil {
		t.Error("a token signed with another secret is accepted")
	}
	expired := NewTokens("0123456789abcdef0123456789abcdef", time.Hour)
	expired.now = func() time.Time { return time.Now().Add(-2 * time.Hour) }
	old, _ := expired.Issue("u1", "Ana", "ana@x.mx", Cajero)
	if _, err := tok.Parse(old); err == nil {
		t.Error("an expired token is accepted")
	}
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, Claims{Role: Administrador,
		RegisteredClaims: jwt.RegisteredClaims{Subject: "x", ExpiresAt: jwt.NewNumericDate(time.Now().Add(time.Hour))}}).
		SignedString(jwt.UnsafeAllowNoneSignatureType)
	if _, err := tok.Parse(none); err == nil {
		t.Error("an unsigned token is accepted")
	}
}

func TestMiddlewareAndRequire(t *testing.T) {
	t.Parallel()
	tok := NewTokens("0123456789abcdef0123456789abcdef", time.Hour)
	e := echo.New()
	e.HTTPErrorHandler = func(c *echo.Context, err error) { _ = c.NoContent(apperr.Status(apperr.CodeOf(err))) }
	e.Use(tok.Middleware(nil))
	e.GET("/caja", func(c *echo.Context) error { return c.String(200, UserID(c)) }, Require(CashDesk))
	cajero, _ := tok.Issue("c1", "Caja", "caja@x.mx", Cajero)
	cliente, _ := tok.Issue("k1", "Cliente", "k@x.mx", Cliente)
	tests := []struct {
		name, header string
		want         int
	}{
		{"no token", "", http.StatusUnauthorized},
		{"garbage", "Bearer abc", http.StatusUnauthorized},
		{"raw token", cajero, http.StatusOK},
		{"bearer token", "Bearer " + cajero, http.StatusOK},
		{"lower-case bearer", "bearer " + cajero, http.StatusOK},
		{"role without permission", "Bearer " + cliente, http.StatusForbidden},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(http.MethodGet, "/caja", nil)
		if tt.header != "" {
			req.Header.Set("Authorization", tt.header)
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if rec.Code != tt.want || (tt.want == http.StatusOK && rec.Body.String() != "c1") {
			t.Errorf("%s: %d %q", tt.name, rec.Code, rec.Body.String())
		}
	}
}
