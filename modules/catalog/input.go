package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/cfdi"
)

// Limits of a product write.
const (
	maxPrice     = 10_000_000 // pesos
	maxStock     = 1_000_000
	maxVariantes = 50
	maxExtras    = 50
)

// ProductInput is the body of POST and PATCH productos: the admin form's fields and the supplier
// fields, all optional so that a PATCH changes only what it sends (the original front end sends
// the whole product). Names that mean the same thing are reconciled by the server: nombre wins
// over titulo, the variants' stock over stock and total_existencia, the first variant over precios.
type ProductInput struct {
	Nombre           *string `json:"nombre" validate:"omitempty,max=200"`
	Titulo           *string `json:"titulo" validate:"omitempty,max=200"`
	Descripcion      *string `json:"descripcion" validate:"omitempty,max=10000"`
	DescripcionCorta *string `json:"descripcionCorta" validate:"omitempty,max=500"`
	Categoria        *string `json:"categoria" validate:"omitempty,max=100"`
	Proveedor        *string `json:"proveedor" validate:"omitempty,max=200"`
	Favorito         *bool   `json:"favorito"`
	FechaCompra      *string `json:"fechaCompra" validate:"omitempty,max=40"`
	// Imagen is a data URL (a new upload), /v1/imagenes/... (kept) or an external http(s) URL.
	Imagen          *string        `json:"imagen"`
	Stock           *float64       `json:"stock"`
	TotalExistencia *float64       `json:"total_existencia"`
	Variantes       []VariantInput `json:"variantes" validate:"omitempty,max=50,dive"`
	Extras          []ExtraInput   `json:"extras" validate:"omitempty,max=50,dive"`
	DescuentoID     *string        `json:"descuentoId" validate:"omitempty,max=24"`
	Version         *int64         `json:"version"`

	SupplierProductID *flexString   `json:"producto_id" validate:"omitempty,max=40"`
	Marca             *string       `json:"marca" validate:"omitempty,max=100"`
	MarcaLogo         *string       `json:"marca_logo" validate:"omitempty,max=2000"`
	Modelo            *string       `json:"modelo" validate:"omitempty,max=100"`
	Garantia          *string       `json:"garantia" validate:"omitempty,max=100"`
	SatKey            *string       `json:"sat_key" validate:"omitempty,max=20"`
	UnidadDeMedida    *UnidadMedida `json:"unidad_de_medida"`
	ImgPortada        *string       `json:"img_portada" validate:"omitempty,max=2000"`
	Largo             *float64      `json:"largo" validate:"omitempty,gte=0,lte=100000"`
	Ancho             *float64      `json:"ancho" validate:"omitempty,gte=0,lte=100000"`
	Alto              *float64      `json:"alto" validate:"omitempty,gte=0,lte=100000"`
	Precios           *Precios      `json:"precios"`
	Details           *DetailsInput `json:"details"`
	Categorias        []string      `json:"categorias" validate:"omitempty,max=20,dive,max=20"`

	// Distribuidor is set by a distributor's import or sync (distributor.go), never by a request.
	Distribuidor *Distribuidor `json:"-"`
}

// VariantInput is one variant of the form. Numbers are checked in normalize, with messages that
// say "whole number".
type VariantInput struct {
	ID           string     `json:"_id" validate:"omitempty,max=24"`
	Talla        string     `json:"talla" validate:"max=40"`
	Tamano       flexString `json:"tamano" validate:"max=40"`
	Stock        *float64   `json:"stock"`
	PrecioCompra *float64   `json:"precioCompra"`
	PrecioVenta  *float64   `json:"precioVenta"`
	Descuento    *float64   `json:"descuento"`
	Minimo       *float64   `json:"minimo"` // absent: a variant kept keeps its minimum
}

// ExtraInput is one extra of the form.
type ExtraInput struct {
	ID     string   `json:"_id" validate:"omitempty,max=24"`
	Nombre string   `json:"nombre" validate:"max=100"`
	Precio *float64 `json:"precio"`
}

// flexString accepts a JSON string or number (the form's tamano is 32 or "100 g").
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*f = ""
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flexString(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return &json.UnmarshalTypeError{Value: "value", Type: reflect.TypeFor[string]()}
	}
	*f = flexString(n.String())
	return nil
}

