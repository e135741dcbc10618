package mongox

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// FindOne decodes the first document of coll that filter selects; found is false when there is
// none. The caller wraps the error with what it was reading.
func FindOne[T any](ctx context.Context, coll *mongo.Collection, filter any, opts ...options.Lister[options.FindOneOptions]) (doc T, found bool, err error) {
	err = coll.FindOne(ctx, filter, opts...).Decode(&doc)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return doc, false, nil
	}
	if err != nil {
		return doc, false, err
	}
	return doc, true, nil
}

// FindAll decodes every document of coll that filter selects, in a slice that is never nil (a
// list answers [] rather than null). The caller wraps the error with what it was reading.
func FindAll[T any](ctx context.Context, coll *mongo.Collection, filter any, opts ...options.Lister[options.FindOptions]) ([]T, error) {
	cur, err := coll.Find(ctx, filter, opts...)
	if err != nil {
		return nil, err
	}
	out := []T{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, err
	}
	return out, nil
}
