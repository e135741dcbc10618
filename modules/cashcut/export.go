package cashcut

import (
	"slices"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/export"
	"tienda/pkg/httpx"
	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

// exportMethods are the payment methods that have a column of their own in the cuts export, in
// the order of the cut's report; any other method adds up under 'Otros'.
var exportMethods = []string{"Efectivo", "Tarjeta", "Transferencia", "Mercado Pago"}

// The cuts export ('Exportar' on 'Cortes de caja'): one row per closed cut, by number: its money
// by method, then its drawer as the printed cut says it (float, cash in and out, Calculado /
// Contado / Diferencia).
var cutColumns = func() []export.Column {
	cols := []export.Column{
		{Title: "Corte", Kind: export.KindInt, Width: 7},
		{Title: "Fecha", Kind: export.KindTime, Width: 17},
		{Title: "Cerrado el", Kind: export.KindTime, Width: 17},
		{Title: "Hecho por", Kind: export.KindText, Width: 22},
		{Title: "Ventas", Kind: export.KindInt, Width: 8},
	}
	for _, m := range append(exportMethods, "Otros") {
		cols = append(cols, export.Column{Title: m, Kind: export.KindMoney, Width: 13})
	}
	return append(cols,
		export.Column{Title: "Total", Kind: export.KindMoney, Width: 13},
		export.Column{Title: "Fondo de caja", Kind: export.KindMoney, Width: 13},
		export.Column{Title: "Ventas en efectivo", Kind: export.KindMoney, Width: 13},
		export.Column{Title: "Devoluciones en efectivo", Kind: export.KindMoney, Width: 13},
		export.Column{Title: "Retiros de efectivo", Kind: export.KindMoney, Width: 13},
		export.Column{Title: "Depósitos de efectivo", Kind: export.KindMoney, Width: 13},
		export.Column{Title: "Efectivo esperado", Kind: export.KindMoney, Width: 13},
		export.Column{Title: "Efectivo contado", Kind: export.KindMoney, Width: 13},
		export.Column{Title: "Diferencia", Kind: export.KindMoney, Width: 12},
		export.Column{Title: "Observaciones", Kind: export.KindText, Width: 40})
}()

func (c Cut) cells() []export.Cell {
	byMethod := map[string]money.Cents{}
	for _, t := range c.PorMetodo.Totales {
		key := t.Metodo
		if !slices.Contains(exportMethods, key) {
			key = "Otros"
		}
		v, _ := money.FromPesos(t.Venta) // stored from centavos
		byMethod[key] += v
	}
	closed, counted, diff := export.Cell{}, export.Cell{}, export.Cell{}
	if c.CerradoEn != nil {
		closed = export.Time(*c.CerradoEn)
	}
	if c.EfectivoContado != nil {
		counted = export.Pesos(*c.EfectivoContado)
	}
	if c.Diferencia != nil {
		diff = export.Pesos(*c.Diferencia)
	}
	cells := []export.Cell{export.Int(c.Numero), export.Time(c.Fecha), closed, export.Text(c.NombreUsuario), export.Int(int64(c.NumVentas))}
	for _, m := range append(exportMethods, "Otros") {
		cells = append(cells, export.Money(byMethod[m]))
	}
	return append(cells, export.Pesos(c.PorMetodo.TotalGeneral), export.Pesos(c.Fondo), export.Pesos(c.VentasEfectivo),
		export.Pesos(c.DevolucionesEfectivo), export.Pesos(c.Retiros), export.Pesos(c.Depositos), export.Pesos(c.EfectivoEsperado), counted, diff,
		export.Text(c.Observaciones))
}

// exportParams are the parameters of GET /v1/cortes/exportar.
type exportParams struct {
	Formato string    `query:"formato"` // export.ParseFormat
	Desde   time.Time `query:"desde"`
	Hasta   time.Time `query:"hasta" validate:"omitempty,gtefield=Desde"`
}

// exportCuts answers GET /v1/cortes/exportar?formato=csv|xlsx&desde&hasta: the closed cuts asked
// for between those days (AAAA-MM-DD in Mexico City, both included; either may be left out), as a
// download.
func (m *Module) exportCuts(c *echo.Context) error {
	var p exportParams
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	f, err := export.ParseFormat(p.Formato)
	if err != nil {
		return err
	}
	from, to := httpx.DayRange(p.Desde, p.Hasta)
	filter := closedCuts(from, to)
	ctx := c.Request().Context()
	first, total, err := m.service.store.exportFirst(ctx, filter)
	if err != nil {
		return err
	}
	name := "cortes-al-" + m.service.now().In(shoptime.Zone).Format(time.DateOnly)
	desde, hasta := p.Desde.Format(time.DateOnly), p.Hasta.Format(time.DateOnly)
	switch {
	case !p.Desde.IsZero() && !p.Hasta.IsZero():
		name = "cortes-" + desde + "-a-" + hasta
	case !p.Desde.IsZero():
		name = "cortes-desde-" + desde
	case !p.Hasta.IsZero():
		name = "cortes-hasta-" + hasta
	}
	spec := export.Spec{Format: f, Name: name, Sheet: "Cortes", Columns: cutColumns, Total: int(total)}
	return export.Stream(ctx, c.Response(), spec, func(write func(...export.Cell) error) error {
		return m.service.store.eachExported(ctx, filter, first, total, func(cut Cut) error { return write(cut.cells()...) })
	})
}
