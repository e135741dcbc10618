package mongox

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// The data level: how far the one-off jobs of the releases that migrated a store have brought its
// data. An index a release needs shows in the store (CheckIndexes); a one-off job that rewrote
// documents does not, so `migrate` records the level its release's jobs reach, and a replica on
// MongoDB compares it with the level its release needs.

// levelCollection holds the one document {_id: "nivel", nivel: N}.
const levelCollection = "tienda_migracion"

// DataLevel answers the level recorded in the store: 0 when none was ever recorded.
func (s *Store) DataLevel(ctx context.Context) (int, error) {
	doc, found, err := FindOne[struct {
		Nivel int `bson:"nivel"`
	}](ctx, s.R.Collection(levelCollection), bson.M{"_id": "nivel"})
	if err != nil || !found {
		return 0, err
	}
	return doc.Nivel, nil
}

// RecordDataLevel records that the store's data is at level n, never lowering a higher level a
// later release recorded.
func (s *Store) RecordDataLevel(ctx context.Context, n int) error {
	_, err := s.W.Collection(levelCollection).UpdateOne(ctx, bson.M{"_id": "nivel"},
		bson.M{"$max": bson.M{"nivel": n}}, options.UpdateOne().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("mongox: record the data level: %w", err)
	}
	return nil
}
