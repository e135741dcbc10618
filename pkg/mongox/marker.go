package mongox

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// A marker is a document {_id: name} in a module's meta collection recording that a one-off job
// (demo data, moving data written by an earlier version) is done for this store.

// HasMarker reports whether the marker name is in coll.
func HasMarker(ctx context.Context, coll *mongo.Collection, name string) (bool, error) {
	err := coll.FindOne(ctx, bson.M{"_id": name}).Err()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("mongox: marker %s: %w", name, err)
	}
	return true, nil
}

// Mark puts the marker name in coll; it reports false when it was there already.
func Mark(ctx context.Context, coll *mongo.Collection, name string) (bool, error) {
	_, err := coll.InsertOne(ctx, bson.M{"_id": name})
	if IsDuplicate(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("mongox: marker %s: %w", name, err)
	}
	return true, nil
}
