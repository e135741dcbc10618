package sqlitestore

import (
	"context"
	"fmt"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/x/bsonx/bsoncore"

	"tienda/pkg/mongox/internal/bsonfilter"
)

// EachProjected calls fn with each document of coll that sel selects, reduced to _id and fields
// (top-level fields, _id not among them): it reads those fields out of FerretDB's JSON, each with
// its schema ("$s".p: its type, and the types inside a document or an array), in one query and one
// JSON path lookup per document, and writes them as BSON as document does for a whole document. A
// cash cut reading the payments of a thousand sales reads a thousand small arrays instead of a
// thousand whole sales. A field that is not a plain name, or a value document cannot read, makes
// it decline, before fn sees anything. done is false when it declined, or coll has no table or no
// _id index yet; fn has not been called then.
func (e *Engine) EachProjected(ctx context.Context, coll string, sel Selection, fields []string, fn func(bson.Raw) error) (done bool, err error) {
	for _, f := range fields {
		if !bsonfilter.PlainField(f) {
			return false, nil
		}
	}
	fields = append([]string{"_id"}, fields...)
	slices.Sort(fields[1:])
	table, ok, err := e.table(ctx, coll)
	if err != nil || !ok {
		return false, err
	}
	db, err := e.sqlReader()
	if err != nil {
		return false, err
	}
	// With several paths json_extract answers a JSON array of the values, null for a missing one.
	q := `SELECT json_extract(_ferretdb_sjson`
	for _, f := range fields {
		q += `, '$.` + f + `', '$."$s".p.` + f + `'`
	}
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the fields are plain; the values are parameters
	rows, err := db.QueryContext(ctx, q+`) FROM `+sqlName(table)+` WHERE `+sel.where, sel.args...)
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
		doc, ok := projectedDoc(fields, values)
		if !ok {
			return false, nil // a value read here would not be read as FerretDB reads it
		}
		docs = append(docs, doc)
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

// projectedDoc is the BSON document of the fields read in values, the JSON array of each field's
// stored value and schema (as SQLite reads them from FerretDB's JSON; a missing field's schema is
// null); ok is false when one is not a value document reads.
func projectedDoc(fields []string, values []byte) (bson.Raw, bool) {
	vals, err := parseJSON(values)
	if err != nil || vals.kind != '[' || len(vals.items) != 2*len(fields) {
		return nil, false
	}
	at, doc := bsoncore.AppendDocumentStart(make([]byte, 0, len(values)))
	for i, f := range fields {
		v, sch := &vals.items[2*i], &vals.items[2*i+1]
		if sch.kind == 'z' {
			if v.kind != 'z' {
				return nil, false // a value without a type
			}
			continue // absent
		}
		if doc, err = appendSJSONValue(doc, f, v, sch); err != nil {
			return nil, false
		}
	}
	doc, err = bsoncore.AppendDocumentEnd(doc, at)
	return doc, err == nil
}
