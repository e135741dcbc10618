package catalog

import (
	"fmt"
	"math"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// The variants and extras of a product input (ProductInput.apply in input.go). A variant or
// extra the product already had keeps its id, as carts point to it.

// applyVariants writes the input's variants, or makes the one variant of a supplier-shaped
// product from its prices and stock, then sets the totals and the supplier prices from them.
func (in *ProductInput) applyVariants(p *Product, f apperr.Fields) {
	old := map[bson.ObjectID]bool{}
	minimo := map[bson.ObjectID]int{}
	for _, v := range p.Variantes {
		old[v.ID] = true
		minimo[v.ID] = v.Minimo
	}
	switch {
	case in.Variantes != nil:
		vs := make([]Variante, 0, len(in.Variantes))
		used := map[bson.ObjectID]bool{}
		for i, vi := range in.Variantes {
			at := func(name string) string { return fmt.Sprintf("variantes[%d].%s", i, name) }
			v := Variante{
				ID:     keepID(vi.ID, old, used),
				Talla:  strings.TrimSpace(vi.Talla),
				Tamano: strings.TrimSpace(string(vi.Tamano)),
				Stock:  int(whole(f, at("stock"), vi.Stock, maxStock, true)),
			}
			if v.Talla == "" {
				v.Talla = "Unico"
			}
			v.PrecioCompra = pesos(f, at("precioCompra"), vi.PrecioCompra, maxPrice, false)
			v.PrecioVenta = pesos(f, at("precioVenta"), vi.PrecioVenta, maxPrice, true)
			v.Descuento = percent(f, at("descuento"), vi.Descuento)
			v.Minimo = minimo[v.ID]
			if vi.Minimo != nil {
				v.Minimo = int(whole(f, at("minimo"), vi.Minimo, maxStock, false))
			}
			vs = append(vs, v)
		}
		p.Variantes = vs
	case len(p.Variantes) == 0:
		// Supplier shape: one variant from the list price, the discount price and the stock.
		stock := in.TotalExistencia
		if in.Stock != nil {
			stock = in.Stock
		}
		field := "stock"
		if in.Stock == nil && in.TotalExistencia != nil {
			field = "total_existencia"
		}
		v := Variante{ID: bson.NewObjectID(), Talla: "Unico", Stock: int(whole(f, field, stock, maxStock, false))}
		if in.Precios == nil {
			f.Add("variantes", "Agrega al menos una variante con su precio.")
			break
		}
		lista := in.Precios.PrecioLista
		if lista == 0 {
			lista = in.Precios.Precio1
		}
		v.PrecioVenta = pesos(f, "precios.precio_lista", &lista, maxPrice, true)
		oferta := in.Precios.PrecioDescuento
		if oferta == 0 {
			oferta = in.Precios.PrecioOferta
		}
		if oferta > 0 && oferta < lista {
			// The rounded percentage of (list - discount price) over list.
			v.Descuento = math.Round((lista - oferta) / lista * 100)
		}
		p.Variantes = []Variante{v}
	}
	if len(p.Variantes) == 0 {
		f.Add("variantes", "Agrega al menos una variante.")
	}
	if len(p.Variantes) > maxVariantes {
		f.Add("variantes", apperr.MsgMaxItems(maxVariantes))
	}
	// The totals are the sum of the variants; the supplier prices follow the first variant.
	total := 0
	for _, v := range p.Variantes {
		total += v.Stock
	}
	p.Stock, p.TotalExistencia = total, total
	if len(p.Variantes) > 0 {
		v := p.Variantes[0]
		final := ownFinalPrice(v).Pesos()
		p.Precios = Precios{PrecioLista: v.PrecioVenta, Precio1: v.PrecioVenta, PrecioDescuento: final, PrecioOferta: final}
	}
}

// applyExtras writes the input's extras, when it sends them; a product has at least an empty list.
func (in *ProductInput) applyExtras(p *Product, f apperr.Fields) {
	if in.Extras == nil {
		if p.Extras == nil {
			p.Extras = []Extra{}
		}
		return
	}
	old := map[bson.ObjectID]bool{}
	for _, e := range p.Extras {
		old[e.ID] = true
	}
	used := map[bson.ObjectID]bool{}
	es := make([]Extra, 0, len(in.Extras))
	for i, ei := range in.Extras {
		e := Extra{ID: keepID(ei.ID, old, used), Nombre: strings.TrimSpace(ei.Nombre)}
		if e.Nombre == "" {
			f.Add(fmt.Sprintf("extras[%d].nombre", i), apperr.MsgRequired)
		}
		e.Precio = pesos(f, fmt.Sprintf("extras[%d].precio", i), ei.Precio, maxPrice, true)
		es = append(es, e)
	}
	p.Extras = es
}

// keepID keeps a variant's or extra's id when the product already had it (carts point to it) and
// gives a new one otherwise.
func keepID(hex string, old, used map[bson.ObjectID]bool) bson.ObjectID {
	if id, err := bson.ObjectIDFromHex(hex); err == nil && old[id] && !used[id] {
		used[id] = true
		return id
	}
	return bson.NewObjectID()
}

// checkDuplicateVariants refuses two variants of the same talla and tamaño (trimmed, ignoring
// case): a shopper could not tell them apart. The later one gets the message.
func checkDuplicateVariants(p *Product, f apperr.Fields) {
	seen := map[string]int{}
	for i, v := range p.Variantes {
		key := strings.ToLower(v.Talla) + "\x00" + strings.ToLower(v.Tamano)
		if j, ok := seen[key]; ok {
			f.Add(fmt.Sprintf("variantes[%d].tamano", i), fmt.Sprintf("Repite la talla y el tamaño de la variante %d; cambia uno de los dos o quita esta variante.", j+1))
			continue
		}
		seen[key] = i
	}
}
