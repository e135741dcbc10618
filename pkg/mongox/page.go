package mongox

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
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
// page's _id and counts (page_sql.go), in one snapshot, from the list indexes (EnsureListIndex)
// when they hold those fields; the page's documents are then read by _id and checked against the
// filter again. A page a write changed meanwhile is read again; anything SQLite cannot say exactly
// goes to the store's own find.
func (s *Store) Page(ctx context.Context, coll string, filter bson.M, sort bson.D, skip, limit int64) ([]bson.Raw, int64, error) {
	if skip < 0 || limit < 1 {
		return nil, 0, fmt.Errorf("mongox: page of %s: skip %d and limit %d", coll, skip, limit)
	}
	if !slices.ContainsFunc(sort, func(e bson.E) bool { return e.Key == "_id" }) {
		sort = append(slices.Clone(sort), bson.E{Key: "_id", Value: 1})
	}
	if s.local && s.file != "" {
		if q, ok := newPageQuery(filter, sort); ok {
			for range 3 {
				docs, total, got, err := s.pageBySQL(ctx, coll, filter, q, skip, limit)
				if err != nil || got == pageDone {
					return docs, total, err
				}
				if got == pageDeclined {
					break
				}
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

// What pageBySQL did.
const (
	pageDone     = iota
	pageStale    // a document of the page changed or went after SQLite chose it: read it again
	pageDeclined // SQLite cannot answer this page exactly: the store's find does
)

// pageBySQL answers the page through SQLite. It declines when the collection has no table or no
// index by _id yet, a sort field holds a value SQLite does not order as MongoDB does, an _id is not
// an ObjectID, or a document holds what match cannot judge (an array in a filtered field).
func (s *Store) pageBySQL(ctx context.Context, coll string, filter bson.M, q pageQuery, skip, limit int64) (docs []bson.Raw, total int64, got int, err error) {
	ids, total, ok, err := s.pageIDs(ctx, coll, q, skip, limit)
	if err != nil || !ok {
		return nil, 0, pageDeclined, err
	}
	found := make(map[bson.ObjectID]bson.Raw, len(ids))
	got = pageDone
	err = s.EachByID(ctx, coll, ids, nil, func(doc bson.Raw) error {
		ok, err := match(doc, filter)
		id, isID := doc.Lookup("_id").ObjectIDOK()
		switch {
		case err != nil || !isID:
			got = pageDeclined
		case !ok:
			got = max(got, pageStale)
		default:
			found[id] = slices.Clone(doc)
		}
		return nil
	})
	if err != nil || got != pageDone {
		return nil, 0, got, err
	}
	if len(found) != len(ids) {
		return nil, 0, pageStale, nil // deleted since
	}
	docs = make([]bson.Raw, len(ids))
	for i, id := range ids {
		docs[i] = found[id]
	}
	return docs, total, pageDone, nil
}

// pageIDs selects the page's _id and counts the documents in one read transaction of SQLite.
func (s *Store) pageIDs(ctx context.Context, coll string, q pageQuery, skip, limit int64) (ids []bson.ObjectID, total int64, ok bool, err error) {
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
		return []bson.ObjectID{}, total, true, nil
	}
	//nolint:gosec // as above
	rows, err := tx.QueryContext(ctx, `SELECT `+valueExpr("_id")+` FROM `+sqlName(table)+` WHERE `+q.where+
		` ORDER BY `+q.order+` LIMIT ? OFFSET ?`, append(slices.Clone(q.args), limit, skip)...)
	if err != nil {
		return nil, 0, false, fmt.Errorf("mongox: page of %s: %w", coll, err)
	}
	defer rows.Close()
	for rows.Next() {
		var hex sql.NullString
		if err := rows.Scan(&hex); err != nil {
			return nil, 0, false, fmt.Errorf("mongox: page of %s: %w", coll, err)
		}
		id, err := bson.ObjectIDFromHex(hex.String)
		if err != nil {
			return nil, 0, false, nil // not an ObjectID: the store's find reads it
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, false, fmt.Errorf("mongox: page of %s: %w", coll, err)
	}
	return ids, total, true, nil
}
