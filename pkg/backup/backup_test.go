package backup

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/x/bsonx/bsoncore"

	"tienda/pkg/mongox"
)

// source opens an embedded store in a data directory of its own (the shop's: a backup is taken of
// DATA_DIR's file), with a session key, products with an index, and an empty collection.
func source(t *testing.T) (*mongox.Store, Source) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	s, err := mongox.Open(ctx, mongox.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close(context.Background()) })
	if err := os.WriteFile(filepath.Join(dir, "jwt-secret"), []byte("secreto-de-sesiones-de-32-caracteres!!\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, ix := range []struct {
		coll  string
		model mongo.IndexModel
	}{
		{"productos", mongo.IndexModel{Keys: bson.D{{Key: "sku", Value: 1}}, Options: options.Index().SetUnique(true).SetName("sku_1")}},
		{"productos", mongo.IndexModel{Keys: bson.D{{Key: "categoria", Value: 1}, {Key: "precio", Value: -1}}}},
		{"ventas", mongo.IndexModel{Keys: bson.D{{Key: "folio", Value: 1}}, Options: options.Index().SetUnique(true)}},
	} {
		if _, err := s.W.Collection(ix.coll).Indexes().CreateOne(ctx, ix.model); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.W.CreateCollection(ctx, "vacia"); err != nil {
		t.Fatal(err)
	}
	docs := make([]any, 500)
	for i := range docs {
		docs[i] = bson.D{{Key: "_id", Value: bson.NewObjectID()}, {Key: "sku", Value: fmt.Sprintf("SKU-%04d", i)},
			{Key: "nombre", Value: "Cámara IP " + fmt.Sprint(i)}, {Key: "categoria", Value: "cctv"},
			{Key: "precio", Value: float64(i) + 0.5}, {Key: "stock", Value: int32(10)},
			{Key: "alta", Value: time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)},
			{Key: "variantes", Value: bson.A{bson.D{{Key: "color", Value: "blanco"}, {Key: "stock", Value: int64(3)}}}}}
	}
	if _, err := s.W.Collection("productos").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	return s, Source{DataDir: dir}
}

// sell inserts orders one after another until stop is closed, answering the _id of each one the
// store acknowledged, and sends the count acknowledged so far whenever asked on mark.
func sell(t *testing.T, s *mongox.Store, stop <-chan struct{}) (acked func() []bson.ObjectID, wait func()) {
	var mu sync.Mutex
	var ids []bson.ObjectID
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			id := bson.NewObjectID()
			_, err := s.W.Collection("ventas").InsertOne(context.Background(), bson.D{{Key: "_id", Value: id},
				{Key: "folio", Value: fmt.Sprintf("V-%06d", i)}, {Key: "total", Value: 116.0}, {Key: "estado", Value: "pagada"}})
			if err != nil {
				t.Error(err)
				return
			}
			// and a write to a document the backup also holds
			if _, err := s.W.Collection("productos").UpdateOne(context.Background(), bson.M{"sku": "SKU-0001"},
				bson.M{"$inc": bson.M{"stock": -1}}); err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			ids = append(ids, id)
			mu.Unlock()
		}
	})
	return func() []bson.ObjectID {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(ids)
	}, wg.Wait
}

