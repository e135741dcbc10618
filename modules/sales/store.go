package sales

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

const (
	collection        = "ventas"
	intentCollection  = "ventas_reservas"  // sales being placed: small, so the hot path stays fast
	waitingCollection = "ventas_en_espera" // online sales waiting for their payment (online.go)
	metaCollection    = "ventas_meta"
	versionID         = "version"
)

// store is the only code that touches the ventas collection.
type store struct{ db *mongox.Store }

func (s store) ensureIndexes(ctx context.Context) error {
	if err := mongox.EnsureIndexes(ctx, s.db.W.Collection(collection),
		mongo.IndexModel{Keys: bson.D{{Key: "folio", Value: 1}}, Options: options.Index().SetUnique(true).SetSparse(true).SetName("folio_unique")},
		mongo.IndexModel{Keys: bson.D{{Key: "fecha", Value: 1}}, Options: options.Index().SetName("fecha")},
		mongo.IndexModel{Keys: bson.D{{Key: "usuarioId", Value: 1}}, Options: options.Index().SetName("usuarioId")},
		mongo.IndexModel{Keys: bson.D{{Key: "mercadoPago.payment_id", Value: 1}}, Options: options.Index().SetUnique(true).SetSparse(true).SetName("payment_unique")},
		// The paid sales no cut has claimed yet, and the sales of one cut (cuts.go).
		mongo.IndexModel{Keys: bson.D{{Key: "pago", Value: 1}, {Key: "corte", Value: 1}}, Options: options.Index().SetName("pago_corte")},
		mongo.IndexModel{Keys: bson.D{{Key: "corte", Value: 1}}, Options: options.Index().SetName("corte")},
	); err != nil {
		return err
	}
	// These two are read whole: the indexes only create them now, so that mongox.IndexIDs finds them.
	if err := mongox.EnsureIndexes(ctx, s.db.W.Collection(openCollection),
		mongo.IndexModel{Keys: bson.D{{Key: "en", Value: 1}}, Options: options.Index().SetName("en")}); err != nil {
		return err
	}
	return mongox.EnsureIndexes(ctx, s.db.W.Collection(intentCollection),
		mongo.IndexModel{Keys: bson.D{{Key: "fecha", Value: 1}}, Options: options.Index().SetName("fecha")})
}

// formerLedger is the payments ledger of earlier releases (ventas_cobros): the sales themselves say
// now which cut claimed them, so it is dropped at start.
const formerLedger = "ventas_cobros"

func (s store) dropFormerLedger(ctx context.Context) error {
	if err := s.db.W.Collection(formerLedger).Drop(ctx); err != nil {
		return fmt.Errorf("sales: drop %s: %w", formerLedger, err)
	}
	return nil
}

var errSaleNotFound = apperr.New(apperr.NotFound, "No se encontró la venta.")

func (s store) insert(ctx context.Context, v Sale) error {
	_, err := s.db.W.Collection(collection).InsertOne(ctx, v)
	if mongox.IsDuplicate(err) {
		return errDuplicateFolio
	}
	if err != nil {
		return fmt.Errorf("sales: insert: %w", err)
	}
	return nil
}

var errDuplicateFolio = errors.New("sales: duplicate folio")

func (s store) insertIntent(ctx context.Context, v Sale) error {
	if _, err := s.db.W.Collection(intentCollection).InsertOne(ctx, v); err != nil {
		return fmt.Errorf("sales: insert intent: %w", err)
	}
	return nil
}

func (s store) intent(ctx context.Context, id bson.ObjectID) (Sale, error) {
	var v Sale
	err := s.db.R.Collection(intentCollection).FindOne(ctx, bson.M{"_id": id}).Decode(&v)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Sale{}, apperr.New(apperr.NotFound, "No se encontró la reserva de la venta.")
	}
	if err != nil {
		return Sale{}, fmt.Errorf("sales: intent: %w", err)
	}
	return v, nil
}

func (s store) deleteIntent(ctx context.Context, id bson.ObjectID) error {
	if _, err := s.db.W.Collection(intentCollection).DeleteOne(ctx, bson.M{"_id": id}); err != nil {
		return fmt.Errorf("sales: delete intent: %w", err)
	}
	return nil
}

func (s store) deleteIntents(ctx context.Context, ids []bson.ObjectID) error {
	if _, err := s.db.W.Collection(intentCollection).DeleteMany(ctx, bson.M{"_id": bson.M{"$in": ids}}); err != nil {
		return fmt.Errorf("sales: delete intents: %w", err)
	}
	return nil
}

