package catalog

import "go.mongodb.org/mongo-driver/v2/bson"

// The storefront's view of a product. Public routes (lists, search, a product, the product page's
// HTML) answer with PublicProduct, which names every field a shopper may see; what only staff may
// read (the purchase price of each variant, the supplier, the purchase date, the discount record,
// the edit version, the bookkeeping dates) exists only in Product, which staff routes answer with.
// A field added to Product stays private until it is added here too.

// PublicProduct is a product as anyone may read it.
type PublicProduct struct {
	ID                bson.ObjectID   `json:"_id"`
	SupplierProductID string          `json:"producto_id"`
	Titulo            string          `json:"titulo"`
	Marca             string          `json:"marca"`
	MarcaLogo         string          `json:"marca_logo"`
	Modelo            string          `json:"modelo"`
	Garantia          string          `json:"garantia"`
	SatKey            string          `json:"sat_key"`
	UnidadDeMedida    UnidadMedida    `json:"unidad_de_medida"`
	TotalExistencia   int             `json:"total_existencia"`
	ImgPortada        string          `json:"img_portada"`
	Largo             float64         `json:"largo"`
	Ancho             float64         `json:"ancho"`
	Alto              float64         `json:"alto"`
	Precios           Precios         `json:"precios"`
	Details           *Details        `json:"details,omitempty"`
	Categorias        []string        `json:"categorias"`
	Nombre            string          `json:"nombre"`
	Descripcion       string          `json:"descripcion,omitempty"`
	DescripcionCorta  string          `json:"descripcionCorta,omitempty"`
	Categoria         string          `json:"categoria"`
	Favorito          bool            `json:"favorito"`
	Imagen            string          `json:"imagen"`
	Stock             int             `json:"stock"`
	Variantes         []PublicVariant `json:"variantes"`
	Extras            []Extra         `json:"extras"`
	// DisponibleConProveedor is what the distributor has of an imported product (not the shop's).
	DisponibleConProveedor int `json:"disponibleConProveedor,omitempty"`
}

// PublicVariant is a variant as anyone may read it: its prices for sale, never its cost.
type PublicVariant struct {
	ID                bson.ObjectID `json:"_id"`
	Talla             string        `json:"talla"`
	Tamano            string        `json:"tamano"`
	Stock             int           `json:"stock"`
	PrecioVenta       float64       `json:"precioVenta"`
	Descuento         float64       `json:"descuento"`
	DescuentoEfectivo float64       `json:"descuentoEfectivo"`
	PrecioFinal       float64       `json:"precioFinal"`
}

// public returns what a shopper may see of p, which must already be priced (pricing.priced).
func (p Product) public() PublicProduct {
	vs := make([]PublicVariant, len(p.Variantes))
	for i, v := range p.Variantes {
		vs[i] = PublicVariant{ID: v.ID, Talla: v.Talla, Tamano: v.Tamano, Stock: v.Stock, PrecioVenta: v.PrecioVenta,
			Descuento: v.Descuento, DescuentoEfectivo: v.DescuentoEfectivo, PrecioFinal: v.PrecioFinal}
	}
	pub := PublicProduct{
		ID: p.ID, SupplierProductID: p.SupplierProductID, Titulo: p.Titulo, Marca: p.Marca, MarcaLogo: p.MarcaLogo, Modelo: p.Modelo,
		Garantia: p.Garantia, SatKey: p.SatKey, UnidadDeMedida: p.UnidadDeMedida, TotalExistencia: p.TotalExistencia,
		ImgPortada: p.ImgPortada, Largo: p.Largo, Ancho: p.Ancho, Alto: p.Alto, Precios: p.Precios, Details: p.Details,
		Categorias: p.Categorias, Nombre: p.Nombre, Descripcion: p.Descripcion, DescripcionCorta: p.DescripcionCorta,
		Categoria: p.Categoria, Favorito: p.Favorito, Imagen: p.Imagen, Stock: p.Stock, Variantes: vs, Extras: p.Extras,
	}
	if p.Distribuidor != nil {
		pub.DisponibleConProveedor = p.Distribuidor.Existencia
	}
	return pub
}
