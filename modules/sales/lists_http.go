package sales

import (
	"cmp"
	"net/http"
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

// The lists' filters and sort, and the report's criterio (reportRequest), take the values the
// sales' code defines, registered by name (httpx.RegisterOneOf) for the tags to name.
func init() {
	httpx.RegisterOneOf("pago", PagoValues...)
	httpx.RegisterOneOf("entrega", EntregaValues...)
	httpx.RegisterOneOf("metodo_pago", MetodoValues...)
	httpx.RegisterOneOf("envio", EnvioCon, EnvioSin)
	httpx.RegisterOneOf("orden_ventas", listSorts...)
	httpx.RegisterOneOf("criterio_reporte", PorFechaDePago, PorFechaDeVenta)
}

// listParams are the parameters of both lists.
type listParams struct {
	Q       string    `query:"q" validate:"max=100"`
	Pago    string    `query:"pago" validate:"omitempty,pago"`
	Entrega string    `query:"entrega" validate:"omitempty,entrega"`
	Metodo  string    `query:"metodo" validate:"omitempty,metodo_pago"`
	Envio   string    `query:"envio" validate:"omitempty,envio"`
	Orden   string    `query:"orden" validate:"omitempty,orden_ventas"`
	Desde   time.Time `query:"desde"`
	Hasta   time.Time `query:"hasta" validate:"omitempty,gtefield=Desde"`
	httpx.PageParams
}

// listQuery reads a list's parameters, naming every bad one in Spanish; open is the order list
// (no date unless asked), otherwise a range of saved sales (today unless asked).
func listQuery(c *echo.Context, open bool, now time.Time) (ListQuery, error) {
	p := listParams{PageParams: httpx.PageParams{Page: 1, Limit: 25}}
	if err := httpx.BindQuery(c, &p); err != nil {
		return ListQuery{}, err
	}
	q := ListQuery{Needle: search.Needle(p.Q), Pago: p.Pago, Entrega: p.Entrega, Metodo: p.Metodo, Envio: p.Envio,
		Sort: cmp.Or(p.Orden, "-fecha"), Page: p.Page, Limit: p.Limit}
	q.From, q.To = httpx.DayRange(p.Desde, p.Hasta)
	if open {
		return q, nil
	}
	// A range of sales is today when neither day is given, ends today when only desde is, and
	// spans a year at most.
	if q.To.IsZero() {
		today, _ := time.ParseInLocation(time.DateOnly, now.In(shoptime.Zone).Format(time.DateOnly), shoptime.Zone)
		q.To = today.AddDate(0, 0, 1)
		if !q.From.IsZero() && !q.From.Before(q.To) { // desde after today
			return ListQuery{}, apperr.BadParameters(apperr.Fields{"hasta": apperr.MsgRange})
		}
	}
	if q.From.IsZero() {
		q.From = q.To.AddDate(0, 0, -1)
	}
	if q.To.Sub(q.From) > 367*24*time.Hour {
		return ListQuery{}, apperr.BadParameters(apperr.Fields{"hasta": msgAYearAtMost})
	}
	return q, nil
}
