package mongox

import (
	"context"
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
// page's rows and counts (internal/sqlitestore/page_sql.go) from the list indexes (Index.List)
// when they hold those fields, and reads the page's documents, all in one snapshot; each document
// is checked against the filter again. Anything SQLite cannot say exactly goes to the store's own find.
func (s *Store) Page(ctx context.Context, coll string, filter bson.M, sort bson.D, skip, limit int64) ([]bson.Raw, int64, error) {
	if skip < 0 || limit < 1 {
		return nil, 0, fmt.Errorf("mongox: page of %s: skip %d and limit %d", coll, skip, limit)
	}
	if !slices.ContainsFunc(sort, func(e bson.E) bool { return e.Key == "_id" }) {
		sort = append(slices.Clone(sort), bson.E{Key: "_id", Value: 1})
	}
	if s.local && s.sqlite != nil {
		docs, total, ok, err := s.pageBySQL(ctx, coll, filter, sort, skip, limit)
		if err != nil || ok {
			return docs, total, err
		}
	}
	return s.pageByFind(ctx, coll, filter, sort, skip, limit)
}

// pageWithin is Page without the count, for a filter within one whose documents a Page of this
// walk counted already (EachAfter's later pages): counting the rest of a range on every page
// made a walk through it quadratic in its length.
func (s *Store) pageWithin(ctx context.Context, coll string, filter bson.M, sort bson.D, limit int64) ([]bson.Raw, error) {
	if s.local && s.sqlite != nil {
		docs, ok, err := s.sqlite.PageWithin(ctx, coll, filter, sort, 0, limit)
		if err != nil {
			return nil, err
		}
		for _, doc := range docs {
			if matched, merr := match(doc, filter); merr != nil || !matched {
				ok = false
				break
			}
		}
		if ok {
			return docs, nil
		}
	}
	return s.findPage(ctx, coll, filter, sort, 0, limit)
}

func (s *Store) pageByFind(ctx context.Context, coll string, filter bson.M, sort bson.D, skip, limit int64) ([]bson.Raw, int64, error) {
	docs, err := s.findPage(ctx, coll, filter, sort, skip, limit)
	if err != nil {
		return nil, 0, err
	}
	total, err := s.R.Collection(coll).CountDocuments(ctx, filter)
	if err != nil {
		return nil, 0, fmt.Errorf("mongox: count %s: %w", coll, err)
	}
	return docs, total, nil
}

// findPage is a page by the store's own find, sorted, skipped and limited.
func (s *Store) findPage(ctx context.Context, coll string, filter bson.M, sort bson.D, skip, limit int64) ([]bson.Raw, error) {
	cur, err := s.R.Collection(coll).Find(ctx, filter, options.Find().SetSort(sort).SetSkip(skip).SetLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("mongox: page of %s: %w", coll, err)
	}
	defer cur.Close(context.WithoutCancel(ctx))
	docs := []bson.Raw{}
	for cur.Next(ctx) {
		docs = append(docs, slices.Clone(cur.Current))
	}
	if err := cur.Err(); err != nil {
		return nil, fmt.Errorf("mongox: page of %s: %w", coll, err)
	}
	return docs, nil
}

// pageBySQL answers the page through SQLite (sqlitestore's Page) and checks each document against
// the filter (match). ok is false when it cannot answer exactly: SQLite cannot (see there), or a
// document holds what match cannot judge (an array in a filtered field).
func (s *Store) pageBySQL(ctx context.Context, coll string, filter bson.M, sort bson.D, skip, limit int64) (docs []bson.Raw, total int64, ok bool, err error) {
	docs, total, ok, err = s.sqlite.Page(ctx, coll, filter, sort, skip, limit)
	if err != nil || !ok {
		return nil, 0, false, err
	}
	for _, doc := range docs {
		if ok, err := match(doc, filter); err != nil || !ok {
			return nil, 0, false, nil
		}
	}
	return docs, total, true, nil
}
