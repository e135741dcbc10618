package importer

import (
	"strconv"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/pkg/apperr"
)

// The variants of an imported product (plan.go): each row is one variant, matched to the
// product's by talla and tamaño. A variant kept keeps its id and what the row leaves empty; a new
// one is added; one the file does not name stays as it is. The units of a kept variant are not
// written with the product: a row that counts other units is an adjustment ('Conteo físico').

// variantInputs sets in.Variantes from cur's variants and the rows, and answers the row of each
// input variant and the units counted. A row naming a variant twice is refused.
func variantInputs(in *catalog.ProductInput, cur *catalog.Product, rows []importRow) (map[int]int, []stockTarget, *ImportRefusal) {
	rowOf := map[int]int{}
	index := map[string]int{}
	var counts []stockTarget
	if cur != nil {
		for i, v := range cur.Variantes {
			stock, compra, venta, desc, minimo := float64(v.Stock), v.PrecioCompra, v.PrecioVenta, v.Descuento, float64(v.Minimo)
			vi := catalog.VariantInput{ID: v.ID.Hex(), Talla: v.Talla, Stock: &stock, PrecioCompra: &compra, PrecioVenta: &venta, Descuento: &desc, Minimo: &minimo}
			vi.SetTamano(v.Tamano)
			in.Variantes = append(in.Variantes, vi)
			index[variantKey(v.Talla, v.Tamano)] = i
		}
	}
	onlyOne := cur != nil && len(cur.Variantes) == 1 && len(rows) == 1 && !rows[0].has(colTalla) && !rows[0].has(colTamano)
	seen := map[string]int{}
	for _, r := range rows {
		key := variantKey(r.cells[colTalla], r.cells[colTamano])
		if n, ok := seen[key]; ok {
			return nil, nil, &ImportRefusal{Fila: r.n, Columna: columnTitles[colTalla],
				Motivo: "La fila " + strconv.Itoa(n) + " ya tiene esta talla y este tamaño del mismo producto."}
		}
		seen[key] = r.n
		i, ok := index[key]
		if onlyOne {
			i, ok = 0, true
		}
		if !ok {
			zero := 0.0
			v := catalog.VariantInput{Talla: r.cells[colTalla], Stock: &zero}
			v.SetTamano(r.cells[colTamano])
			if u := number(r, colExistencias); u != nil {
				v.Stock = u
			}
			in.Variantes = append(in.Variantes, v)
			i = len(in.Variantes) - 1
		} else if u := number(r, colExistencias); u != nil && *u != *in.Variantes[i].Stock {
			counts = append(counts, stockTarget{row: r.n, variant: cur.Variantes[i].ID, units: int(*u)})
		}
		rowOf[i] = r.n
		v := &in.Variantes[i]
		if u := number(r, colCompra); u != nil {
			v.PrecioCompra = u
		}
		if u := number(r, colVenta); u != nil {
			v.PrecioVenta = u
		}
		if u := number(r, colMinimo); u != nil {
			v.Minimo = u
		}
	}
	return rowOf, counts, checkCounts(rows)
}

// checkCounts refuses units the form would refuse: not whole, negative or too many.
func checkCounts(rows []importRow) *ImportRefusal {
	for _, r := range rows {
		if u := number(r, colExistencias); u != nil && (*u < 0 || *u != float64(int(*u)) || *u > catalog.MaxStock) {
			return &ImportRefusal{Fila: r.n, Columna: columnTitles[colExistencias],
				Motivo: apperr.MsgIntBetween(0, catalog.MaxStock)}
		}
	}
	return nil
}

// changesOf lists the fields an update changes, the variants' named by talla and tamaño.
func changesOf(cur, next *catalog.Product) []ImportChange {
	var out []ImportChange
	add := func(campo, antes, despues string) {
		if antes != despues {
			out = append(out, ImportChange{Campo: campo, Antes: antes, Despues: despues})
		}
	}
	add("Producto", cur.Label(), next.Label())
	add("Categoría", cur.Categoria, next.Categoria)
	add("Marca", cur.Marca, next.Marca)
	add("Modelo", cur.Modelo, next.Modelo)
	add("Proveedor", cur.Proveedor, next.Proveedor)
	add("ID del producto", cur.SupplierProductID, next.SupplierProductID)
	add("Clave SAT", cur.SatKey, next.SatKey)
	add("Unidad SAT", cur.UnidadDeMedida.ClaveUnidadSat, next.UnidadDeMedida.ClaveUnidadSat)
	old := map[bson.ObjectID]catalog.Variante{}
	for _, v := range cur.Variantes {
		old[v.ID] = v
	}
	for _, v := range next.Variantes {
		name := variantName(v)
		o, ok := old[v.ID]
		if !ok {
			add("Variante nueva", "", name+": "+strconv.Itoa(v.Stock)+" pzas. a "+pesosText(v.PrecioVenta))
			continue
		}
		add("Precio de compra · "+name, pesosText(o.PrecioCompra), pesosText(v.PrecioCompra))
		add("Precio de venta (sin IVA) · "+name, pesosText(o.PrecioVenta), pesosText(v.PrecioVenta))
		add("Mínimo · "+name, strconv.Itoa(o.Minimo), strconv.Itoa(v.Minimo))
	}
	return out
}

// countChanges lists the units the adjustments set.
func countChanges(cur *catalog.Product, counts []stockTarget) []ImportChange {
	var out []ImportChange
	for _, c := range counts {
		for _, v := range cur.Variantes {
			if v.ID == c.variant {
				out = append(out, ImportChange{Campo: "Existencias · " + variantName(v), Antes: strconv.Itoa(v.Stock), Despues: strconv.Itoa(c.units)})
			}
		}
	}
	return out
}

func variantName(v catalog.Variante) string {
	if v.Tamano == "" {
		return v.Talla
	}
	return v.Talla + " / " + v.Tamano
}

func pesosText(v float64) string { return "$" + strconv.FormatFloat(v, 'f', 2, 64) }
