package sqlitestore

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox/internal/bsonfilter"
)

// SetMany $sets, on every document of coll that filter selects, the top-level fields of set to
// their values (strings, booleans or whole numbers), in one SQLite statement, when filter requires
// each of them absent ({field: {"$exists": false}}) and SQLite can say it whole (Select). The
// statement reads each document once: a check before it that read them all again cost a fifth of
// a cash cut's claim; it now only looks, in the same transaction, for a selected document left.
//
// FerretDB updates the documents of an updateMany one at a time, each in a transaction of its own
// (a commit, about 0.8 ms here), after reading and decoding the whole collection: ten seconds for
// ten thousand sales. Here each new field is written into FerretDB's JSON exactly as FerretDB does
// (the value, its type in "$s".p, its name appended to "$s".$k), which a test checks byte for byte
// against FerretDB's own update. The caller keeps every other writer of the collection's documents
// waiting meanwhile. done is false when the update is not of that shape; nothing was written then.
func (e *Engine) SetMany(ctx context.Context, coll string, filter, set bson.M) (n int64, done bool, err error) {
	if len(set) == 0 {
		return 0, false, nil
	}
	sel, ok, whole := Select(filter)
	if !ok || !whole {
		return 0, false, nil
	}
	fields := make([]string, 0, len(set))
	for field := range set {
		fields = append(fields, field)
	}
	slices.Sort(fields) // FerretDB appends new fields in the $set's order: one field, or sorted
	// One json_set, which applies its edits in turn (a path ending in [#] appends): the document
	// is parsed once.
	expr, setArgs := `json_set(_ferretdb_sjson`, []any{}
	for _, field := range fields {
		if !bsonfilter.PlainField(field) || !absentIn(filter, field) {
			return 0, false, nil
		}
		value, kind, ok := sjsonScalar(set[field])
		if !ok {
			return 0, false, nil
		}
		expr += `, '$."$s"."$k"[#]', ?, '$.` + field + `', json(?), '$."$s".p.` + field + `', json(?)`
		setArgs = append(setArgs, field, value, `{"t":"`+kind+`"}`)
	}
	expr += `)`
	table, ok, err := e.table(ctx, coll)
	if err != nil || !ok {
		return 0, false, err
	}
	db, err := e.sqlWriter()
	if err != nil {
		return 0, false, err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, false, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	defer func() { _ = tx.Rollback() }() // after a Commit, nothing
	// Only the documents that carry FerretDB's list of keys, where the new names go; the set fields
	// were absent from every selected document, so once set a document is no longer selected.
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
	res, err := tx.ExecContext(ctx, `UPDATE `+sqlName(table)+` SET _ferretdb_sjson = `+expr+` WHERE `+sel.where+
		` AND json_type(_ferretdb_sjson, '$."$s"."$k"') = 'array'`, append(setArgs, sel.args...)...)
	if err != nil {
		return 0, false, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	n, err = res.RowsAffected()
	if err != nil {
		return 0, false, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	// A selected document left is one without that list: then none is written here.
	var odd bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM `+sqlName(table)+` WHERE `+sel.where+`)`, sel.args...).Scan(&odd); err != nil {
		return 0, false, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	if odd {
		return 0, false, nil // rolled back
	}
	if err := tx.Commit(); err != nil {
		return 0, false, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	return n, true, nil
}

// absentIn reports whether filter requires field to be missing.
func absentIn(filter bson.M, field string) bool {
	ops, ok := bsonfilter.Operators(filter[field])
	if !ok || len(ops) != 1 {
		return false
	}
	exists, isBool := ops["$exists"].(bool)
	return isBool && !exists
}

// sjsonScalar is a value as FerretDB's JSON holds it, with its type's name there.
func sjsonScalar(v any) (value, kind string, ok bool) {
	var b []byte
	var err error
	switch x := bsonfilter.Plain(v).(type) {
	case string:
		b, err = json.Marshal(x)
		kind = "string"
	case bool:
		b, err = json.Marshal(x)
		kind = "bool"
	case int32:
		b, err = json.Marshal(x)
		kind = "int"
	case int64:
		if x <= -1<<53 || x >= 1<<53 {
			return "", "", false
		}
		b, err = json.Marshal(x)
		kind = "long"
	default:
		return "", "", false
	}
	if err != nil || strings.ContainsAny(string(b), `\`) {
		return "", "", false // an escape FerretDB may write otherwise
	}
	return string(b), kind, true
}

// SetEach sets field (a plain top-level name), on each document of coll whose _id is a key of
// values and that does not have field yet, to that document's own value, in one SQLite
// transaction, each into FerretDB's JSON exactly as FerretDB does (as SetMany), and answers how
// many it set. The caller keeps every other writer of the collection's documents waiting
// meanwhile. done is false when a value is not one it writes as FerretDB does (a string, a boolean
// or a whole number with no escape), or coll has no table yet: nothing was written then.
func (e *Engine) SetEach(ctx context.Context, coll, field string, values map[bson.ObjectID]any) (n int64, done bool, err error) {
	if !bsonfilter.PlainField(field) {
		return 0, false, nil
	}
	type write struct{ id, value, kind string }
	writes := make([]write, 0, len(values))
	for id, v := range values {
		value, kind, ok := sjsonScalar(v)
		if !ok {
			return 0, false, nil
		}
		writes = append(writes, write{`"` + id.Hex() + `"`, value, kind})
	}
	table, ok, err := e.table(ctx, coll)
	if err != nil || !ok {
		return 0, false, err
	}
	db, err := e.sqlWriter()
	if err != nil {
		return 0, false, err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, false, fmt.Errorf("mongox: set %s of %s: %w", field, coll, err)
	}
	defer func() { _ = tx.Rollback() }() // after a Commit, nothing
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the field is plain; the values are parameters
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
