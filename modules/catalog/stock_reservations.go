package catalog

import (
	"context"
	"fmt"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// Stock lives in the product document: each variant's units in variantes[i].stock, their sum in
// stock and total_existencia (DESIGN.md §3). Checkout takes each line of a sale under the key
// "<sale id>:<line>" with one guarded update of the product: the variant's id at its index, its
// units >= n and the key not reserving yet; the same update takes the units from the variant and
// the totals and records the reservation in apartados.<key>. Giving back is the reverse, guarded
// by the reservation being there. So a repeat, a crash in between or a concurrent caller never takes or gives back
// twice, and a replica never sells from its in-memory copy.
//
// Once its order is saved (or paid online), a line's key is no longer needed: SettleStockFor
// queues it, and the background loop removes the queued keys of a product with one write a moment
// later, so a best-seller's document stays small. A queue lost in a crash is made good by
// checkout's reconciliation, which reads every key still reserving units (ReservedStock) and
// settles or gives back each one by the state of its sale. apartados itself is removed when its
// last key goes, so that the sparse index on it lists only the products with reservations.

// writeAttempts bounds the rereads of a stock write whose guard failed because the product
// changed in between (an edit moved the variant, a concurrent write).
const writeAttempts = 5

// TakeStockFor takes a line's units under key. A second call with the same key takes nothing and
// succeeds. Errors: invalid or not_found naming the product, conflict when there is not enough.
func (s *Service) TakeStockFor(ctx context.Context, key string, l OrderLine) error {
	if err := checkKey(key); err != nil {
		return err
	}
	rs, err := s.resolve([]OrderLine{l})
	if err != nil {
		return err
	}
	r := rs[0]
	s.reloadLock.RLock() // a reload must not swap in a copy read before this change (service.go)
	defer s.reloadLock.RUnlock()
	return s.batcher.do(context.WithoutCancel(ctx), r.product.ID, &stockTake{
		key: key, variant: r.variant, index: r.index, n: r.line.Cantidad, name: r.product.Nombre,
	}, s.takeBatch)
}

// takeOne takes one line's units: one guarded update, and on its failure a read of the product to
// tell why (taken before under this key, not enough units, the variant moved or gone).
func (s *Service) takeOne(ctx context.Context, id bson.ObjectID, t *stockTake) error {
	reservation := "apartados." + t.key
	i := t.index
	for range writeAttempts {
		p, ok, err := s.store.update(ctx, id, bson.M{
			fmt.Sprintf("variantes.%d._id", i):   t.variant,
			fmt.Sprintf("variantes.%d.stock", i): bson.M{"$gte": t.n},
			reservation:                          bson.M{"$exists": false},
		}, stockChange(i, -t.n, bson.M{"$set": bson.M{reservation: Apartado{Variante: t.variant, Cantidad: t.n}}}))
		if err != nil {
			return err
		}
		if ok {
			s.memory.update(p)
			return nil
		}
		cur, err := s.store.product(ctx, id)
		if apperr.Is(err, apperr.NotFound) {
			return apperr.New(apperr.NotFound, "Un producto del carrito ya no está disponible.")
		}
		if err != nil {
			return err
		}
		s.memory.update(cur)
		if _, reserved := cur.Apartados[t.key]; reserved {
			return nil
		}
		if i = variantIndex(cur, t.variant); i < 0 {
			return apperr.New(apperr.Invalid, "La variante elegida de "+cur.Nombre+" ya no existe.")
		}
		if cur.Variantes[i].Stock < t.n {
			return shortage(cur.Nombre)
		}
	}
	return apperr.New(apperr.Conflict, "No pudimos apartar "+t.name+"; inténtalo de nuevo.")
}

// takeBatch takes the lines of one product that arrived together: all of them in one guarded
// update (each variant's id at its index and its units >= what the batch takes of it, none of the
// keys reserving yet), or, when that guard fails, one line at a time, so that each gets its own answer
// (a shortage, a repeat, a moved variant). Lines repeating a key of the batch get the first one's
// answer.
func (s *Service) takeBatch(ctx context.Context, id bson.ObjectID, batch []*stockTake) {
	first := map[string]*stockTake{}
	var lines []*stockTake
	for _, t := range batch {
		if f, ok := first[t.key]; ok {
			t.same = f
			continue
		}
		first[t.key] = t
		lines = append(lines, t)
	}
	if len(lines) > 1 {
		guard, set := bson.M{}, bson.M{}
		units, index := map[bson.ObjectID]int{}, map[bson.ObjectID]int{}
		for _, t := range lines {
			if _, ok := index[t.variant]; !ok {
				index[t.variant] = t.index
			}
			units[t.variant] += t.n
			guard["apartados."+t.key] = bson.M{"$exists": false}
			set["apartados."+t.key] = Apartado{Variante: t.variant, Cantidad: t.n}
		}
		inc, total := bson.M{}, 0
		for v, n := range units {
			guard[fmt.Sprintf("variantes.%d._id", index[v])] = v
			guard[fmt.Sprintf("variantes.%d.stock", index[v])] = bson.M{"$gte": n}
			inc[fmt.Sprintf("variantes.%d.stock", index[v])] = -n
			total += n
		}
		inc["stock"], inc["total_existencia"] = -total, -total
		p, ok, err := s.store.update(ctx, id, guard, bson.M{"$inc": inc, "$set": set, "$currentDate": bson.M{"existenciasEn": true}})
		if err != nil || ok {
			if ok {
				s.memory.update(p)
			}
			for _, t := range batch {
				t.err = err
			}
			return
		}
	}
	for _, t := range lines {
		t.err = s.takeOne(ctx, id, t)
	}
	for _, t := range batch {
		if t.same != nil {
			t.err = t.same.err
		}
	}
}

// ReturnStockFor gives back what key reserves of a product to the variant it was taken from;
// nothing when key reserves nothing (never taken, or given back already). l names the product; its
// variant is read only for a reservation moved from an earlier version that does not record its
// variant. A product or variant deleted since is skipped, and the reservation dropped.
func (s *Service) ReturnStockFor(ctx context.Context, key string, l OrderLine) error {
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
		if i := variantIndex(cur, variant); i >= 0 {
			guard[fmt.Sprintf("variantes.%d._id", i)] = variant
			update = stockChange(i, r.Cantidad, update)
		} else {
			s.log.Warn().Str("key", key).Str("product", l.ProductID).Msg("stock not returned: the variant no longer exists")
		}
		p, ok, err := s.store.update(ctx, id, guard, update)
		if err != nil {
			return err
		}
		if ok {
			s.memory.update(p)
			s.dropEmptyReservations(ctx, p)
			return nil
		}
	}
	return fmt.Errorf("catalog: return stock of %s under %s: the product kept changing", l.ProductID, key)
}

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

