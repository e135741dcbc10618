package mongox

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox/internal/bsonfilter"
	"tienda/pkg/mongox/internal/sqlitestore"
)

// ErrStop ends an Each early when fn returns it; Each then returns nil.
var ErrStop = errors.New("mongox: stop")

// Each calls fn, one call at a time and in no particular order, with each document of coll that
// filter selects (as match takes it), reduced to projection (an inclusion projection, or nil for
// whole documents). fn must copy a document to keep it past its call.
//
// On MongoDB it is a find. The embedded store uses no index for a find other than exactly {_id}:
// any other filter reads and decodes every document of the collection, a quarter of a millisecond
// each, so a customer's history or one day's sales would cost as much as every sale ever made. So
// there, SQLite selects the documents through the indexes FerretDB built for the filter's
// conditions on top-level fields (BuildIndexes), with the same expressions, so that its planner
// uses them, and reads their stored JSON (sqlitestore's Each; a larger selection, when fewer than half of
// the documents, by _id through FerretDB); each is checked against the whole filter again before
// fn sees it, with the top-level fields the projection names. A projection of top-level fields
// with such a filter, or with none, SQLite reads whole (sqlitestore's EachProjected). A filter of
// ObjectIDs {_id: {$in: […]}} is read by _id (EachByID), through the _id index (IndexIDs).
func (s *Store) Each(ctx context.Context, coll string, filter, projection bson.M, fn func(bson.Raw) error) error {
	err := s.each(ctx, coll, filter, projection, fn)
	if errors.Is(err, ErrStop) {
		return nil
	}
	return err
}

func (s *Store) each(ctx context.Context, coll string, filter, projection bson.M, fn func(bson.Raw) error) error {
	if ids, ok := idsIn(filter); ok && s.local && s.sqlite != nil {
		return s.EachByID(ctx, coll, ids, projection, fn) // through the _id index, which Select does not name
	}
	if s.local && s.sqlite != nil {
		sel, ok, whole := sqlitestore.Select(filter)
		if len(filter) == 0 {
			sel, ok, whole = sqlitestore.Everything, true, true // every document: SQLite reads a projection whole
			if projection == nil {
				unread, done, err := s.sqlite.EachRow(ctx, coll, fn)
				if err != nil {
					return err
				}
				if done {
					return s.eachByFind(ctx, coll, unread, nil, fn)
				}
			}
		}
		if ok {
			if fields, plain := projectedFields(projection); whole && projection != nil && plain {
				if done, err := s.sqlite.EachProjected(ctx, coll, sel, fields, fn); err != nil || done {
					return err
				}
			}
			matching := func(doc bson.Raw) error {
				if ok, err := match(doc, filter); err != nil || !ok {
					return err
				}
				doc, err := projected(doc, projection)
				if err != nil {
					return fmt.Errorf("mongox: read %s: %w", coll, err)
				}
				return fn(doc)
			}
			if projection != nil {
				projection = withFields(projection, filter) // what matching reads, when FerretDB reads it
			}
			rest, done, err := s.sqlite.Each(ctx, coll, sel, matching)
			if err != nil {
				return err
			}
			if done {
				return s.eachByFind(ctx, coll, rest, projection, matching)
			}
			ids, ok, err := s.sqlite.IDs(ctx, coll, sel)
			if err != nil {
				return err
			}
			if ok {
				return s.eachByFind(ctx, coll, ids, projection, matching)
			}
		}
	}
	opts := options.Find().SetBatchSize(eachBatch)
	if projection != nil {
		opts.SetProjection(projection)
	}
	cur, err := s.R.Collection(coll).Find(ctx, filter, opts)
	if err != nil {
		return fmt.Errorf("mongox: find %s: %w", coll, err)
	}
	defer cur.Close(context.WithoutCancel(ctx))
	for cur.Next(ctx) {
		if err := fn(cur.Current); err != nil {
			return err
		}
	}
	if err := cur.Err(); err != nil {
		return fmt.Errorf("mongox: find %s: %w", coll, err)
	}
	return nil
}

// Count counts the documents of coll that filter selects (MongoDB's countDocuments). On the
// embedded store, a filter that SQLite can say whole (sqlitestore.Select) is counted there, through
// FerretDB's indexes, instead of reading every document.
func (s *Store) Count(ctx context.Context, coll string, filter bson.M) (int64, error) {
	return s.count(ctx, coll, filter, 0)
}

// Exists reports whether filter selects some document of coll: a count that stops at the first.
func (s *Store) Exists(ctx context.Context, coll string, filter bson.M) (bool, error) {
	n, err := s.count(ctx, coll, filter, 1)
	return n > 0, err
}

// count counts as Count does, up to limit when limit > 0.
func (s *Store) count(ctx context.Context, coll string, filter bson.M, limit int64) (int64, error) {
	if s.local && s.sqlite != nil {
		if len(filter) == 0 { // every document: the table's rows
			n, counted, err := s.sqlite.Count(ctx, coll, sqlitestore.Everything, limit)
			if err != nil || counted {
				return n, err
			}
		} else if sel, ok, whole := sqlitestore.Select(filter); ok && whole {
			n, counted, err := s.sqlite.Count(ctx, coll, sel, limit)
			if err != nil || counted {
				return n, err
			}
		}
	}
	opts := options.Count()
	if limit > 0 {
		opts.SetLimit(limit)
	}
	n, err := s.R.Collection(coll).CountDocuments(ctx, filter, opts)
	if err != nil {
		return 0, fmt.Errorf("mongox: count %s: %w", coll, err)
	}
	return n, nil
}

// eachBatch is how many documents a batch of a find carries: some hundred kilobytes of sales.
const eachBatch = 256

// lookups is how many documents EachByID reads at once.
const lookups = 8

// withFields adds to an inclusion projection the fields the filter checks.
func withFields(projection, filter bson.M) bson.M {
	p := bson.M{}
	for k, v := range projection {
		p[k] = v
	}
	for k := range filter {
		p[k] = 1
	}
	return p
}

// IndexIDs makes lookups by _id use an index on the embedded store (sqlitestore's IndexIDs: FerretDB
// v1's own _id index is never used), and answers how many indexes it added; nothing to do on
// MongoDB.
func (s *Store) IndexIDs(ctx context.Context) (int, error) {
	if s.sqlite == nil {
		return 0, nil
	}
	return s.sqlite.IndexIDs(ctx)
}

// idsIn are the ids of a filter {_id: {$in: [ObjectID…]}}, each once.
func idsIn(filter bson.M) ([]bson.ObjectID, bool) {
	ops, isOps := bsonfilter.Operators(filter["_id"])
	if len(filter) != 1 || !isOps || len(ops) != 1 {
		return nil, false
	}
	list, ok := bsonfilter.InList(ops["$in"])
	if !ok {
		return nil, false
	}
	seen := make(map[bson.ObjectID]bool, len(list))
	ids := make([]bson.ObjectID, 0, len(list))
	for _, v := range list {
		id, ok := v.(bson.ObjectID)
		if !ok {
			return nil, false
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, true
}
