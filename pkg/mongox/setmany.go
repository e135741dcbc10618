package mongox

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// setMany is UpdateMany on the embedded store for one common shape: an update that only $sets
// top-level fields to strings, booleans or whole numbers, each of them absent from every document
// the filter selects ({field: {"$exists": false}} in the filter), and a filter SQLite can say
// whole (sqlFilter). A cash cut claiming ten thousand sales is that shape.
//
// FerretDB updates the documents of an updateMany one at a time, each in a transaction of its own
// (a commit, about 0.8 ms here), after reading and decoding the whole collection: ten seconds for
// ten thousand sales. Here SQLite updates them in one statement, writing each new field into
// FerretDB's JSON exactly as FerretDB does (the value, its type in "$s".p, its name appended to
// "$s".$k), which a test checks byte for byte against FerretDB's own update. The caller holds the
// collection's lock: every other writer of the collection's documents (UpdateOneIf, DeleteOneIf)
// waits, and FerretDB's writer, which rewrites a whole document, never runs on one of them
// meanwhile. done is false when the update is not of that shape; nothing was written then.
func (s *Store) setMany(ctx context.Context, coll string, filter bson.M, update any) (n int64, done bool, err error) {
	set, ok := setOnly(update)
	if !ok || len(set) == 0 {
		return 0, false, nil
	}
	where, args, ok, whole := sqlFilter(filter)
	if !ok || !whole {
		return 0, false, nil
	}
	fields := make([]string, 0, len(set))
	for field := range set {
		fields = append(fields, field)
	}
	slices.Sort(fields) // FerretDB appends new fields in the $set's order: one field, or sorted
	expr, setArgs := `_ferretdb_sjson`, []any{}
	for _, field := range fields {
		if !plainField.MatchString(field) || !absentIn(filter, field) {
			return 0, false, nil
		}
		value, kind, ok := sjsonScalar(set[field])
		if !ok {
			return 0, false, nil
		}
		// Placeholders read in the text's order: those of the inner expression first.
		expr = `json_set(json_insert(` + expr + `, '$."$s"."$k"[#]', ?), '$.` + field + `', json(?), '$."$s".p.` + field + `', json(?))`
		setArgs = append(setArgs, field, value, `{"t":"`+kind+`"}`)
	}
	table, ok, err := s.table(ctx, coll)
	if err != nil || !ok {
		return 0, false, err
	}
	db, err := s.sqlWriter()
	if err != nil {
		return 0, false, err
	}
	// Every selected document must carry FerretDB's list of keys, where the new names go.
	var odd int
	q := `SELECT count(*) FROM ` + sqlName(table) + ` WHERE ` + where + ` AND json_type(_ferretdb_sjson, '$."$s"."$k"') IS NOT 'array'`
	if err := db.QueryRowContext(ctx, q, args...).Scan(&odd); err != nil {
		return 0, false, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	if odd > 0 {
		return 0, false, nil
	}
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
	res, err := db.ExecContext(ctx, `UPDATE `+sqlName(table)+` SET _ferretdb_sjson = `+expr+` WHERE `+where, append(setArgs, args...)...)
	if err != nil {
		return 0, false, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	n, err = res.RowsAffected()
	if err != nil {
		return 0, false, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	return n, true, nil
}

// setOnly returns the fields of an update that only $sets.
func setOnly(update any) (bson.M, bool) {
	u, ok := operators(update)
	if !ok || len(u) != 1 {
		return nil, false
	}
	if _, ok := operators(u["$set"]); ok { // a document of operators is not a $set of fields
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

// absentIn reports whether filter requires field to be missing.
func absentIn(filter bson.M, field string) bool {
	ops, ok := operators(filter[field])
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
	switch x := plain(v).(type) {
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

// sqlWriter is a connection to the embedded store's database file for setMany, opened once.
func (s *Store) sqlWriter() (*sql.DB, error) {
	s.sqlWriteOnce.Do(func() {
		s.sqlWriteDB, s.sqlWriteErr = sql.Open("sqlite", "file:"+s.file+"?_pragma=busy_timeout(10000)&_pragma=cache_size(-2048)")
		if s.sqlWriteErr == nil {
			s.sqlWriteDB.SetMaxOpenConns(1)
		}
	})
	if s.sqlWriteErr != nil {
		return nil, fmt.Errorf("mongox: open %s: %w", s.file, s.sqlWriteErr)
	}
	return s.sqlWriteDB, nil
}