// SettleStockFor says that the order line reserving units of a product under key is settled (its
// order saved, or paid online): the units stay taken and the key is removed a moment later by
// the background loop. Nothing is written now; a key lost in a crash is found again by checkout's
// reconciliation.
func (s *Service) SettleStockFor(key string, productID string) {
	id, err := bson.ObjectIDFromHex(productID)
	if err != nil || checkKey(key) != nil {
		return
	}
	s.settledMu.Lock()
	defer s.settledMu.Unlock()
	if s.settled == nil {
		s.settled = map[bson.ObjectID][]string{}
	}
	if len(s.settled[id]) < maxSettled {
		s.settled[id] = append(s.settled[id], key)
	}
}

// maxSettled bounds the keys queued per product (and the size of the write removing them); past
// it, the reconciliation removes them.
const maxSettled = 1000

// flushSettled removes the queued keys of settled lines: one write per product. Keys whose write
// failed are queued again.
func (s *Service) flushSettled(ctx context.Context) error {
	s.settledMu.Lock()
	queued := s.settled
	s.settled = nil
	s.settledMu.Unlock()
	if len(queued) == 0 {
		return nil
	}
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	var failed error
	for id, keys := range queued {
		if failed != nil {
			s.requeue(id, keys)
			continue
		}
		unset := bson.M{}
		for _, k := range keys {
			unset["apartados."+k] = ""
		}
		p, ok, err := s.store.update(ctx, id, nil, bson.M{"$unset": unset})
		if err != nil {
			failed = err
			s.requeue(id, keys)
			continue
		}
		if ok { // else: the product is gone, and its reservations with it
			s.memory.update(p)
			s.dropEmptyReservations(ctx, p)
		}
	}
	return failed
}

