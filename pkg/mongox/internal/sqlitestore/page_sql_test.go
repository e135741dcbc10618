package sqlitestore

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// buildListIndex creates list index name of keys on coll (created when missing), or replaces the
// one of that name when its definition differs, as pkg/mongox's BuildIndexes plans it.
func buildListIndex(ctx context.Context, db *mongo.Database, e *Engine, coll, name string, keys bson.D) error {
	var cmd mongo.CommandError
	if err := db.CreateCollection(ctx, coll); err != nil && !(errors.As(err, &cmd) && cmd.Code == 48) { // 48: it exists
		return err
	}
	have, want, err := e.ListIndexes(ctx, coll, []ListIndex{{Name: name, Keys: keys}})
	if err != nil {
		return err
	}
	for _, h := range have {
		if h.Name == name && h.Def == want[0].Def {
			return nil
		}
		if h.Name == name {
			return e.BuildListIndexes(ctx, coll, want, nil, nil)
		}
	}
	return e.BuildListIndexes(ctx, coll, nil, want, nil)
}

// A list index answers a page from the index alone: SQLite never reads a document's JSON.
func TestListIndexAnswersFromTheIndexAlone(t *testing.T) {
	t.Parallel()
	db, e := testDB(t)
	ctx := context.Background()
	keys := bson.D{{Key: "k", Value: 1}, {Key: "f", Value: -1}, {Key: "n", Value: 1}, {Key: "q", Value: 1}}
	for range 2 { // a repeat changes nothing
		if err := buildListIndex(ctx, db, e, "l", "lista", keys); err != nil {
			t.Fatal(err)
		}
	}
	day := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC)
	var docs []any
	for i := range 60 {
		docs = append(docs, bson.M{"_id": bson.NewObjectID(), "k": []string{"Pendiente", "Enviado", "Entregado"}[i%3],
			"f": day.Add(time.Duration(i) * time.Hour), "n": i % 7, "q": fmt.Sprintf("folio-%03d", i)})
	}
	if _, err := db.Collection("l").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if _, err := e.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	q, _ := newPageQuery(bson.M{"k": bson.M{"$in": bson.A{"Pendiente", "Enviado"}}, "n": bson.M{"$gt": 1}, "q": bson.M{"$regex": "folio-01"}},
		bson.D{{Key: "f", Value: -1}, {Key: "_id", Value: -1}})
	for _, query := range []string{
		`SELECT count(*), ifnull(sum(` + q.odd + `), 0) FROM %s WHERE ` + q.where,
		`SELECT ` + valueExpr("_id") + ` FROM %s WHERE ` + q.where + ` ORDER BY ` + q.order + ` LIMIT 25 OFFSET 10`,
	} {
		if reads := tableReads(t, e, "l", query, q.args...); reads != 0 {
			t.Errorf("%s reads the table %d times", query, reads)
		}
	}
	// Other keys under the same name replace the index.
	if err := buildListIndex(ctx, db, e, "l", "lista", keys[:2]); err != nil {
		t.Fatal(err)
	}
	if reads := tableReads(t, e, "l", `SELECT count(*) FROM %s WHERE `+q.where, q.args...); reads == 0 {
		t.Error("the index kept keys it no longer has")
	}
	if err := buildListIndex(ctx, db, e, "l", "mala", bson.D{{Key: "a.b", Value: 1}}); err == nil {
		t.Error("a dotted key was taken")
	}
}

// A filter value of a type of its own over a string (as the sales' states are) is a string to the
// store's SQL: the page is answered by SQLite, not by FerretDB reading every document.
func TestAPageFiltersOnANamedStringTypeInSQL(t *testing.T) {
	t.Parallel()
	type state string
	q, ok := newPageQuery(bson.M{"k": state("Pendiente"), "s": bson.M{"$in": bson.A{state("a"), "b"}}}, bson.D{{Key: "f", Value: -1}})
	if !ok || len(q.args) == 0 {
		t.Fatalf("not answered in SQL: %+v", q)
	}
	if v, ok := jsonText(state("x")); !ok || v != `"x"` {
		t.Fatalf("jsonText %q %v", v, ok)
	}
}
