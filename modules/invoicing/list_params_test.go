package invoicing

import (
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/httpx"
)

// readList reads query as GET facturas does.
func readList(t *testing.T, query string) (ListQuery, error) {
	t.Helper()
	e := echo.New()
	e.Validator = httpx.NewValidator()
	return parseList(e.NewContext(httptest.NewRequest("GET", "/v1/facturas?"+query, nil), httptest.NewRecorder()))
}

// The list's tipo and estado (listParams' tags name Tipos and Estados) take every value of their
// list, and a value outside it is answered with the list.
func TestListParamsTakeTheFacturasValues(t *testing.T) {
	t.Parallel()
	for name, values := range map[string][]string{"tipo": Tipos, "estado": Estados} {
		for _, v := range values {
			if _, err := readList(t, name+"="+v); err != nil {
				t.Errorf("%s=%s: %v", name, v, err)
			}
		}
		_, err := readList(t, name+"=otro")
		var e *apperr.Error
		if !errors.As(err, &e) || e.Message != apperr.BadParameters(e.Fields).Message || e.Fields[name] != apperr.MsgOneOf(values...) {
			t.Errorf("%s=otro: %v", name, err)
		}
	}
	q, err := readList(t, "q=+F-12+&tipo=global")
	if err != nil || q.Q != "F-12" || q.Tipo != TipoGlobal || q.Page != 1 || q.Limit != 25 || !q.Desde.IsZero() {
		t.Errorf("%+v %v", q, err)
	}
}
