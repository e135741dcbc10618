package mongox

import (
	"bytes"
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// UpdateEachIf leaves each document as FerretDB's own guarded update does (on the embedded store,
// byte for byte, and what SQLite stored reads back through FerretDB), writes nothing where the
// guard fails, and answers the documents after the writes.
func TestUpdateEachIfWritesWhatFerretDBWrites(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	var docs []any
	var ids []bson.ObjectID
	for i := range 12 {
		id := bson.NewObjectID()
		ids = append(ids, id)
		docs = append(docs, bson.D{{Key: "_id", Value: id}, {Key: "nombre", Value: "Cámara <IP> & \"bala\" " + string(rune('a'+i))},
			{Key: "version", Value: int64(3)}, {Key: "revision", Value: int64(i)}, {Key: "stock", Value: int32(5)}, {Key: "total", Value: 12.5},
			{Key: "fecha", Value: time.Date(2026, 11, 28, 12, i, 0, 0, time.UTC)}, {Key: "nada", Value: nil}, {Key: "bin", Value: bson.Binary{Subtype: 0, Data: []byte{1, 2}}},
			{Key: "variantes", Value: bson.A{
				bson.D{{Key: "_id", Value: bson.NewObjectID()}, {Key: "stock", Value: int32(2)}, {Key: "precioVenta", Value: 100.0}, {Key: "talla", Value: "Unico"}},
				bson.D{{Key: "_id", Value: bson.NewObjectID()}, {Key: "stock", Value: int32(3)}, {Key: "precioVenta", Value: 1299.5}, {Key: "talla", Value: "G"}}}},
			{Key: "details", Value: bson.D{{Key: "imagenes", Value: bson.A{"a.jpg", "b.jpg"}}, {Key: "vacio", Value: bson.D{}}}},
			{Key: "descuentoId", Value: "d1"}})
	}
	for _, name := range []string{"a", "b"} {
		if _, err := s.W.Collection(name).InsertMany(ctx, docs); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	raw, _ := bson.Marshal(bson.D{{Key: "x", Value: 1349.5}})
	price := bson.Raw(raw).Lookup("x")
	updates := []bson.M{
		{"$set": bson.M{"nombre": "Nuevo", "variantes.1.precioVenta": price, "details.imagenes": []string{"c.jpg"}, "nuevo": bson.M{"a": int32(1)}},
			"$unset": bson.M{"descuentoId": ""}, "$inc": bson.M{"revision": int64(1), "stock": 2, "variantes.0.stock": 2, "total": 1}},
		{"$set": bson.M{"version": int64(4), "movimientosPendientes.abc": bson.M{"n": 1.5}}, "$inc": bson.M{"stock": int32(2147483647)}},
		{"$set": bson.M{"variantes": bson.A{bson.D{{Key: "_id", Value: ids[0]}, {Key: "stock", Value: 0}}}, "archivado": true}},
		{"$unset": bson.M{"nada": "", "no.esta": ""}, "$inc": bson.M{"nuevaCuenta": int64(7)}},
	}
	var ws []Guarded
	for i, id := range ids {
		ws = append(ws, Guarded{ID: id, Guard: bson.M{"version": int64(3), "variantes.0.stock": int32(2)}, Update: updates[i%len(updates)]})
	}
	ws[5].Guard = bson.M{"version": int64(2)}                                    // fails
	ws = append(ws, Guarded{ID: bson.NewObjectID(), Update: updates[0]})         // no such document
	ws = append(ws, Guarded{ID: ids[0], Update: bson.M{"$set": bson.M{"z": 1}}}) // a second write of one: after the first
	for _, w := range ws {
		_, _ = s.UpdateOneIf(ctx, "a", w.ID, w.Guard, w.Update)
	}
	after, err := s.UpdateEachIf(ctx, "b", ws)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range ids {
		a, errA := s.R.Collection("a").FindOne(ctx, bson.M{"_id": id}).Raw()
		b, errB := s.R.Collection("b").FindOne(ctx, bson.M{"_id": id}).Raw()
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Fatalf("document %d:\nFerretDB      %v\nUpdateEachIf  %v", i, a, b)
		}
		if i != 5 && i != 0 && !bytes.Equal(after[i], b) {
			t.Fatalf("after %d: %v, stored %v", i, after[i], b)
		}
	}
	if after[5] != nil || after[len(ids)] != nil || after[len(ids)+1].Lookup("z").Int32() != 1 {
		t.Fatalf("a failed guard, a missing document, the second write: %v %v %v", after[5], after[len(ids)], after[len(ids)+1])
	}
	// $currentDate writes the store's time.
	before := time.Now().Add(-time.Millisecond)
	after, err = s.UpdateEachIf(ctx, "b", []Guarded{{ID: ids[1], Update: bson.M{"$currentDate": bson.M{"cambiadoEn": true}}}})
	if err != nil || after[0] == nil {
		t.Fatalf("%v %v", after, err)
	}
	got, _ := s.R.Collection("b").FindOne(ctx, bson.M{"_id": ids[1]}).Raw()
	if at := got.Lookup("cambiadoEn").Time(); at.Before(before) || at.After(time.Now()) {
		t.Fatalf("stamped %v", at)
	}
}

// More writes than one transaction takes: each applied once, by position, the second write of a
// document after the first.
func TestUpdateEachIfInChunks(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	const n = 2*updateEachChunk + 7
	var docs []any
	var ws []Guarded
	for i := range n {
		id := bson.NewObjectID()
		docs = append(docs, bson.D{{Key: "_id", Value: id}, {Key: "n", Value: int64(i)}})
		ws = append(ws, Guarded{ID: id, Guard: bson.M{"n": int64(i)}, Update: bson.M{"$inc": bson.M{"n": int64(1000)}}})
	}
	if _, err := s.W.Collection("c").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := s.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	ws = append(ws, Guarded{ID: ws[3].ID, Guard: bson.M{"n": int64(1003)}, Update: bson.M{"$inc": bson.M{"n": int64(1)}}})
	after, err := s.UpdateEachIf(ctx, "c", ws)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		want := int64(i + 1000)
		if i == 3 {
			want = 1004
		}
		got, err := s.R.Collection("c").FindOne(ctx, bson.M{"_id": ws[i].ID}).Raw()
		if err != nil || got.Lookup("n").Int64() != want || after[i] == nil || i != 3 && after[i].Lookup("n").Int64() != want {
			t.Fatalf("document %d: %v %v, after %v; want %d", i, got, err, after[i], want)
		}
	}
	if after[n].Lookup("n").Int64() != 1004 {
		t.Fatalf("the second write: %v", after[n])
	}
}