func whole(f apperr.Fields, field string, v *float64, hi float64, required bool) int64 {
	if v == nil {
		if required {
			f.Add(field, apperr.MsgRequired)
		}
		return 0
	}
	switch {
	case math.IsNaN(*v) || *v < 0:
		f.Add(field, apperr.MsgIntAtLeast(0))
	case *v != math.Trunc(*v):
		f.Add(field, apperr.MsgInteger)
	case *v > hi:
		f.Add(field, apperr.MsgIntAtMost(int(hi)))
	default:
		return int64(*v)
	}
	return 0
}

// pesos reads an amount in pesos: a number from 0 to hi with at most two decimals (centavos).
// Anything else is refused, naming the field; nothing is rounded away silently.
func pesos(f apperr.Fields, field string, v *float64, hi float64, required bool) float64 {
	if v == nil {
		if required {
			f.Add(field, apperr.MsgRequired)
		}
		return 0
	}
	cents := math.Round(*v * 100)
	switch {
	case math.IsNaN(*v) || *v < 0:
		f.Add(field, "Debe ser un importe mayor o igual a 0.")
	case *v > hi:
		f.Add(field, fmt.Sprintf("Debe ser como máximo %s.", strconv.FormatFloat(hi, 'f', -1, 64)))
	case math.Abs(*v*100-cents) > 1e-3:
		f.Add(field, "Usa como máximo dos decimales (centavos).")
	default:
		return cents / 100
	}
	return 0
}

func percent(f apperr.Fields, field string, v *float64) float64 {
	if v == nil {
		return 0
	}
	if math.IsNaN(*v) || *v < 0 || *v > 100 {
		f.Add(field, "Debe ser un número entre 0 y 100.")
		return 0
	}
	return math.Round(*v*100) / 100
}

func set[T any](dst *T, src *T) {
	if src != nil {
		*dst = *src
	}
}

func trimmed(s *string) *string {
	if s == nil {
		return nil
	}
	t := strings.TrimSpace(*s)
	return &t
}

// apply writes the input over p (a copy of the stored product, or a new one), reconciles the
// fields that mean the same thing and checks the result. Images are handled by the caller.
func (in *ProductInput) apply(p *Product, pr pricing, cats *categorySet) error {
	f := apperr.Fields{}
	before := viewOf(p)
	in.applyPlainFields(p, f)
	in.applyName(p, f)
	in.applyCategory(p, f, cats)
	in.applyPurchaseDate(p, f)
	in.applyDiscount(p, f, pr)
	in.applyVariants(p, f)
	checkDuplicateVariants(p, f)
	in.applyExtras(p, f)
	in.applyDistributor(p, before)
	return f.Err()
}

// applyPlainFields writes the fields taken as they come (trimmed), and the supplier code.
func (in *ProductInput) applyPlainFields(p *Product, f apperr.Fields) {
	set(&p.Descripcion, in.Descripcion)
	set(&p.DescripcionCorta, in.DescripcionCorta)
	set(&p.Proveedor, trimmed(in.Proveedor))
	set(&p.Favorito, in.Favorito)
	set(&p.Marca, trimmed(in.Marca))
	set(&p.MarcaLogo, trimmed(in.MarcaLogo))
	set(&p.Modelo, trimmed(in.Modelo))
	set(&p.Garantia, trimmed(in.Garantia))
	set(&p.SatKey, trimmed(in.SatKey))
	set(&p.UnidadDeMedida, in.UnidadDeMedida)
	in.checkSATKeys(p, f)
	set(&p.ImgPortada, trimmed(in.ImgPortada))
	set(&p.Largo, in.Largo)
	set(&p.Ancho, in.Ancho)
	set(&p.Alto, in.Alto)
	if in.SupplierProductID != nil {
		p.SupplierProductID = strings.TrimSpace(string(*in.SupplierProductID))
	}
	in.applyDetails(p, f)
	if in.Categorias != nil {
		p.Categorias = in.Categorias
	}
	if p.Categorias == nil {
		p.Categorias = []string{}
	}
}

