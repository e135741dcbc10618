package mongox

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox/internal/bsonfilter"
)

// setMany is UpdateMany on the embedded store for one common shape: an update that only $sets
// top-level fields to strings, booleans or whole numbers, each of them absent from every document
// the filter selects ({field: {"$exists": false}} in the filter), and a filter SQLite can say
// whole. A cash cut claiming ten thousand sales is that shape: SQLite updates them in one
// statement (sqlitestore's SetMany), where FerretDB commits each document by itself. The caller
// holds the collection's lock: every other writer of the collection's documents (UpdateOneIf,
// DeleteOneIf) waits, and FerretDB's writer, which rewrites a whole document, never runs on one
// of them meanwhile. done is false when the update is not of that shape; nothing was written then.
func (s *Store) setMany(ctx context.Context, coll string, filter bson.M, update any) (n int64, done bool, err error) {
	set, ok := setOnly(update)
	if !ok {
		return 0, false, nil
	}
	return s.sqlite.SetMany(ctx, coll, filter, set)
}

// setOnly returns the fields of an update that only $sets.
func setOnly(update any) (bson.M, bool) {
	u, ok := bsonfilter.Operators(update)
	if !ok || len(u) != 1 {
		return nil, false
	}
	if _, ok := bsonfilter.Operators(u["$set"]); ok { // a document of operators is not a $set of fields
		return nil, false
	}
	switch d := u["$set"].(type) {
	case bson.M:
		return d, true
	case map[string]any:
		return d, true
	case bson.D:
		m := bson.M{}
		for _, e := range d {
			m[e.Key] = e.Value
		}
		return m, true
	}
	return nil, false
}
