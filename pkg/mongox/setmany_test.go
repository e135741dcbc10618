package mongox

import (
	"bytes"
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// UpdateMany's one-statement path on the embedded store leaves every document byte for byte as
// FerretDB's own updateMany does, and declines the updates it cannot write that way.
func TestSetManyWritesWhatFerretDBWrites(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	if !s.Embedded() {
		t.Skip("the embedded store's path")
	}
	ctx := context.Background()
	var docs []any
	for i := range 40 {
		d := bson.D{{Key: "_id", Value: bson.NewObjectID()}, {Key: "folio", Value: "F-ñ-" + string(rune('a'+i%26))},
			{Key: "pago", Value: []string{"Pagado", "Pendiente"}[i%2]}, {Key: "estado", Value: "confirmada"},
			{Key: "total", Value: float64(i) + 0.25}, {Key: "n32", Value: int32(i)}, {Key: "n64", Value: int64(i) << 40},
			{Key: "fecha", Value: time.Date(2026, 11, 23, 12, i, 0, 0, time.UTC)}, {Key: "nada", Value: nil},
			{Key: "carrito", Value: bson.A{bson.D{{Key: "nombre", Value: "Cámara"}, {Key: "cantidad", Value: 2}}}},
			{Key: "usuario", Value: bson.D{{Key: "name", Value: "Ana"}}}}
		if i%5 == 0 {
			d = append(d, bson.E{Key: "corte", Value: int64(1)})
		}
		docs = append(docs, d)
	}
	for _, name := range []string{"a", "b"} {
		if _, err := s.W.Collection(name).InsertMany(ctx, docs); err != nil {
			t.Fatal(err)
		}
		if err := s.BuildIndexes(ctx, Collection{Name: name, Indexes: []Index{{Name: "pago_corte", Keys: bson.D{{Key: "pago", Value: 1}, {Key: "corte", Value: 1}}}}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		filter bson.M
		set    bson.M
	}{
		{bson.M{"pago": "Pagado", "estado": "confirmada", "corte": bson.M{"$exists": false}}, bson.M{"corte": int64(7)}},
		{bson.M{"pago": "Pendiente", "marca": bson.M{"$exists": false}, "zz": bson.M{"$exists": false}}, bson.M{"marca": "sí", "zz": true}},
		{bson.M{"corte": int64(7), "n": bson.M{"$exists": false}}, bson.M{"n": int32(3)}},
	} {
		want, err := s.W.Collection("a").UpdateMany(ctx, c.filter, bson.M{"$set": c.set})
		if err != nil {
			t.Fatal(err)
		}
		n, done, err := s.setMany(ctx, "b", c.filter, bson.M{"$set": c.set})
		if err != nil || !done || n != want.ModifiedCount || n == 0 {
			t.Fatalf("%v: %d %v %v; FerretDB changed %d", c.filter, n, done, err, want.ModifiedCount)
		}
	}
	read := func(name string) []bson.Raw {
		cur, err := s.R.Collection(name).Find(ctx, bson.M{}, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
		if err != nil {
			t.Fatal(err)
		}
		var out []bson.Raw
		for cur.Next(ctx) {
			out = append(out, append(bson.Raw(nil), cur.Current...))
		}
		return out
	}
	a, b := read("a"), read("b")
	if len(a) != len(b) || len(a) != len(docs) {
		t.Fatalf("%d and %d documents", len(a), len(b))
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Fatalf("document %d:\nFerretDB %v\nsetMany  %v", i, a[i], b[i])
		}
	}
	// What SQLite reads through the indexes agrees too.
	if n, err := s.Count(ctx, "b", bson.M{"corte": int64(7)}); err != nil || n != 16 {
		t.Fatalf("count of the claimed: %d %v", n, err)
	}
	// Declined: operators other than $set, a field that may be there, a value it does not write,
	// a filter SQLite cannot say whole.
	for _, c := range []struct {
		filter bson.M
		update bson.M
	}{
		{bson.M{"corte": bson.M{"$exists": false}}, bson.M{"$inc": bson.M{"corte": 1}}},
		{bson.M{"pago": "Pagado"}, bson.M{"$set": bson.M{"corte": int64(2)}}},
		{bson.M{"x": bson.M{"$exists": false}}, bson.M{"$set": bson.M{"x": 2.5}}},
		{bson.M{"x": bson.M{"$exists": false}, "usuario.name": "Ana"}, bson.M{"$set": bson.M{"x": int64(2)}}},
		{bson.M{"x": bson.M{"$exists": false}}, bson.M{"$set": bson.M{"x": "con \"comillas\""}}},
	} {
		if _, done, err := s.setMany(ctx, "b", c.filter, c.update); done || err != nil {
			t.Errorf("%v %v: taken (%v)", c.filter, c.update, err)
		}
	}
}

// SetEach leaves every document byte for byte as FerretDB's own updates do, sets a field only
// where it is missing, and takes the store's own path for a value it does not write.
func TestSetEachWritesWhatFerretDBWrites(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	var docs []any
	for i := range 30 {
		d := bson.D{{Key: "_id", Value: bson.NewObjectID()}, {Key: "folio", Value: "F-" + string(rune('a'+i))}, {Key: "total", Value: float64(i) + 0.5},
			{Key: "usuario", Value: bson.D{{Key: "name", Value: "Ana"}}}, {Key: "carrito", Value: bson.A{int32(1)}}}
		if i%7 == 0 {
			d = append(d, bson.E{Key: "busqueda", Value: "ya estaba"})
		}
		docs = append(docs, d)
	}
	for _, name := range []string{"a", "b"} {
		if _, err := s.W.Collection(name).InsertMany(ctx, docs); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	values := map[bson.ObjectID]any{bson.NewObjectID(): "no existe"}
	var want int64
	for i, d := range docs {
		id := d.(bson.D)[0].Value.(bson.ObjectID)
		values[id] = "f-" + string(rune('a'+i)) + " | maria lopez | 5512345678"
		res, err := s.W.Collection("a").UpdateOne(ctx, bson.M{"_id": id, "busqueda": bson.M{"$exists": false}}, bson.M{"$set": bson.M{"busqueda": values[id]}})
		if err != nil {
			t.Fatal(err)
		}
		want += res.ModifiedCount
	}
	if n, err := s.SetEach(ctx, "b", "busqueda", values); err != nil || n != want || n != 25 {
		t.Fatalf("set %d (%v), FerretDB %d", n, err, want)
	}
	if n, err := s.SetEach(ctx, "b", "busqueda", values); err != nil || n != 0 {
		t.Fatalf("set again: %d %v", n, err)
	}
	for i, d := range docs {
		id := d.(bson.D)[0].Value
		a, errA := s.R.Collection("a").FindOne(ctx, bson.M{"_id": id}).Raw()
		b, errB := s.R.Collection("b").FindOne(ctx, bson.M{"_id": id}).Raw()
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Fatalf("document %d:\nFerretDB %v\nSetEach  %v", i, a, b)
		}
	}
	// A value SQLite does not write as FerretDB does: the store's own updates.
	id := docs[1].(bson.D)[0].Value.(bson.ObjectID)
	if n, err := s.SetEach(ctx, "b", "otro", map[bson.ObjectID]any{id: `con "comillas"`}); err != nil || n != 1 {
		t.Fatalf("a value with quotes: %d %v", n, err)
	}
	if got, _ := s.R.Collection("b").FindOne(ctx, bson.M{"_id": id}).Raw(); got.Lookup("otro").StringValue() != `con "comillas"` {
		t.Fatalf("%v", got)
	}
}
