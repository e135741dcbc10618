package catalog

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
)

// Products imported from a distributor's catalogue (modules/catalog/suppliersync): the product
// remembers where it came from and what the distributor has of it ('disponible con proveedor'),
// apart from the shop's own units (the variants' stock). A field staff change by hand is recorded
// in Editados, and later syncs leave it as staff left it.

// Distribuidor is the distributor a product was imported from.
type Distribuidor struct {
	Nombre      string    `bson:"nombre" json:"nombre"`         // "Syscom"
	ProductoID  string    `bson:"productoId" json:"productoId"` // the distributor's producto_id
	Existencia  int       `bson:"existencia" json:"existencia"` // the distributor's units
	Actualizado time.Time `bson:"actualizado" json:"actualizado"`
	// Editados are the fields staff changed by hand since the import (EditableFields' names).
	Editados []string `bson:"editados,omitempty" json:"editados,omitempty"`
}

// The fields of an imported product a hand edit is recorded for: every field an import or a
// sync writes.
const (
	EditNombre      = "nombre" // nombre and titulo
	EditDescripcion = "descripcion"
	EditPrecio      = "precio"
	EditImagen      = "imagen"
	EditCategoria   = "categoria"
	EditDetalles    = "detalles"
	EditMarca       = "marca" // marca and marca_logo
	EditModelo      = "modelo"
	EditMedidas     = "medidas" // largo, ancho and alto
	EditCategorias  = "categorias"
	EditCodigo      = "producto_id"
	EditSatKey      = "sat_key"
	EditUnidad      = "unidad_de_medida"
	EditProveedor   = "proveedor"
)

// editedView is what a hand edit is compared on.
type editedView struct {
	nombre, titulo, descripcion, corta, imagen, categoria string
	marca, marcaLogo, modelo, codigo, satKey, proveedor   string
	unidad                                                UnidadMedida
	largo, ancho, alto                                    float64
	categorias                                            []string
	precio                                                float64
	details                                               *Details
}

func viewOf(p *Product) editedView {
	v := editedView{nombre: p.Nombre, titulo: p.Titulo, descripcion: p.Descripcion, corta: p.DescripcionCorta, imagen: p.Imagen,
		categoria: p.Categoria, details: p.Details, marca: p.Marca, marcaLogo: p.MarcaLogo, modelo: p.Modelo, codigo: p.SupplierProductID,
		satKey: p.SatKey, proveedor: p.Proveedor, unidad: p.UnidadDeMedida, largo: p.Largo, ancho: p.Ancho, alto: p.Alto,
		categorias: slices.Clone(p.Categorias)}
	if len(p.Variantes) > 0 {
		v.precio = p.Variantes[0].PrecioVenta
	}
	return v
}

// applyDistributor sets the distributor's record an import sends (Distribuidor, never from JSON),
// or, on a hand edit of an imported product, records which fields changed against before.
func (in *ProductInput) applyDistributor(p *Product, before editedView) {
	if in.Distribuidor != nil {
		d := *in.Distribuidor
		p.Distribuidor = &d
		return
	}
	if p.Distribuidor == nil {
		return
	}
	after := viewOf(p)
	d := *p.Distribuidor
	d.Editados = slices.Clone(d.Editados)
	mark := func(name string, changed bool) {
		if changed && !slices.Contains(d.Editados, name) {
			d.Editados = append(d.Editados, name)
		}
	}
	mark(EditNombre, before.nombre != after.nombre || before.titulo != after.titulo)
	mark(EditDescripcion, before.descripcion != after.descripcion || before.corta != after.corta)
	mark(EditPrecio, before.precio != after.precio)
	mark(EditImagen, before.imagen != after.imagen)
	mark(EditCategoria, before.categoria != after.categoria)
	mark(EditDetalles, !sameDetails(before.details, after.details))
	mark(EditMarca, before.marca != after.marca || before.marcaLogo != after.marcaLogo)
	mark(EditModelo, before.modelo != after.modelo)
	mark(EditMedidas, before.largo != after.largo || before.ancho != after.ancho || before.alto != after.alto)
	mark(EditCategorias, !slices.Equal(before.categorias, after.categorias))
	mark(EditCodigo, before.codigo != after.codigo)
	mark(EditSatKey, before.satKey != after.satKey)
	mark(EditUnidad, before.unidad != after.unidad)
	mark(EditProveedor, before.proveedor != after.proveedor)
	p.Distribuidor = &d
}

