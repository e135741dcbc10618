package sqlitestore

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

func TestIndexIDsMakesLookupsByIDUseAnIndex(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, e := testDB(t)
	for _, c := range []string{"ventas", "usuarios"} {
		if _, err := db.Collection(c).InsertOne(ctx, bson.M{"_id": bson.NewObjectID(), "n": 1}); err != nil {
			t.Fatal(err)
		}
	}
	if n, err := e.IndexIDs(ctx); err != nil || n != 2 {
		t.Fatalf("first run: %d indexes, %v; want 2", n, err)
	}
	if n, err := e.IndexIDs(ctx); err != nil || n != 0 {
		t.Fatalf("second run: %d indexes, %v; want 0", n, err)
	}

	// SQLite's plan for the query FerretDB sends for a find by _id.
	table, plan := queryPlan(t, e, "ventas", `SELECT _ferretdb_sjson FROM %s WHERE _ferretdb_sjson->'$._id' = ?`, `{"$o":"x"}`)
	if !strings.Contains(plan, "USING INDEX "+table+idIndexSuffix) {
		t.Fatalf("plan %q does not use the index", plan)
	}

	// The store works as before: finds and updates by _id, its own index list, dropping.
	id := bson.NewObjectID()
	if _, err := db.Collection("ventas").InsertOne(ctx, bson.M{"_id": id, "n": 2}); err != nil {
		t.Fatal(err)
	}
	raw, err := db.Collection("ventas").FindOneAndUpdate(ctx, bson.M{"_id": id, "n": 2}, bson.M{"$inc": bson.M{"n": 1}},
		options.FindOneAndUpdate().SetReturnDocument(options.After)).Raw()
	if err != nil || raw.Lookup("n").AsInt64() != 3 {
		t.Fatalf("update by _id: %v %v", raw, err)
	}
	specs, err := db.Collection("ventas").Indexes().ListSpecifications(ctx)
	if err != nil || len(specs) != 1 {
		t.Fatalf("listIndexes: %v %v; want only _id_", specs, err)
	}
	if err := db.Collection("ventas").Drop(ctx); err != nil {
		t.Fatal(err)
	}
	if n, err := e.IndexIDs(ctx); err != nil || n != 0 {
		t.Fatalf("after a drop: %d, %v", n, err)
	}
}

// Select says a filter with FerretDB's own index expressions, so that SQLite's planner uses
// FerretDB's indexes.
func TestSelectUsesFerretDBsIndexes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, e := testDB(t)
	coll := db.Collection("ventas")
	if _, err := coll.Indexes().CreateMany(ctx, []mongo.IndexModel{
		{Keys: bson.D{{Key: "usuarioId", Value: 1}}, Options: options.Index().SetName("usuarioId")},
		{Keys: bson.D{{Key: "fecha", Value: 1}}, Options: options.Index().SetName("fecha")},
		{Keys: bson.D{{Key: "pago", Value: 1}, {Key: "corte", Value: 1}}, Options: options.Index().SetName("pago_corte")},
	}); err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
	for i := range 20 {
		if _, err := coll.InsertOne(ctx, bson.M{"_id": bson.NewObjectID(), "usuarioId": []string{"6b04a", "6b04b"}[i%2],
			"fecha": day.Add(time.Duration(i) * time.Hour), "estado": "confirmada", "pago": "Pagado"}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		filter bson.M
		index  string
	}{
		{bson.M{"usuarioId": "6b04a", "estado": "confirmada"}, "usuarioId"},
		{bson.M{"fecha": bson.M{"$gte": day.Add(3 * time.Hour), "$lt": day.Add(27 * time.Hour)}, "estado": "confirmada"}, "fecha"},
		{bson.M{"pago": "Pagado", "corte": bson.M{"$exists": false}, "estado": "confirmada"}, "pago_corte"},
	} {
		sel, ok, _ := Select(c.filter)
		if !ok {
			t.Fatalf("%v: not said in SQL", c.filter)
		}
		table, plan := queryPlan(t, e, "ventas", `SELECT 1 FROM %s WHERE `+sel.where, sel.args...)
		if !strings.Contains(plan, "USING INDEX "+table+"_"+c.index) {
			t.Errorf("%v: plan %q does not use FerretDB's index %s", c.filter, plan, c.index)
		}
	}
}