func (s *Service) requeue(id bson.ObjectID, keys []string) {
	for _, k := range keys {
		s.SettleStockFor(k, id.Hex())
	}
}

// dropEmptyReservations removes a product's apartados when a write left it empty, unless the
// product was written again since (a new reservation, then).
func (s *Service) dropEmptyReservations(ctx context.Context, p Product) {
	if p.Apartados == nil || len(p.Apartados) > 0 {
		return
	}
	after, ok, err := s.store.update(ctx, p.ID, bson.M{"revision": p.Revision}, bson.M{"$unset": bson.M{"apartados": ""}})
	if err != nil {
		s.log.Warn().Err(err).Str("product", p.ID.Hex()).Msg("empty reservations left in a product") // removed with its next reservation
		return
	}
	if ok {
		s.memory.update(after)
	}
}

// GiveBackStock gives a line's units back to its variant: a saved order that was cancelled. The
// caller guarantees it happens once. A product or variant deleted since is skipped.
func (s *Service) GiveBackStock(ctx context.Context, l OrderLine) error {
	l.ExtraIDs = nil
	rs, err := s.resolve([]OrderLine{l})
	if err != nil {
		s.log.Warn().Str("product", l.ProductID).Msg("stock not returned: the product or variant no longer exists")
		return nil
	}
	r := rs[0]
	ctx = context.WithoutCancel(ctx)
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	i := r.index
	for range writeAttempts {
		p, ok, err := s.store.update(ctx, r.product.ID, bson.M{fmt.Sprintf("variantes.%d._id", i): r.variant},
			stockChange(i, r.line.Cantidad, nil))
		if err != nil {
			return err
		}
		if ok {
			s.memory.update(p)
			return nil
		}
		cur, err := s.store.product(ctx, r.product.ID)
		if err == nil {
			s.memory.update(cur)
			i = variantIndex(cur, r.variant)
		}
		if apperr.Is(err, apperr.NotFound) || err == nil && i < 0 {
			s.log.Warn().Str("product", l.ProductID).Msg("stock not returned: the product or variant no longer exists")
			return nil
		}
		if err != nil {
			return err
		}
	}
	return fmt.Errorf("catalog: give back stock of %s: the product kept changing", l.ProductID)
}

// ReservedStock is a key reserving units of a product.
type ReservedStock struct {
	Key, ProductID string
}

// ReservedStock lists every key reserving units in the store, for checkout's reconciliation.
func (s *Service) ReservedStock(ctx context.Context) ([]ReservedStock, error) {
	var out []ReservedStock
	err := s.store.eachReservation(ctx, func(id bson.ObjectID, reservations map[string]Apartado) {
		for k := range reservations {
			out = append(out, ReservedStock{Key: k, ProductID: id.Hex()})
		}
	})
	return out, err
}

// checkKey refuses a key that cannot be a field name.
func checkKey(key string) error {
	if key == "" || strings.ContainsAny(key, ".$") {
		return apperr.New(apperr.Invalid, "Falta la clave de la reserva.")
	}
	return nil
}

// variantIndex is the index of a product's variant, -1 when it has no such variant.
func variantIndex(p Product, variant bson.ObjectID) int {
	if variant.IsZero() {
		return -1
	}
	for i, v := range p.Variantes {
		if v.ID == variant {
			return i
		}
	}
	return -1
}
