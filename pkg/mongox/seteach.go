package mongox

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
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
// (as setMany), while no other write of the collection's documents runs (its lock).
func (s *Store) SetEach(ctx context.Context, coll, field string, values map[bson.ObjectID]any) (int64, error) {
	if !plainField.MatchString(field) {
		return 0, fmt.Errorf("mongox: set %s of %s: not a top-level field", field, coll)
	}
	if s.local && s.file != "" {
		unlock := s.locks.collection(s.W.Name(), coll)
		defer unlock()
		if n, done, err := s.setEachSQL(ctx, coll, field, values); err != nil || done {
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

// setEachSQL is SetEach in one SQLite transaction; done is false when a value is not one it
// writes as FerretDB does, or coll has no table yet (nothing was written then).
func (s *Store) setEachSQL(ctx context.Context, coll, field string, values map[bson.ObjectID]any) (n int64, done bool, err error) {
	type write struct{ id, value, kind string }
	writes := make([]write, 0, len(values))
	for id, v := range values {
		value, kind, ok := sjsonScalar(v)
		if !ok {
			return 0, false, nil
		}
		writes = append(writes, write{`"` + id.Hex() + `"`, value, kind})
	}
	table, ok, err := s.table(ctx, coll)
	if err != nil || !ok {
		return 0, false, err
	}
	db, err := s.sqlWriter()
	if err != nil {
		return 0, false, err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, false, fmt.Errorf("mongox: set %s of %s: %w", field, coll, err)
	}
	defer func() { _ = tx.Rollback() }() // after a Commit, nothing
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the field is plainField's; the values are parameters
	stmt, err := tx.PrepareContext(ctx, `UPDATE `+sqlName(table)+` SET _ferretdb_sjson = json_set(json_insert(_ferretdb_sjson, '$."$s"."$k"[#]', ?),
		'$.`+field+`', json(?), '$."$s".p.`+field+`', json(?)) WHERE _ferretdb_sjson->'$._id' = ? AND _ferretdb_sjson->'$.`+field+`' IS NULL
		AND json_type(_ferretdb_sjson, '$."$s"."$k"') = 'array'`)
	if err != nil {
		return 0, false, fmt.Errorf("mongox: set %s of %s: %w", field, coll, err)
	}
	defer func() { _ = stmt.Close() }() // closed with the transaction anyway
	for _, w := range writes {
		res, err := stmt.ExecContext(ctx, field, w.value, `{"t":"`+w.kind+`"}`, w.id)
		if err != nil {
			return 0, false, fmt.Errorf("mongox: set %s of %s: %w", field, coll, err)
		}
		k, err := res.RowsAffected()
		if err != nil {
			return 0, false, fmt.Errorf("mongox: set %s of %s: %w", field, coll, err)
		}
		n += k
	}
	if err := tx.Commit(); err != nil {
		return 0, false, fmt.Errorf("mongox: set %s of %s: %w", field, coll, err)
	}
	return n, true, nil
}
