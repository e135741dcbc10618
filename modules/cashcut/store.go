package cashcut

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
	collection      = "cortes"
	salesCollection = "cortes_ventas" // each cut's list of sales, apart: cortes stays small to scan
	metaCollection  = "cortes_meta"
	counterID       = "ultimo" // the last cut's number and the end of its period
)

// store is the only code that touches the cortes collections.
type store struct{ db *mongox.Store }

func (s store) ensureIndexes(ctx context.Context) error {
	return mongox.EnsureIndexes(ctx, s.db.W.Collection(collection),
		mongo.IndexModel{Keys: bson.D{{Key: "numero", Value: 1}}, Options: options.Index().SetUnique(true).SetSparse(true).SetName("numero_unique")},
		mongo.IndexModel{Keys: bson.D{{Key: "fecha", Value: -1}}, Options: options.Index().SetName("fecha")})
}

// counter is the last cut's number and its period.
type counter struct {
	Numero int64     `bson:"numero"`
	Desde  time.Time `bson:"desde"`
	Hasta  time.Time `bson:"hasta"`
}

func (s store) counter(ctx context.Context) (counter, error) {
	var c counter
	err := s.db.R.Collection(metaCollection).FindOne(ctx, bson.M{"_id": counterID}).Decode(&c)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return counter{}, nil
	}
	if err != nil {
		return counter{}, fmt.Errorf("cashcut: counter: %w", err)
	}
	return c, nil
}

// advance moves the counter from prev to the next number, stamping the end of the new period with
// the store's clock, only if nobody moved it meanwhile (ok=false then).
func (s store) advance(ctx context.Context, prev counter) (counter, bool, error) {
	filter := bson.M{"_id": counterID, "numero": prev.Numero}
	opts := options.FindOneAndUpdate().SetReturnDocument(options.After).SetUpsert(prev.Numero == 0)
	var next counter
	err := s.db.W.Collection(metaCollection).FindOneAndUpdate(ctx, filter,
		bson.M{"$set": bson.M{"numero": prev.Numero + 1, "desde": prev.Hasta}, "$currentDate": bson.M{"hasta": true}}, opts).Decode(&next)
	if errors.Is(err, mongo.ErrNoDocuments) || mongox.IsDuplicate(err) {
		return counter{}, false, nil
	}
	if err != nil {
		return counter{}, false, fmt.Errorf("cashcut: advance: %w", err)
	}
	return next, true, nil
}

func (s store) insert(ctx context.Context, c Cut) error {
	_, err := s.db.W.Collection(collection).InsertOne(ctx, c)
	if mongox.IsDuplicate(err) {
		return nil // inserted before (the sweep and a late caller)
	}
	if err != nil {
		return fmt.Errorf("cashcut: insert: %w", err)
	}
	return nil
}

// replace stores a cut: its list of sales in cortes_ventas first (under the cut's id), then the
// cut itself without it.
func (s store) replace(ctx context.Context, c Cut) error {
	list := cutSales{ID: c.ID, Ventas: c.Ventas}
	if _, err := s.db.W.Collection(salesCollection).ReplaceOne(ctx, bson.M{"_id": c.ID}, list, options.Replace().SetUpsert(true)); err != nil {
		return fmt.Errorf("cashcut: store cut sales: %w", err)
	}
	c.Ventas = nil
	if _, err := s.db.W.Collection(collection).ReplaceOne(ctx, bson.M{"_id": c.ID}, c); err != nil {
		return fmt.Errorf("cashcut: store cut: %w", err)
	}
	return nil
}

// cutSales is a document of cortes_ventas.
type cutSales struct {
	ID     bson.ObjectID `bson:"_id"` // the cut's
	Ventas []CutSale     `bson:"ventas"`
}

func (s store) delete(ctx context.Context, id bson.ObjectID) error {
	if _, err := s.db.W.Collection(collection).DeleteOne(ctx, bson.M{"_id": id}); err != nil {
		return fmt.Errorf("cashcut: delete: %w", err)
	}
	return nil
}

func (s store) byNumber(ctx context.Context, n int64) (Cut, bool, error) {
	var c Cut
	err := s.db.R.Collection(collection).FindOne(ctx, bson.M{"numero": n}).Decode(&c)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Cut{}, false, nil
	}
	if err != nil {
		return Cut{}, false, fmt.Errorf("cashcut: cut %d: %w", n, err)
	}
	return c, true, nil
}

func (s store) inProcess(ctx context.Context) ([]Cut, error) {
	cur, err := s.db.R.Collection(collection).Find(ctx, bson.M{"estado": EstadoEnProceso})
	if err != nil {
		return nil, fmt.Errorf("cashcut: in process: %w", err)
	}
	var out []Cut
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("cashcut: in process: %w", err)
	}
	return out, nil
}

func (s store) list(ctx context.Context, page, limit int) ([]Cut, bool, error) {
	cur, err := s.db.R.Collection(collection).Find(ctx, bson.M{"estado": EstadoCerrado}, options.Find().
		SetSort(bson.D{{Key: "numero", Value: -1}}).SetSkip(int64((page-1)*limit)).SetLimit(int64(limit+1)))
	if err != nil {
		return nil, false, fmt.Errorf("cashcut: list: %w", err)
	}
	out := []Cut{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, false, fmt.Errorf("cashcut: list: %w", err)
	}
	more := len(out) > limit
	if more {
		out = out[:limit]
	}
	for i := range out {
		out[i].Ventas = []CutSale{}
	}
	return out, more, nil
}

func (s store) get(ctx context.Context, id bson.ObjectID) (Cut, error) {
	var c Cut
	err := s.db.R.Collection(collection).FindOne(ctx, bson.M{"_id": id, "estado": EstadoCerrado}).Decode(&c)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Cut{}, apperr.New(apperr.NotFound, "No se encontró el corte.")
	}
	if err != nil {
		return Cut{}, fmt.Errorf("cashcut: get: %w", err)
	}
	var list cutSales
	err = s.db.R.Collection(salesCollection).FindOne(ctx, bson.M{"_id": id}).Decode(&list)
	if err != nil && !errors.Is(err, mongo.ErrNoDocuments) {
		return Cut{}, fmt.Errorf("cashcut: get: %w", err)
	}
	c.Ventas = list.Ventas
	if c.Ventas == nil {
		c.Ventas = []CutSale{}
	}
	return c, nil
}
