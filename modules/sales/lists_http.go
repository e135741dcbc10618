package sales

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/httpx"
	"tienda/pkg/search"
	"tienda/pkg/shoptime"
)

// listRoutes are the paged staff lists: the open orders (any sale when searched) for every staff
// role, a range of saved sales for the sales-report roles.
func (m *Module) listRoutes(g *echo.Group, orders, report echo.MiddlewareFunc) {
	g.GET("/ventas/ordenes", m.openOrders, orders)
	g.GET("/ventas/lista", m.salesList, report)
}

// listAnswer is a page of a staff list.
type listAnswer struct {
	Ventas []Sale         `json:"ventas"`
	Meta   httpx.PageMeta `json:"meta"`
}

// openOrders answers GET ventas/ordenes?q&pago&entrega&metodo&envio&desde&hasta&orden&page&limit:
// 'Lista de ordenes', the open orders, newest first unless asked otherwise, any date unless asked;
// a search (q) or a delivery state (entrega) looks through every saved sale, whatever its state.
func (m *Module) openOrders(c *echo.Context) error {
	q, err := listQuery(c, true, m.service.now())
	if err != nil {
		return err
	}
	list, total, err := m.service.OpenOrders(c.Request().Context(), q)
	if err != nil {
		return err
	}
	return writeList(c, q, list, total)
}

// salesList answers GET ventas/lista with the same parameters: the saved sales of a range of days
// (today unless asked, a year at most), for 'Reporte de ventas' and 'Reporte de envíos'.
func (m *Module) salesList(c *echo.Context) error {
	q, err := listQuery(c, false, m.service.now())
	if err != nil {
		return err
	}
	list, total, err := m.service.Sales(c.Request().Context(), q)
	if err != nil {
		return err
	}
	return writeList(c, q, list, total)
}

func writeList(c *echo.Context, q ListQuery, list []Sale, total int64) error {
	return c.JSON(http.StatusOK, listAnswer{Ventas: list, Meta: httpx.NewPageMeta(q.Page, q.Limit, total)})
}

// Bounds of a list's parameters.
const (
	maxSearch   = 100    // characters of q
	maxPage     = 100000 // pages
	maxLimit    = 100    // sales a page
	defaultPage = 25
)

// listQuery reads a list's parameters, naming every bad one in Spanish; open is the order list
// (no date unless asked), otherwise a range of saved sales (today unless asked).
func listQuery(c *echo.Context, open bool, now time.Time) (ListQuery, error) {
	bad := apperr.Fields{}
	q := ListQuery{Sort: "-fecha"}
	text := strings.TrimSpace(c.QueryParam("q"))
	if len([]rune(text)) > maxSearch {
		bad["q"] = "Debe tener como máximo " + strconv.Itoa(maxSearch) + " caracteres."
	}
	q.Needle = search.Needle(text)
	for _, p := range []struct {
		name   string
		into   *string
		values []string
	}{
		{"pago", &q.Pago, PagoValues},
		{"entrega", &q.Entrega, EntregaValues},
		{"metodo", &q.Metodo, MetodoValues},
		{"envio", &q.Envio, []string{"con", "sin"}},
		{"orden", &q.Sort, []string{"-fecha", "fecha", "-total", "total", "-folio", "folio"}},
	} {
		v := c.QueryParam(p.name)
		switch {
		case v == "":
		case validValue(v, p.values):
			*p.into = v
		default:
			bad[p.name] = "Debe ser " + oneOf(p.values) + "."
		}
	}
	q.Page = httpx.QueryInt(c, "page", 1, 1, maxPage, bad)
	q.Limit = httpx.QueryInt(c, "limit", defaultPage, 1, maxLimit, bad)
	q.From, q.To = listDays(c, open, now, bad)
	if len(bad) > 0 {
		return ListQuery{}, apperr.InvalidFields("Parámetro inválido.", bad)
	}
	return q, nil
}

// oneOf lists values as Spanish does: "Pendiente o Pagado", "A, B o C".
func oneOf(values []string) string {
	if len(values) == 1 {
		return values[0]
	}
	return strings.Join(values[:len(values)-1], ", ") + " o " + values[len(values)-1]
}

// listDays reads desde and hasta (AAAA-MM-DD, whole days in the shop's zone, hasta included) into
// [from, to). The order list takes either or neither; a range of sales is today when neither is
// given, ends today when only desde is, and spans a year at most. A bad value is named in bad.
func listDays(c *echo.Context, open bool, now time.Time, bad apperr.Fields) (from, to time.Time) {
	n := len(bad)
	from, to = httpx.QueryDayRange(c, "desde", "hasta", shoptime.Zone, bad)
	if len(bad) > n || open {
		return from, to
	}
	if to.IsZero() {
		today, _ := time.ParseInLocation(time.DateOnly, now.In(shoptime.Zone).Format(time.DateOnly), shoptime.Zone)
		to = today.AddDate(0, 0, 1)
		httpx.CheckDayRange(from, to, "hasta", bad) // desde after today
	}
	if from.IsZero() {
		from = to.AddDate(0, 0, -1)
	}
	if to.Sub(from) > 367*24*time.Hour {
		bad.Add("hasta", "El periodo no puede ser mayor a un año.")
	}
	return from, to
}
