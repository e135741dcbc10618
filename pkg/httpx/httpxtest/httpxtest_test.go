package httpxtest

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
)

// The kit serves routes behind the shop's error handler and session middleware: a session the
// check refuses is anonymous, errors come in the one shape with the request's id, and a body
// that is not that shape fails the test reading it.
func TestTheKitServesAsTheShopDoes(t *testing.T) {
	t.Parallel()
	srv := New(t, Options{Sessions: func(_ context.Context, c *auth.Claims) (bool, error) { return c.Subject != "borrado", nil }},
		func(g *echo.Group) {
			g.GET("/perfil", func(c *echo.Context) error { return c.String(http.StatusOK, auth.UserID(c)) }, auth.Require(auth.Shop))
			g.POST("/eco", func(c *echo.Context) error {
				var in struct {
					Nombre string `json:"nombre" validate:"required"`
				}
				if err := c.Bind(&in); err != nil {
					return err
				}
				if err := c.Validate(in); err != nil {
					return err
				}
				return c.JSON(http.StatusOK, in)
			})
			g.POST("/archivo", func(c *echo.Context) error {
				f, err := c.FormFile("archivo")
				if err != nil {
					return err
				}
				r, err := f.Open()
				if err != nil {
					return err
				}
				defer func() { _ = r.Close() }()
				data, err := io.ReadAll(r)
				if err != nil {
					return err
				}
				return c.String(http.StatusOK, auth.UserID(c)+" "+f.Filename+" "+string(data))
			}, auth.Require(auth.Shop))
		})
	if rec := srv.Do(http.MethodGet, "/v1/perfil", srv.Token("u1", "Ana López", auth.Cliente), ""); rec.Code != http.StatusOK || rec.Body.String() != "u1" {
		t.Fatalf("a session: %d %s", rec.Code, rec.Body)
	}
	rec := srv.Do(http.MethodGet, "/v1/perfil", srv.Token("borrado", "Beto", auth.Cliente), "")
	if e := DecodeError(t, rec); rec.Code != http.StatusUnauthorized || e.Code != apperr.Unauthorized {
		t.Fatalf("a refused session: %d %+v", rec.Code, e)
	}
	rec = srv.Do(http.MethodPost, "/v1/eco", "", `{}`)
	if e := DecodeError(t, rec); rec.Code != http.StatusBadRequest || e.Fields["nombre"] == "" {
		t.Fatalf("a bad body: %d %+v", rec.Code, e)
	}
	if got := Decode[struct{ Nombre string }](t, srv.Do(http.MethodPost, "/v1/eco", "", `{"nombre":"Cámara"}`)); got.Nombre != "Cámara" {
		t.Fatalf("decoded %+v", got)
	}
	// A body given as a value is sent marshalled; RoleToken is a session of UserID in the role.
	if got := Decode[struct{ Nombre string }](t, srv.Do(http.MethodPost, "/v1/eco", "", map[string]any{"nombre": "Lente"})); got.Nombre != "Lente" {
		t.Fatalf("a value body: %+v", got)
	}
	if rec := srv.Do(http.MethodGet, "/v1/perfil", srv.RoleToken(auth.Auxiliar), nil); rec.Code != http.StatusOK || rec.Body.String() != UserID {
		t.Fatalf("a role's session: %d %s", rec.Code, rec.Body)
	}
	if rec := srv.Do(http.MethodGet, "/v1/perfil", srv.RoleToken(""), nil); rec.Code != http.StatusUnauthorized {
		t.Fatalf("no role, no session: %d %s", rec.Code, rec.Body)
	}
	// Upload sends a file as a form does.
	if rec := srv.Upload("/v1/archivo", srv.RoleToken(auth.Auxiliar), "archivo", "productos.csv", []byte("nombre,precio")); rec.Code != http.StatusOK || rec.Body.String() != UserID+" productos.csv nombre,precio" {
		t.Fatalf("an upload: %d %s", rec.Code, rec.Body)
	}
	// DecodeError fails on an answer without the error shape.
	for _, body := range []string{`{"nombre":"x"}`, `no es JSON`, `{"error":{"code":"invalid","message":"x"}}`} {
		rec := httptest.NewRecorder()
		rec.WriteString(body)
		var fake fakeT
		func() {
			defer func() { _ = recover() }()
			DecodeError(&fake, rec)
		}()
		if !fake.failed {
			t.Errorf("%s was read as an error answer", body)
		}
	}
}

// fakeT records a failure; Fatalf stops the reading as testing.T's does.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper() {}
func (f *fakeT) Fatalf(string, ...any) {
	f.failed = true
	panic("fatal")
}
