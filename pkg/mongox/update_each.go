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
// most updateEachChunk documents, each chunk under the lock once), in FerretDB's JSON (sjsonOf,
// which a test checks byte for byte against FerretDB's own update). A write of another shape, or a
// second write of one document, goes through UpdateOneIf after.
func (s *Store) UpdateEachIf(ctx context.Context, coll string, ws []Guarded) ([]bson.Raw, error) {
	after := make([]bson.Raw, len(ws))
	rest := make([]int, len(ws))
	for i := range rest {
		rest[i] = i
	}
	if s.local && s.file != "" && len(ws) > 0 {
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

// updateEachSQL writes, in one SQLite transaction, the writes of ws it can write as FerretDB
// does, setting after for them, and answers the positions of the others (nothing written).
func (s *Store) updateEachSQL(ctx context.Context, coll string, ws []Guarded, after []bson.Raw) (rest []int, err error) {
	all := make([]int, len(ws))
	for i := range all {
		all[i] = i
	}
	table, ok, err := s.table(ctx, coll)
	if err != nil || !ok {
		return all, err
	}
	at := map[bson.ObjectID]int{}
	var ids []bson.ObjectID
	for i, w := range ws {
		if _, twice := at[w.ID]; twice {
			rest = append(rest, i)
			continue
		}
		at[w.ID] = i
		ids = append(ids, w.ID)
	}
	if len(ids) > storedBatch {
		return all, nil
	}
	cur := map[bson.ObjectID]bson.Raw{}
	where, args := idsIn(ids)
	unread, done, err := s.eachStored(ctx, coll, where, args, func(doc bson.Raw) error {
		id, ok := doc.Lookup("_id").ObjectIDOK()
		if ok {
			cur[id] = doc
		}
		return nil
	})
	if err != nil || !done {
		return all, err
	}
	for _, id := range unread {
		rest = append(rest, at[id])
		delete(at, id)
	}
	now := bson.NewDateTimeFromTime(time.Now())
	var writes []sjsonWrite
	for id, i := range at {
		doc, found := cur[id]
		if !found {
			continue // none: after stays nil
		}
		ok, err := match(doc, ws[i].Guard)
		if err != nil {
			return all, err
		}
		if !ok {
			continue
		}
		next, ok, err := applyUpdate(doc, ws[i].Update, now)
		if err != nil {
			return all, fmt.Errorf("mongox: update %s: %w", coll, err)
		}
		var js []byte
		if ok {
			js, ok = sjsonOf(next)
		}
		if !ok {
			rest = append(rest, i)
			continue
		}
		writes = append(writes, sjsonWrite{i: i, id: id, json: string(js), doc: next})
	}
	if len(writes) == 0 {
		return rest, nil
	}
	if err := s.writeSJSON(ctx, coll, table, writes); err != nil {
		return all, err
	}
	for _, w := range writes {
		after[w.i] = w.doc
	}
	slices.Sort(rest)
	return rest, nil
}

// sjsonWrite is a document of UpdateEachIf to write: its position, _id, JSON and BSON.
type sjsonWrite struct {
	i    int
	id   bson.ObjectID
	json string
	doc  bson.Raw
}

// writeSJSON replaces the stored JSON of each document of writes, in one SQLite transaction.
func (s *Store) writeSJSON(ctx context.Context, coll, table string, writes []sjsonWrite) error {
	db, err := s.sqlWriter()
	if err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	defer func() { _ = tx.Rollback() }() // after a Commit, nothing
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
	stmt, err := tx.PrepareContext(ctx, `UPDATE `+sqlName(table)+` SET _ferretdb_sjson = ? WHERE _ferretdb_sjson->'$._id' = ?`)
	if err != nil {
		return fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	defer func() { _ = stmt.Close() }() // closed with the transaction anyway
	for _, w := range writes {
		if _, err := stmt.ExecContext(ctx, w.json, `"`+w.id.Hex()+`"`); err != nil {
			return fmt.Errorf("mongox: update %s: %w", coll, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	return nil
}
