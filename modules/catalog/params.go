package catalog

import (
	"time"

	"tienda/pkg/httpx"
)

// The query parameters of the catalogue's lists, one struct per endpoint, read by httpx.BindQuery:
// the defaults are set before the call (newXParams), the rules are the tags. The texts of the
// product lists (titulo, categoria, q) are only ever compared in memory, never sent to the store,
// so no operator or pattern can be injected.

// The staff's product list's sort and the movements' kind take the names of adminOrders and
// MovementKinds, registered by name (httpx.RegisterOneOf) for the tags below to name.
func init() {
	orders := make([]string, len(adminOrders))
	for i, o := range adminOrders {
		orders[i] = o.name
	}
	httpx.RegisterOneOf("orden_productos", orders...)
	httpx.RegisterOneOf("tipo_movimiento", MovementKinds...)
}

// shopListParams are those of GET productos, the storefront's list.
type shopListParams struct {
	httpx.PageParams
	Compact   bool   `query:"compact"` // the list without the heavy fields; on unless compact=0
	Titulo    string `query:"titulo" validate:"max=100"`
	Categoria string `query:"categoria" validate:"max=100"`
	Favorito  bool   `query:"favorito"`
}

// shopPageSize is a page of the storefront's lists, as the app asks for them (PAGE_SIZE in
// frontend/src/lib/producto.ts; a test compares).
const shopPageSize = 24

func newShopListParams() shopListParams {
	return shopListParams{PageParams: httpx.PageParams{Page: 1, Limit: shopPageSize}, Compact: true}
}

// adminListParams are those of GET admin/productos: the storefront's, the archived products
// (archivados=1 lists only them) and a sort (orden: adminOrders; none is the catalogue's order).
type adminListParams struct {
	httpx.PageParams
	Compact    bool   `query:"compact"`
	Titulo     string `query:"titulo" validate:"max=100"`
	Categoria  string `query:"categoria" validate:"max=100"`
	Favorito   bool   `query:"favorito"`
	Archivados bool   `query:"archivados"`
	Orden      string `query:"orden" validate:"omitempty,orden_productos"`
}

func newAdminListParams() adminListParams {
	return adminListParams{PageParams: httpx.PageParams{Page: 1, Limit: 24}, Compact: true}
}

// searchParams are those of GET productos/search.
type searchParams struct {
	Q string `query:"q" validate:"max=100"`
	httpx.PageParams
}

func newSearchParams() searchParams {
	return searchParams{PageParams: httpx.PageParams{Page: 1, Limit: 20}}
}

// lowStockParams are those of GET inventario/bajo.
type lowStockParams struct {
	httpx.PageParams
}

func newLowStockParams() lowStockParams {
	return lowStockParams{PageParams: httpx.PageParams{Page: 1, Limit: 25}}
}

// movementFilterParams are the filters of the stock movements' list and export: a product, a
// variant, a kind of movement (MovementKinds) and whole days in the shop's zone, hasta included.
type movementFilterParams struct {
	Producto string    `query:"producto" validate:"omitempty,mongodb"`
	Variante string    `query:"variante" validate:"omitempty,mongodb"`
	Tipo     string    `query:"tipo" validate:"omitempty,tipo_movimiento"`
	Desde    time.Time `query:"desde"`
	Hasta    time.Time `query:"hasta" validate:"omitempty,gtefield=Desde"`
}

func (p movementFilterParams) filter() MovementFilter {
	f := MovementFilter{ProductID: p.Producto, VarianteID: p.Variante, Tipo: p.Tipo}
	f.Desde, f.Hasta = httpx.DayRange(p.Desde, p.Hasta)
	return f
}

// movementListParams are those of GET inventario/movimientos: its filters and page.
type movementListParams struct {
	movementFilterParams
	httpx.PageParams
}

func newMovementListParams() movementListParams {
	return movementListParams{PageParams: httpx.PageParams{Page: 1, Limit: 25}}
}

// movementExportParams are those of GET inventario/movimientos/exportar: the list's filters and
// the file's format (export.ParseFormat).
type movementExportParams struct {
	Formato string `query:"formato"`
	movementFilterParams
}

// exportParams are those of GET admin/productos/exportar: the file's format (export.ParseFormat).
type exportParams struct {
	Formato string `query:"formato"`
}
