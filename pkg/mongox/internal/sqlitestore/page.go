package sqlitestore

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// Page answers one page of the documents of coll that filter selects, in the order of sort (which
// ends with _id), skipping skip and answering at most limit, and how many filter selects in all:
// SQLite selects the page's rows and counts (page_sql.go) from the list indexes when they hold
// those fields, and reads the page's documents, all in one snapshot. ok is false when it cannot
// answer exactly: a part of filter or sort it cannot say (newPageQuery), coll has no table or no
// index by _id yet, a sort field holds a value SQLite does not order as MongoDB does, or a
// document holds what document cannot read. The caller checks each document against the filter
// again (a field SQLite compared as a scalar may hold an array).
func (e *Engine) Page(ctx context.Context, coll string, filter bson.M, sort bson.D, skip, limit int64) (docs []bson.Raw, total int64, ok bool, err error) {
	return e.page(ctx, coll, filter, sort, skip, limit, true)
}

// PageWithin is Page without the count, for a filter within one whose documents a Page counted
// and checked already (the later pages of a walk through a range: mongox.Store.EachAfter). The
// count, and the check of every selected document's sort fields that goes with it, read each
// document the filter selects: on every page of a walk that is the rest of the range each time.
func (e *Engine) PageWithin(ctx context.Context, coll string, filter bson.M, sort bson.D, skip, limit int64) (docs []bson.Raw, ok bool, err error) {
	docs, _, ok, err = e.page(ctx, coll, filter, sort, skip, limit, false)
	return docs, ok, err
}

func (e *Engine) page(ctx context.Context, coll string, filter bson.M, sort bson.D, skip, limit int64, count bool) (docs []bson.Raw, total int64, ok bool, err error) {
	q, ok := newPageQuery(filter, sort)
	if !ok {
		return nil, 0, false, nil
	}
	stored, total, ok, err := e.pageRows(ctx, coll, q, skip, limit, count)
	if err != nil || !ok {
		return nil, 0, false, err
	}
	docs = make([]bson.Raw, len(stored))
	for i, js := range stored {
		doc, err := document(js)
		if err != nil {
			return nil, 0, false, nil
		}
		docs[i] = doc
	}
	return docs, total, true, nil
}

// pageRows counts the documents q selects (when count) and reads the stored JSON of the page's,
// in order.
func (e *Engine) pageRows(ctx context.Context, coll string, q pageQuery, skip, limit int64, count bool) (stored [][]byte, total int64, ok bool, err error) {
	table, ok, err := e.table(ctx, coll)
	if err != nil || !ok {
		return nil, 0, false, err
	}
	db, err := e.sqlReader()
	if err != nil {
		return nil, 0, false, err
	}
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, 0, false, fmt.Errorf("mongox: page of %s: %w", coll, err)
	}
	defer func() { _ = tx.Rollback() }() // a read: nothing to keep
	if count {
		var odd int64
		//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
		err = tx.QueryRowContext(ctx, `SELECT count(*), ifnull(sum(`+q.odd+`), 0) FROM `+sqlName(table)+` WHERE `+q.where, q.args...).Scan(&total, &odd)
		if err != nil {
			return nil, 0, false, fmt.Errorf("mongox: count %s: %w", coll, err)
		}
		if odd > 0 {
			return nil, 0, false, nil
		}
		if skip >= total {
			return [][]byte{}, total, true, nil
		}
	}
	// The page's rows from the index alone, then their documents by rowid.
	//nolint:gosec // as above
	query := `SELECT p.rowid, t._ferretdb_sjson FROM (SELECT rowid, row_number() OVER () AS n FROM (SELECT rowid FROM ` + sqlName(table) +
		` WHERE ` + q.where + ` ORDER BY ` + q.order + ` LIMIT ? OFFSET ?)) p JOIN ` + sqlName(table) + ` t ON t.rowid = p.rowid ORDER BY p.n`
	rows, err := tx.QueryContext(ctx, query, append(slices.Clone(q.args), limit, skip)...)
	if err != nil {
		return nil, 0, false, fmt.Errorf("mongox: page of %s: %w", coll, err)
	}
	defer rows.Close()
	for rows.Next() {
		var rowid int64
		var js []byte
		if err := rows.Scan(&rowid, &js); err != nil {
			return nil, 0, false, fmt.Errorf("mongox: page of %s: %w", coll, err)
		}
		stored = append(stored, js)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, false, fmt.Errorf("mongox: page of %s: %w", coll, err)
	}
	return stored, total, true, nil
}
