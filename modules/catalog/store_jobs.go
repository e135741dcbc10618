package catalog

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
)

// jobDone reports whether the one-off job (the demo catalogue, its photos, the sizing of stored
// pictures) is recorded as done in the catalogue's meta collection; markJobDone records it.
func (s store) jobDone(ctx context.Context, job string) (bool, error) {
	return mongox.JobDone(ctx, s.db.R.Collection(metaCollection), job)
}

func (s store) markJobDone(ctx context.Context, job string) error {
	_, err := mongox.MarkJobDone(ctx, s.db.W.Collection(metaCollection), job)
	return err
}

// eachMovementAfter calls fn with the stock movements filter selects, newest first, from the n-th
// on, reading size at a time.
func (s store) eachMovementAfter(ctx context.Context, filter bson.M, n, size int64, fn func(bson.Raw) error) error {
	return s.db.EachAfter(ctx, movementsCollection, filter, "fecha", size, nil, n, fn)
}
