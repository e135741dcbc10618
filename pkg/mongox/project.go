package mongox

import (
	"context"
	"fmt"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox/internal/sqlitestore"
)

// eachProjected is Each on the embedded store when SQLite can answer it whole: a filter it can
// say whole (sqlFilter) and an inclusion projection of top-level fields. SQLite then reads those
// fields out of FerretDB's JSON, with the type FerretDB recorded for each ("$s".p), in one query
// and one JSON path lookup per document: a cash cut reading back the ten thousand sales it claimed
// costs a fraction of a second instead of ten thousand lookups. A document whose fields are not all
// scalars of the types read here (strings, numbers, booleans, ObjectIDs, dates, null) makes it
// decline, before fn sees anything. done is false when it declined; fn has not been called then.
func (s *Store) eachProjected(ctx context.Context, coll, where string, args []any, projection bson.M, fn func(bson.Raw) error) (done bool, err error) {
	fields := []string{"_id"}
	for f, v := range projection {
		if f == "_id" || !plainField.MatchString(f) || !isOne(v) {
			return false, nil
		}
		fields = append(fields, f)
	}
	slices.Sort(fields[1:])
	table, ok, err := s.table(ctx, coll)
	if err != nil || !ok {
		return false, err
	}
	db, err := s.sqlReader()
	if err != nil {
		return false, err
	}
	// With several paths json_extract answers a JSON array of the values, null for a missing one.
	q := `SELECT json_extract(_ferretdb_sjson`
	for _, f := range fields {
		q += `, '$.` + f + `', '$."$s".p.` + f + `.t'`
	}
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the fields are plainField's; the values are parameters
	rows, err := db.QueryContext(ctx, q+`) FROM `+sqlName(table)+` WHERE `+where, args...)
	if err != nil {
		return false, fmt.Errorf("mongox: read %s: %w", coll, err)
	}
	defer rows.Close()
	var docs []bson.Raw
	for rows.Next() {
		var values []byte
		if err := rows.Scan(&values); err != nil {
			return false, fmt.Errorf("mongox: read %s: %w", coll, err)
		}
		doc, ok := sqlitestore.Projected(fields, values)
		if !ok {
			return false, nil // a value read here would not be read as FerretDB reads it
		}
		raw, err := bson.Marshal(doc)
		if err != nil {
			return false, fmt.Errorf("mongox: read %s: %w", coll, err)
		}
		docs = append(docs, raw)
	}
	if err := rows.Err(); err != nil {
		return false, fmt.Errorf("mongox: read %s: %w", coll, err)
	}
	for _, d := range docs {
		if err := fn(d); err != nil {
			return true, err
		}
	}
	return true, nil
}

func isOne(v any) bool {
	switch x := v.(type) {
	case int:
		return x == 1
	case int32:
		return x == 1
	case int64:
		return x == 1
	case bool:
		return x
	case float64:
		return x == 1
	}
	return false
}
