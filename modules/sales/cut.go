package sales

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// Cash cuts partition the paid sales by the time they were paid (pagadoEn, stamped by the store's
// clock): a cut closes the sales paid in (previous cut, its own time]. No sale is ever updated to
// put it in a cut — an update per sale costs a scan of ventas on the embedded store — and no sale
// can be in two cuts, as the periods do not overlap.

// Cuts tells when the last cash cut closed; sales paid up to then cannot change their payment.
type Cuts interface {
	LastCutUntil(ctx context.Context) (time.Time, error)
}

// cutFields is what a cash cut reads of a sale.
var cutFields = bson.M{"_id": 1, "folio": 1, "total": 1, "metodoPago": 1, "cobradoPor": 1, "nombreCobro": 1, "pagadoEn": 1}

// PaidBetween lists the saved sales paid in (from, to] — to zero means up to now — with only the
// fields a cash cut needs.
func (s *Service) PaidBetween(ctx context.Context, from, to time.Time) ([]Sale, error) {
	when := bson.M{"$gt": from}
	if !to.IsZero() {
		when["$lte"] = to
	}
	filter := bson.M{"estado": EstadoConfirmada, "pago": PagoPagado, "pagadoEn": when}
	cur, err := s.store.db.R.Collection(collection).Find(ctx, filter, options.Find().SetProjection(cutFields))
	if err != nil {
		return nil, fmt.Errorf("sales: paid between: %w", err)
	}
	out := []Sale{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("sales: paid between: %w", err)
	}
	return out, nil
}
