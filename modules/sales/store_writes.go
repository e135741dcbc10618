package sales

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox"
)

// The sales collection's plain reads and writes, for the rules that build their own filters
// (cuts.go, invoices.go, order_mails.go): the collection is named here only.

// now is the store's clock (mongox.Store.Now): the module's.
func (s store) now() time.Time { return s.db.Now() }

// count counts the sales filter selects.
func (s store) count(ctx context.Context, filter bson.M) (int64, error) {
	return s.db.Count(ctx, collection, filter)
}

// exists reports whether filter selects some sale.
func (s store) exists(ctx context.Context, filter bson.M) (bool, error) {
	return s.db.Exists(ctx, collection, filter)
}

// updateMany applies update to each sale filter selects, each by a guarded update of its own, and
// answers how many it changed.
func (s store) updateMany(ctx context.Context, filter, update bson.M) (int64, error) {
	return s.db.UpdateMany(ctx, collection, filter, update)
}

// updateIf applies update to sale id while guard holds; the answer is the document after it, or
// nil when the guard did not hold.
func (s store) updateIf(ctx context.Context, id bson.ObjectID, guard, update bson.M) (bson.Raw, error) {
	return s.db.UpdateOneIf(ctx, collection, id, guard, update)
}

// deleteIf deletes sale id while guard holds, and reports whether it did.
func (s store) deleteIf(ctx context.Context, id bson.ObjectID, guard bson.M) (bool, error) {
	return s.db.DeleteOneIf(ctx, collection, id, guard)
}

// jobDone reports whether the one-off job is recorded as done; markJobDone records it.
func (s store) jobDone(ctx context.Context, job string) (bool, error) {
	return mongox.JobDone(ctx, s.db.R.Collection(metaCollection), job)
}

func (s store) markJobDone(ctx context.Context, job string) error {
	_, err := mongox.MarkJobDone(ctx, s.db.W.Collection(metaCollection), job)
	return err
}

// insertBatch writes sales as they are, in one unordered write: a sale whose _id is there already
// is skipped (the error then says so) and the others are written.
func (s store) insertBatch(ctx context.Context, batch []any) error {
	if _, err := s.db.W.Collection(collection).InsertMany(ctx, batch, options.InsertMany().SetOrdered(false)); err != nil {
		return fmt.Errorf("sales: seed: %w", err)
	}
	return nil
}
