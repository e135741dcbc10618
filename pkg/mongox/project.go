package mongox

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
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
		doc, ok := projectedDocument(fields, values)
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

// projectedDocument is the document of fields read from values, the JSON array of each field's
// value and type; ok is false when one is not a scalar read here.
func projectedDocument(fields []string, values []byte) (bson.D, bool) {
	dec := json.NewDecoder(bytes.NewReader(values))
	dec.UseNumber()
	var vals []any
	if err := dec.Decode(&vals); err != nil || len(vals) != 2*len(fields) {
		return nil, false
	}
	doc := bson.D{}
	for i, f := range fields {
		v, ok := fromJSON(vals[2*i], vals[2*i+1])
		if !ok {
			return nil, false
		}
		if v != absent {
			doc = append(doc, bson.E{Key: f, Value: v})
		}
	}
	return doc, true
}

// absent stands for a field the document does not have.
var absent = new(struct{})

// fromJSON is a value decoded from FerretDB's JSON (numbers as json.Number), given the type
// FerretDB recorded for it.
func fromJSON(v, kind any) (any, bool) {
	t, _ := kind.(string)
	if kind == nil {
		return absent, v == nil
	}
	n, isNumber := v.(json.Number)
	switch t {
	case "string":
		s, ok := v.(string)
		return s, ok
	case "double":
		f, err := n.Float64()
		return f, isNumber && err == nil
	case "int":
		x, err := strconv.ParseInt(string(n), 10, 32)
		return int32(x), isNumber && err == nil
	case "long":
		x, err := n.Int64()
		return x, isNumber && err == nil
	case "bool":
		b, ok := v.(bool)
		return b, ok
	case "objectId":
		s, _ := v.(string)
		id, err := bson.ObjectIDFromHex(s)
		return id, err == nil
	case "date":
		x, err := n.Int64()
		return time.UnixMilli(x).UTC(), isNumber && err == nil
	case "null":
		return nil, v == nil
	}
	return nil, false
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