func sameDetails(a, b *Details) bool {
	if a == nil || b == nil {
		return a == b
	}
	return slices.Equal(a.Caracteristicas, b.Caracteristicas) && slices.Equal(a.Recursos, b.Recursos) &&
		slices.Equal(a.Imagenes, b.Imagenes) && a.Descripcion == b.Descripcion
}

// EntregaProveedor is what a shopper, the cart, the order and the ticket read about units the
// shop does not have in its hands and orders from the distributor.
const EntregaProveedor = "Disponible con proveedor: entrega en 3 a 5 días hábiles"

// fromSupplier is what the distributor has of a variant for sale: only an imported product's first
// variant (the distributor's product) is ordered from it.
func fromSupplier(p *Product, i int) int {
	if p.Distribuidor == nil || i != 0 || p.Distribuidor.Existencia < 0 {
		return 0
	}
	return p.Distribuidor.Existencia
}

// forSale tells whether a product can be ordered: units of its own, or the distributor's.
func forSale(p *Product) bool { return p.Stock > 0 || fromSupplier(p, 0) > 0 }

// own is what a reservation took of the variant's own units.
func (r Apartado) own() int { return r.Cantidad - r.Proveedor }

// DistributorProducts returns the ids of the products imported from the distributor nombre, by
// the distributor's producto_id.
func (s *Service) DistributorProducts(nombre string) map[string]string {
	out := map[string]string{}
	s.memory.each(func(p *Product) {
		if p.Distribuidor != nil && p.Distribuidor.Nombre == nombre {
			out[p.Distribuidor.ProductoID] = p.ID.Hex()
		}
	})
	return out
}

// DistributorProductID reads from the store the id of the product imported from the distributor
// nombre as its productoID (another replica's import this one may not have loaded yet).
func (s *Service) DistributorProductID(ctx context.Context, nombre, productoID string) (string, bool, error) {
	return s.store.distributorProductID(ctx, nombre, productoID)
}

// distributorProductID reads the id of the product imported from the distributor nombre as its
// productoID, from the primary; found=false when there is none.
func (s store) distributorProductID(ctx context.Context, nombre, productoID string) (string, bool, error) {
	var doc struct {
		ID bson.ObjectID `bson:"_id"`
	}
	err := s.db.W.Collection(productsCollection).FindOne(ctx,
		bson.M{"distribuidor.nombre": nombre, "distribuidor.productoId": productoID},
		options.FindOne().SetProjection(bson.M{"_id": 1})).Decode(&doc)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return "", false, nil
	}
	if err != nil {
		return "", false, apperr.Wrap(err, "catalog: find an imported product")
	}
	return doc.ID.Hex(), true, nil
}

// UpdateProductWith writes the input build makes from the product as stored, read again when a
// sale or an edit came in between, so the units it leaves are the stored ones (an import's or a
// sync's write never undoes a sale). build answers false to write nothing.
func (s *Service) UpdateProductWith(ctx context.Context, id string, build func(cur Product) (ProductInput, bool)) (Product, error) {
	oid, err := parseProductID(id)
	if err != nil {
		return Product{}, err
	}
	return s.edit(ctx, oid, nil, func(cur Product) (ProductInput, bool, error) {
		in, ok := build(cur)
		return in, ok, nil
	})
}

// StoreImage checks, resizes and stores a picture as an upload is (JPEG, PNG or WebP, at most
// 5 MB) and returns the URL a product points to.
func (s *Service) StoreImage(ctx context.Context, raw []byte) (string, error) {
	tipo := http.DetectContentType(raw)
	if !imageTypes[tipo] {
		return "", errImageType
	}
	if len(raw) > maxImageBytes {
		return "", errImageTooLarge
	}
	prep, err := s.prepareImage(ctx, newImage(raw, tipo))
	if err != nil {
		return "", err
	}
	if err := s.save(ctx, prep); err != nil {
		return "", apperr.Wrap(err, "catalog: store image")
	}
	return imageURLPrefix + prep.image.ID, nil
}

// ProductByID returns a product as stored, for the catalogue's own packages.
func (s *Service) ProductByID(ctx context.Context, id string) (Product, error) {
	oid, err := parseProductID(id)
	if err != nil {
		return Product{}, err
	}
	return s.store.product(ctx, oid)
}

// SetSupplierProductID sets the input's producto_id (a field of an unexported type), for imports.
func (in *ProductInput) SetSupplierProductID(id string) {
	f := flexString(id)
	in.SupplierProductID = &f
}

// SetTamano sets a variant input's tamano (a field of an unexported type), for imports.
func (vi *VariantInput) SetTamano(s string) { vi.Tamano = flexString(s) }
