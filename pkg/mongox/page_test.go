package mongox

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// pageDocs are documents whose fields hold every kind of scalar, missing and null, with ties, for
// comparing Page through SQLite with the store's own find.
func pageDocs() []any {
	day := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
	r := rand.New(rand.NewPCG(1, 2))
	texts := []string{"Mercado Pago", "Efectivo", "Tarjeta", "transferencia", "árbol ñandú", `comillas " y \ barra`, "a&b <c>", "", "Z", "mercado pago"}
	nums := []any{int32(3), int64(3), 3.0, 2.5, 0.1, 1.0 / 3, -7, int64(1) << 40, 1e21, int32(-1), 1234567.891, 0}
	docs := []any{}
	for i := range 160 {
		d := bson.M{"_id": bson.NewObjectID(), "i": i}
		switch i % 11 {
		case 0: // missing s
		case 1:
			d["s"] = nil
		case 2:
			d["s"] = nums[i%len(nums)]
		case 3:
			d["s"] = i%2 == 0
		case 4:
			d["s"] = day.Add(time.Duration(i) * time.Hour)
		default:
			d["s"] = texts[r.IntN(len(texts))]
		}
		switch i % 9 {
		case 0:
		case 1:
			d["n"] = nil
		case 2:
			d["n"] = "3"
		default:
			d["n"] = nums[r.IntN(len(nums))]
		}
		switch i % 13 {
		case 0:
		case 1:
			d["f"] = day.UnixMilli() + 3600000 // a number of a date's digits
		case 2:
			d["f"] = "2026-11-23"
		default:
			d["f"] = day.Add(time.Duration(r.IntN(72)) * time.Hour).Add(time.Duration(-r.IntN(2)) * 70 * 365 * 24 * time.Hour)
		}
		if i%5 != 0 {
			d["b"] = i%3 == 0
		}
		if i%7 != 0 {
			d["q"] = fmt.Sprintf("folio-%03d %s cliente%d@correo.mx", i, texts[i%len(texts)], i%4)
		} else if i%14 == 0 {
			d["q"] = i
		}
		if i%4 != 0 {
			d["k"] = []string{"Pendiente", "Enviado", "Entregado"}[i%3]
		}
		docs = append(docs, d)
	}
	return docs
}

