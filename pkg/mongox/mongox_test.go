package mongox

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// The reason for the single writer: 50 buyers of a stock of 20 must give exactly 20 sales.
func TestConcurrentConditionalDecrementsSellExactlyTheStock(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	coll := s.W.Collection("stock")
	if _, err := coll.InsertOne(ctx, bson.M{"_id": "p1", "stock": 20}); err != nil {
		t.Fatal(err)
	}
	var sold atomic.Int32
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			res := coll.FindOneAndUpdate(ctx, bson.M{"_id": "p1", "stock": bson.M{"$gte": 1}}, bson.M{"$inc": bson.M{"stock": -1}})
			if res.Err() == nil {
				sold.Add(1)
			} else if !errors.Is(res.Err(), mongo.ErrNoDocuments) {
				t.Error(res.Err())
			}
		})
	}
	wg.Wait()
	var doc struct{ Stock int }
	if err := s.R.Collection("stock").FindOne(ctx, bson.M{"_id": "p1"}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if sold.Load() != 20 || doc.Stock != 0 {
		t.Fatalf("sold %d, stock left %d; want 20 and 0", sold.Load(), doc.Stock)
	}
}

func TestIsDuplicateOnInsertAndUpdate(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	coll := s.W.Collection("u")
	if _, err := coll.Indexes().CreateOne(ctx, mongo.IndexModel{Keys: bson.D{{Key: "email", Value: 1}},
		Options: options.Index().SetUnique(true).SetSparse(true)}); err != nil {
		t.Fatal(err)
	}
	if _, err := coll.InsertMany(ctx, []any{bson.M{"email": "a@x.mx"}, bson.M{"email": "b@x.mx"}}); err != nil {
		t.Fatal(err)
	}
	_, err := coll.InsertOne(ctx, bson.M{"email": "a@x.mx"})
	if !IsDuplicate(err) {
		t.Fatalf("insert duplicate: %v", err)
	}
	_, err = coll.UpdateOne(ctx, bson.M{"email": "b@x.mx"}, bson.M{"$set": bson.M{"email": "a@x.mx"}})
	if !IsDuplicate(err) {
		t.Fatalf("update to duplicate: %v", err)
	}
	if IsDuplicate(nil) || IsDuplicate(context.Canceled) {
		t.Fatal("IsDuplicate true for a non-duplicate error")
	}
}

func TestEmbeddedStoreKeepsDataAcrossRestartsAndLocksItsDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := Open(ctx, Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Embedded() {
		t.Fatal("want the embedded store")
	}
	if _, err := s.W.Collection("c").InsertOne(ctx, bson.M{"_id": "k", "v": 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, Options{DataDir: dir}); err == nil {
		t.Fatal("a second store opened the same data directory")
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(ctx, Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close(ctx)
	n, err := s2.R.Collection("c").CountDocuments(ctx, bson.M{"_id": "k"})
	if err != nil || n != 1 {
		t.Fatalf("after restart: n=%d err=%v", n, err)
	}
}

func TestOneTimeJobs(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	meta := s.W.Collection("meta")
	if done, err := JobDone(ctx, meta, "tarea-v1"); err != nil || done {
		t.Fatalf("before: %v %v", done, err)
	}
	if first, err := MarkJobDone(ctx, meta, "tarea-v1"); err != nil || !first {
		t.Fatalf("first mark: %v %v", first, err)
	}
	if first, err := MarkJobDone(ctx, meta, "tarea-v1"); err != nil || first {
		t.Fatalf("second mark: %v %v", first, err)
	}
	if done, err := JobDone(ctx, meta, "tarea-v1"); err != nil || !done {
		t.Fatalf("after: %v %v", done, err)
	}
}
