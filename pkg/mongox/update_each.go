package mongox

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"golang.org/x/sync/errgroup"
)

// Guarded is one write of UpdateEachIf: Update applied to the document whose _id is ID while
// Guard holds, as UpdateOneIf takes them.
type Guarded struct {
	ID     bson.ObjectID
	Guard  bson.M
	Update bson.M
}

const (
	// updateEachAtOnce is how many of UpdateEachIf's writes run at once on MongoDB.
	updateEachAtOnce = 8
	// updateEachChunk is how many documents the embedded store writes in one transaction, under
	// the collection's lock: the other writers of the collection (a sale's stock) wait at most
	// for that many (some tens of milliseconds).
	updateEachChunk = 50
)

// UpdateEachIf applies each write as UpdateOneIf does and answers, by position, the document after
// it: nil where there is no such document or its guard did not hold.
//
// On MongoDB, UpdateOneIf (findAndModify, which answers the document after the write) for a few
// at a time. On the embedded store FerretDB commits each update by itself, after about 3 ms of
// decoding and encoding: 50 edits a second. Here, while the collection's lock keeps every other
// UpdateOneIf, DeleteOneIf and UpdateMany of it waiting, the documents are read from SQLite, each
// guard is checked and each update applied in Go (applyUpdate: $set, $unset, $inc, $currentDate,
// the shapes the shop writes), and the documents are written back in one SQLite transaction (of at
// most updateEachChunk documents, each chunk under the lock once), in FerretDB's JSON
// (sqlitestore's Rewrite, which a test checks byte for byte against FerretDB's own update). A write of another shape, or a
// second write of one document, goes through UpdateOneIf after.
func (s *Store) UpdateEachIf(ctx context.Context, coll string, ws []Guarded) ([]bson.Raw, error) {
	after := make([]bson.Raw, len(ws))
	rest := make([]int, len(ws))
	for i := range rest {
		rest[i] = i
	}
	if s.local && s.sqlite != nil && len(ws) > 0 {
		rest = rest[:0]
		for from := 0; from < len(ws); from += updateEachChunk {
			to := min(from+updateEachChunk, len(ws))
			unlock := s.locks.collection(s.W.Name(), coll)
			left, err := s.updateEachSQL(ctx, coll, ws[from:to], after[from:to])
			unlock()
			if err != nil {
				return nil, err
			}
			for _, i := range left {
				rest = append(rest, from+i)
			}
		}
	}
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(updateEachAtOnce)
	if s.local {
		g.SetLimit(1) // one writer: the document locks would only queue them
	}
	for _, i := range rest {
		g.Go(func() error {
			doc, err := s.UpdateOneIf(gctx, coll, ws[i].ID, ws[i].Guard, ws[i].Update)
			if errors.Is(err, mongo.ErrNoDocuments) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("mongox: update %s: %w", coll, err)
			}
			mu.Lock()
			after[i] = doc
			mu.Unlock()
			return nil
		})
	}
	return after, g.Wait()
}

// updateEachSQL writes, in one SQLite transaction (sqlitestore's Rewrite), the writes of ws it
// can write as FerretDB does, setting after for them, and answers the positions of the others
// (nothing written).
func (s *Store) updateEachSQL(ctx context.Context, coll string, ws []Guarded, after []bson.Raw) (rest []int, err error) {
	all := make([]int, len(ws))
	for i := range all {
		all[i] = i
	}
	at := map[bson.ObjectID]int{}
	var ids []bson.ObjectID
	var twice []int
	for i, w := range ws {
		if _, seen := at[w.ID]; seen {
			twice = append(twice, i)
			continue
		}
		at[w.ID] = i
		ids = append(ids, w.ID)
	}
	now := bson.NewDateTimeFromTime(time.Now())
	next := map[bson.ObjectID]bson.Raw{}
	declined, done, err := s.sqlite.Rewrite(ctx, coll, ids, func(id bson.ObjectID, doc bson.Raw) (bson.Raw, bool, error) {
		i := at[id]
		if ok, err := match(doc, ws[i].Guard); err != nil || !ok {
			return nil, true, err
		}
		doc, ok, err := applyUpdate(doc, ws[i].Update, now)
		if err != nil {
			return nil, false, fmt.Errorf("mongox: update %s: %w", coll, err)
		}
		next[id] = doc
		return doc, ok, nil
	})
	if err != nil || !done {
		return all, err
	}
	rest = twice
	for _, id := range declined {
		rest = append(rest, at[id])
		delete(next, id)
	}
	for id, doc := range next {
		after[at[id]] = doc
	}
	slices.Sort(rest)
	return rest, nil
}
