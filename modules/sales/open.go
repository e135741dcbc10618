package sales

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

// Open orders (saved, neither delivered nor cancelled) are listed in ventas_abiertas too, one small
// entry per order, so that the order screens look up a few hundred sales by _id instead of reading
// every sale ever made (the embedded store scans a whole collection for any other filter).
//
// An entry is written before its sale can become open: before an online payment is recorded and
// before a change reopens an order. A counter order gets its entry in Run's batch after it is
// saved; until then its intent (ventas_reservas) stands in for it, and PendingOrders reads both.
// The minute's sweep drops the entries whose sale has been closed for openGrace.

const (
	openCollection = "ventas_abiertas"
	openMarker     = "abiertas-v1" // in ventas_meta: ventas_abiertas lists every open order
	// openGrace: an entry touched this recently stays even when its sale looks closed, since a
	// change that reopens an order touches the entry first and writes the sale after.
	openGrace = 5 * time.Minute
)

type openEntry struct {
	ID bson.ObjectID `bson:"_id"`
	En time.Time     `bson:"en"` // last touched
}

// isOpen reports whether a sale belongs on the order screens.
func isOpen(v Sale) bool {
	return v.Estado == EstadoConfirmada && (v.Entrega == EntregaPendiente || v.Entrega == EntregaEnviado)
}

// touchOpen lists a sale as open (again), before it becomes so.
func (s store) touchOpen(ctx context.Context, now time.Time, id bson.ObjectID) error {
	_, err := s.db.W.Collection(openCollection).UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"en": now}}, options.UpdateOne().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("sales: open orders: %w", err)
	}
	return nil
}

// listOpen lists sales that are open already (just saved, or saved before ventas_abiertas
// existed), in one write.
func (s store) listOpen(ctx context.Context, now time.Time, ids []bson.ObjectID) error {
	docs := make([]any, len(ids))
	for i, id := range ids {
		docs[i] = openEntry{ID: id, En: now}
	}
	_, err := s.db.W.Collection(openCollection).InsertMany(ctx, docs, options.InsertMany().SetOrdered(false))
	if err != nil && !mongox.IsDuplicate(err) { // listed already (by the sweep): fine
		return fmt.Errorf("sales: open orders: %w", err)
	}
	return nil
}

// dropOpen removes a sale's entry, only if nobody touched it since before: a change that reopens
// an order touches its entry before writing the sale.
func (s store) dropOpen(ctx context.Context, id bson.ObjectID, before time.Time) error {
	if _, err := s.db.W.Collection(openCollection).DeleteOne(ctx, bson.M{"_id": id, "en": bson.M{"$lt": before}}); err != nil {
		return fmt.Errorf("sales: open orders: %w", err)
	}
	return nil
}

func (s store) openEntries(ctx context.Context) ([]openEntry, error) {
	cur, err := s.db.R.Collection(openCollection).Find(ctx, bson.M{})
	if err != nil {
		return nil, fmt.Errorf("sales: open orders: %w", err)
	}
	var out []openEntry
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("sales: open orders: %w", err)
	}
	return out, nil
}

func (s store) intentIDs(ctx context.Context) ([]bson.ObjectID, error) {
	cur, err := s.db.R.Collection(intentCollection).Find(ctx, bson.M{}, options.Find().SetProjection(bson.M{"_id": 1}))
	if err != nil {
		return nil, fmt.Errorf("sales: intents: %w", err)
	}
	var docs []struct {
		ID bson.ObjectID `bson:"_id"`
	}
	if err := cur.All(ctx, &docs); err != nil {
		return nil, fmt.Errorf("sales: intents: %w", err)
	}
	ids := make([]bson.ObjectID, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	return ids, nil
}

// PendingOrders lists the saved orders not yet delivered or cancelled, oldest first; clientID ""
// means every customer, otherwise that customer's unpaid ones.
func (s *Service) PendingOrders(ctx context.Context, clientID string) ([]Sale, error) {
	entries, err := s.store.openEntries(ctx)
	if err != nil {
		return nil, err
	}
	intents, err := s.store.intentIDs(ctx)
	if err != nil {
		return nil, err
	}
	ids := make([]bson.ObjectID, 0, len(entries)+len(intents))
	for _, e := range entries {
		ids = append(ids, e.ID)
	}
	ids = append(ids, intents...)
	slices.SortFunc(ids, func(a, b bson.ObjectID) int { return bytes.Compare(a[:], b[:]) })
	ids = slices.Compact(ids)

	out := []Sale{}
	err = s.store.db.EachByID(ctx, collection, ids, nil, func(doc bson.Raw) error {
		var v Sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: open orders: %w", err)
		}
		// An intent not saved (yet) has no sale; a closed sale's entry goes at the next sweep.
		if isOpen(v) && (clientID == "" || v.UsuarioID == clientID && v.Pago == PagoPendiente) {
			out = append(out, v)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Sale) int { return -newestFirst(a, b) })
	return out, nil
}

// sweepOpen drops the entries of sales closed (or never saved) for openGrace.
func (s *Service) sweepOpen(ctx context.Context) error {
	entries, err := s.store.openEntries(ctx)
	if err != nil {
		return err
	}
	cutoff := s.now().UTC().Add(-openGrace)
	for _, e := range entries {
		if !e.En.Before(cutoff) {
			continue
		}
		v, err := s.store.get(ctx, e.ID)
		if err == nil && isOpen(v) {
			continue
		}
		if err != nil && !apperr.Is(err, apperr.NotFound) {
			return err
		}
		if err := s.store.dropOpen(ctx, e.ID, cutoff); err != nil {
			return err
		}
	}
	return nil
}

// FillOpen lists the open orders of a store written before ventas_abiertas existed; once per
// store, at start.
func (s *Service) FillOpen(ctx context.Context) error {
	if done, err := mongox.HasMarker(ctx, s.store.db.R.Collection(metaCollection), openMarker); err != nil || done {
		return err
	}
	var ids []bson.ObjectID
	err := s.store.each(ctx, bson.M{"estado": EstadoConfirmada, "entrega": bson.M{"$in": []string{EntregaPendiente, EntregaEnviado}}},
		bson.M{"_id": 1}, func(doc bson.Raw) error {
			id, ok := doc.Lookup("_id").ObjectIDOK()
			if ok {
				ids = append(ids, id)
			}
			return nil
		})
	if err != nil {
		return err
	}
	if len(ids) > 0 {
		if err := s.store.listOpen(ctx, s.now().UTC(), ids); err != nil {
			return err
		}
		s.log.Info().Int("sales", len(ids)).Msg("sales: open orders listed from earlier sales")
	}
	_, err = mongox.Mark(ctx, s.store.db.W.Collection(metaCollection), openMarker)
	return err
}