// Page through SQLite answers what the store's own find answers, document for document, in the
// same order, with the same total, for filters and sorts over mixed types, missing fields and nulls.
func TestPageAsAFindDoes(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	if err := buildListIndex(ctx, s, "l", "lista", bson.D{{Key: "k", Value: 1}, {Key: "f", Value: -1}, {Key: "s", Value: 1},
		{Key: "n", Value: 1}, {Key: "b", Value: 1}, {Key: "q", Value: 1}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.W.Collection("l").InsertMany(ctx, pageDocs()); err != nil {
		t.Fatal(err)
	}
	if _, err := s.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
	filters := []bson.M{
		{},
		{"s": "Mercado Pago"},
		{"s": `comillas " y \ barra`},
		{"s": "a&b <c>"},
		{"s": ""},
		{"s": nil},
		{"s": bson.M{"$ne": nil}},
		{"s": bson.M{"$exists": false}},
		{"s": bson.M{"$exists": true}, "b": true},
		{"s": 3},
		{"n": 3},
		{"n": 0.1},
		{"n": 1.0 / 3},
		{"n": int64(1) << 40},
		{"n": bson.M{"$gt": 2.5}},
		{"n": bson.M{"$gte": -7, "$lt": 3}},
		{"n": bson.M{"$lte": "3"}},
		{"n": bson.M{"$ne": 3}},
		{"n": bson.M{"$in": bson.A{3, "3", nil, 0.1}}},
		{"n": bson.M{"$in": bson.A{}}},
		{"f": bson.M{"$gte": day, "$lt": day.Add(30 * time.Hour)}},
		{"f": bson.M{"$lt": day.AddDate(-10, 0, 0)}},
		{"f": day.Add(5 * time.Hour)},
		{"k": bson.M{"$in": []string{"Pendiente", "Enviado"}}, "b": false},
		{"k": "Entregado", "s": bson.M{"$in": bson.A{"Efectivo", "Tarjeta", true, day.Add(4 * time.Hour)}}},
		{"q": bson.M{"$regex": "folio-01"}},
		{"q": bson.M{"$regex": regexp.QuoteMeta("<c> cliente1@correo.mx")}},
		{"q": bson.M{"$regex": regexp.QuoteMeta(`" y \ b`)}},
		{"q": bson.M{"$regex": "ñandú", "$options": ""}},
		{"q": bson.Regex{Pattern: "mercado"}},
		{"q": bson.M{"$regex": ""}},
		{"q": bson.M{"$regex": "folio"}, "k": bson.M{"$exists": false}, "n": bson.M{"$exists": true}},
		{"_id": bson.M{"$exists": true}, "i": bson.M{"$lt": 40}},
		{"b": bson.M{"$gte": false}},
	}
	sorts := []bson.D{
		nil,
		{{Key: "f", Value: -1}},
		{{Key: "f", Value: 1}},
		{{Key: "s", Value: 1}},
		{{Key: "s", Value: -1}, {Key: "_id", Value: -1}},
		{{Key: "n", Value: -1}},
		{{Key: "n", Value: 1}, {Key: "_id", Value: 1}},
		{{Key: "b", Value: 1}, {Key: "f", Value: -1}},
		{{Key: "_id", Value: -1}},
		{{Key: "q", Value: 1}},
	}
	cuts := [][2]int64{{0, 25}, {10, 7}, {0, 1000}, {155, 25}}
	for i, f := range filters {
		for j := range 4 { // each filter with four of the sorts, each sort with every filter
			so := sorts[(i+3*j)%len(sorts)]
			// What the store's own find answers, every match in order: each page below is a slice
			// of it. (Asked once for the filter and sort: under the race detector each find took
			// a tenth of a second of the store's time.)
			all, err := s.findPage(ctx, "l", f, withID(so), 0, 0)
			if err != nil {
				t.Fatalf("%v sort %v: %v", f, so, err)
			}
			for k, sl := range [][2]int64{cuts[j], cuts[(i+j)%len(cuts)]} {
				name := fmt.Sprintf("%v sort %v skip %d limit %d", f, so, sl[0], sl[1])
				want, wantTotal := all[min(sl[0], int64(len(all))):min(sl[0]+sl[1], int64(len(all)))], int64(len(all))
				if k == 0 && j == i%4 { // the find's own page and count, once for each filter
					byFind, byFindTotal, err := s.pageByFind(ctx, "l", f, withID(so), sl[0], sl[1])
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if byFindTotal != wantTotal || !slices.Equal(numbers(byFind), numbers(want)) {
						t.Errorf("%s:\n find's page %v (%d in all)\n of all %v (%d in all)", name, numbers(byFind), byFindTotal, numbers(want), wantTotal)
					}
				}
				got, total, err := s.Page(ctx, "l", f, so, sl[0], sl[1])
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if total != wantTotal || !slices.Equal(numbers(got), numbers(want)) {
					t.Errorf("%s:\n Page %v (%d in all)\n find %v (%d in all)", name, numbers(got), total, numbers(want), wantTotal)
				}
				if !s.Embedded() {
					continue
				}
				if sqlDocs, _, ok, err := s.pageBySQL(ctx, "l", f, withID(so), sl[0], sl[1]); err != nil || !ok {
					t.Errorf("%s: SQLite did not answer (%v)", name, err)
				} else {
					for i := range sqlDocs {
						if !bytes.Equal(sqlDocs[i], want[i]) {
							t.Errorf("%s: document %d read from SQLite %v, the find gives %v", name, i, sqlDocs[i], want[i])
						}
					}
				}
			}
		}
	}
}

// withID is sort with _id last, as Page sorts.
func withID(sort bson.D) bson.D {
	if slices.ContainsFunc(sort, func(e bson.E) bool { return e.Key == "_id" }) {
		return sort
	}
	return append(slices.Clone(sort), bson.E{Key: "_id", Value: 1})
}

func numbers(docs []bson.Raw) []int64 {
	out := []int64{}
	for _, d := range docs {
		out = append(out, d.Lookup("i").AsInt64())
	}
	return out
}

// What SQLite cannot say exactly goes to the store's own find, with the same answer.
func TestPageLeavesToTheFindWhatSQLiteCannotSay(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	docs := pageDocs()
	docs = append(docs, bson.M{"_id": bson.NewObjectID(), "i": 1000, "s": bson.M{"x": 1}, "n": bson.A{1, 2}})
	if _, err := s.W.Collection("l").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := s.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		filter bson.M
		sort   bson.D
	}{
		{bson.M{"q": bson.M{"$regex": "folio.01"}}, nil},               // a pattern, not a text
		{bson.M{"q": bson.M{"$regex": "FOLIO", "$options": "i"}}, nil}, // options
		{bson.M{"q": bson.Regex{Pattern: "^folio-00", Options: ""}}, nil},
		{bson.M{"s.x": 1}, nil},                      // a path
		{bson.M{"$or": bson.A{bson.M{"s": 1}}}, nil}, // an operator of documents
		{bson.M{"i": bson.M{"$gt": nil}}, nil},
		{bson.M{"i": bson.M{"$lt": 50}}, bson.D{{Key: "s", Value: 1}}}, // a document in s
		{bson.M{}, bson.D{{Key: "n", Value: -1}}},                      // an array in n
		{bson.M{}, bson.D{{Key: "s.x", Value: -1}}},
	} {
		want, wantTotal, err := s.pageByFind(ctx, "l", c.filter, withID(c.sort), 0, 30)
		if err != nil {
			t.Fatalf("%v: %v", c.filter, err)
		}
		got, total, err := s.Page(ctx, "l", c.filter, c.sort, 0, 30)
		if err != nil || total != wantTotal || !slices.Equal(numbers(got), numbers(want)) {
			t.Errorf("%v sort %v: %v (%d, %v), find %v (%d)", c.filter, c.sort, numbers(got), total, err, numbers(want), wantTotal)
		}
	}
	if _, _, err := s.Page(ctx, "l", bson.M{}, nil, 0, 0); err == nil {
		t.Error("a limit of 0 was taken")
	}
	if got, total, err := s.Page(ctx, "ninguna", bson.M{"s": "x"}, nil, 0, 10); err != nil || len(got) != 0 || total != 0 {
		t.Errorf("a missing collection: %v %d %v", got, total, err)
	}
}

// Each reads a projection of values of every type, SQLite's way, exactly as the store's find
// gives it (in the projection's order of fields): strings with quotes and accents, doubles that are no short decimal, big longs, dates
// before 1970, booleans, null, missing fields, and arrays of documents and documents holding them
// (a sale's payments and refunds).
func TestEachReadsAProjectionAsAFindDoes(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	docs := pageDocs()
	for i, d := range docs {
		d := d.(bson.M)
		if i%3 != 0 {
			d["a"] = bson.A{bson.M{"monto": d["n"], "metodo": d["s"], "fecha": d["f"], "corte": int64(i)}, bson.M{}, d["k"], nil}
		}
		if i%4 == 1 {
			d["o"] = bson.M{"q": d["q"], "vacio": bson.A{}, "dentro": bson.M{"b": d["b"], "id": bson.NewObjectID()}}
		}
	}
	if _, err := s.W.Collection("l").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := s.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	projection := bson.M{"i": 1, "s": 1, "n": 1, "f": 1, "b": 1, "q": 1, "k": 1, "nada": 1, "a": 1, "o": 1}
	for _, filter := range []bson.M{{}, {"k": "Enviado"}} {
		want := map[string]bson.Raw{}
		cur, err := s.R.Collection("l").Find(ctx, filter, options.Find().SetProjection(projection))
		if err != nil {
			t.Fatal(err)
		}
		for cur.Next(ctx) {
			want[cur.Current.Lookup("_id").String()] = slices.Clone(cur.Current)
		}
		n := 0
		err = s.Each(ctx, "l", filter, projection, func(doc bson.Raw) error {
			n++
			w := want[doc.Lookup("_id").String()]
			for f := range projection { // each field's type and value; their order is the projection's
				if g, w := doc.Lookup(f), w.Lookup(f); g.Type != w.Type || !bytes.Equal(g.Value, w.Value) {
					t.Errorf("%v: Each %s %v, the find gives %v", filter, f, g, w)
				}
			}
			return nil
		})
		if err != nil || n != len(want) {
			t.Fatalf("%v: %d documents, the find %d: %v", filter, n, len(want), err)
		}
	}
}

// On MongoDB a list index ends with _id, the last key of every page's sort, and an index made
// before without it is replaced.
func TestListIndexEndsWithTheIDOnMongoDB(t *testing.T) {
	t.Parallel()
	keys := bson.D{{Key: "k", Value: 1}, {Key: "f", Value: -1}}
	if got := withIDLast(keys); len(got) != 3 || got[2].Key != "_id" || got[2].Value != 1 || len(keys) != 2 {
		t.Fatalf("keys %v (given %v)", got, keys)
	}
	s := TestDB(t)
	if s.Embedded() {
		return // the embedded store's list index is SQLite's, with the _id's expressions (above)
	}
	ctx := context.Background()
	if _, err := s.W.Collection("lid").Indexes().CreateOne(ctx, mongo.IndexModel{Keys: keys, Options: options.Index().SetName("lista")}); err != nil {
		t.Fatal(err)
	}
	if err := buildListIndex(ctx, s, "lid", "lista", keys); err != nil {
		t.Fatal(err)
	}
	specs, err := s.W.Collection("lid").Indexes().ListSpecifications(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range specs {
		if spec.Name == "lista" {
			var d bson.D
			if err := bson.Unmarshal(spec.KeysDocument, &d); err != nil || len(d) != 3 || d[2].Key != "_id" {
				t.Fatalf("index keys %v %v", d, err)
			}
			return
		}
	}
	t.Fatalf("no index lista: %+v", specs)
}