// applyName reconciles the name and the description: nombre is the shop's, titulo the supplier's;
// one is enough and both end up equal. The description follows details' when it has none.
func (in *ProductInput) applyName(p *Product, f apperr.Fields) {
	name := p.Nombre
	if name == "" {
		name = p.Titulo
	}
	if in.Nombre != nil || in.Titulo != nil {
		name = ""
		if in.Nombre != nil {
			name = strings.TrimSpace(*in.Nombre)
		}
		if name == "" && in.Titulo != nil {
			name = strings.TrimSpace(*in.Titulo)
		}
	}
	if name == "" {
		f.Add("nombre", apperr.MsgRequired)
	}
	p.Nombre, p.Titulo = name, name
	if p.Details != nil && in.Descripcion != nil {
		p.Details.Descripcion = p.Descripcion
	}
	if p.Descripcion == "" && p.Details != nil {
		p.Descripcion = p.Details.Descripcion
	}
}

// applyCategory requires a category of the shop's tree (categories.go resolves its id, an alias
// or its name); a category sent is stored as its id, one kept keeps its spelling.
func (in *ProductInput) applyCategory(p *Product, f apperr.Fields, cats *categorySet) {
	if in.Categoria != nil {
		p.Categoria = strings.TrimSpace(*in.Categoria)
	}
	c, ok := cats.resolve(p.Categoria)
	switch {
	case p.Categoria == "":
		f.Add("categoria", apperr.MsgRequired)
	case !ok:
		f.Add("categoria", "Elige una de las categorías de la lista.")
	case in.Categoria != nil:
		p.Categoria = c.ID
	}
}

// applyPurchaseDate sets or, when sent empty, removes the purchase date.
func (in *ProductInput) applyPurchaseDate(p *Product, f apperr.Fields) {
	if in.FechaCompra == nil {
		return
	}
	p.FechaCompra = nil
	if s := strings.TrimSpace(*in.FechaCompra); s != "" {
		t, err := parseDate(s)
		if err != nil {
			f.Add("fechaCompra", "Ingresa una fecha válida en formato AAAA-MM-DD.")
		} else {
			p.FechaCompra = &t
		}
	}
}

// applyDiscount sets or, when sent empty, removes the product's discount, which must exist and,
// when it is new to the product, not have expired.
func (in *ProductInput) applyDiscount(p *Product, f apperr.Fields, pr pricing) {
	if in.DescuentoID == nil {
		return
	}
	kept := p.DescuentoID
	p.DescuentoID = strings.TrimSpace(*in.DescuentoID)
	if p.DescuentoID != "" {
		id, err := bson.ObjectIDFromHex(p.DescuentoID)
		d, ok := pr.discounts[id]
		switch {
		case err != nil || !ok:
			f.Add("descuentoId", "Ese descuento no existe.")
		case !pr.active(d) && p.DescuentoID != kept:
			// An expired discount is not offered; one the product already had may stay (it no longer applies).
			f.Add("descuentoId", "Ese descuento ya venció. Elige otro o cambia su fecha de expiración.")
		}
	}
}

// parseDate accepts an ISO date (AAAA-MM-DD) or an ISO date and time.
func parseDate(s string) (time.Time, error) {
	for _, layout := range []string{time.DateOnly, time.RFC3339Nano, "2006-01-02T15:04", "2006-01-02T15:04:05"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("catalog: not an ISO date: %q", s)
}

// checkSATKeys checks the SAT keys the input sends, as a PAC would: the product key against
// c_ClaveProdServ (its shape and segment: the catalogue's 52,000 keys are not embedded) and the
// unit key against the whole c_ClaveUnidad. Empty is allowed: the CFDI then takes the shop's
// defaults and 'Facturas' lists the product. The generic 01010101 is refused here: it is what
// the shop uses by itself when the field is empty.
func (in *ProductInput) checkSATKeys(p *Product, f apperr.Fields) {
	if in.SatKey != nil && p.SatKey != "" {
		switch msg := cfdi.CheckClaveProdServ(p.SatKey); {
		case msg != "":
			f.Add("sat_key", msg)
		case p.SatKey == cfdi.ClaveProdServGenerica:
			f.Add("sat_key", "01010101 es la clave genérica del SAT («No existe en el catálogo»); la tienda ya la usa cuando el producto no tiene clave. Escribe la clave de este producto o deja el campo vacío.")
		}
	}
	if in.UnidadDeMedida != nil {
		p.UnidadDeMedida.ClaveUnidadSat = strings.ToUpper(strings.TrimSpace(p.UnidadDeMedida.ClaveUnidadSat))
		if k := p.UnidadDeMedida.ClaveUnidadSat; k != "" {
			if msg := cfdi.CheckClaveUnidad(k); msg != "" {
				f.Add("unidad_de_medida.clave_unidad_sat", msg)
			}
		}
	}
}
