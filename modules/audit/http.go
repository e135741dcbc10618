package audit

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/httpx"
)

// list answers GET /auditoria?coleccion&registro&usuario&desde&hasta&page&limit: the entries the
// filters select, newest first. registro and usuario are an id (24 hexadecimal digits) or part
// of the record's label or the user's name; desde and hasta are days (AAAA-MM-DD) in Mexico City,
// both included.
func (m *Module) list(c *echo.Context) error {
	f, err := parseFilter(c)
	if err != nil {
		return err
	}
	page, err := m.service.List(c.Request().Context(), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}

// listParams are the parameters of GET /auditoria.
type listParams struct {
	Coleccion string    `query:"coleccion"`
	Registro  string    `query:"registro" validate:"max=100"`
	Usuario   string    `query:"usuario" validate:"max=100"`
	Desde     time.Time `query:"desde"`
	Hasta     time.Time `query:"hasta" validate:"omitempty,gtefield=Desde"`
	httpx.PageParams
}

// parseFilter reads the query, with a Spanish message for each bad parameter.
func parseFilter(c *echo.Context) (Filter, error) {
	p := listParams{PageParams: httpx.PageParams{Page: 1, Limit: DefaultPageSize}}
	if err := httpx.BindQuery(c, &p); err != nil {
		return Filter{}, err
	}
	if p.Coleccion != "" && !slices.Contains(audit.Collections, p.Coleccion) {
		return Filter{}, apperr.BadParameters(apperr.Fields{"coleccion": apperr.MsgOneOf(audit.Collections...)})
	}
	f := Filter{Coleccion: p.Coleccion, Page: p.Page, Limit: p.Limit}
	f.RegistroID, f.Registro = idOrText(p.Registro)
	f.UsuarioID, f.Usuario = idOrText(p.Usuario)
	f.From, f.Before = httpx.DayRange(p.Desde, p.Hasta)
	return f, nil
}

// idOrText reads a filter that is either an id or part of a text.
func idOrText(v string) (id, text string) {
	if _, err := bson.ObjectIDFromHex(v); err == nil {
		return strings.ToLower(v), ""
	}
	return "", v
}
