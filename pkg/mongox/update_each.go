package mongox

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
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

// updateEachAtOnce is how many of UpdateEachIf's writes run at once on MongoDB.
const updateEachAtOnce = 8

// UpdateEachIf applies each write as UpdateOneIf does and answers, by position, the document after
// it: nil where there is no such document or its guard did not hold.
//
// On MongoDB, UpdateOneIf (findAndModify, which answers the document after the write) for a few
// at a time. On the embedded store FerretDB commits each update by itself, after about 3 ms of
// decoding and encoding: 50 edits a second. Here, while the collection's lock keeps every other
// UpdateOneIf, DeleteOneIf and UpdateMany of it waiting, the documents are read from SQLite, each
// guard is checked and each update applied in Go (applyUpdate: $set, $unset, $inc, $currentDate,
// the shapes the shop writes), and the documents are written back in one SQLite transaction, in
// FerretDB's JSON (sjsonOf, which a test checks byte for byte against FerretDB's own update). A
// write of another shape, or a second write of one document, goes through UpdateOneIf after.
func (s *Store) UpdateEachIf(ctx context.Context, coll string, ws []Guarded) ([]bson.Raw, error) {
	after := make([]bson.Raw, len(ws))
	rest := make([]int, len(ws))
	for i := range rest {
		rest[i] = i
	}
	if s.local && s.file != "" && len(ws) > 0 {
		unlock := s.locks.collection(s.W.Name(), coll)
		var err error
		rest, err = s.updateEachSQL(ctx, coll, ws, after)
		unlock()
		if err != nil {
			return nil, err
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

// errShape is an update applyUpdate does not apply.
var errShape = errors.New("mongox: an update of another shape")

// applyUpdate is doc after update, as MongoDB applies it, for updates of $set, $unset, $inc and
// $currentDate (true) of fields and of paths into documents and existing array elements. ok is
// false for an update of another shape.
func applyUpdate(doc bson.Raw, update bson.M, now bson.DateTime) (bson.Raw, bool, error) {
	var d bson.D
	if err := bson.Unmarshal(doc, &d); err != nil {
		return nil, false, err
	}
	ops := make([]string, 0, len(update))
	for op := range update {
		ops = append(ops, op)
	}
	slices.Sort(ops)
	for _, op := range ops {
		fields, ok := update[op].(bson.M)
		if !ok {
			return nil, false, nil
		}
		paths := make([]string, 0, len(fields))
		for p := range fields {
			paths = append(paths, p)
		}
		slices.Sort(paths)
		for _, p := range paths {
			v := fields[p]
			var fn func(old any, found bool) (any, bool, error)
			switch op {
			case "$set":
				fn = func(any, bool) (any, bool, error) { return v, true, nil }
			case "$unset":
				fn = func(any, bool) (any, bool, error) { return nil, false, nil }
			case "$currentDate":
				if v != true {
					return nil, false, nil
				}
				fn = func(any, bool) (any, bool, error) { return now, true, nil }
			case "$inc":
				fn = func(old any, found bool) (any, bool, error) { return increment(old, found, v) }
			default:
				return nil, false, nil
			}
			next, err := editPath(d, strings.Split(p, "."), op == "$unset", fn)
			if errors.Is(err, errShape) {
				return nil, false, nil
			}
			if err != nil {
				return nil, false, err
			}
			d = next.(bson.D)
		}
	}
	raw, err := bson.Marshal(d)
	if err != nil {
		return nil, false, err
	}
	return raw, true, nil
}

// editPath is c (a document or an array) with the value at path replaced by what fn answers (the
// value there and whether there is one), or removed when fn says not to keep it. Documents
// missing on the way are created, unless removing.
func editPath(c any, path []string, removing bool, fn func(old any, found bool) (any, bool, error)) (any, error) {
	switch x := c.(type) {
	case bson.D:
		i := slices.IndexFunc(x, func(e bson.E) bool { return e.Key == path[0] })
		var old any
		if i >= 0 {
			old = x[i].Value
		}
		if len(path) > 1 {
			if i < 0 {
				if removing {
					return x, nil
				}
				old = bson.D{}
			}
			v, err := editPath(old, path[1:], removing, fn)
			if err != nil {
				return nil, err
			}
			if i < 0 {
				return append(x, bson.E{Key: path[0], Value: v}), nil
			}
			x[i].Value = v
			return x, nil
		}
		v, keep, err := fn(old, i >= 0)
		switch {
		case err != nil:
			return nil, err
		case !keep && i >= 0:
			return slices.Delete(x, i, i+1), nil
		case !keep:
			return x, nil
		case i >= 0:
			x[i].Value = v
			return x, nil
		}
		return append(x, bson.E{Key: path[0], Value: v}), nil
	case bson.A:
		i, err := strconv.Atoi(path[0])
		if err != nil || i < 0 || i >= len(x) || len(path) == 1 && removing {
			return nil, errShape
		}
		if len(path) > 1 {
			v, err := editPath(x[i], path[1:], removing, fn)
			if err != nil {
				return nil, err
			}
			x[i] = v
			return x, nil
		}
		v, _, err := fn(x[i], true)
		if err != nil {
			return nil, err
		}
		x[i] = v
		return x, nil
	}
	return nil, errShape
}

// increment is old plus by as $inc adds them: two int32 an int32 (an overflow is left to the
// store), with an int64 an int64, with a double a double.
func increment(old any, found bool, by any) (any, bool, error) {
	b, err := bsonNumber(by)
	if err != nil {
		return nil, false, err
	}
	if !found {
		return b, true, nil
	}
	o, err := bsonNumber(old)
	if err != nil {
		return nil, false, err
	}
	switch x := o.(type) {
	case float64:
		return x + asFloat(b), true, nil
	case int32:
		switch y := b.(type) {
		case int32:
			sum := int64(x) + int64(y)
			if sum < math.MinInt32 || sum > math.MaxInt32 {
				return nil, false, errShape // FerretDB wraps it round, MongoDB makes it an int64: its own update
			}
			return int32(sum), true, nil
		case int64:
			return addInt64(int64(x), y)
		}
	case int64:
		switch y := b.(type) {
		case int32:
			return addInt64(x, int64(y))
		case int64:
			return addInt64(x, y)
		}
	}
	return asFloat(o) + asFloat(b), true, nil
}

func addInt64(a, b int64) (any, bool, error) {
	sum := a + b
	if (b > 0 && sum < a) || (b < 0 && sum > a) {
		return nil, false, errShape
	}
	return sum, true, nil
}

// bsonNumber is v as BSON stores it: int32, int64 or float64.
func bsonNumber(v any) (any, error) {
	raw, err := bson.Marshal(bson.D{{Key: "v", Value: v}})
	if err != nil {
		return nil, err
	}
	rv := bson.Raw(raw).Lookup("v")
	if i, ok := rv.Int32OK(); ok {
		return i, nil
	}
	if i, ok := rv.Int64OK(); ok {
		return i, nil
	}
	if f, ok := rv.DoubleOK(); ok {
		return f, nil
	}
	return nil, errShape
}

func asFloat(v any) float64 {
	switch x := v.(type) {
	case int32:
		return float64(x)
	case int64:
		return float64(x)
	case float64:
		return x
	}
	return 0
}
