package catalog

import (
	"cmp"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// Product is a document of the productos collection. It carries both the supplier fields (titulo,
// precios, details, ...) and the shop fields of the admin form (nombre, variantes, extras, ...).
type Product struct {
	ID bson.ObjectID `bson:"_id" json:"_id"`
	// SupplierProductID is the product's code at its supplier, the 'ID del producto' staff see
	// (an import from a distributor sets it to the distributor's producto_id); not the shop's _id.
	SupplierProductID string       `bson:"producto_id" json:"producto_id"`
	Titulo            string       `bson:"titulo" json:"titulo"`
	Marca             string       `bson:"marca" json:"marca"`
	MarcaLogo         string       `bson:"marca_logo" json:"marca_logo"`
	Modelo            string       `bson:"modelo" json:"modelo"`
	Garantia          string       `bson:"garantia" json:"garantia"`
	SatKey            string       `bson:"sat_key" json:"sat_key"`
	UnidadDeMedida    UnidadMedida `bson:"unidad_de_medida" json:"unidad_de_medida"`
	TotalExistencia   int          `bson:"total_existencia" json:"total_existencia"` // the sum of the variants' stock
	ImgPortada        string       `bson:"img_portada" json:"img_portada"`
	Largo             float64      `bson:"largo" json:"largo"`
	Ancho             float64      `bson:"ancho" json:"ancho"`
	Alto              float64      `bson:"alto" json:"alto"`
	Precios           Precios      `bson:"precios" json:"precios"`
	Details           *Details     `bson:"details,omitempty" json:"details,omitempty"`
	Categorias        []string     `bson:"categorias" json:"categorias"` // supplier category ids

	Nombre           string     `bson:"nombre" json:"nombre"`
	Descripcion      string     `bson:"descripcion" json:"descripcion,omitempty"`
	DescripcionCorta string     `bson:"descripcionCorta" json:"descripcionCorta,omitempty"`
	Categoria        string     `bson:"categoria" json:"categoria"`
	Proveedor        string     `bson:"proveedor" json:"proveedor,omitempty"`
	Favorito         bool       `bson:"favorito" json:"favorito"`
	FechaCompra      *time.Time `bson:"fechaCompra,omitempty" json:"fechaCompra,omitempty"`
	Imagen           string     `bson:"imagen" json:"imagen"`
	Stock            int        `bson:"stock" json:"stock"` // the sum of the variants' stock
	Variantes        []Variante `bson:"variantes" json:"variantes"`
	Extras           []Extra    `bson:"extras" json:"extras"`
	// DescuentoID names a discount of the discounts collection that applies to every variant
	// while it has not expired; "" when none.
	DescuentoID string `bson:"descuentoId,omitempty" json:"descuentoId,omitempty"`
	// Apartados are the units reserved by order lines whose orders are not settled yet, by the
	// line's key "<sale id>:<line>" (stock_reservations.go). Never shown, and not kept in memory.
	Apartados map[string]Apartado `bson:"apartados,omitempty" json:"-"`
	// MovimientosPendientes are the stock movements (movements.go) of the writes that changed
	// units other than by an order line's take, by the movement's id, written in the same update
	// as the units: each is removed once its movement is in movimientos_inventario, and stored
	// from here by the sweep when a crash came in between. Never shown, and not kept in memory.
	MovimientosPendientes map[string]Movement `bson:"movimientosPendientes,omitempty" json:"-"`
	// Archivado hides the product from the shop (lists, search, sitemap, its page) while the back
	// office keeps it: a product with stock or sales is archived, never deleted (archive.go).
	Archivado bool `bson:"archivado,omitempty" json:"archivado"`
	// Version grows by one on every edit (not on a sale); a PATCH that sends it is refused when it
	// is stale.
	Version int64 `bson:"version" json:"version"`
	// Revision grows by one on every write of the document, sales and settled reservations included: the
	// in-memory copy never takes a copy older than the one it holds.
	Revision int64 `bson:"revision" json:"-"`
	// CambiadoEn is when the document was last written (every write of it stamps it, by the store's
	// clock): other replicas poll the products written since their last poll (an indexed field).
	CambiadoEn *time.Time `bson:"cambiadoEn,omitempty" json:"-"`

	CreatedAt time.Time `bson:"createdAt" json:"createdAt"`
	UpdatedAt time.Time `bson:"updatedAt" json:"updatedAt"`

	// Distribuidor is set on a product imported from a distributor's catalogue (distributor.go).
	Distribuidor *Distribuidor `bson:"distribuidor,omitempty" json:"distribuidor,omitempty"`
}

// UnidadMedida is the SAT unit of measure.
type UnidadMedida struct {
	ClaveUnidadSat string `bson:"clave_unidad_sat" json:"clave_unidad_sat"`
}

// Precios are the supplier-shaped prices, in pesos, kept consistent with the first variant.
type Precios struct {
	PrecioLista     float64 `bson:"precio_lista" json:"precio_lista"`
	Precio1         float64 `bson:"precio_1" json:"precio_1"`
	PrecioDescuento float64 `bson:"precio_descuento" json:"precio_descuento"`
	PrecioOferta    float64 `bson:"precio_oferta" json:"precio_oferta"`
}

// Details are the heavy fields, left out of compact list answers.
type Details struct {
	Caracteristicas []string  `bson:"caracteristicas" json:"caracteristicas"`
	Recursos        []Recurso `bson:"recursos" json:"recursos"`
	Iconos          Iconos    `bson:"iconos" json:"iconos"`
	ImgPortada      string    `bson:"img_portada" json:"img_portada"`
	// Imagenes are the product's pictures in the order the shop shows them; the first is Imagen.
	Imagenes    []string `bson:"imagenes" json:"imagenes"`
	Descripcion string   `bson:"descripcion" json:"descripcion"`
}

// Iconos are the corner badges of a supplier product card.
type Iconos struct {
	SupIzq string `bson:"sup_izq" json:"sup_izq"`
	SupDer string `bson:"sup_der" json:"sup_der"`
}

// Variante is one sellable version of a product, with its own stock and prices in pesos.
type Variante struct {
	ID           bson.ObjectID `bson:"_id" json:"_id"`
	Talla        string        `bson:"talla" json:"talla"`
	Tamano       string        `bson:"tamano" json:"tamano"`
	Stock        int           `bson:"stock" json:"stock"`
	PrecioCompra float64       `bson:"precioCompra" json:"precioCompra"`
	PrecioVenta  float64       `bson:"precioVenta" json:"precioVenta"`
	Descuento    float64       `bson:"descuento" json:"descuento"` // percent
	// Minimo is the variant's minimum units: it is on the 'Bajo inventario' list while its units
	// are at or below it (inventory.go); 0 means no minimum (it is there at 0 units all the same).
	Minimo int `bson:"minimo" json:"minimo"`

	// DescuentoEfectivo and PrecioFinal are computed for each answer (the variant's own discount
	// or the product's discount while it applies); they are never stored.
	DescuentoEfectivo float64 `bson:"-" json:"descuentoEfectivo"`
	PrecioFinal       float64 `bson:"-" json:"precioFinal"`
}

// Apartado is what one order line reserves of a product (a reservation): Cantidad units of the
// variant Variante, given back to that variant if the order is never saved. Variante is missing
// only on reservations moved from the stock documents of earlier versions of a product with
// several variants.
type Apartado struct {
	Variante bson.ObjectID `bson:"variante,omitempty"`
	Cantidad int           `bson:"cantidad"`
	// Proveedor are the units of Cantidad taken from the distributor's availability
	// (distribuidor.existencia) when the shop's own were short: given back there, not to stock.
	Proveedor int `bson:"proveedor,omitempty"`
	// The stock movement of the take (movements.go): its id, chosen once with the reservation, so
	// that the take's movement is stored once whoever stores it (the take, or the sweep after a
	// crash); who placed the order, its folio, and when. Absent on reservations of earlier versions.
	Movimiento    bson.ObjectID `bson:"mov,omitempty"`
	Folio         string        `bson:"folio,omitempty"`
	UsuarioID     string        `bson:"usuarioId,omitempty"`
	NombreUsuario string        `bson:"usuario,omitempty"`
	Fecha         time.Time     `bson:"fecha,omitempty"`
}

// Extra is an add-on sold with a product.
type Extra struct {
	ID     bson.ObjectID `bson:"_id" json:"_id"`
	Nombre string        `bson:"nombre" json:"nombre"`
	Precio float64       `bson:"precio" json:"precio"`
}

// Discount is a document of the discounts collection: a named, expiring percentage that products
// may point to (Product.DescuentoID).
type Discount struct {
	ID             bson.ObjectID `bson:"_id" json:"_id"`
	Name           string        `bson:"name" json:"name"`
	Description    string        `bson:"description" json:"description"`
	Percentage     float64       `bson:"percentage" json:"percentage"`
	ExpirationDate string        `bson:"expirationDate" json:"expirationDate"` // AAAA-MM-DD, last day it applies
	CreatedAt      time.Time     `bson:"createdAt" json:"createdAt"`
	UpdatedAt      time.Time     `bson:"updatedAt" json:"updatedAt"`
	// Version is raised by every edit, which is guarded by the version it read: of two edits
	// that read the same one, the second is refused. 0: written before versions existed.
	Version int64 `bson:"version" json:"version"`
	// CambiadoEn is when the document was last written, by the store's clock, for the other
	// replicas' polls (pollChanges); nil on discounts written before it existed, which a full load
	// reads as any other.
	CambiadoEn *time.Time `bson:"cambiadoEn,omitempty" json:"-"`
}

// storedImage is a document of the imagenes collection: an uploaded picture, stored once under the
// hash of its bytes and served from /v1/imagenes/{id}; or of imagenes_anchos: one of its sizes
// (image_renditions.go), under "{id}/{size}.webp" or "{id}/{size}.jpg", served from /v1/imagenes/ + that.
type storedImage struct {
	ID     string `bson:"_id"`
	Tipo   string `bson:"tipo"`
	Tamano int    `bson:"tamano"`
	Datos  []byte `bson:"datos"`
	// Ancho and Alto are the picture's size in pixels, upright.
	Ancho int `bson:"ancho,omitempty"`
	Alto  int `bson:"alto,omitempty"`
	// Anchos, on an uploaded picture, lists its sizes once they are all stored; empty when it
	// cannot be resized, absent on pictures stored by earlier versions (sized at start or when
	// first asked for).
	Anchos *[]int `bson:"anchos,omitempty"`
	// Imagen, on a size, is the id of its picture.
	Imagen    string    `bson:"imagen,omitempty"`
	CreatedAt time.Time `bson:"createdAt"`
}

// label is the product's name in the back office (movements, the audit trail, exports): its
// Nombre, or its Titulo when it has none.
func (p *Product) label() string {
	return cmp.Or(strings.TrimSpace(p.Nombre), strings.TrimSpace(p.Titulo))
}

// compact returns the product without its heavy fields, for list answers.
func (p Product) compact() Product {
	p.Details = nil
	p.Descripcion = truncate(p.Descripcion, 160)
	p.DescripcionCorta = truncate(p.DescripcionCorta, 160)
	return p
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
