package cashcut

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

const collection = "cortes"

// store is the only code that touches the cortes collection.
type store struct{ db *mongox.Store }

func (s store) ensureIndexes(ctx context.Context) error {
	return mongox.EnsureIndexes(ctx, s.db.W.Collection(collection),
		mongo.IndexModel{Keys: bson.D{{Key: "fecha", Value: -1}}, Options: options.Index().SetName("fecha")})
}

func (s store) insert(ctx context.Context, c Cut) error {
	if _, err := s.db.W.Collection(collection).InsertOne(ctx, c); err != nil {
		return fmt.Errorf("cashcut: insert: %w", err)
	}
	return nil
}

func (s store) replace(ctx context.Context, c Cut) error {
	if _, err := s.db.W.Collection(collection).ReplaceOne(ctx, bson.M{"_id": c.ID}, c); err != nil {
		return fmt.Errorf("cashcut: store cut: %w", err)
	}
	return nil
}

func (s store) delete(ctx context.Context, id bson.ObjectID) error {
	if _, err := s.db.W.Collection(collection).DeleteOne(ctx, bson.M{"_id": id}); err != nil {
		return fmt.Errorf("cashcut: delete: %w", err)
	}
	return nil
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
		SetSort(bson.D{{Key: "fecha", Value: -1}}).SetSkip(int64((page-1)*limit)).SetLimit(int64(limit+1)).
		SetProjection(bson.M{"ventas": 0}))
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
	return c, nil
}
