package mongox

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox/internal/sqlitestore"
)

// Each and match select exactly what the store's own find selects, with or without its indexes.
func TestEachAndMatchSelectAsAFindDoes(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	coll := s.W.Collection("ventas")
	if err := s.BuildIndexes(ctx, Collection{Name: coll.Name(), Indexes: []Index{
		{Name: "usuarioId", Keys: bson.D{{Key: "usuarioId", Value: 1}}},
		{Name: "fecha", Keys: bson.D{{Key: "fecha", Value: 1}}},
		{Name: "pago_corte", Keys: bson.D{{Key: "pago", Value: 1}, {Key: "corte", Value: 1}}}}}); err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
	var docs []any
	for i := range 60 {
		d := bson.M{"_id": bson.NewObjectID(), "usuarioId": []string{"6b04a", "6b04b", "6b04c", "6b04d"}[i%4],
			"fecha": day.Add(time.Duration(i) * 97 * time.Minute), "estado": "confirmada", "n": i, "grande": strings.Repeat("x", 100),
			"pago": []string{"Pagado", "Pendiente", "Pagado"}[i%3], "total": float64(i) + 0.5}
		if i%7 == 0 {
			d["estado"] = "fallida"
		}
		switch i % 5 {
		case 0:
			d["corte"] = int64(1)
		case 1:
			d["corte"] = int32(2)
		case 2:
			d["corte"] = 2.0
		case 3:
			d["corte"] = nil
		}
		docs = append(docs, d)
	}
	docs = append(docs, bson.M{"_id": bson.NewObjectID(), "usuarioId": "6b04a", "fecha": "no es fecha", "estado": "confirmada", "n": 60},
		bson.M{"_id": bson.NewObjectID(), "usuarioId": "ana.l+1@tienda.mx", "fecha": day, "estado": "confirmada", "n": 61, "pago": true},
		bson.M{"_id": bson.NewObjectID(), "usuarioId": 5, "fecha": day.Add(3 * time.Hour), "estado": "confirmada", "n": 62, "corte": "2"})
	if _, err := coll.InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := s.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	all, err := s.R.Collection("ventas").Find(ctx, bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	var stored []bson.Raw
	for all.Next(ctx) {
		stored = append(stored, slices.Clone(all.Current))
	}
	filters := []bson.M{
		{"usuarioId": "6b04a", "estado": "confirmada"},
		{"usuarioId": "nadie"},
		{"usuarioId": "ana.l+1@tienda.mx"},
		{"usuarioId": 5},
		{"fecha": bson.M{"$gte": day.Add(3 * time.Hour), "$lt": day.Add(27 * time.Hour)}, "estado": "confirmada"},
		{"fecha": bson.M{"$gte": day.Add(97 * time.Minute), "$lt": day.Add(2 * 97 * time.Minute)}}, // [from, to)
		{"fecha": bson.M{"$gt": day.Add(97 * time.Minute), "$lte": day.Add(3 * 97 * time.Minute)}},
		{"fecha": bson.M{"$lt": day.Add(2 * time.Hour)}},
		{"pago": "Pagado", "corte": bson.M{"$exists": false}, "estado": "confirmada"},
		{"pago": "Pagado", "corte": nil},
		{"corte": 2},
		{"corte": int64(1), "pago": "Pagado"},
		{"corte": bson.M{"$exists": true}},
		{"corte": bson.M{"$ne": 2}},
		{"corte": bson.M{"$in": bson.A{1, "2"}}},
		{"pago": bson.M{"$in": []string{"Pagado", "Otro"}}, "usuarioId": bson.M{"$in": bson.A{"6b04a", "6b04c"}}},
		{"pago": true},
		{"pago": bson.M{"$nin": []string{"Pagado"}}},
		{"estado": "confirmada", "pago": "Pagado", "corte": bson.M{"$nin": bson.A{2, "x"}}, "usuarioId": bson.M{"$exists": true}},
		{"total": bson.M{"$gte": 10, "$lt": 20.5}},
		{"n": bson.M{"$gt": 57}},
		{"estado": "fallida"},
		{"fecha": bson.M{"$gte": time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC)}, "n": bson.M{"$lte": 3}},
		{},
		// By _id (read through the _id index on the embedded store): one named twice, one of none.
		{"_id": bson.M{"$in": bson.A{docs[3].(bson.M)["_id"], docs[40].(bson.M)["_id"], docs[3].(bson.M)["_id"], bson.NewObjectID()}}},
	}
	ids := func(docs []bson.Raw) []int64 {
		out := []int64{}
		for _, d := range docs {
			out = append(out, d.Lookup("n").AsInt64())
		}
		slices.Sort(out)
		return out
	}
	for _, f := range filters {
		cur, err := s.R.Collection("ventas").Find(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		var found []bson.Raw
		for cur.Next(ctx) {
			found = append(found, slices.Clone(cur.Current))
		}
		want := ids(found)
		var matched []bson.Raw
		for _, d := range stored {
			ok, err := match(d, f)
			if err != nil {
				t.Fatalf("%v: %v", f, err)
			}
			if ok {
				matched = append(matched, d)
			}
		}
		if got := ids(matched); !slices.Equal(got, want) {
			t.Errorf("match %v: %v, a find gives %v", f, got, want)
		}
		for _, projection := range []bson.M{nil, {"n": 1}} {
			var each []bson.Raw
			err := s.Each(ctx, "ventas", f, projection, func(doc bson.Raw) error {
				if projection != nil && doc.Lookup("grande").Type != 0 {
					t.Errorf("field outside the projection: %v", doc)
				}
				each = append(each, slices.Clone(doc))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if got := ids(each); !slices.Equal(got, want) {
				t.Errorf("Each %v (projection %v): %v, a find gives %v", f, projection, got, want)
			}
			if projection == nil { // whole documents, the very bytes a find answers (read from the stored JSON)
				byN := map[int64]bson.Raw{}
				for _, d := range found {
					byN[d.Lookup("n").AsInt64()] = d
				}
				for _, d := range each {
					if want := byN[d.Lookup("n").AsInt64()]; !bytes.Equal(d, want) {
						t.Errorf("Each %v: %v, a find gives %v", f, d, want)
					}
				}
			}
		}
		// A projection of top-level fields: every field as the store's find gives it, type and value.
		wide := bson.M{"n": 1, "pago": 1, "total": 1, "fecha": 1, "corte": 1, "usuarioId": 1, "estado": 1, "nada": 1}
		ref := map[string]bson.Raw{}
		cur, err = s.R.Collection("ventas").Find(ctx, f, options.Find().SetProjection(wide))
		if err != nil {
			t.Fatal(err)
		}
		for cur.Next(ctx) {
			ref[cur.Current.Lookup("_id").ObjectID().Hex()] = slices.Clone(cur.Current)
		}
		seen := 0
		err = s.Each(ctx, "ventas", f, wide, func(doc bson.Raw) error {
			seen++
			want, ok := ref[doc.Lookup("_id").ObjectID().Hex()]
			if !ok {
				t.Errorf("Each %v: a document the find does not give: %v", f, doc)
				return nil
			}
			for _, field := range []string{"_id", "n", "pago", "total", "fecha", "corte", "usuarioId", "estado", "nada", "grande"} {
				g, w := doc.Lookup(field), want.Lookup(field)
				if g.Type != w.Type || !slices.Equal(g.Value, w.Value) {
					t.Errorf("Each %v: %s is %v, the find gives %v", f, field, g, w)
				}
			}
			return nil
		})
		if err != nil || seen != len(ref) {
			t.Errorf("Each %v with a projection: %d documents (%v), the find gives %d", f, seen, err, len(ref))
		}
		if n, err := s.Count(ctx, "ventas", f); err != nil || n != int64(len(want)) {
			t.Errorf("Count %v: %d %v, a find gives %d", f, n, err, len(want))
		}
		if some, err := s.Exists(ctx, "ventas", f); err != nil || some != (len(want) > 0) {
			t.Errorf("Exists %v: %v %v, a find gives %d", f, some, err, len(want))
		}
	}
	n := 0
	if err := s.Each(ctx, "ventas", bson.M{}, nil, func(bson.Raw) error { n++; return ErrStop }); err != nil || n != 1 {
		t.Errorf("ErrStop: %d calls, %v", n, err)
	}
	if err := s.Each(ctx, "ninguna", bson.M{"usuarioId": "6b04a"}, nil, func(bson.Raw) error { t.Error("a document"); return nil }); err != nil {
		t.Errorf("a missing collection: %v", err)
	}
	if _, err := match(stored[0], bson.M{"carrito": bson.M{"$elemMatch": bson.M{}}}); err == nil {
		t.Error("an unsupported operator was accepted")
	}
}

// Each of a whole collection larger than a batch of stored rows gives every document once, with
// the bytes the store's own find gives.
func TestEachOfAWholeCollectionReadsEveryDocumentOnce(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	coll := s.W.Collection("productos")
	docs := make([]any, sqlitestore.Batch+7)
	for i := range docs {
		docs[i] = bson.D{{Key: "_id", Value: bson.NewObjectID()}, {Key: "n", Value: int64(i)}, {Key: "nombre", Value: "Cámara " + strings.Repeat("x", i%13)},
			{Key: "precio", Value: float64(i) + 0.5}, {Key: "variantes", Value: bson.A{bson.D{{Key: "stock", Value: int32(i % 9)}}}}}
	}
	if _, err := coll.InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := s.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{}
	cur, err := coll.Find(ctx, bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	for cur.Next(ctx) {
		want[cur.Current.Lookup("_id").ObjectID().Hex()] = slices.Clone(cur.Current)
	}
	if err := cur.Err(); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	err = s.Each(ctx, "productos", bson.M{}, nil, func(doc bson.Raw) error {
		id := doc.Lookup("_id").ObjectID().Hex()
		if seen[id] {
			t.Fatalf("%s twice", id)
		}
		seen[id] = true
		if !bytes.Equal(doc, want[id]) {
			t.Fatalf("%s: %s, the store's find: %s", id, doc, bson.Raw(want[id]))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != len(docs) || len(want) != len(docs) {
		t.Fatalf("%d read, %d found, %d stored", len(seen), len(want), len(docs))
	}
}
