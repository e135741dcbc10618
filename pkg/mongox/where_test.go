package mongox

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// EachIndexed selects exactly what a find with the same filter selects, through FerretDB's own
// index, and declines what it cannot take or what would not pay.
func TestEachIndexedSelectsAsAFindDoes(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	coll := s.W.Collection("ventas")
	if err := EnsureIndexes(ctx, coll,
		mongo.IndexModel{Keys: bson.D{{Key: "usuarioId", Value: 1}}, Options: options.Index().SetName("usuarioId")},
		mongo.IndexModel{Keys: bson.D{{Key: "fecha", Value: 1}}, Options: options.Index().SetName("fecha")}); err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
	var docs []any
	for i := range 60 {
		estado := "confirmada"
		if i%7 == 0 {
			estado = "fallida"
		}
		docs = append(docs, bson.M{"_id": bson.NewObjectID(), "usuarioId": []string{"6b04a", "6b04b", "6b04c", "6b04d"}[i%4],
			"fecha": day.Add(time.Duration(i) * 97 * time.Minute), "estado": estado, "n": i, "grande": strings.Repeat("x", 100)})
	}
	docs = append(docs, bson.M{"_id": bson.NewObjectID(), "usuarioId": "6b04a", "fecha": "no es fecha", "estado": "confirmada", "n": 60},
		bson.M{"_id": bson.NewObjectID(), "usuarioId": "ana.l+1@tienda.mx", "fecha": day, "estado": "confirmada", "n": 61})
	if _, err := coll.InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := s.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	cond := bson.M{"estado": "confirmada"}
	found := func(w Where, projection bson.M) ([]int64, bool) {
		t.Helper()
		var got []int64
		ok, err := s.EachIndexed(ctx, "ventas", w, cond, projection, func(doc bson.Raw) error {
			if projection != nil && doc.Lookup("grande").Type != 0 {
				t.Errorf("field outside the projection: %v", doc)
			}
			got = append(got, doc.Lookup("n").AsInt64())
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		return got, ok
	}
	want := func(w Where) []int64 {
		t.Helper()
		cur, err := s.R.Collection("ventas").Find(ctx, w.Filter(cond))
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for cur.Next(ctx) {
			out = append(out, cur.Current.Lookup("n").AsInt64())
		}
		slices.Sort(out)
		return out
	}
	taken := []Where{
		{Field: "usuarioId", Equals: "6b04a"},
		{Field: "usuarioId", Equals: "nadie"},
		{Field: "usuarioId", Equals: "ana.l+1@tienda.mx"},
		{Field: "fecha", From: day.Add(3 * time.Hour), To: day.Add(27 * time.Hour)},
		{Field: "fecha", From: day.Add(97 * time.Minute), To: day.Add(2 * 97 * time.Minute)}, // [from, to)
	}
	for _, w := range taken {
		for _, projection := range []bson.M{nil, {"n": 1}} {
			got, ok := found(w, projection)
			if ok != s.Embedded() {
				t.Fatalf("%+v: taken %v on embedded %v", w, ok, s.Embedded())
			}
			if ok && !slices.Equal(got, want(w)) {
				t.Fatalf("%+v: got %v, a find gives %v", w, got, want(w))
			}
		}
	}
	declined := []Where{
		{Field: "fecha", From: day.Add(-24 * time.Hour), To: day.Add(7 * 24 * time.Hour)}, // most of the documents
		{Field: "usuarioId", Equals: `6b"04a`},                                            // a value JSON may escape
		{Field: "usuario.id", Equals: "6b04a"},                                            // not a top-level field
		{Field: "fecha", From: time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC), To: day},      // dates outside 2001-2286
	}
	for _, w := range declined {
		if _, ok := found(w, nil); ok {
			t.Errorf("%+v: taken; want declined", w)
		}
	}
	if ok, err := s.EachIndexed(ctx, "ninguna", Where{Field: "usuarioId", Equals: "6b04a"}, nil, nil, nil); ok || err != nil {
		t.Errorf("a missing collection: %v %v", ok, err)
	}

	// SQLite answers through FerretDB's indexes, not by reading the table.
	if !s.Embedded() {
		return
	}
	for _, w := range taken[:3] {
		where, args, _ := sqlWhere(w)
		table, plan := queryPlan(t, s, "ventas", `SELECT 1 FROM %s WHERE `+where, args...)
		if !strings.Contains(plan, "USING INDEX "+table+"_"+w.Field) {
			t.Errorf("%+v: plan %q does not use FerretDB's index", w, plan)
		}
	}
}
