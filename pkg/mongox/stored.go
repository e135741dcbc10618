package mongox

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"golang.org/x/sync/errgroup"

	"tienda/pkg/mongox/internal/bsonfilter"
	"tienda/pkg/mongox/internal/sqlitestore"
)

// projected is doc with only the top-level fields projection names (the first part of a dotted
// path) and _id: what a find with that projection answers, give or take fields inside them.
func projected(doc bson.Raw, projection bson.M) (bson.Raw, error) {
	if projection == nil {
		return doc, nil
	}
	keep := map[string]bool{"_id": true}
	for k, v := range projection {
		if !isOne(v) {
			return doc, nil // an exclusion: the whole document
		}
		top, _, _ := strings.Cut(k, ".")
		keep[top] = true
	}
	elems, err := doc.Elements()
	if err != nil {
		return nil, err
	}
	out := bson.D{}
	for _, e := range elems {
		if keep[e.Key()] {
			out = append(out, bson.E{Key: e.Key(), Value: e.Value()})
		}
	}
	return bson.Marshal(out)
}

// EachByID calls fn, one call at a time and in no particular order, with each document of coll
// whose _id is in ids, reduced to projection (whole when nil); an _id with no document is skipped.
// The documents are read by _id, a few at a time: on the embedded store, the only lookup that
// uses an index (IndexIDs), from their stored JSON when it can.
func (s *Store) EachByID(ctx context.Context, coll string, ids []bson.ObjectID, projection bson.M, fn func(bson.Raw) error) error {
	if s.local && s.sqlite != nil && len(ids) > 0 {
		// Their stored JSON in batches, read through the _id index (sqlitestore's Each).
		for len(ids) > 0 {
			batch := ids[:min(len(ids), 500)]
			ids = ids[len(batch):]
			rest, done, err := s.sqlite.Each(ctx, coll, sqlitestore.SelectIDs(batch), func(doc bson.Raw) error {
				doc, err := projected(doc, projection)
				if err != nil {
					return fmt.Errorf("mongox: %s by _id: %w", coll, err)
				}
				return fn(doc)
			})
			if err != nil {
				return err
			}
			if !done {
				rest = batch
			}
			if err := s.eachByFind(ctx, coll, rest, projection, fn); err != nil {
				return err
			}
		}
		return nil
	}
	return s.eachByFind(ctx, coll, ids, projection, fn)
}

// eachByFind is EachByID through FerretDB (or MongoDB): a find by _id for each, a few at a time.
func (s *Store) eachByFind(ctx context.Context, coll string, ids []bson.ObjectID, projection bson.M, fn func(bson.Raw) error) error {
	if len(ids) == 0 {
		return nil
	}
	opts := options.FindOne()
	if projection != nil {
		opts.SetProjection(projection)
	}
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(lookups)
	for _, id := range ids {
		g.Go(func() error {
			doc, err := s.R.Collection(coll).FindOne(gctx, bson.M{"_id": id}, opts).Raw()
			if errors.Is(err, mongo.ErrNoDocuments) {
				return nil // deleted meanwhile, or never saved
			}
			if err != nil {
				return fmt.Errorf("mongox: %s by _id: %w", coll, err)
			}
			mu.Lock()
			defer mu.Unlock()
			return fn(doc)
		})
	}
	return g.Wait()
}

// projectedFields are the fields of an inclusion projection of top-level fields other than _id
// (isOne for each); ok is false for any other projection.
func projectedFields(projection bson.M) (fields []string, ok bool) {
	for f, v := range projection {
		if f == "_id" || !bsonfilter.PlainField(f) || !isOne(v) {
			return nil, false
		}
		fields = append(fields, f)
	}
	return fields, true
}

func isOne(v any) bool {
	switch x := v.(type) {
	case int:
		return x == 1
	case int32:
		return x == 1
	case int64:
		return x == 1
	case bool:
		return x
	case float64:
		return x == 1
	}
	return false
}
