package sqlitestore

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/sync/errgroup"
)

type storedRow struct {
	id   string
	json []byte
}

// Each calls fn with each document of coll that sel selects, read from its stored JSON (document:
// the BSON FerretDB itself would answer) in one query, instead of asking FerretDB for each by _id,
// a millisecond or more apiece. The rows are read first and the query closed, then turned into
// documents one by one, so fn may read the store itself. rest are the documents document cannot
// read, for the caller to read through FerretDB. done is false, and fn not called, when coll has
// no table or no _id index yet, or sel selects more than Batch documents.
func (e *Engine) Each(ctx context.Context, coll string, sel Selection, fn func(bson.Raw) error) (rest []bson.ObjectID, done bool, err error) {
	table, ok, err := e.table(ctx, coll)
	if err != nil || !ok {
		return nil, false, err
	}
	return e.each(ctx, coll, table, sel, fn)
}

// each is Each on coll's table.
func (e *Engine) each(ctx context.Context, coll, table string, sel Selection, fn func(bson.Raw) error) (rest []bson.ObjectID, done bool, err error) {
	db, err := e.sqlReader()
	if err != nil {
		return nil, false, err
	}
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
	rows, err := db.QueryContext(ctx, `SELECT _ferretdb_sjson->>'$._id', _ferretdb_sjson FROM `+sqlName(table)+` WHERE `+sel.where+
		` LIMIT `+fmt.Sprint(Batch+1), sel.args...)
	if err != nil {
		return nil, false, fmt.Errorf("mongox: read %s: %w", coll, err)
	}
	var stored []storedRow
	for rows.Next() {
		var r storedRow
		if err := rows.Scan(&r.id, &r.json); err != nil {
			rows.Close()
			return nil, false, fmt.Errorf("mongox: read %s: %w", coll, err)
		}
		stored = append(stored, r)
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return nil, false, fmt.Errorf("mongox: read %s: %w", coll, err)
	}
	if len(stored) > Batch {
		return nil, false, nil
	}
	for i, r := range stored {
		doc, err := document(r.json)
		if err != nil {
			id, idErr := bson.ObjectIDFromHex(r.id)
			if idErr != nil {
				return nil, true, fmt.Errorf("mongox: read %s: an _id that is not an ObjectID: %q", coll, r.id)
			}
			rest = append(rest, id)
			continue
		}
		stored[i].json = nil // let it go
		if err := fn(doc); err != nil {
			return nil, true, err
		}
	}
	return rest, true, nil
}

// EachRow calls fn with every document of coll, read from its stored JSON Batch rows at a time in
// the table's row order (each batch a query of its own, closed before fn sees its documents): a
// whole catalogue in one pass of SQLite, where FerretDB's find takes a quarter of a millisecond
// per document. As with a find's batches, a document written meanwhile may be seen before or
// after its change. unread are the documents document cannot read, for the caller to read through
// FerretDB. done is false, and fn not called, when coll has no table or no _id index yet.
func (e *Engine) EachRow(ctx context.Context, coll string, fn func(bson.Raw) error) (unread []bson.ObjectID, done bool, err error) {
	table, ok, err := e.table(ctx, coll)
	if err != nil || !ok {
		return nil, false, err
	}
	db, err := e.sqlReader()
	if err != nil {
		return nil, false, err
	}
	var rowidsUnread []any // rowids of the documents document cannot read
	for last := int64(-1 << 63); ; {
		//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
		rows, err := db.QueryContext(ctx, `SELECT rowid, _ferretdb_sjson FROM `+sqlName(table)+` WHERE rowid > ? ORDER BY rowid LIMIT ?`, last, Batch)
		if err != nil {
			return nil, false, fmt.Errorf("mongox: read %s: %w", coll, err)
		}
		var stored [][]byte
		var rowids []int64
		for rows.Next() {
			var js []byte
			if err := rows.Scan(&last, &js); err != nil {
				rows.Close()
				return nil, false, fmt.Errorf("mongox: read %s: %w", coll, err)
			}
			stored, rowids = append(stored, js), append(rowids, last)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, false, fmt.Errorf("mongox: read %s: %w", coll, err)
		}
		docs := make([]bson.Raw, len(stored)) // turned into documents on every core, then given to fn in order
		var g errgroup.Group
		parts := runtime.GOMAXPROCS(0)
		for part := range parts {
			g.Go(func() error {
				for i := part; i < len(stored); i += parts {
					docs[i], _ = document(stored[i]) // nil when it cannot: read through FerretDB by the caller
					stored[i] = nil                  // let it go
				}
				return nil
			})
		}
		_ = g.Wait()
		for i, doc := range docs {
			if doc == nil {
				rowidsUnread = append(rowidsUnread, rowids[i])
				continue
			}
			docs[i] = nil
			if err := fn(doc); err != nil {
				return nil, true, err
			}
		}
		if len(stored) < Batch {
			break
		}
	}
	if len(rowidsUnread) == 0 {
		return nil, true, nil
	}
	unread, err = selectIDs(ctx, db, coll, table, Selection{`rowid IN (?` + strings.Repeat(`, ?`, len(rowidsUnread)-1) + `)`, rowidsUnread})
	return unread, true, err
}

