package catalog

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/export"
	"tienda/pkg/httpx"
	"tienda/pkg/shoptime"
)

// inventoryRoutes registers 'Ajustar inventario', the stock movements and their export, and
// 'Bajo inventario': the catalogue's staff (manage).
func (m *Module) inventoryRoutes(g *echo.Group, manage echo.MiddlewareFunc) {
	g.POST("/inventario/ajustes", m.adjust, manage)
	g.GET("/inventario/movimientos", m.listMovements, manage)
	g.GET("/inventario/movimientos/exportar", m.exportMovements, manage)
	g.GET("/inventario/bajo", m.lowStock, manage)
}

// adjust answers POST inventario/ajustes with the adjustment's stock movement.
func (m *Module) adjust(c *echo.Context) error {
	var in AdjustInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	mv, err := m.service.AdjustStock(actorContext(c), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, mv)
}

// listMovements answers GET inventario/movimientos?producto&variante&tipo&desde&hasta&page&limit:
// newest first.
func (m *Module) listMovements(c *echo.Context) error {
	p := newMovementListParams()
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	list, total, err := m.service.Movements(c.Request().Context(), p.filter(), p.Page, p.Limit)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, struct {
		Movimientos []Movement     `json:"movimientos"`
		Meta        httpx.PageMeta `json:"meta"`
	}{list, httpx.NewPageMeta(p.Page, p.Limit, total)})
}

// lowStock answers GET inventario/bajo?page&limit from the in-memory catalogue.
func (m *Module) lowStock(c *echo.Context) error {
	p := newLowStockParams()
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	list, total := m.service.LowStock(p.Page, p.Limit)
	return c.JSON(http.StatusOK, struct {
		Variantes []LowStockItem `json:"variantes"`
		Meta      httpx.PageMeta `json:"meta"`
	}{list, httpx.NewPageMeta(p.Page, p.Limit, int64(total))})
}

// movementLabels are the kinds of movement as the back office names them.
var movementLabels = map[string]string{
	TipoVenta: "Venta", TipoCancelacion: "Cancelación", TipoPagoNoRecibido: "Pago no recibido",
	TipoEntrada: "Entrada de mercancía", TipoMerma: "Merma", TipoConteo: "Conteo físico",
	TipoDevolucion: "Devolución", TipoEdicion: "Edición del producto",
}

var movementColumns = []export.Column{
	{Title: "Fecha", Kind: export.KindTime, Width: 17},
	{Title: "Producto", Kind: export.KindText, Width: 40},
	{Title: "Talla", Kind: export.KindText, Width: 10},
	{Title: "Tamaño", Kind: export.KindText, Width: 12},
	{Title: "Tipo", Kind: export.KindText, Width: 20},
	{Title: "Cantidad", Kind: export.KindInt, Width: 9},
	{Title: "Antes", Kind: export.KindInt, Width: 8},
	{Title: "Después", Kind: export.KindInt, Width: 8},
	{Title: "Motivo", Kind: export.KindText, Width: 36},
	{Title: "Usuario", Kind: export.KindText, Width: 22},
	{Title: "Folio", Kind: export.KindText, Width: 22},
}

// exportMovements answers GET inventario/movimientos/exportar?formato=csv|xlsx with the
// movements the list's filters select, oldest first, streamed a batch at a time.
func (m *Module) exportMovements(c *echo.Context) error {
	var p movementExportParams
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	format, err := export.ParseFormat(p.Formato)
	if err != nil {
		return err
	}
	f := p.filter()
	ctx := c.Request().Context()
	total, err := m.service.countMovements(ctx, f)
	if err != nil {
		return err
	}
	spec := export.Spec{Format: format, Name: movementsFileName(f, m.service.now()), Sheet: "Movimientos",
		Columns: movementColumns, Total: int(total)}
	return export.Stream(ctx, c.Response(), spec, func(write func(...export.Cell) error) error {
		return m.service.eachMovement(ctx, f, total, func(mv *Movement) error {
			return write(export.Time(mv.Fecha), export.Text(mv.Producto), export.Text(mv.Talla), export.Text(mv.Tamano),
				export.Text(movementLabels[mv.Tipo]), export.Int(int64(mv.Cantidad)), optionalInt(mv.Antes), optionalInt(mv.Despues),
				export.Text(mv.Motivo), export.Text(mv.NombreUsuario), export.Text(mv.Folio))
		})
	})
}

// optionalInt is a whole-number cell, empty when unknown.
func optionalInt(n *int) export.Cell {
	if n == nil {
		return export.Cell{}
	}
	return export.Int(int64(*n))
}

// movementsFileName names an export by its days: movimientos-2026-11-01-a-2026-11-30, or the day
// it was made when the range is open.
func movementsFileName(f MovementFilter, now time.Time) string {
	day := func(t time.Time) string { return t.In(shoptime.Zone).Format(time.DateOnly) }
	switch {
	case !f.Desde.IsZero() && !f.Hasta.IsZero():
		return "movimientos-" + day(f.Desde) + "-a-" + day(f.Hasta.AddDate(0, 0, -1))
	case !f.Desde.IsZero():
		return "movimientos-" + day(f.Desde) + "-a-" + day(now)
	}
	return "movimientos-" + day(now)
}
