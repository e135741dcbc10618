package mongox

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// InsertNew inserts docs into coll in one unordered write. A document whose unique key (its _id,
// or another unique index) is taken already is not written: it is taken as written before, so a
// write done again after a crash stores each document once. It answers the positions in docs of
// the documents not written because their key was taken (taken), and of those not written for
// another reason (failed), with the first such error (all of them when the write failed as a
// whole).
func InsertNew(ctx context.Context, coll *mongo.Collection, docs []any) (taken, failed []int, err error) {
	if len(docs) == 0 {
		return nil, nil, nil
	}
	_, err = coll.InsertMany(ctx, docs, options.InsertMany().SetOrdered(false))
	if err == nil {
		return nil, nil, nil
	}
	var bwe mongo.BulkWriteException
	if !errors.As(err, &bwe) || len(bwe.WriteErrors) == 0 {
		all := make([]int, len(docs))
		for i := range all {
			all[i] = i
		}
		return nil, all, fmt.Errorf("mongox: insert into %s: %w", coll.Name(), err)
	}
	var first error
	for _, we := range bwe.WriteErrors {
		switch {
		case we.Index < 0 || we.Index >= len(docs):
		case IsDuplicate(we):
			taken = append(taken, we.Index)
		default:
			failed = append(failed, we.Index)
			if first == nil {
				first = fmt.Errorf("mongox: insert into %s: %w", coll.Name(), we)
			}
		}
	}
	return taken, failed, first
}
