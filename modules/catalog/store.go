package catalog

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox"
)

const (
	productsCollection = "productos"
	metaCollection     = "catalogo_meta"
)

// store is the only code that touches the catalogue's collections.
type store struct{ db *mongox.Store }

func (s store) ensureIndexes(ctx context.Context) error {
	return mongox.EnsureIndexes(ctx, s.db.W.Collection(productsCollection),
		mongo.IndexModel{Keys: bson.D{{Key: "categoria", Value: 1}}, Options: options.Index().SetName("categoria")},
		mongo.IndexModel{Keys: bson.D{{Key: "favorito", Value: 1}}, Options: options.Index().SetName("favorito")})
}

// all reads the whole catalogue, for the in-memory copy.
func (s store) all(ctx context.Context) ([]Product, error) {
	cur, err := s.db.R.Collection(productsCollection).Find(ctx, bson.M{})
	if err != nil {
		return nil, fmt.Errorf("catalog: load: %w", err)
	}
	var out []Product
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("catalog: load: %w", err)
	}
	return out, nil
}

// markOnce inserts the marker document with that id; it reports false when it existed already.
func (s store) markOnce(ctx context.Context, id string) (bool, error) {
	_, err := s.db.W.Collection(metaCollection).InsertOne(ctx, bson.M{"_id": id})
	if mongox.IsDuplicate(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("catalog: marker %s: %w", id, err)
	}
	return true, nil
}

func (s store) hasMarker(ctx context.Context, id string) (bool, error) {
	err := s.db.R.Collection(metaCollection).FindOne(ctx, bson.M{"_id": id}).Err()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("catalog: marker %s: %w", id, err)
	}
	return true, nil
}

// insertIgnoringExisting inserts products whose ids are not taken yet.
func (s store) insertIgnoringExisting(ctx context.Context, ps []Product) error {
	docs := make([]any, len(ps))
	for i := range ps {
		docs[i] = ps[i]
	}
	_, err := s.db.W.Collection(productsCollection).InsertMany(ctx, docs, options.InsertMany().SetOrdered(false))
	var bwe mongo.BulkWriteException
	if errors.As(err, &bwe) {
		for _, we := range bwe.WriteErrors {
			if !mongox.IsDuplicate(we) {
				return fmt.Errorf("catalog: insert: %w", err)
			}
		}
		return nil
	}
	if err != nil && !mongox.IsDuplicate(err) {
		return fmt.Errorf("catalog: insert: %w", err)
	}
	return nil
}