// IDs answers the _id (ObjectIDs) of the documents of coll that sel selects, if they are fewer
// than half of its documents; ok is false otherwise, and when coll does not exist yet or its
// lookups by _id have no index yet (IndexIDs), as reading each document would then read them all.
// The counts are read from the indexes alone.
func (e *Engine) IDs(ctx context.Context, coll string, sel Selection) (ids []bson.ObjectID, ok bool, err error) {
	table, ok, err := e.table(ctx, coll)
	if err != nil || !ok {
		return nil, false, err
	}
	db, err := e.sqlReader()
	if err != nil {
		return nil, false, err
	}
	var total, selected int
	err = db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM `+sqlName(table)+`), (SELECT count(*) FROM `+sqlName(table)+` WHERE `+sel.where+`)`, sel.args...).
		Scan(&total, &selected)
	if err != nil {
		return nil, false, fmt.Errorf("mongox: count %s: %w", coll, err)
	}
	if selected*2 > total {
		return nil, false, nil
	}
	ids, err = selectIDs(ctx, db, coll, table, sel)
	if err != nil {
		return nil, false, err
	}
	return ids, true, nil
}

// selectIDs reads the _id of the rows of table that sel selects.
func selectIDs(ctx context.Context, db *sql.DB, coll, table string, sel Selection) ([]bson.ObjectID, error) {
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
	rows, err := db.QueryContext(ctx, `SELECT _ferretdb_sjson->>'$._id' FROM `+sqlName(table)+` WHERE `+sel.where, sel.args...)
	if err != nil {
		return nil, fmt.Errorf("mongox: select %s: %w", coll, err)
	}
	defer rows.Close()
	var ids []bson.ObjectID
	for rows.Next() {
		var hex string
		if err := rows.Scan(&hex); err != nil {
			return nil, fmt.Errorf("mongox: select %s: %w", coll, err)
		}
		id, err := bson.ObjectIDFromHex(hex)
		if err != nil {
			return nil, fmt.Errorf("mongox: select %s: an _id that is not an ObjectID: %q", coll, hex)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("mongox: select %s: %w", coll, err)
	}
	return ids, nil
}

// Count counts the documents of coll that sel selects, up to limit when limit > 0; counted is
// false when coll has no table yet.
func (e *Engine) Count(ctx context.Context, coll string, sel Selection, limit int64) (n int64, counted bool, err error) {
	table, ok, err := e.table(ctx, coll)
	if err != nil || !ok {
		return 0, false, err
	}
	db, err := e.sqlReader()
	if err != nil {
		return 0, false, err
	}
	query, args := `SELECT count(*) FROM `+sqlName(table)+` WHERE `+sel.where, sel.args
	if limit > 0 {
		query, args = `SELECT count(*) FROM (SELECT 1 FROM `+sqlName(table)+` WHERE `+sel.where+` LIMIT ?)`, append(append([]any{}, sel.args...), limit)
	}
	if err := db.QueryRowContext(ctx, query, args...).Scan(&n); err != nil {
		return 0, false, fmt.Errorf("mongox: count %s: %w", coll, err)
	}
	return n, true, nil
}
