package sales

import (
	"errors"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/httpx"
)

// readList reads query as GET ventas/ordenes does.
func readList(t *testing.T, query string) (ListQuery, error) {
	t.Helper()
	e := echo.New()
	e.Validator = httpx.NewValidator()
	c := e.NewContext(httptest.NewRequest("GET", "/v1/ventas/ordenes?"+query, nil), httptest.NewRecorder())
	return listQuery(c, true, time.Now())
}

// The lists' pago, entrega and metodo (listParams' tags) take exactly the values a sale has, and a
// bad one is answered with them.
func TestListParamsTakeTheSalesValues(t *testing.T) {
	t.Parallel()
	for name, values := range map[string][]string{"pago": PagoValues, "entrega": EntregaValues, "metodo": MetodoValues} {
		for _, v := range values {
			if _, err := readList(t, name+"="+url.QueryEscape(v)); err != nil {
				t.Errorf("%s=%s: %v", name, v, err)
			}
		}
		_, err := readList(t, name+"=otro")
		var e *apperr.Error
		if !errors.As(err, &e) || e.Message != apperr.BadParameters(e.Fields).Message || e.Fields[name] != apperr.MsgOneOf(values...) {
			t.Errorf("%s=otro: %v", name, err)
		}
	}
	q, err := readList(t, "q=+JOSÉ+&metodo=Mercado+Pago&orden=")
	if err != nil || q.Needle != "jose" || q.Metodo != "Mercado Pago" || q.Sort != "-fecha" || q.Page != 1 || q.Limit != 25 {
		t.Errorf("%+v %v", q, err)
	}
}
