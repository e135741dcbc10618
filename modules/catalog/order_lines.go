package catalog

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
)

// maxCantidad bounds one line's quantity.
const maxCantidad = 10_000

// OrderLine is one line a buyer asks for. Prices sent by a client are never read.
type OrderLine struct {
	ProductID string   // the product's _id (hex)
	VariantID string   // the variant's _id (hex); "" means the product's first variant
	ExtraIDs  []string // the chosen extras' _id (hex)
	Cantidad  int      // >= 1
}

// QuotedExtra is a chosen extra, priced from the catalogue.
type QuotedExtra struct {
	ID, Nombre string
	Precio     money.Cents
}

// QuotedLine is a line priced from the catalogue.
type QuotedLine struct {
	OrderLine                                  // with VariantID filled in
	Nombre, Descripcion, Imagen, Talla, Tamano string
	Precio                                     money.Cents // the variant's list price (precioVenta)
	Descuento                                  float64     // effective discount percent (0 when none)
	PrecioFinal                                money.Cents // unit price after discount, plus the extras' prices (extras are not discounted)
	Extras                                     []QuotedExtra
	Stock                                      int // the variant's stock now
	// ConProveedor are the units of the line the shop does not have and orders from the
	// distributor (an imported product's 'disponible con proveedor'); Entrega then says the
	// delivery takes longer (EntregaProveedor), for the cart, the order and the ticket.
	ConProveedor int
	Entrega      string
}

// resolvedLine is an order line checked against the in-memory catalogue.
type resolvedLine struct {
	line    OrderLine
	product Product
	index   int // of the variant
	variant bson.ObjectID
	extras  []Extra
}

// resolve checks every line against the in-memory catalogue. Errors: invalid (bad id, quantity,
// variant or extra), not_found (product).
func (s *Service) resolve(lines []OrderLine) ([]resolvedLine, error) {
	if len(lines) == 0 {
		return nil, apperr.New(apperr.Invalid, "El carrito está vacío.")
	}
	out := make([]resolvedLine, 0, len(lines))
	for _, l := range lines {
		p, err := s.lineProduct(l)
		if err != nil {
			return nil, err
		}
		r, err := resolveLine(p, l)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// lineProduct is the in-memory copy of a line's product. Errors: invalid (bad id), not_found.
func (s *Service) lineProduct(l OrderLine) (Product, error) {
	pid, err := bson.ObjectIDFromHex(l.ProductID)
	if err != nil {
		return Product{}, apperr.New(apperr.Invalid, "Un producto del carrito no es válido.")
	}
	p, ok := s.memory.get(pid)
	if !ok {
		return Product{}, apperr.New(apperr.NotFound, "Un producto del carrito ya no está disponible.")
	}
	return p, nil
}

// resolveLine checks a line against its product p (the in-memory copy, or the stored document a
// take read). Errors: invalid (quantity, variant or extra).
func resolveLine(p Product, l OrderLine) (resolvedLine, error) {
	name := p.Nombre
	if l.Cantidad < 1 || l.Cantidad > maxCantidad {
		return resolvedLine{}, apperr.New(apperr.Invalid, "La cantidad de "+name+" debe estar entre 1 y 10000.")
	}
	if len(p.Variantes) == 0 {
		return resolvedLine{}, apperr.New(apperr.Invalid, name+" no está a la venta.")
	}
	r := resolvedLine{product: p, index: -1}
	if l.VariantID == "" {
		r.index = 0
	} else if vid, err := bson.ObjectIDFromHex(l.VariantID); err == nil {
		for i, v := range p.Variantes {
			if v.ID == vid {
				r.index = i
				break
			}
		}
	}
	if r.index < 0 {
		return resolvedLine{}, apperr.New(apperr.Invalid, "La variante elegida de "+name+" ya no existe.")
	}
	r.variant = p.Variantes[r.index].ID
	l.VariantID = r.variant.Hex()
	seen := map[string]bool{}
	for _, xid := range l.ExtraIDs {
		found := false
		for _, e := range p.Extras {
			if e.ID.Hex() == xid && !seen[xid] {
				r.extras = append(r.extras, e)
				found = true
				break
			}
		}
		if !found {
			return resolvedLine{}, apperr.New(apperr.Invalid, "Un extra elegido de "+name+" ya no existe.")
		}
		seen[xid] = true
	}
	l.ExtraIDs = append([]string(nil), l.ExtraIDs...)
	r.line = l
	return r, nil
}

// onSale refuses an archived product: it is out of the shop, and a cart or a counter order that
// still holds it cannot buy it (its units still come back to it: resolve alone allows that).
func onSale(rs []resolvedLine) error {
	for _, r := range rs {
		if r.product.Archivado {
			return apperr.New(apperr.NotFound, r.product.Nombre+" ya no está a la venta.")
		}
	}
	return nil
}

// Quote prices lines from the catalogue. Errors: invalid, not_found (an archived product too).
func (s *Service) Quote(_ context.Context, lines []OrderLine) ([]QuotedLine, error) {
	rs, err := s.resolve(lines)
	if err == nil {
		err = onSale(rs)
	}
	if err != nil {
		return nil, err
	}
	pr := s.memory.pricing(s.now())
	out := make([]QuotedLine, len(rs))
	for i, r := range rs {
		out[i] = pr.quote(r)
	}
	return out, nil
}

// quote prices a resolved line with pr.
func (pr pricing) quote(r resolvedLine) QuotedLine {
	p := pr.priced(r.product)
	v := p.Variantes[r.index]
	price := money.MustFromPesos(v.PrecioVenta)
	q := QuotedLine{
		OrderLine: r.line, Nombre: p.Nombre, Descripcion: p.Descripcion,
		Imagen: p.Imagen, Talla: v.Talla, Tamano: v.Tamano, Precio: price, Descuento: v.DescuentoEfectivo, Stock: v.Stock,
	}
	if short := r.line.Cantidad - max(v.Stock, 0); short > 0 && fromSupplier(&r.product, r.index) > 0 {
		q.ConProveedor, q.Entrega = min(short, fromSupplier(&r.product, r.index)), EntregaProveedor
	}
	extras := make([]money.Cents, 0, len(r.extras))
	for _, e := range r.extras {
		c := money.MustFromPesos(e.Precio)
		q.Extras = append(q.Extras, QuotedExtra{ID: e.ID.Hex(), Nombre: e.Nombre, Precio: c})
		extras = append(extras, c)
	}
	q.PrecioFinal = lineUnitPrice(price, v.DescuentoEfectivo, extras)
	return q
}

func shortage(name string) error {
	return apperr.New(apperr.Conflict, "Sin existencias suficientes de "+name+".")
}
