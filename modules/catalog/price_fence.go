package catalog

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// TakeStockFor takes a line's units under key and records the sale's stock movement with note's
// folio and user. It answers the line priced as its units were taken, which is what the order
// charges: the take is fenced by the price; its ConProveedor are the units the take took from the
// distributor (a repeat's: the first take's). The line is priced from one state of the product (the
// in-memory copy, or the stored document) and its guard holds that state's version, which every
// edit raises (a sale does not: that is revision), so the units are taken only while the product
// still has that price. When another replica edited the product and this one has not polled the
// edit yet, the guard fails: the product is read from the store (the memory takes it), the line
// priced again from it, and the take tried again, priceAttempts times at most.
//
// A product's discount is another document, which no guard of the product can hold: the take
// reads it from the store just before its write (takePricing) and prices the line with it, so the
// order is charged the discount the take read, not the one this replica last heard of. The line's
// price is then the one the product had at the moment of that read: the product was read before
// it, and the guard proves it unchanged until the write. So a discount edit that ended before the
// take began is always charged, and one that overlaps the take lands on one side of it, as any two
// concurrent requests do; no shopper can tell. Fencing more would need every discount write to
// raise the version of every product using it, for no difference anyone could observe.
//
// A second call with the same key takes nothing and succeeds. Errors: invalid or not_found naming
// the product, conflict when there is not enough.
func (s *Service) TakeStockFor(ctx context.Context, key string, l OrderLine, note StockNote) (QuotedLine, error) {
	if err := checkKey(key); err != nil {
		return QuotedLine{}, err
	}
	p, err := s.lineProduct(l)
	if err != nil {
		return QuotedLine{}, err
	}
	s.reloadLock.RLock() // a reload must not swap in a copy read before this change (service.go)
	defer s.reloadLock.RUnlock()
	ctx = context.WithoutCancel(ctx)
	for range priceAttempts {
		r, err := resolveLine(p, l)
		if err == nil {
			err = onSale([]resolvedLine{r})
		}
		if err != nil {
			return QuotedLine{}, err
		}
		pr, err := s.takePricing(ctx, &p)
		if err != nil {
			return QuotedLine{}, err
		}
		t := &stockTake{
			key: key, variant: r.variant, index: r.index, n: r.line.Cantidad, name: p.Nombre, version: p.Version,
			note: note, mov: bson.NewObjectID(), at: s.now(),
		}
		err = s.batcher.do(ctx, p.ID, t, s.takeBatch)
		if !errors.Is(err, errEdited) {
			return tookFrom(pr.quote(r), t), err
		}
		if t.edited != nil { // the memory has it (takeOne)
			p = *t.edited
			continue
		}
		if p, err = s.store.product(ctx, p.ID); err != nil { // a repeat of a key in its batch
			return QuotedLine{}, err
		}
		s.memory.update(p)
	}
	return QuotedLine{}, apperr.New(apperr.Conflict, "No pudimos apartar "+p.Nombre+" porque su precio cambió; inténtalo de nuevo.")
}

// priceAttempts bounds how often a take prices its line again because the product was edited
// since: each failed attempt means another edit landed, so only a storm of edits of one product
// (ten saves in a second while it sells) exhausts it.
const priceAttempts = 20

// errEdited is a take's answer when the product was edited since the line was priced: its price
// may have changed (TakeStockFor prices it again from stockTake.edited).
var errEdited = errors.New("catalog: product edited since the line was priced")

// takePricing is the pricing a take charges p with: today's, with p's discount as the store has
// it now (the memory takes it when it differs), not as this replica last heard of it.
func (s *Service) takePricing(ctx context.Context, p *Product) (pricing, error) {
	pr := s.memory.pricing(s.now())
	if p.DescuentoID == "" {
		return pr, nil
	}
	id, err := bson.ObjectIDFromHex(p.DescuentoID)
	if err != nil {
		return pr, nil // names no discount: none applies (productPercent)
	}
	d, err := s.store.discount(ctx, id)
	found := err == nil
	if err != nil && !errors.Is(err, errDiscountNotFound) {
		return pricing{}, err
	}
	held, had := s.memory.discount(id)
	switch {
	case found && (!had || held.Percentage != d.Percentage || held.ExpirationDate != d.ExpirationDate):
		s.memory.putDiscount(d)
	case !found && had:
		s.memory.removeDiscount(id)
	}
	pr.discounts = map[bson.ObjectID]Discount{}
	if found {
		pr.discounts[id] = d
	}
	return pr, nil
}

// versionGuard is the guard that a product is still at version v (an edit's, or a take's fence);
// a product written before versions existed has none, which is version 0.
func versionGuard(v int64) any {
	if v == 0 {
		return bson.M{"$in": bson.A{0, nil}}
	}
	return v
}

// samePricing reports whether the lines were priced from one version of their product: only then
// can one guard fence them all.
func samePricing(lines []*stockTake) bool {
	for _, t := range lines[1:] {
		if t.version != lines[0].version {
			return false
		}
	}
	return true
}

// tookFrom is q with the units t took from the distributor, not those the quote expected: a
// concurrent order may have taken the own units in between (or stock come in), and the sale's
// line tells staff what to order from the distributor.
func tookFrom(q QuotedLine, t *stockTake) QuotedLine {
	q.ConProveedor, q.Entrega = t.prov, ""
	if t.prov > 0 {
		q.Entrega = EntregaProveedor
	}
	return q
}
