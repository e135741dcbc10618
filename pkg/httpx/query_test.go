package httpx

import (
	"errors"
	"maps"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/shoptime"
)

// The lists the tests' parameters take, registered as a module registers its own.
func init() {
	RegisterOneOf("estado_prueba", "Pendiente", "Pagado", "Cancelado")
	RegisterOneOf("metodo_prueba", "Efectivo", "Mercado Pago")
}

type listParams struct {
	Q      string    `query:"q" validate:"max=5"`
	Page   int       `query:"page" validate:"min=1,max=10"`
	Solo   bool      `query:"solo"`
	Estado string    `query:"estado" validate:"omitempty,estado_prueba"`
	Metodo string    `query:"metodo" validate:"omitempty,metodo_prueba"`
	Desde  time.Time `query:"desde"`
	Hasta  time.Time `query:"hasta" validate:"omitempty,gtefield=Desde"`
}

func bindQuery(t *testing.T, query string) (listParams, error) {
	t.Helper()
	e := echo.New()
	e.Validator = NewValidator()
	c := e.NewContext(httptest.NewRequest("GET", "/lista?"+query, nil), httptest.NewRecorder())
	p := listParams{Page: 1}
	return p, BindQuery(c, &p)
}

func TestBindQueryReadsEachParameterAndKeepsDefaults(t *testing.T) {
	p, err := bindQuery(t, "q=+ab+&solo=1&estado=Pagado&metodo=Mercado+Pago&desde=2026-11-01&hasta=2026-11-01&otro=x")
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 11, 1, 0, 0, 0, 0, shoptime.Zone)
	want := listParams{Q: "ab", Page: 1, Solo: true, Estado: "Pagado", Metodo: "Mercado Pago", Desde: day, Hasta: day}
	if p != want {
		t.Fatalf("got %+v, want %+v", p, want)
	}
	if start, end := DayRange(p.Desde, p.Hasta); !start.Equal(day) || !end.Equal(day.AddDate(0, 0, 1)) {
		t.Fatalf("DayRange = %v, %v", start, end)
	}
	if _, end := DayRange(p.Desde, time.Time{}); !end.IsZero() {
		t.Fatalf("an absent end is open, got %v", end)
	}
}

func TestBindQueryNamesEveryBadParameterAtOnce(t *testing.T) {
	for query, want := range map[string]map[string]string{
		"q=abcdefg&page=x&solo=tal&estado=Otro&desde=2026-13-01&hasta=ayer": {
			"q": apperr.MsgMaxChars(5), "page": apperr.MsgIntBetween(1, 10), "solo": apperr.MsgFlag,
			"estado": apperr.MsgOneOf("Pendiente", "Pagado", "Cancelado"), "desde": apperr.MsgDay, "hasta": apperr.MsgDay,
		},
		"page=0&desde=2026-11-02&hasta=2026-11-01": {"page": apperr.MsgIntBetween(1, 10), "hasta": apperr.MsgRange},
		"metodo=Mercado":           {"metodo": apperr.MsgOneOf("Efectivo", "Mercado Pago")},
		"page=11&desde=1999-12-31": {"page": apperr.MsgIntBetween(1, 10), "desde": apperr.MsgDay},
	} {
		_, err := bindQuery(t, query)
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Code != apperr.Invalid || ae.Message != apperr.BadParameters(ae.Fields).Message {
			t.Fatalf("%s: got %v, want an invalid-parameter error", query, err)
		}
		if !maps.Equal(ae.Fields, want) {
			t.Errorf("%s:\n got  %v\n want %v", query, ae.Fields, want)
		}
	}
}

// A list's page and limit come from the embedded PageParams, read and checked as its own fields.
func TestBindQueryReadsAnEmbeddedPage(t *testing.T) {
	type params struct {
		Q string `query:"q" validate:"max=5"`
		PageParams
	}
	e := echo.New()
	e.Validator = NewValidator()
	read := func(query string) (params, error) {
		c := e.NewContext(httptest.NewRequest("GET", "/lista?"+query, nil), httptest.NewRecorder())
		p := params{PageParams: PageParams{Page: 1, Limit: 25}}
		return p, BindQuery(c, &p)
	}
	if p, err := read("page=3&limit=7"); err != nil || p.Page != 3 || p.Limit != 7 {
		t.Fatalf("got %+v, %v", p, err)
	}
	if p, err := read("q=x"); err != nil || p.Page != 1 || p.Limit != 25 {
		t.Fatalf("defaults: got %+v, %v", p, err)
	}
	_, err := read("page=x&limit=0")
	var ae *apperr.Error
	want := map[string]string{"page": apperr.MsgIntBetween(1, 100000), "limit": apperr.MsgIntBetween(1, 100)}
	if !errors.As(err, &ae) || !maps.Equal(ae.Fields, want) {
		t.Fatalf("got %v, want the fields %v", err, want)
	}
}
