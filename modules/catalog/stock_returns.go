package catalog

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// Units given back to their variant: an order line's reservation (an order never completed, an
// online payment that never came) and a saved order's lines when it is cancelled. Each comes back
// with its stock movement, written into the product by the same update (movements.go).

// ReturnStockFor gives back what key reserves of a product to the variant it was taken from;
// nothing when key reserves nothing (never taken, or given back already). The units come back
// with their stock movement, of note's kind (TipoCancelacion, TipoPagoNoRecibido) and reason, with
// the reservation's folio, and by note's user (the system when none). l names the product; its
// variant is read only for a reservation moved from an earlier version that does not record its
// variant. A product or variant deleted since is skipped, and the reservation dropped.
func (s *Service) ReturnStockFor(ctx context.Context, key string, l OrderLine, note StockNote) error {
	id, err := bson.ObjectIDFromHex(l.ProductID)
	if err != nil || checkKey(key) != nil {
		s.log.Warn().Str("key", key).Str("product", l.ProductID).Msg("stock not returned: not a product or key")
		return nil
	}
	ctx = context.WithoutCancel(ctx) // giving back must not stop half-way
	reservation := "apartados." + key
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	for range writeAttempts {
		cur, err := s.store.product(ctx, id)
		if apperr.Is(err, apperr.NotFound) {
			s.log.Warn().Str("key", key).Str("product", l.ProductID).Msg("stock not returned: the product no longer exists")
			return nil
		}
		if err != nil {
			return err
		}
		r, reserved := cur.Apartados[key]
		if !reserved {
			s.memory.update(cur)
			return nil
		}
		guard := bson.M{reservation + ".cantidad": r.Cantidad}
		update := bson.M{"$unset": bson.M{reservation: ""}}
		variant := r.Variante
		if variant.IsZero() {
			variant = legacyVariant(cur, l.VariantID)
		}
		var m *Movement
		if i := variantIndex(cur, variant); i >= 0 {
			guard[fmt.Sprintf("variantes.%d._id", i)] = variant
			m = returnMovement(&cur, i, r, note, s.now())
			update = stockChange(i, r.own(), update)
			update["$set"] = bson.M{pendingField(m.ID): *m}
			if r.Proveedor > 0 && cur.Distribuidor != nil { // back to the distributor's availability (a sync sets it anyway)
				update["$inc"].(bson.M)["distribuidor.existencia"] = r.Proveedor
			}
		} else {
			s.log.Warn().Str("key", key).Str("product", l.ProductID).Msg("stock not returned: the variant no longer exists")
		}
		p, ok, err := s.store.update(ctx, id, guard, update)
		if err != nil {
			return err
		}
		if ok {
			s.memory.update(p)
			if m != nil {
				s.recordPending(ctx, &p, *m)
			}
			s.dropEmptyReservations(ctx, p)
			return nil
		}
	}
	return fmt.Errorf("catalog: return stock of %s under %s: the product kept changing", l.ProductID, key)
}

// returnMovement is the movement of reservation r's units coming back to the variant at index i
// of p.
func returnMovement(p *Product, i int, r Apartado, note StockNote, at time.Time) *Movement {
	tipo := note.Tipo
	if tipo != TipoPagoNoRecibido {
		tipo = TipoCancelacion
	}
	m := newMovement(p, i, tipo, r.own(), at)
	m.Folio, m.Motivo = note.Folio, note.Motivo
	if m.Folio == "" {
		m.Folio = r.Folio
	}
	m.by(note.UsuarioID, note.NombreUsuario)
	return &m
}

// giveBackAttempts bounds the reads again of a give-back whose product changed meanwhile: every
// write of the product (a sale, the removal of a stored movement) moves its revision, which the
// keyed give-back's write is guarded on.
const giveBackAttempts = 30

// legacyVariant is the variant a reservation that does not record its own was taken from: the one the
// order line names, or the only one.
func legacyVariant(p Product, hint string) bson.ObjectID {
	if id, err := bson.ObjectIDFromHex(hint); err == nil {
		return id
	}
	if len(p.Variantes) == 1 {
		return p.Variantes[0].ID
	}
	return bson.ObjectID{}
}

// GiveBackStock gives a line's units back to its variant: a saved order that was cancelled (its
// units ordered from the distributor, note.ConProveedor, back to the distributor's availability),
// or units a customer returned (in the shop's hands: all of them to its own stock), with its stock
// movement (note's kind, TipoCancelacion when it names none, with note's folio, user and reason).
// With note.Clave it happens once however often it is asked: the movement's id comes from the key
// (onceMovementID), and the units move only while the product holds no such movement and the
// store has none, under a guard on the product's revision read with that answer. Without a key the
// caller guarantees it happens once. A product or variant deleted since is skipped.
//
// The product is read from the store, not from this replica's memory, which may not have it yet.
func (s *Service) GiveBackStock(ctx context.Context, l OrderLine, note StockNote) error {
	pid, err := bson.ObjectIDFromHex(l.ProductID)
	if err != nil || l.Cantidad < 1 {
		s.log.Warn().Str("product", l.ProductID).Msg("stock not returned: not a product or a quantity")
		return nil
	}
	variant, _ := bson.ObjectIDFromHex(l.VariantID) // none: the product's first variant
	ctx = context.WithoutCancel(ctx)
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	if note.Tipo == "" {
		note.Tipo = TipoCancelacion
	}
	var once bson.ObjectID
	if note.Clave != "" {
		once = onceMovementID(note.Clave, note.ClaveFecha)
	}
	for range giveBackAttempts {
		cur, err := s.store.product(ctx, pid) // from the store: this replica may not know it yet
		i := -1
		if err == nil {
			s.memory.update(cur)
			i = variantIndex(cur, variant)
			if variant.IsZero() && len(cur.Variantes) > 0 {
				i = 0
			}
		}
		if apperr.Is(err, apperr.NotFound) || err == nil && i < 0 {
			s.log.Warn().Str("product", l.ProductID).Msg("stock not returned: the product or variant no longer exists")
			return nil
		}
		if err != nil {
			return err
		}
		if done, err := s.adjustedBefore(ctx, &cur, once); err != nil || done {
			return err // given back already
		}
		back := Apartado{Cantidad: l.Cantidad}
		if note.Tipo == TipoCancelacion && cur.Distribuidor != nil {
			back.Proveedor = min(max(note.ConProveedor, 0), l.Cantidad)
		}
		m := returnMovement(&cur, i, back, note, s.now())
		guard := bson.M{fmt.Sprintf("variantes.%d._id", i): cur.Variantes[i].ID}
		if !once.IsZero() {
			m.ID, guard["revision"], guard[pendingField(once)] = once, cur.Revision, bson.M{"$exists": false}
		}
		update := stockChange(i, back.own(), bson.M{"$set": bson.M{pendingField(m.ID): *m}})
		if back.Proveedor > 0 {
			guard["distribuidor"] = bson.M{"$exists": true}
			update["$inc"].(bson.M)["distribuidor.existencia"] = back.Proveedor
		}
		p, ok, err := s.store.update(ctx, cur.ID, guard, update)
		if err != nil {
			return err
		}
		if ok {
			s.memory.update(p)
			s.recordPending(ctx, &p, *m)
			return nil
		}
	}
	return fmt.Errorf("catalog: give back stock of %s: the product kept changing", l.ProductID)
}
