package catalog

import (
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// The write of an admin edit (UpdateProduct in service.go): the fields it sets and removes, and the
// guard that keeps it from overwriting units sold since it read the product.

// editOf is the write of an edit from cur to next and its guard: cur's version, and the units the
// edit read of the variants whose units it writes, so that no unit sold in between is overwritten.
// When the variants keep their ids and order, each one's fields are set in place and only the
// units the edit changes are written (with the totals moved by the difference): sales of the other
// variants, or of these while the edit does not touch their units, do not fail it. When variants
// are added, removed or reordered, the array is written whole, guarded by every variant's units.
func editOf(cur, next Product) (update, guard bson.M, err error) {
	set, unset, err := editedFields(next)
	if err != nil {
		return nil, nil, err
	}
	guard = bson.M{"version": versionGuard(cur.Version)}
	update = bson.M{"$set": set}
	if len(unset) > 0 {
		update["$unset"] = unset
	}
	if !sameVariants(cur, next) {
		for i, v := range cur.Variantes {
			guard[fmt.Sprintf("variantes.%d._id", i)] = v.ID
			guard[fmt.Sprintf("variantes.%d.stock", i)] = v.Stock
		}
		set["variantes"], set["stock"], set["total_existencia"] = next.Variantes, next.Stock, next.TotalExistencia
		return update, guard, nil
	}
	delta := 0
	for i, v := range next.Variantes {
		at := fmt.Sprintf("variantes.%d.", i)
		guard[at+"_id"] = v.ID
		fields, err := bson.Marshal(v)
		if err != nil {
			return nil, nil, fmt.Errorf("catalog: edit %s: %w", next.ID.Hex(), err)
		}
		elems, err := bson.Raw(fields).Elements()
		if err != nil {
			return nil, nil, fmt.Errorf("catalog: edit %s: %w", next.ID.Hex(), err)
		}
		for _, e := range elems {
			if k := e.Key(); k != "_id" && k != "stock" {
				set[at+k] = e.Value()
			}
		}
		if was := cur.Variantes[i].Stock; v.Stock != was {
			guard[at+"stock"] = was
			set[at+"stock"] = v.Stock
			delta += v.Stock - was
		}
	}
	if delta != 0 {
		update["$inc"] = bson.M{"stock": delta, "total_existencia": delta}
	}
	return update, guard, nil
}

// sameVariants reports whether next has cur's variants, by id and in order.
func sameVariants(cur, next Product) bool {
	if len(cur.Variantes) != len(next.Variantes) {
		return false
	}
	for i := range cur.Variantes {
		if cur.Variantes[i].ID != next.Variantes[i].ID {
			return false
		}
	}
	return true
}

// optionalFields are the product fields left out of a document when empty (omitempty): an edit
// that empties one removes it.
var optionalFields = []string{"details", "descuentoId", "fechaCompra", "archivado", "distribuidor"}

// editedFields are the $set and $unset of an edit that leaves p in the store, but for its
// variants and their totals (editOf): every field except the _id and those only stock writes
// change (apartados, revision, cambiadoEn).
func editedFields(p Product) (set, unset bson.M, err error) {
	raw, err := bson.Marshal(p)
	if err != nil {
		return nil, nil, fmt.Errorf("catalog: edit %s: %w", p.ID.Hex(), err)
	}
	elems, err := bson.Raw(raw).Elements()
	if err != nil {
		return nil, nil, fmt.Errorf("catalog: edit %s: %w", p.ID.Hex(), err)
	}
	set, unset = bson.M{}, bson.M{}
	for _, e := range elems {
		switch k := e.Key(); k {
		case "_id", "apartados", "movimientosPendientes", "revision", "cambiadoEn", "variantes", "stock", "total_existencia":
		default:
			set[k] = e.Value()
		}
	}
	for _, k := range optionalFields {
		if _, ok := set[k]; !ok {
			unset[k] = ""
		}
	}
	return set, unset, nil
}