// The texts plainValue takes are written by strconv.Quote exactly as FerretDB stores them.
func TestPlainValuesAreQuotedAsFerretDBStoresThem(t *testing.T) {
	t.Parallel()
	var all strings.Builder
	for c := rune(0); c < 0x80; c++ {
		if plainValue.MatchString(string(c)) {
			all.WriteRune(c)
		}
	}
	texts := []string{all.String(), "Mercado Pago", " a  b ", ""}
	for _, x := range texts {
		j, _ := json.Marshal(x)
		if string(j) != strconv.Quote(x) {
			t.Errorf("%q: JSON %s, Go %s", x, j, strconv.Quote(x))
		}
	}
	db, e := testDB(t)
	ctx := context.Background()
	for i, x := range texts {
		if _, err := db.Collection("v").InsertOne(ctx, bson.M{"_id": bson.NewObjectID(), "i": i, "m": x}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	for i, x := range texts {
		sel, ok, whole := Select(bson.M{"m": x})
		if !ok || !whole {
			t.Errorf("%q is not said in SQL", x)
		}
		if n, counted, err := e.Count(ctx, "v", sel, 0); err != nil || !counted || n != 1 {
			t.Errorf("%q: counted %d (%v), %v", x, n, counted, err)
		}
		r, _ := e.sqlReader()
		table, _, _ := e.table(ctx, "v")
		var stored string
		if err := r.QueryRow(`SELECT _ferretdb_sjson->'m' FROM `+sqlName(table)+` WHERE _ferretdb_sjson->>'$.i' = ?`, i).Scan(&stored); err != nil || stored != strconv.Quote(x) {
			t.Errorf("%q is stored as %s (%v), quoted as %s", x, stored, err, strconv.Quote(x))
		}
	}
}

// document reads a stored document back into the very bytes FerretDB answers for it.
func TestStoredDocumentsReadAsFerretDBAnswers(t *testing.T) {
	t.Parallel()
	db, e := testDB(t)
	ctx := context.Background()
	docs := storedDocs()
	if _, err := db.Collection("v").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := e.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	cur, err := db.Collection("v").Find(ctx, bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bson.Raw{}
	for cur.Next(ctx) {
		want[cur.Current.Lookup("_id").String()] = slices.Clone(cur.Current)
	}
	r, _ := e.sqlReader()
	table, _, _ := e.table(ctx, "v")
	rows, err := r.Query(`SELECT _ferretdb_sjson FROM ` + sqlName(table))
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var js []byte
		if err := rows.Scan(&js); err != nil {
			t.Fatal(err)
		}
		got, err := document(js)
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		if w := want[got.Lookup("_id").String()]; !bytes.Equal(got, w) {
			t.Errorf("read %v\n the find gives %v", got, w)
		}
		n++
	}
	if n != len(docs) {
		t.Fatalf("%d documents read", n)
	}
	if _, err := document([]byte(`{"$s":{"p":{"a":{"t":"decimal"}},"$k":["a"]},"a":1}`)); err == nil {
		t.Error("an unknown type was read")
	}
}

// storedDocs are documents with a value of every type FerretDB stores, nested in documents and
// arrays too.
func storedDocs() []any {
	when := time.Date(1969, 7, 20, 20, 17, 40, 0, time.UTC)
	return []any{
		bson.D{{Key: "_id", Value: bson.NewObjectID()}, {Key: "z", Value: 1}, {Key: "a", Value: int64(1) << 60}, {Key: "d", Value: 1.5}, {Key: "e", Value: 3.0},
			{Key: "neg", Value: math.Copysign(0, -1)}, {Key: "big", Value: 1e300}, {Key: "tiny", Value: 5e-324}, {Key: "i", Value: int32(-7)}, {Key: "s", Value: "a\"b\\c & <é> \n\t\u2028"},
			{Key: "t", Value: true}, {Key: "f", Value: false}, {Key: "n", Value: nil}, {Key: "when", Value: when}, {Key: "now", Value: time.Now()},
			{Key: "oid", Value: bson.NewObjectID()}, {Key: "bin", Value: bson.Binary{Subtype: 0x80, Data: []byte{0, 1, 2, 255}}},
			{Key: "bin0", Value: bson.Binary{Data: []byte{}}}, {Key: "re", Value: bson.Regex{Pattern: "^a.b$", Options: "im"}},
			{Key: "ts", Value: bson.Timestamp{T: 1700000000, I: 42}}},
		bson.D{{Key: "_id", Value: "texto"}, {Key: "sub", Value: bson.D{{Key: "y", Value: bson.A{1, "dos", bson.D{{Key: "x", Value: bson.A{}}}, nil, 2.5}},
			{Key: "x", Value: bson.D{}}}}, {Key: "arr", Value: bson.A{bson.D{{Key: "b", Value: 1}, {Key: "a", Value: int64(2)}}, bson.A{}}[:1]},
			{Key: "empty", Value: bson.A{}}, {Key: "", Value: "clave vacía"}},
		bson.D{{Key: "_id", Value: int32(7)}, {Key: "carrito", Value: bson.A{bson.D{{Key: "_id", Value: "v1"}, {Key: "extras", Value: bson.A{}},
			{Key: "precio", Value: 1299.9}, {Key: "fecha", Value: when}}}}},
	}
}

// EachProjected reads top-level fields of every type, documents and arrays of documents among them,
// into the very values a find with that projection answers, and reads them itself (done).
func TestEachProjectedReadsFieldsAsAFindDoes(t *testing.T) {
	t.Parallel()
	db, e := testDB(t)
	ctx := context.Background()
	if _, err := db.Collection("v").InsertMany(ctx, storedDocs()); err != nil {
		t.Fatal(err)
	}
	if _, err := e.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	fields := []string{"sub", "arr", "empty", "carrito", "a", "d", "neg", "big", "tiny", "i", "s", "t", "n", "when", "oid", "bin", "re", "ts", "nada"}
	projection := bson.M{}
	for _, f := range fields {
		projection[f] = 1
	}
	cur, err := db.Collection("v").Find(ctx, bson.M{}, options.Find().SetProjection(projection))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bson.Raw{}
	for cur.Next(ctx) {
		want[cur.Current.Lookup("_id").String()] = slices.Clone(cur.Current)
	}
	n := 0
	done, err := e.EachProjected(ctx, "v", Everything, fields, func(doc bson.Raw) error {
		n++
		w, ok := want[doc.Lookup("_id").String()]
		if !ok {
			t.Errorf("a document the find does not give: %v", doc)
			return nil
		}
		for _, f := range append([]string{"_id"}, fields...) {
			if g, w := doc.Lookup(f), w.Lookup(f); g.Type != w.Type || !bytes.Equal(g.Value, w.Value) {
				t.Errorf("%s: read %v, the find gives %v", f, g, w)
			}
		}
		return nil
	})
	if err != nil || !done || n != len(want) {
		t.Fatalf("done %v, %d documents of %d: %v", done, n, len(want), err)
	}
}
