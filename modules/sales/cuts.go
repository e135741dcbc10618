package sales

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
)

// A cash cut claims each paid sale it closes: the sale's `corte` field goes from absent to the
// cut's number in one guarded single-document update (DESIGN.md §5), so a sale is in exactly one
// cut, whatever the clocks of the replicas say and however their writes interleave. A sale's
// payment can no longer change once a cut has claimed it: UpdateOrder guards on `corte` being
// absent in the same update that changes the payment.

// unclaimed selects the paid sales no cash cut has claimed yet.
var unclaimed = bson.M{"estado": EstadoConfirmada, "pago": PagoPagado, "corte": bson.M{"$exists": false}}

// cutFields are the fields a cash cut reads of a sale.
var cutFields = bson.M{"folio": 1, "total": 1, "metodoPago": 1, "cobradoPor": 1, "nombreCobro": 1, "corte": 1}

// AnyUnclaimed reports whether some paid sale waits for a cash cut.
func (s *Service) AnyUnclaimed(ctx context.Context) (bool, error) {
	n, err := s.store.db.Count(ctx, collection, unclaimed)
	if err != nil {
		return false, fmt.Errorf("sales: unclaimed: %w", err)
	}
	return n > 0, nil
}

// Unclaimed lists the paid sales no cash cut has claimed, with the fields a cut reads.
func (s *Service) Unclaimed(ctx context.Context) ([]Sale, error) {
	return s.cutSales(ctx, unclaimed)
}

// Claim puts in cut n every paid sale no cut has claimed (ids nil), or those of ids that are paid
// and unclaimed; each sale by a guarded update of its own. It answers how many it claimed.
func (s *Service) Claim(ctx context.Context, n int64, ids []bson.ObjectID) (int64, error) {
	filter := bson.M{}
	for k, v := range unclaimed {
		filter[k] = v
	}
	if ids != nil {
		filter["_id"] = bson.M{"$in": ids}
	}
	claimed, err := s.store.db.UpdateMany(ctx, collection, filter, bson.M{"$set": bson.M{"corte": n}})
	if err != nil {
		return 0, fmt.Errorf("sales: claim for cut %d: %w", n, err)
	}
	return claimed, nil
}

// ClaimedBy lists the sales cut n claimed, with the fields a cut reads.
func (s *Service) ClaimedBy(ctx context.Context, n int64) ([]Sale, error) {
	return s.cutSales(ctx, bson.M{"corte": n})
}

// CountClaimedBy counts the sales cut n claimed.
func (s *Service) CountClaimedBy(ctx context.Context, n int64) (int64, error) {
	k, err := s.store.db.Count(ctx, collection, bson.M{"corte": n})
	if err != nil {
		return 0, fmt.Errorf("sales: sales of cut %d: %w", n, err)
	}
	return k, nil
}

func (s *Service) cutSales(ctx context.Context, filter bson.M) ([]Sale, error) {
	out := []Sale{}
	err := s.store.each(ctx, filter, cutFields, func(doc bson.Raw) error {
		var v Sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: cut sales: %w", err)
		}
		out = append(out, v)
		return nil
	})
	return out, err
}

// SeedPaid stores confirmed, paid sales as they are (a cut number included). For tests and
// benchmarks that need thousands of paid sales quickly.
func SeedPaid(ctx context.Context, db *mongox.Store, list []Sale) error {
	for i, v := range list {
		if v.Pago != PagoPagado || v.Estado != EstadoConfirmada {
			return fmt.Errorf("sales: seed: sale %d is not a confirmed, paid sale", i)
		}
	}
	return Seed(ctx, db, list)
}
