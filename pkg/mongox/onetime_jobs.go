package mongox

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// One-off jobs (seeding the demo data, moving data written by an earlier release) run once per
// store. That a job is done is a document {_id: job} in the module's meta collection, written when
// the job ends: a job cut short by a crash runs again at the next start, so each must be safe to
// repeat.

// JobDone reports whether the one-off job is recorded as done in coll.
func JobDone(ctx context.Context, coll *mongo.Collection, job string) (bool, error) {
	_, found, err := FindOne[bson.Raw](ctx, coll, bson.M{"_id": job})
	if err != nil {
		return false, fmt.Errorf("mongox: job %s: %w", job, err)
	}
	return found, nil
}

// MarkJobDone records the one-off job as done in coll; it reports false when it was recorded
// already.
func MarkJobDone(ctx context.Context, coll *mongo.Collection, job string) (bool, error) {
	_, err := coll.InsertOne(ctx, bson.M{"_id": job})
	if IsDuplicate(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("mongox: job %s: %w", job, err)
	}
	return true, nil
}