func (s store) insertWaiting(ctx context.Context, v Sale) error {
	if _, err := s.db.W.Collection(waitingCollection).InsertOne(ctx, v); err != nil && !mongox.IsDuplicate(err) {
		return fmt.Errorf("sales: waiting list: %w", err)
	}
	return nil
}

func (s store) deleteWaiting(ctx context.Context, id bson.ObjectID) error {
	if _, err := s.db.W.Collection(waitingCollection).DeleteOne(ctx, bson.M{"_id": id}); err != nil {
		return fmt.Errorf("sales: waiting list: %w", err)
	}
	return nil
}

func (s store) waitingBefore(ctx context.Context, before time.Time) ([]Sale, error) {
	cur, err := s.db.R.Collection(waitingCollection).Find(ctx, bson.M{"fecha": bson.M{"$lt": before}},
		options.Find().SetSort(bson.D{{Key: "fecha", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("sales: waiting list: %w", err)
	}
	out := []Sale{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("sales: waiting list: %w", err)
	}
	return out, nil
}

func (s store) intentsBefore(ctx context.Context, before time.Time) ([]Sale, error) {
	cur, err := s.db.R.Collection(intentCollection).Find(ctx, bson.M{"fecha": bson.M{"$lt": before}})
	if err != nil {
		return nil, fmt.Errorf("sales: intents: %w", err)
	}
	out := []Sale{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("sales: intents: %w", err)
	}
	return out, nil
}

func (s store) get(ctx context.Context, id bson.ObjectID) (Sale, error) {
	var v Sale
	err := s.db.R.Collection(collection).FindOne(ctx, bson.M{"_id": id}).Decode(&v)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Sale{}, errSaleNotFound
	}
	if err != nil {
		return Sale{}, fmt.Errorf("sales: get: %w", err)
	}
	return v, nil
}

func (s store) find(ctx context.Context, filter bson.M, sort bson.D) ([]Sale, error) {
	cur, err := s.db.R.Collection(collection).Find(ctx, filter, options.Find().SetSort(sort))
	if err != nil {
		return nil, fmt.Errorf("sales: find: %w", err)
	}
	out := []Sale{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("sales: find: %w", err)
	}
	return out, nil
}

// each calls fn with every sale that filter selects (mongox.Each), reduced to projection (the
// whole document when nil), in no particular order: a caller that keeps only what it needs never
// holds thousands of decoded sales. fn must copy the document to keep it past its call.
func (s store) each(ctx context.Context, filter, projection bson.M, fn func(bson.Raw) error) error {
	if err := s.db.Each(ctx, collection, filter, projection, fn); err != nil {
		return fmt.Errorf("sales: find: %w", err)
	}
	return nil
}

// update applies a change to one sale while filter (fields equal to scalars: mongox.UpdateOneIf)
// still matches, and returns the sale after it. apperr.Conflict when the sale exists but no
// longer matches the filter.
func (s store) update(ctx context.Context, id bson.ObjectID, filter bson.M, change bson.M) (Sale, error) {
	var v Sale
	raw, err := s.db.UpdateOneIf(ctx, collection, id, filter, change)
	if err == nil {
		err = bson.Unmarshal(raw, &v)
	}
	if errors.Is(err, mongo.ErrNoDocuments) {
		if _, gerr := s.get(ctx, id); gerr != nil {
			return Sale{}, gerr
		}
		return Sale{}, apperr.New(apperr.Conflict, "La venta cambió mientras la editabas. Recarga e inténtalo de nuevo.")
	}
	if mongox.IsDuplicate(err) {
		return Sale{}, apperr.New(apperr.Conflict, "Ese pago ya está registrado en otra venta.")
	}
	if err != nil {
		return Sale{}, fmt.Errorf("sales: update: %w", err)
	}
	return v, nil
}

// bumpVersion marks that the order list changed, so open screens refetch.
func (s store) bumpVersion(ctx context.Context, now time.Time) error {
	_, err := s.db.W.Collection(metaCollection).UpdateOne(ctx, bson.M{"_id": versionID},
		bson.M{"$inc": bson.M{"n": 1}, "$set": bson.M{"at": now}}, options.UpdateOne().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("sales: version: %w", err)
	}
	return nil
}

func (s store) version(ctx context.Context) (int64, error) {
	var doc struct {
		N int64 `bson:"n"`
	}
	err := s.db.R.Collection(metaCollection).FindOne(ctx, bson.M{"_id": versionID}).Decode(&doc)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("sales: version: %w", err)
	}
	return doc.N, nil
}
