package mongox

import (
	"context"
	"fmt"
	"maps"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox/internal/bsonfilter"
)

// Ascending is the order EachAfter reads in: key, then _id (which Page adds), both ascending. A caller
// reads the first page with it (Page at 0) to learn how many documents there are before EachAfter.
func Ascending(key string) bson.D { return bson.D{{Key: key, Value: 1}} }

// EachAfter calls fn with the first n documents of coll that filter selects, in the order of
// Ascending(key), reading batch documents at a time through Page: first when given (the page at 0
// a caller read with Page to learn n), then each batch strictly after the last document read, as
// the pair (key, _id): the documents with that key and a greater _id, then those with a greater
// key. So a document written meanwhile at or before that point (a sale confirmed with the date of
// its reservation, a movement recorded late with its own date) neither repeats a row nor pushes one
// out, which a skip would do; one written after it is read like the others, up to n in all. The
// later batches are not counted (pageWithin): they lie within what the first page counted. On the
// embedded store, everything after the first batch is one ordered read in one snapshot
// (eachLater), which holds that snapshot while fn runs: a slow reader of an export delays the
// embedded engine's checkpoints for as long, never its writes.
//
// The key must hold one kind of scalar (all dates, all numbers) in every document filter selects,
// as a range on it says: MongoDB compares $gt within one kind only. The filter's conditions on key
// and _id are operators or a plain value, as Page takes them.
func (s *Store) EachAfter(ctx context.Context, coll string, filter bson.M, key string, batch int64, first []bson.Raw, n int64, fn func(bson.Raw) error) error {
	if batch < 1 {
		return fmt.Errorf("mongox: each of %s: batch %d", coll, batch)
	}
	if n < 1 {
		return nil
	}
	sort := withIDLast(Ascending(key)) // as Page sorts
	docs, done := first, int64(0)
	var last, lastID any
	if docs == nil {
		var err error
		if docs, _, err = s.Page(ctx, coll, filter, sort, 0, min(batch, n)); err != nil {
			return err
		}
	}
	emit := func(doc bson.Raw) error {
		var err error
		if last, err = field(doc, key); err != nil {
			return fmt.Errorf("mongox: each of %s: %w", coll, err)
		}
		if lastID, err = field(doc, "_id"); err != nil {
			return fmt.Errorf("mongox: each of %s: %w", coll, err)
		}
		if err := fn(doc); err != nil {
			return err
		}
		done++
		return nil
	}
	for done < n && len(docs) > 0 {
		for _, doc := range docs {
			if done == n {
				return nil
			}
			if err := emit(doc); err != nil {
				return err
			}
		}
		if done == n {
			return nil
		}
		want := min(batch, n-done)
		docs = nil
		// The documents tied with the last one read on key: last satisfied filter's conditions on
		// key, so equality with it says them all.
		if id, ok := after(filter["_id"], lastID); ok {
			tied := maps.Clone(filter)
			tied[key], tied["_id"] = last, id
			var err error
			if docs, err = s.pageWithin(ctx, coll, tied, sort, want); err != nil {
				return err
			}
		}
		if cond, ok := after(filter[key], last); ok && int64(len(docs)) < want {
			later := maps.Clone(filter)
			later[key] = cond
			if streamed, err := s.eachLater(ctx, coll, later, sort, docs, n-done, emit); err != nil || streamed {
				return err
			}
			more, err := s.pageWithin(ctx, coll, later, sort, want-int64(len(docs)))
			if err != nil {
				return err
			}
			docs = append(docs, more...)
		}
	}
	return nil
}

// eachLater is the rest of EachAfter's walk on the embedded store, in one ordered read
// (sqlitestore's EachInOrder): tied, then the first limit-len(tied) documents that later selects,
// each checked against later. streamed is false, with nothing emitted, when SQLite cannot say
// later exactly; then EachAfter goes on a page at a time.
func (s *Store) eachLater(ctx context.Context, coll string, later bson.M, sort bson.D, tied []bson.Raw, limit int64, emit func(bson.Raw) error) (streamed bool, err error) {
	if !s.local || s.sqlite == nil {
		return false, nil
	}
	emitted := false
	streamed, err = s.sqlite.EachInOrder(ctx, coll, later, sort, limit-int64(len(tied)), func(doc bson.Raw) error {
		if !emitted {
			emitted = true
			for _, t := range tied {
				if err := emit(t); err != nil {
					return err
				}
			}
		}
		if ok, err := match(doc, later); err != nil || !ok {
			return fmt.Errorf("mongox: each of %s: a document SQLite selected does not match %v", coll, later)
		}
		return emit(doc)
	})
	if err != nil || !streamed {
		return streamed, err
	}
	if !emitted { // nothing later: the tied ones end the walk
		for _, t := range tied {
			if err := emit(t); err != nil {
				return true, err
			}
		}
	}
	return true, nil
}

// after is cond (a field's condition in a filter, nil for none) narrowed to the values greater than
// v, which satisfied it; ok is false when nothing greater can satisfy it (it says one value).
func after(cond, v any) (any, bool) {
	if cond == nil {
		return bson.M{"$gt": v}, true
	}
	ops, isOps := bsonfilter.Operators(cond)
	if !isOps {
		return nil, false // equality with a value: v was it
	}
	if _, eq := ops["$eq"]; eq {
		return nil, false
	}
	out := maps.Clone(ops)
	delete(out, "$gte") // v satisfied the lower bounds: greater than v is tighter
	out["$gt"] = v
	return out, true
}

// field is the value of a document's top-level field, as a filter takes it.
func field(doc bson.Raw, name string) (any, error) {
	rv, err := doc.LookupErr(name)
	if err != nil {
		return nil, fmt.Errorf("a document without %s: %w", name, err)
	}
	var v any
	if err := rv.Unmarshal(&v); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return v, nil
}

// PageOf is Page with each document decoded into a T.
func PageOf[T any](ctx context.Context, s *Store, coll string, filter bson.M, sort bson.D, skip, limit int64) ([]T, int64, error) {
	docs, total, err := s.Page(ctx, coll, filter, sort, skip, limit)
	if err != nil {
		return nil, 0, err
	}
	out := make([]T, len(docs))
	for i, d := range docs {
		if err := bson.Unmarshal(d, &out[i]); err != nil {
			return nil, 0, fmt.Errorf("mongox: page of %s: %w", coll, err)
		}
	}
	return out, total, nil
}

// SetRange adds to filter the condition that field is in [from, to): $gte from and $lt to, a zero
// time leaving that end open, nothing when both are.
func SetRange(filter bson.M, field string, from, to time.Time) {
	r := bson.M{}
	if !from.IsZero() {
		r["$gte"] = from
	}
	if !to.IsZero() {
		r["$lt"] = to
	}
	if len(r) > 0 {
		filter[field] = r
	}
}
