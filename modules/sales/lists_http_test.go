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

// Each filter and the sort of the lists (listParams' tags name the sales' lists) takes every value
// of its list, and a value outside it is answered with the list.
func TestListParamsTakeTheSalesValues(t *testing.T) {
	t.Parallel()
	lists := map[string][]string{"pago": PagoValues, "entrega": EntregaValues, "metodo": MetodoValues, "envio": {EnvioCon, EnvioSin}, "orden": listSorts}
	for name, values := range lists {
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
