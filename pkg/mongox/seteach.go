package mongox

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox/internal/bsonfilter"
)

// SetEach sets field, on each document of coll whose _id is a key of values and that does not
// have field yet, to that document's own value, and answers how many it set: a one-off job giving
// every stored document a new field. On MongoDB, guarded updates of one document each, a thousand
// to a request.
//
// FerretDB writes each update in a transaction of its own (a commit, about 3 ms with a sale's
// indexes): twenty thousand sales would keep a start waiting a minute. So on the embedded store,
// when every value is a string, a boolean or a whole number FerretDB writes without an escape,
// SQLite writes them all in one transaction, each into FerretDB's JSON exactly as FerretDB does
// (sqlitestore's SetEach), while no other write of the collection's documents runs (its lock).
func (s *Store) SetEach(ctx context.Context, coll, field string, values map[bson.ObjectID]any) (int64, error) {
	if !bsonfilter.PlainField(field) {
		return 0, fmt.Errorf("mongox: set %s of %s: not a top-level field", field, coll)
	}
	if s.local && s.sqlite != nil {
		unlock := s.locks.collection(s.W.Name(), coll)
		defer unlock()
		if n, done, err := s.sqlite.SetEach(ctx, coll, field, values); err != nil || done {
			return n, err
		}
	}
	var n int64
	var models []mongo.WriteModel
	flush := func() error {
		if len(models) == 0 {
			return nil
		}
		res, err := s.W.Collection(coll).BulkWrite(ctx, models, options.BulkWrite().SetOrdered(false))
		if err != nil {
			return fmt.Errorf("mongox: set %s of %s: %w", field, coll, err)
		}
		n += res.ModifiedCount
		models = models[:0]
		return nil
	}
	for id, v := range values {
		models = append(models, mongo.NewUpdateOneModel().SetFilter(bson.M{"_id": id, field: bson.M{"$exists": false}}).
			SetUpdate(bson.M{"$set": bson.M{field: v}}))
		if len(models) == 1000 {
			if err := flush(); err != nil {
				return n, err
			}
		}
	}
	return n, flush()
}
