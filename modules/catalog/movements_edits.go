package catalog

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/audit"
)

// The stock movements of the product form ('Nuevo Producto', 'Actualizar Producto') when it
// changes a variant's units. The form's write is guarded by the units it read (editOf), so each
// movement knows its units before and after before the write, and travels in the write itself
// (movimientosPendientes).

// editMovements are the movements of a save from cur (nil: a new product) to next, by the
// request's user (audit.WithActor): one per variant whose units change, and one per variant with
// units that the save removes.
func editMovements(ctx context.Context, cur, next *Product, at time.Time) []Movement {
	who := audit.ActorFrom(ctx)
	motivo := "Alta del producto"
	was := map[bson.ObjectID]int{}
	if cur != nil {
		motivo = "Edición del producto"
		for _, v := range cur.Variantes {
			was[v.ID] = v.Stock
		}
	}
	var out []Movement
	add := func(p *Product, i, before, after int, why string) {
		m := newMovement(p, i, TipoEdicion, after-before, at)
		m.Antes, m.Despues, m.Motivo = units(before), units(after), why
		m.by(who.ID, who.Name)
		out = append(out, m)
	}
	kept := map[bson.ObjectID]bool{}
	for i, v := range next.Variantes {
		kept[v.ID] = true
		if before := was[v.ID]; v.Stock != before {
			add(next, i, before, v.Stock, motivo)
		}
	}
	if cur != nil {
		for i, v := range cur.Variantes {
			if !kept[v.ID] && v.Stock != 0 {
				add(cur, i, v.Stock, 0, "Variante eliminada del producto")
			}
		}
	}
	return out
}

// withPending adds to an update of a product the $set of movements into its movimientosPendientes.
func withPending(update bson.M, ms []Movement) {
	if len(ms) == 0 {
		return
	}
	set, _ := update["$set"].(bson.M)
	if set == nil {
		set = bson.M{}
		update["$set"] = set
	}
	for _, m := range ms {
		set[pendingField(m.ID)] = m
	}
}

// pendingOf is a new product's movimientosPendientes.
func pendingOf(ms []Movement) map[string]Movement {
	if len(ms) == 0 {
		return nil
	}
	out := make(map[string]Movement, len(ms))
	for _, m := range ms {
		out[m.ID.Hex()] = m
	}
	return out
}
