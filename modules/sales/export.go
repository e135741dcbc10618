package sales

import (
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/export"
	"tienda/pkg/httpx"
	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

// The sales export ('Exportar' on 'Reporte de ventas'): one row per sale, oldest first. One row per
// sale and not per line, because that is what an accountant works with: a row is a receipt, so
// Subtotal, IVA and Total add up in a spreadsheet to the report's figures (filtered by Pago and
// Entrega, as cancelled and returned sales are listed too, so that no folio is missing); a row per
// line would repeat each sale's totals on every line. What was bought is in 'Productos', one text
// per sale; a shipment charged to the customer is not a product: it is in 'Envío' (before IVA, as
// Subtotal), and in Subtotal, IVA and Total like any line. 'Devuelto' is the money its returns
// refunded (with IVA).
var saleColumns = []export.Column{
	{Title: "Folio", Kind: export.KindText, Width: 22},
	{Title: "Fecha", Kind: export.KindTime, Width: 17},
	{Title: "Quien Ordena", Kind: export.KindText, Width: 24},
	{Title: "Comprador", Kind: export.KindText, Width: 24},
	{Title: "Método de pago", Kind: export.KindText, Width: 15},
	{Title: "Pago", Kind: export.KindText, Width: 10},
	{Title: "Entrega", Kind: export.KindText, Width: 11},
	{Title: "Artículos", Kind: export.KindInt, Width: 10},
	{Title: "Productos", Kind: export.KindText, Width: 50},
	{Title: "Envío", Kind: export.KindMoney, Width: 11},
	{Title: "Subtotal", Kind: export.KindMoney, Width: 12},
	{Title: "IVA", Kind: export.KindMoney, Width: 11},
	{Title: "Total", Kind: export.KindMoney, Width: 12},
	{Title: "Devuelto", Kind: export.KindMoney, Width: 12},
	{Title: "Pagada el", Kind: export.KindTime, Width: 17},
	{Title: "Corte", Kind: export.KindInt, Width: 7},
	{Title: "Registró", Kind: export.KindText, Width: 20},
}

// exportSale is what the export reads of a sale.
type exportSale struct {
	ID           bson.ObjectID         `bson:"_id"`
	Folio        string                `bson:"folio"`
	Fecha        time.Time             `bson:"fecha"`
	Cliente      string                `bson:"cliente"`
	Usuario      struct{ Name string } `bson:"usuario"`
	MetodoPago   string                `bson:"metodoPago"`
	Pago         string                `bson:"pago"`
	Entrega      string                `bson:"entrega"`
	Carrito      []exportLine          `bson:"carrito"`
	Devoluciones []struct {
		Monto float64 `bson:"monto"`
	} `bson:"devoluciones"`
	Subtotal      float64    `bson:"subtotal"`
	IVA           float64    `bson:"iva"`
	Total         float64    `bson:"total"`
	PagadoEn      *time.Time `bson:"pagadoEn"`
	Corte         int64      `bson:"corte"`
	NombreCreador string     `bson:"nombreCreador"`
}

type exportLine struct {
	Nombre      string  `bson:"nombre"`
	Talla       string  `bson:"talla"`
	Cantidad    int     `bson:"cantidad"`
	PrecioFinal float64 `bson:"precioFinal"`
	Envio       bool    `bson:"envio"`
}

func (v exportSale) cells() []export.Cell {
	units := 0
	var products strings.Builder
	var shipping, refunded money.Cents
	for _, l := range v.Carrito {
		if l.Envio {
			unit, _ := money.FromPesos(l.PrecioFinal)                 // stored from centavos
			shipping += money.PriceLine(unit, int64(l.Cantidad)).Base // before IVA, as Subtotal
			continue
		}
		units += l.Cantidad
		if products.Len() > 0 {
			products.WriteString("; ")
		}
		products.WriteString(strconv.Itoa(l.Cantidad) + " × " + l.Nombre)
		if l.Talla != "" && l.Talla != "Unico" {
			products.WriteString(" (" + l.Talla + ")")
		}
	}
	cut := export.Cell{}
	if v.Corte > 0 {
		cut = export.Int(v.Corte)
	}
	for _, d := range v.Devoluciones {
		m, _ := money.FromPesos(d.Monto)
		refunded += m
	}
	paid := export.Cell{}
	if v.PagadoEn != nil {
		paid = export.Time(*v.PagadoEn)
	}
	return []export.Cell{export.Text(v.Folio), export.Time(v.Fecha), export.Text(v.Cliente), export.Text(v.Usuario.Name),
		export.Text(v.MetodoPago), export.Text(v.Pago), export.Text(v.Entrega), export.Int(int64(units)),
		export.Text(products.String()), export.Money(shipping), export.Pesos(v.Subtotal), export.Pesos(v.IVA), export.Pesos(v.Total),
		export.Money(refunded), paid, cut,
		export.Text(v.NombreCreador)}
}

// exportParams are the parameters of GET /v1/ventas/exportar.
type exportParams struct {
	Formato   string `query:"formato"` // export.ParseFormat
	StartDate string `query:"startDate"`
	EndDate   string `query:"endDate"`
}

// exportSales answers GET /v1/ventas/exportar?formato=csv|xlsx&startDate&endDate: the sales of the
// range (ParseRange: whole days in Mexico City, today by default, a year at most), as a download.
func (m *Module) exportSales(c *echo.Context) error {
	var p exportParams
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	f, err := export.ParseFormat(p.Formato)
	if err != nil {
		return err
	}
	from, to, err := ParseRange(p.StartDate, p.EndDate, m.service.now())
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	first, total, err := m.service.store.exportFirst(ctx, from, to)
	if err != nil {
		return err
	}
	day := func(t time.Time) string { return t.In(shoptime.Zone).Format(time.DateOnly) }
	spec := export.Spec{Format: f, Name: "ventas-" + day(from) + "-a-" + day(to.Add(-time.Millisecond)), Sheet: "Ventas",
		Columns: saleColumns, Total: int(total)}
	return export.Stream(ctx, c.Response(), spec, func(write func(...export.Cell) error) error {
		return m.service.store.eachExported(ctx, from, to, first, total, func(v exportSale) error { return write(v.cells()...) })
	})
}
