package audit

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/httpx"
	"tienda/pkg/shoptime"
)

// maxText bounds the texts of the filters.
const maxText = 100

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

// parseFilter reads the query, with a Spanish message for each bad parameter.
func parseFilter(c *echo.Context) (Filter, error) {
	bad := apperr.Fields{}
	f := Filter{Page: 1, Limit: DefaultPageSize}
	if v := strings.TrimSpace(c.QueryParam("coleccion")); v != "" {
		if !slices.Contains(audit.Collections, v) {
			bad.Add("coleccion", "Debe ser una de: "+strings.Join(audit.Collections, ", ")+".")
		}
		f.Coleccion = v
	}
	f.RegistroID, f.Registro = idOrText(c, "registro", bad)
	f.UsuarioID, f.Usuario = idOrText(c, "usuario", bad)
	f.From, f.Before = httpx.QueryDayRange(c, "desde", "hasta", shoptime.Zone, bad)
	f.Page = httpx.QueryInt(c, "page", 1, 1, 100000, bad)
	f.Limit = httpx.QueryInt(c, "limit", DefaultPageSize, 1, MaxPageSize, bad)
	if len(bad) > 0 {
		return Filter{}, apperr.InvalidFields("Parámetro inválido.", bad)
	}
	return f, nil
}

// idOrText reads a filter that is either an id or part of a text.
func idOrText(c *echo.Context, name string, bad apperr.Fields) (id, text string) {
	v := strings.TrimSpace(c.QueryParam(name))
	switch {
	case v == "":
	case len([]rune(v)) > maxText:
		bad.Add(name, "Debe tener como máximo "+strconv.Itoa(maxText)+" caracteres.")
	default:
		if _, err := bson.ObjectIDFromHex(v); err == nil {
			return strings.ToLower(v), ""
		}
		return "", v
	}
	return "", ""
}
