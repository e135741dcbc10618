package catalog

import (
	"time"

	"tienda/pkg/httpx"
)

// The query parameters of the catalogue's lists, one struct per endpoint, read by httpx.BindQuery:
// the defaults are set before the call (newXParams), the rules are the tags. The texts of the
// product lists (titulo, categoria, q) are only ever compared in memory, never sent to the store,
// so no operator or pattern can be injected.

// shopListParams are those of GET productos, the storefront's list.
type shopListParams struct {
	Page      int    `query:"page" validate:"min=1,max=100000"`
	Limit     int    `query:"limit" validate:"min=1,max=100"`
	Compact   bool   `query:"compact"` // the list without the heavy fields; on unless compact=0
	Titulo    string `query:"titulo" validate:"max=100"`
	Categoria string `query:"categoria" validate:"max=100"`
	Favorito  bool   `query:"favorito"`
}

func newShopListParams() shopListParams { return shopListParams{Page: 1, Limit: 24, Compact: true} }

// adminListParams are those of GET admin/productos: the storefront's, the archived products
// (archivados=1 lists only them) and a sort (orden: adminOrders; none is the catalogue's order).
type adminListParams struct {
	Page       int    `query:"page" validate:"min=1,max=100000"`
	Limit      int    `query:"limit" validate:"min=1,max=100"`
	Compact    bool   `query:"compact"`
	Titulo     string `query:"titulo" validate:"max=100"`
	Categoria  string `query:"categoria" validate:"max=100"`
	Favorito   bool   `query:"favorito"`
	Archivados bool   `query:"archivados"`
	Orden      string `query:"orden" validate:"omitempty,oneof=nombre stock -stock -updatedAt"`
}

func newAdminListParams() adminListParams { return adminListParams{Page: 1, Limit: 24, Compact: true} }

// searchParams are those of GET productos/search.
type searchParams struct {
	Q     string `query:"q" validate:"max=100"`
	Page  int    `query:"page" validate:"min=1,max=100000"`
	Limit int    `query:"limit" validate:"min=1,max=100"`
}

func newSearchParams() searchParams { return searchParams{Page: 1, Limit: 20} }

// lowStockParams are those of GET inventario/bajo.
type lowStockParams struct {
	Page  int `query:"page" validate:"min=1,max=100000"`
	Limit int `query:"limit" validate:"min=1,max=100"`
}

func newLowStockParams() lowStockParams { return lowStockParams{Page: 1, Limit: 25} }

// movementListParams are those of GET inventario/movimientos: a product, a variant, a kind of
// movement (MovementKinds) and whole days in the shop's zone, hasta included.
type movementListParams struct {
	Producto string    `query:"producto" validate:"omitempty,mongodb"`
	Variante string    `query:"variante" validate:"omitempty,mongodb"`
	Tipo     string    `query:"tipo" validate:"omitempty,oneof=venta cancelacion pago_no_recibido entrada merma conteo devolucion edicion"`
	Desde    time.Time `query:"desde"`
	Hasta    time.Time `query:"hasta" validate:"omitempty,gtefield=Desde"`
	Page     int       `query:"page" validate:"min=1,max=100000"`
	Limit    int       `query:"limit" validate:"min=1,max=100"`
}

func newMovementListParams() movementListParams { return movementListParams{Page: 1, Limit: 25} }

func (p movementListParams) filter() MovementFilter {
	return movementFilterOf(p.Producto, p.Variante, p.Tipo, p.Desde, p.Hasta)
}

// movementExportParams are those of GET inventario/movimientos/exportar: the list's filters and
// the file's format (export.ParseFormat).
type movementExportParams struct {
	Formato  string    `query:"formato"`
	Producto string    `query:"producto" validate:"omitempty,mongodb"`
	Variante string    `query:"variante" validate:"omitempty,mongodb"`
	Tipo     string    `query:"tipo" validate:"omitempty,oneof=venta cancelacion pago_no_recibido entrada merma conteo devolucion edicion"`
	Desde    time.Time `query:"desde"`
	Hasta    time.Time `query:"hasta" validate:"omitempty,gtefield=Desde"`
}

func (p movementExportParams) filter() MovementFilter {
	return movementFilterOf(p.Producto, p.Variante, p.Tipo, p.Desde, p.Hasta)
}

// movementFilterOf is the filter of a product, a variant, a kind and the days from desde to
// hasta, both included (zero: open).
func movementFilterOf(producto, variante, tipo string, desde, hasta time.Time) MovementFilter {
	f := MovementFilter{ProductID: producto, VarianteID: variante, Tipo: tipo}
	f.Desde, f.Hasta = httpx.DayRange(desde, hasta)
	return f
}

// exportParams are those of GET admin/productos/exportar: the file's format (export.ParseFormat).
type exportParams struct {
	Formato string `query:"formato"`
}
