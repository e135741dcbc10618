package sqlitestore

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// Rewrite reads the documents of coll whose _id is one of ids (each once), asks change for each
// document found what it becomes, and writes the new documents, in FerretDB's JSON (sjsonOf, which
// a test checks byte for byte against FerretDB's own update), in one SQLite transaction. change
// answers the new document, nil to leave the document as it is, or ok false to decline it.
// declined are the ids of the documents Rewrite left for the caller to write through FerretDB:
// those it cannot read, those change declined and those it cannot write as FerretDB does. done is
// false, and nothing read or written, when coll has no table or no _id index yet, or ids are more
// than Batch. The caller keeps every other writer of the collection's documents waiting meanwhile.
func (e *Engine) Rewrite(ctx context.Context, coll string, ids []bson.ObjectID,
	change func(id bson.ObjectID, doc bson.Raw) (next bson.Raw, ok bool, err error)) (declined []bson.ObjectID, done bool, err error) {
	table, ok, err := e.table(ctx, coll)
	if err != nil || !ok || len(ids) > Batch {
		return nil, false, err
	}
	cur := map[bson.ObjectID]bson.Raw{}
	unread, done, err := e.each(ctx, coll, table, SelectIDs(ids), func(doc bson.Raw) error {
		if id, ok := doc.Lookup("_id").ObjectIDOK(); ok {
			cur[id] = doc
		}
		return nil
	})
	if err != nil || !done {
		return nil, false, err
	}
	declined = unread
	type write struct {
		id   bson.ObjectID
		json []byte
	}
	var writes []write
	for id, doc := range cur {
		next, ok, err := change(id, doc)
		if err != nil {
			return nil, false, err
		}
		var js []byte
		if ok && next != nil {
			js, ok = sjsonOf(next)
		}
		switch {
		case !ok:
			declined = append(declined, id)
		case next != nil:
			writes = append(writes, write{id, js})
		}
	}
	if len(writes) == 0 {
		return declined, true, nil
	}
	db, err := e.sqlWriter()
	if err != nil {
		return nil, false, err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, false, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	defer func() { _ = tx.Rollback() }() // after a Commit, nothing
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
	stmt, err := tx.PrepareContext(ctx, `UPDATE `+sqlName(table)+` SET _ferretdb_sjson = ? WHERE _ferretdb_sjson->'$._id' = ?`)
	if err != nil {
		return nil, false, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	defer func() { _ = stmt.Close() }() // closed with the transaction anyway
	for _, w := range writes {
		if _, err := stmt.ExecContext(ctx, string(w.json), `"`+w.id.Hex()+`"`); err != nil {
			return nil, false, fmt.Errorf("mongox: update %s: %w", coll, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, false, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	return declined, true, nil
}
