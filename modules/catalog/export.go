package catalog

import (
	"slices"
	"strings"

	"github.com/labstack/echo/v5"

	"tienda/pkg/export"
	"tienda/pkg/httpx"
	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

// The products export ('Exportar' on 'Productos'): one row per variant, as stock is counted per
// variant, by product name. Prices are before IVA, as the shop keeps them; 'Valor de inventario'
// is the units at their purchase price, what an accountant values the stock at.
var productColumns = []export.Column{
	{Title: "Producto", Kind: export.KindText, Width: 40},
	{Title: "Categoría", Kind: export.KindText, Width: 18},
	{Title: "Marca", Kind: export.KindText, Width: 14},
	{Title: "Modelo", Kind: export.KindText, Width: 16},
	{Title: "Talla", Kind: export.KindText, Width: 10},
	{Title: "Tamaño", Kind: export.KindText, Width: 12},
	{Title: "Existencias", Kind: export.KindInt, Width: 11},
	{Title: "Mínimo", Kind: export.KindInt, Width: 8},
	{Title: "Precio de compra", Kind: export.KindMoney, Width: 15},
	{Title: "Precio de venta (sin IVA)", Kind: export.KindMoney, Width: 15},
	{Title: "Precio final (sin IVA)", Kind: export.KindMoney, Width: 15},
	{Title: "Valor de inventario", Kind: export.KindMoney, Width: 16},
	{Title: "Proveedor", Kind: export.KindText, Width: 18},
	{Title: "Actualizado", Kind: export.KindTime, Width: 17},
}

// exportProducts answers GET /v1/admin/productos/exportar?formato=csv|xlsx: every product of the
// catalogue (read from memory), one row per variant.
func (m *Module) exportProducts(c *echo.Context) error {
	var p exportParams
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	f, err := export.ParseFormat(p.Formato)
	if err != nil {
		return err
	}
	all := selection{}
	// Shallow copies: the catalogue never changes a product in place (memory.go), and the rows are
	// written without holding its lock.
	products, _ := m.service.memory.page(all, 1, max(1, m.service.memory.count(all)))
	pr := m.service.memory.pricing(m.service.now())
	rows := 0
	for i := range products {
		products[i] = pr.priced(products[i])
		rows += len(products[i].Variantes)
	}
	order := make([]int, len(products)) // products by name, each name folded once
	folded := make([]string, len(products))
	for i := range products {
		order[i], folded[i] = i, fold(products[i].label())
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(folded[a], folded[b]) })
	spec := export.Spec{Format: f, Name: "productos-" + m.service.now().In(shoptime.Zone).Format("2006-01-02"), Sheet: "Productos",
		Columns: productColumns, Total: rows}
	return export.Stream(c.Request().Context(), c.Response(), spec, func(write func(...export.Cell) error) error {
		for _, i := range order {
			p := &products[i]
			for _, v := range p.Variantes {
				value, err := money.FromPesos(v.PrecioCompra)
				worth := export.Money(value.Times(int64(v.Stock)))
				if err != nil {
					worth = export.Cell{}
				}
				err = write(export.Text(p.label()), export.Text(p.Categoria), export.Text(p.Marca), export.Text(p.Modelo),
					export.Text(v.Talla), export.Text(v.Tamano), export.Int(int64(v.Stock)), export.Int(int64(v.Minimo)),
					export.Pesos(v.PrecioCompra), export.Pesos(v.PrecioVenta), export.Pesos(v.PrecioFinal), worth,
					export.Text(p.Proveedor), export.Time(p.UpdatedAt))
				if err != nil {
					return err
				}
			}
		}
		return nil
	})
}
