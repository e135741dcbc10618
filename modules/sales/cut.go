package sales

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// uncut selects the paid, saved sales not yet in a cash cut.
var uncut = bson.M{"estado": EstadoConfirmada, "pago": PagoPagado, "corteId": bson.M{"$exists": false}}

// cutFields is what a cash cut reads of a sale.
var cutFields = bson.M{"_id": 1, "folio": 1, "total": 1, "metodoPago": 1, "cobradoPor": 1, "nombreCobro": 1, "pagadoEn": 1, "corteId": 1}

// Uncut lists the paid sales not yet in a cash cut (only the fields a cut needs).
func (s *Service) Uncut(ctx context.Context) ([]Sale, error) {
	return s.findFields(ctx, uncut)
}

// ClaimForCut puts every paid sale not yet in a cut into the cut, atomically per sale, in one
// pass: a concurrent cut claims only what this one did not, so no sale is in two cuts. It returns
// how many it claimed.
func (s *Service) ClaimForCut(ctx context.Context, cutID string) (int64, error) {
	res, err := s.store.db.W.Collection(collection).UpdateMany(ctx, uncut, bson.M{"$set": bson.M{"corteId": cutID}})
	if err != nil {
		return 0, fmt.Errorf("sales: claim for cut: %w", err)
	}
	return res.ModifiedCount, nil
}

// InCut lists the sales of a cash cut (only the fields a cut needs).
func (s *Service) InCut(ctx context.Context, cutID string) ([]Sale, error) {
	return s.findFields(ctx, bson.M{"corteId": cutID})
}

func (s *Service) findFields(ctx context.Context, filter bson.M) ([]Sale, error) {
	cur, err := s.store.db.R.Collection(collection).Find(ctx, filter, options.Find().SetProjection(cutFields))
	if err != nil {
		return nil, fmt.Errorf("sales: cut sales: %w", err)
	}
	out := []Sale{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("sales: cut sales: %w", err)
	}
	return out, nil
}
