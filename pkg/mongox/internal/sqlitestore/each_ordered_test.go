package sqlitestore

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// EachInOrder reads what a filter selects in the sort's order (ties by _id), up to its limit, in
// batches by rowid; it says when it cannot answer exactly, and an error of fn stops it.
func TestEachInOrderReadsTheSelectionInOrderOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, e := testDB(t)
	day := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	n := orderedBatch*2 + 7 // three batches by rowid
	docs := make([]any, 0, n+1)
	for i := range n {
		// Inserted out of order, each date held by three documents.
		docs = append(docs, bson.M{"_id": bson.NewObjectID(), "i": int32(i), "f": day.Add(-time.Duration((i*7919)%n/3) * time.Second), "k": "a"})
	}
	docs = append(docs, bson.M{"_id": bson.NewObjectID(), "i": int32(-1), "f": day, "k": "b"}) // not selected
	if _, err := db.Collection("l").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := e.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	sort := bson.D{{Key: "f", Value: 1}, {Key: "_id", Value: 1}}
	var got []bson.Raw
	ok, err := e.EachInOrder(ctx, "l", bson.M{"k": "a"}, sort, int64(n-5), func(d bson.Raw) error {
		got = append(got, d)
		return nil
	})
	if err != nil || !ok || len(got) != n-5 {
		t.Fatalf("ok %v, %d documents, %v; want %d", ok, len(got), err, n-5)
	}
	in := slices.IsSortedFunc(got, func(a, b bson.Raw) int {
		if c := a.Lookup("f").Time().Compare(b.Lookup("f").Time()); c != 0 {
			return c
		}
		x, y := a.Lookup("_id").ObjectID(), b.Lookup("_id").ObjectID()
		return bytes.Compare(x[:], y[:])
	})
	if !in {
		t.Fatal("not in the order of f, then _id")
	}
	stop := errors.New("stop")
	calls := 0
	if ok, err := e.EachInOrder(ctx, "l", bson.M{"k": "a"}, sort, int64(n), func(bson.Raw) error { calls++; return stop }); !ok || !errors.Is(err, stop) || calls != 1 {
		t.Fatalf("fn's error: ok %v, %v, %d calls", ok, err, calls)
	}
	if ok, err := e.EachInOrder(ctx, "l", bson.M{"k.x": "a"}, sort, 10, func(bson.Raw) error { return errors.New("called") }); ok || err != nil {
		t.Fatalf("a filter SQLite cannot say: ok %v, %v", ok, err)
	}
}
