package mongox

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox/internal/sqlitestore"
)

// Page answers one page of the documents of coll that filter selects, in the order of sort with
// _id as the last key (added, ascending, when sort does not name it), skipping skip documents and
// answering at most limit, and how many documents filter selects in all: MongoDB's find with
// sort, skip and limit, and its countDocuments. The filter takes what match takes, plus $regex
// (see below); its fields and the sort's hold scalars.
//
// On MongoDB that is what runs. On the embedded store a find sorts by reading and decoding every
// document of the collection. There, when the filter's and the sort's fields are top-level and the
// filter says each of them with scalars ($eq, $ne, $in, $gt, $gte, $lt, $lte, $exists, and a
// $regex that is a plain text with no options: regexp.QuoteMeta of a search), SQLite selects the
// page's rows and counts (page_sql.go) from the list indexes (Index.List) when they hold
// those fields, and reads the page's documents, all in one snapshot; each document is checked
// against the filter again. Anything SQLite cannot say exactly goes to the store's own find.
func (s *Store) Page(ctx context.Context, coll string, filter bson.M, sort bson.D, skip, limit int64) ([]bson.Raw, int64, error) {
	if skip < 0 || limit < 1 {
		return nil, 0, fmt.Errorf("mongox: page of %s: skip %d and limit %d", coll, skip, limit)
	}
	if !slices.ContainsFunc(sort, func(e bson.E) bool { return e.Key == "_id" }) {
		sort = append(slices.Clone(sort), bson.E{Key: "_id", Value: 1})
	}
	if s.local && s.file != "" {
		if q, ok := newPageQuery(filter, sort); ok {
			docs, total, ok, err := s.pageBySQL(ctx, coll, filter, q, skip, limit)
			if err != nil || ok {
				return docs, total, err
			}
		}
	}
	return s.pageByFind(ctx, coll, filter, sort, skip, limit)
}

func (s *Store) pageByFind(ctx context.Context, coll string, filter bson.M, sort bson.D, skip, limit int64) ([]bson.Raw, int64, error) {
	cur, err := s.R.Collection(coll).Find(ctx, filter, options.Find().SetSort(sort).SetSkip(skip).SetLimit(limit))
	if err != nil {
		return nil, 0, fmt.Errorf("mongox: page of %s: %w", coll, err)
	}
	defer cur.Close(context.WithoutCancel(ctx))
	docs := []bson.Raw{}
	for cur.Next(ctx) {
		docs = append(docs, slices.Clone(cur.Current))
	}
	if err := cur.Err(); err != nil {
		return nil, 0, fmt.Errorf("mongox: page of %s: %w", coll, err)
	}
	total, err := s.R.Collection(coll).CountDocuments(ctx, filter)
	if err != nil {
		return nil, 0, fmt.Errorf("mongox: count %s: %w", coll, err)
	}
	return docs, total, nil
}

// pageBySQL answers the page through SQLite, reading the count, the page's rows and their
// documents in one read transaction, and checks each document against the filter (match). ok is
// false when it cannot answer exactly: the collection has no table or no index by _id yet, a sort
// field holds a value SQLite does not order as MongoDB does, or a document holds what match cannot
// judge (an array in a filtered field) or what sqlitestore.Document cannot read.
func (s *Store) pageBySQL(ctx context.Context, coll string, filter bson.M, q pageQuery, skip, limit int64) (docs []bson.Raw, total int64, ok bool, err error) {
	stored, total, ok, err := s.pageRows(ctx, coll, q, skip, limit)
	if err != nil || !ok {
		return nil, 0, false, err
	}
	docs = make([]bson.Raw, len(stored))
	for i, js := range stored {
		doc, err := sqlitestore.Document(js)
		if err != nil {
			return nil, 0, false, nil
		}
		if ok, err := match(doc, filter); err != nil || !ok {
			return nil, 0, false, nil
		}
		docs[i] = doc
	}
	return docs, total, true, nil
}

// pageRows counts the documents q selects and reads the stored JSON of the page's, in order.
func (s *Store) pageRows(ctx context.Context, coll string, q pageQuery, skip, limit int64) (stored [][]byte, total int64, ok bool, err error) {
	table, ok, err := s.table(ctx, coll)
	if err != nil || !ok {
		return nil, 0, false, err
	}
	db, err := s.sqlReader()
	if err != nil {
		return nil, 0, false, err
	}
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, 0, false, fmt.Errorf("mongox: page of %s: %w", coll, err)
	}
	defer func() { _ = tx.Rollback() }() // a read: nothing to keep
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