// all is every document of a collection, ordered by _id.
func all(t *testing.T, db *mongo.Database, coll string) []bson.Raw {
	t.Helper()
	cur, err := db.Collection(coll).Find(context.Background(), bson.D{}, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		t.Fatal(err)
	}
	var out []bson.Raw
	for cur.Next(context.Background()) {
		out = append(out, slices.Clone(cur.Current))
	}
	if err := cur.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func indexNames(t *testing.T, db *mongo.Database, coll string) []string {
	t.Helper()
	specs, err := db.Collection(coll).Indexes().ListSpecifications(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range specs {
		names = append(names, fmt.Sprintf("%s unique=%v", s.Name, s.Unique != nil && *s.Unique))
	}
	slices.Sort(names)
	return names
}

// sameStore fails unless want and got hold the same collections, documents (byte for byte) and
// indexes.
func sameStore(t *testing.T, want, got *mongo.Database) {
	t.Helper()
	ctx := context.Background()
	wantNames, err := want.ListCollectionNames(ctx, bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	gotNames, err := got.ListCollectionNames(ctx, bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(wantNames)
	slices.Sort(gotNames)
	if !slices.Equal(wantNames, gotNames) {
		t.Fatalf("collections: restored %v, want %v", gotNames, wantNames)
	}
	for _, c := range wantNames {
		w, g := all(t, want, c), all(t, got, c)
		if len(w) != len(g) {
			t.Fatalf("%s: %d documents restored, want %d", c, len(g), len(w))
		}
		for i := range w {
			if !bytes.Equal(w[i], g[i]) {
				t.Fatalf("%s: document %d restored as\n%s\nwant\n%s", c, i, g[i], w[i])
			}
		}
		if wi, gi := indexNames(t, want, c), indexNames(t, got, c); !slices.Equal(wi, gi) {
			t.Fatalf("%s: indexes restored %v, want %v", c, gi, wi)
		}
	}
}

func TestBackupUnderWritesRestoresEveryAcknowledgedOrder(t *testing.T) {
	ctx := context.Background()
	src, from := source(t)
	dir := t.TempDir()

	stop := make(chan struct{})
	acked, wait := sell(t, src, stop)
	// Sales before the backup, and at least one acknowledged while it runs (on a busy machine a
	// backup may end before the next sale: it is taken again, into a fresh folder).
	for deadline := time.Now().Add(2 * time.Minute); len(acked()) == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no sale acknowledged within 2 minutes")
		}
	}
	var before, after []bson.ObjectID
	var it Item
	var err error
	for attempt := 0; attempt < 5 && len(after) == len(before); attempt++ {
		dir = t.TempDir()
		before = acked() // acknowledged before the backup started: all must be in it
		it, err = Take(ctx, from, dir, time.Now())
		after = acked()
		if err != nil {
			break
		}
	}
	close(stop)
	wait()
	if err != nil {
		t.Fatal(err)
	}
	if len(after) == len(before) {
		t.Fatalf("no sale during any of 5 backups (%d before, %d after): the test proves nothing", len(before), len(after))
	}

	target := mongox.TestDB(t)
	restored, err := Restore(ctx, filepath.Join(dir, it.Name), target, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("restored %v; %d sales acknowledged before the backup, %d by its end", restored, len(before), len(after))
	var ventas int64
	for _, r := range restored {
		if r.Collection == "ventas" {
			ventas = r.Documents
		}
	}
	if ventas < int64(len(before)) || ventas > int64(len(after)) {
		t.Fatalf("the backup holds %d sales; %d were acknowledged before it started and %d by its end", ventas, len(before), len(after))
	}
	for _, id := range before {
		if err := target.R.Collection("ventas").FindOne(ctx, bson.M{"_id": id}).Err(); err != nil {
			t.Fatalf("acknowledged sale %s not found after the restore: %v", id.Hex(), err)
		}
	}
	// One instant: the stock went down once with every sale, in the same order.
	var p struct{ Stock int64 }
	if err := target.R.Collection("productos").FindOne(ctx, bson.M{"sku": "SKU-0001"}).Decode(&p); err != nil {
		t.Fatal(err)
	}
	if p.Stock != 10-ventas && p.Stock != 10-ventas+1 { // +1: the last sale stored, its stock not yet
		t.Fatalf("stock %d beside %d sales: the backup is not one instant of the store", p.Stock, ventas)
	}
	if b, err := os.ReadFile(filepath.Join(dir, it.Name, "jwt-secret")); err != nil || !bytes.HasPrefix(b, []byte("secreto-de-sesiones")) {
		t.Fatalf("jwt-secret in the backup: %q, %v", b, err)
	}

	// Quiet now: a second backup restored over the first (forced) is the source, document by
	// document, with its indexes.
	it2, err := Take(ctx, from, dir, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(ctx, filepath.Join(dir, it2.Name), target, false); !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("restore into a store with documents: %v, want ErrNotEmpty", err)
	}
	if _, err := Restore(ctx, filepath.Join(dir, it2.Name), target, true); err != nil {
		t.Fatal(err)
	}
	sameStore(t, src.R, target.R)
}

func TestRestoreRefusesAStoreWithDocuments(t *testing.T) {
	ctx := context.Background()
	_, from := source(t)
	dir := t.TempDir()
	it, err := Take(ctx, from, dir, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	target := mongox.TestDB(t)
	mine := bson.D{{Key: "_id", Value: bson.NewObjectID()}, {Key: "email", Value: "cliente@tienda.mx"}}
	if _, err := target.W.Collection("usuarios").InsertOne(ctx, mine); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(ctx, filepath.Join(dir, it.Name), target, false); !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("got %v, want ErrNotEmpty", err)
	}
	if n, err := target.R.Collection("usuarios").CountDocuments(ctx, bson.D{}); err != nil || n != 1 {
		t.Fatalf("the refused restore touched the store: %d users, %v", n, err)
	}
	names, err := target.R.ListCollectionNames(ctx, bson.D{})
	if err != nil || !slices.Equal(names, []string{"usuarios"}) {
		t.Fatalf("the refused restore touched the store: collections %v, %v", names, err)
	}
	if _, err := Restore(ctx, t.TempDir(), target, false); !errors.Is(err, ErrNotBackup) {
		t.Fatalf("restore of an empty folder: %v, want ErrNotBackup", err)
	}
}

func TestRetentionKeepsTheNewest(t *testing.T) {
	_, from := source(t)
	dir := t.TempDir()
	s := NewService(Settings{Source: from, Dir: dir, Keep: 2}, zerolog.Nop())
	clock := time.Date(2026, 11, 27, 21, 30, 0, 0, time.UTC)
	s.now = func() time.Time { return clock }
	var names []string
	for range 4 {
		it, err := s.Take(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, it.Name)
		clock = clock.Add(24 * time.Hour)
	}
	if names[0] != "respaldo-20261127-213000" {
		t.Fatalf("first backup named %s", names[0])
	}
	// a leftover of a backup cut short, old enough to be deleted, and one that may be under way
	for _, n := range []string{".tmp-respaldo-viejo", ".tmp-respaldo-nuevo"} {
		if err := os.Mkdir(filepath.Join(dir, n), 0o750); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-7 * time.Hour)
	if err := os.Chtimes(filepath.Join(dir, ".tmp-respaldo-viejo"), old, old); err != nil {
		t.Fatal(err)
	}
	if _, err := Prune(dir, 2, time.Now()); err != nil {
		t.Fatal(err)
	}
	items, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range items {
		got = append(got, it.Name)
		if it.Bytes <= 0 || it.Date.IsZero() {
			t.Fatalf("item %+v", it)
		}
	}
	if want := []string{names[3], names[2]}; !slices.Equal(got, want) {
		t.Fatalf("kept %v, want the newest two %v", got, want)
	}
	entries, _ := os.ReadDir(dir)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if slices.Contains(left, ".tmp-respaldo-viejo") || !slices.Contains(left, ".tmp-respaldo-nuevo") {
		t.Fatalf("leftovers: %v", left)
	}
}

func TestScheduleTakesABackupWhenTheNewestIsOld(t *testing.T) {
	_, from := source(t)
	dir := t.TempDir()
	s := NewService(Settings{Source: from, Dir: dir, Keep: 3, Every: time.Hour}, zerolog.Nop())
	if err := s.due(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := s.due(context.Background()); err != nil { // the newest is a moment old: none
		t.Fatal(err)
	}
	s.now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	if err := s.due(context.Background()); err != nil {
		t.Fatal(err)
	}
	items, err := s.List()
	if err != nil || len(items) != 2 {
		t.Fatalf("%d backups (%v), want 2", len(items), err)
	}
}

// TestFilesAreWhatMongodumpWrites reads the backup as mongorestore would: per collection a gzip
// of BSON documents one after another, and a gzip of the metadata's extended JSON.
func TestFilesAreWhatMongodumpWrites(t *testing.T) {
	ctx := context.Background()
	src, from := source(t)
	dir := t.TempDir()
	it, err := Take(ctx, from, dir, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, it.Name, mongox.DefaultDatabase)
	for _, coll := range []string{"productos", "ventas", "vacia"} {
		raw := gunzip(t, filepath.Join(db, coll+".bson.gz"))
		var docs []bson.Raw
		for len(raw) > 0 {
			doc, rest, ok := bsoncore.ReadDocument(raw)
			if !ok {
				t.Fatalf("%s.bson.gz: not a sequence of BSON documents", coll)
			}
			if err := doc.Validate(); err != nil {
				t.Fatalf("%s.bson.gz: %v", coll, err)
			}
			docs = append(docs, bson.Raw(doc))
			raw = rest
		}
		if want := all(t, src.R, coll); len(docs) != len(want) {
			t.Fatalf("%s.bson.gz: %d documents, the store %d", coll, len(docs), len(want))
		}

		var meta struct {
			Options        bson.M   `bson:"options"`
			Indexes        []bson.D `bson:"indexes"`
			CollectionName string   `bson:"collectionName"`
			Type           string   `bson:"type"`
		}
		js := gunzip(t, filepath.Join(db, coll+".metadata.json.gz"))
		if err := bson.UnmarshalExtJSON(js, true, &meta); err != nil {
			t.Fatalf("%s.metadata.json.gz: %v\n%s", coll, err, js)
		}
		if meta.CollectionName != coll || meta.Options == nil || meta.Type != "collection" || !bytes.HasPrefix(js, []byte(`{"options":{`)) {
			t.Fatalf("%s.metadata.json.gz: %s", coll, js)
		}
		var names []string
		for _, ix := range meta.Indexes {
			m := bson.M{}
			for _, e := range ix {
				m[e.Key] = e.Value
			}
			if _, ok := m["key"].(bson.D); !ok || m["v"] == nil {
				t.Fatalf("%s: index without key or v: %v", coll, ix)
			}
			names = append(names, m["name"].(string))
			if m["unique"] == true && m["sparse"] != true {
				t.Fatalf("%s: unique index %v not marked sparse, as the shop declares every unique index", coll, ix)
			}
		}
		slices.Sort(names)
		want := map[string][]string{"productos": {"_id_", "categoria_1_precio_-1", "sku_1"}, "ventas": {"_id_", "folio_1"}, "vacia": {"_id_"}}[coll]
		if !slices.Equal(names, want) {
			t.Fatalf("%s: indexes %v, want %v\n%s", coll, names, want, js)
		}
		if coll == "productos" && !bytes.Contains(js, []byte(`"key":{"categoria":{"$numberInt":"1"},"precio":{"$numberInt":"-1"}}`)) {
			t.Fatalf("productos: the compound index's key in canonical extended JSON, in order: %s", js)
		}
	}
}

func gunzip(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path) //nolint:gosec // the test's own file
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: not gzip: %v", path, err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
