package sqlitestore

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// orderedBatch is how many documents EachInOrder reads at once by rowid.
const orderedBatch = 256

// EachInOrder calls fn with the first limit documents of coll that filter selects, in the order
// of sort (which ends with _id), for a filter within one whose documents a Page counted and
// checked already (mongox.Store.EachAfter's rest of a range). SQLite orders the rows that filter
// selects once, from the list indexes alone, and the documents are then read orderedBatch at a
// time by rowid, all in one snapshot: paging instead sorted what was left of the range again for
// every page (a range that no list index holds in its order, as the sales by date), which made a
// walk through it quadratic in its length. ok is false, with fn never called, when SQLite cannot
// say filter or sort exactly (newPageQuery) or coll has no table; an error of fn stops the walk
// and is answered.
func (e *Engine) EachInOrder(ctx context.Context, coll string, filter bson.M, sort bson.D, limit int64, fn func(bson.Raw) error) (ok bool, err error) {
	q, ok := newPageQuery(filter, sort)
	if !ok {
		return false, nil
	}
	table, ok, err := e.table(ctx, coll)
	if err != nil || !ok {
		return false, err
	}
	db, err := e.sqlReader()
	if err != nil {
		return false, err
	}
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return false, fmt.Errorf("mongox: each of %s: %w", coll, err)
	}
	defer func() { _ = tx.Rollback() }() // a read: nothing to keep
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
	ids, err := rowids(ctx, tx, `SELECT rowid FROM `+sqlName(table)+` WHERE `+q.where+` ORDER BY `+q.order+` LIMIT ?`, append(slices.Clone(q.args), limit)...)
	if err != nil {
		return false, fmt.Errorf("mongox: each of %s: %w", coll, err)
	}
	for start := 0; start < len(ids); start += orderedBatch {
		batch := ids[start:min(start+orderedBatch, len(ids))]
		stored, err := storedByRowid(ctx, tx, table, batch)
		if err != nil {
			return true, fmt.Errorf("mongox: each of %s: %w", coll, err)
		}
		for _, id := range batch {
			doc, err := document(stored[id])
			if err != nil {
				return true, fmt.Errorf("mongox: each of %s: %w", coll, err)
			}
			if err := fn(doc); err != nil {
				return true, err
			}
		}
	}
	return true, nil
}

// rowids answers the rowids a query selects, in its order.
func rowids(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// storedByRowid reads the stored JSON of the rows ids of table.
func storedByRowid(ctx context.Context, tx *sql.Tx, table string, ids []int64) (map[int64][]byte, error) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
	rows, err := tx.QueryContext(ctx, `SELECT rowid, _ferretdb_sjson FROM `+sqlName(table)+` WHERE rowid IN (?`+strings.Repeat(`, ?`, len(ids)-1)+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make(map[int64][]byte, len(ids))
	for rows.Next() {
		var id int64
		var js []byte
		if err := rows.Scan(&id, &js); err != nil {
			return nil, err
		}
		out[id] = js
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) != len(ids) {
		return nil, fmt.Errorf("%d of %d rows read in one snapshot", len(out), len(ids))
	}
	return out, nil
}
