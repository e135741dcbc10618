package mongox

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

func TestUpdateOneIf(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	id := bson.NewObjectID()
	if _, err := s.W.Collection("ventas").InsertOne(ctx, bson.M{"_id": id, "version": int64(3), "estado": "confirmada", "total": 116.0,
		"carrito": bson.A{bson.M{"_id": "x", "entregado": false}, bson.M{"_id": "y", "entregado": true}}}); err != nil {
		t.Fatal(err)
	}
	var after struct {
		Version int
		Carrito []struct {
			ID        string `bson:"_id"`
			Entregado bool
		}
	}
	// Every condition holds (an int against a stored int64, a float against a double, array indexes).
	raw, err := s.UpdateOneIf(ctx, "ventas", id, bson.M{"version": 3, "total": 116, "carrito.1._id": "y", "carrito.1.entregado": true, "nada": nil},
		bson.M{"$inc": bson.M{"version": 1}, "$set": bson.M{"carrito.1.entregado": false}})
	if err != nil {
		t.Fatal(err)
	}
	if err := bson.Unmarshal(raw, &after); err != nil || after.Version != 4 || after.Carrito[1].Entregado {
		t.Fatalf("after: %+v %v", after, err)
	}
	// A condition that no longer holds, one on a field the document lacks, and a missing document.
	for _, cond := range []bson.M{{"version": 3}, {"carrito.1.entregado": true}, {"carrito.5._id": "y"}, {"estado": "cancelada"}, {"nada": "x"},
		{"version": bson.M{"$gte": 5}}, {"estado": bson.M{"$exists": false}}, {"nada": bson.M{"$exists": true}}, {"total": bson.M{"$lt": 116}}} {
		if _, err := s.UpdateOneIf(ctx, "ventas", id, cond, bson.M{"$inc": bson.M{"version": 1}}); !errors.Is(err, mongo.ErrNoDocuments) {
			t.Errorf("%v: %v, want no documents", cond, err)
		}
	}
	if _, err := s.UpdateOneIf(ctx, "ventas", bson.NewObjectID(), bson.M{"version": 4}, bson.M{"$inc": bson.M{"version": 1}}); !errors.Is(err, mongo.ErrNoDocuments) {
		t.Errorf("a missing document: %v", err)
	}
	if s.Embedded() {
		if _, err := s.UpdateOneIf(ctx, "ventas", id, bson.M{"carrito": bson.A{}}, bson.M{"$inc": bson.M{"version": 1}}); err == nil {
			t.Error("a condition on an array was accepted")
		}
	}

	// Operators: the guard of a stock take.
	if _, err := s.UpdateOneIf(ctx, "ventas", id, bson.M{"version": bson.M{"$gte": 4, "$lt": 5}, "claves.a": bson.M{"$exists": false}, "total": bson.M{"$gt": 115.5}},
		bson.M{"$set": bson.M{"claves.a": 1}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateOneIf(ctx, "ventas", id, bson.M{"claves.a": bson.M{"$exists": false}}, bson.M{"$set": bson.M{"claves.a": 2}}); !errors.Is(err, mongo.ErrNoDocuments) {
		t.Errorf("a taken key was taken again: %v", err)
	}

	// Twenty editors who all read version 4: exactly one write lands.
	var won atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			_, err := s.UpdateOneIf(ctx, "ventas", id, bson.M{"version": 4}, bson.M{"$inc": bson.M{"version": 1, "ediciones": 1}})
			switch {
			case err == nil:
				won.Add(1)
			case !errors.Is(err, mongo.ErrNoDocuments):
				t.Error(err)
			}
		})
	}
	wg.Wait()
	var doc struct{ Version, Ediciones int }
	if err := s.R.Collection("ventas").FindOne(ctx, bson.M{"_id": id}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if won.Load() != 1 || doc.Version != 5 || doc.Ediciones != 1 {
		t.Fatalf("%d writes landed, version %d, ediciones %d; want 1, 5, 1", won.Load(), doc.Version, doc.Ediciones)
	}
}

// A cut claims every paid sale with UpdateMany while cashiers mark the same sales unpaid with
// UpdateOneIf guarded on the claim: each sale ends claimed and paid, or unclaimed and unpaid.
func TestUpdateManyAndUpdateOneIfNeverBothWin(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	const n = 60
	ids := make([]bson.ObjectID, n)
	docs := make([]any, n)
	for i := range ids {
		ids[i] = bson.NewObjectID()
		docs[i] = bson.M{"_id": ids[i], "pago": "Pagado", "version": 1}
	}
	if _, err := s.W.Collection("ventas").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	var claimed atomic.Int64
	var unpaid atomic.Int32
	var wg sync.WaitGroup
	for c := range 3 {
		wg.Go(func() {
			k, err := s.UpdateMany(ctx, "ventas", bson.M{"pago": "Pagado", "corte": bson.M{"$exists": false}}, bson.M{"$set": bson.M{"corte": c + 1}})
			if err != nil {
				t.Error(err)
			}
			claimed.Add(k)
		})
	}
	for _, id := range ids {
		wg.Go(func() {
			_, err := s.UpdateOneIf(ctx, "ventas", id, bson.M{"pago": "Pagado", "corte": bson.M{"$exists": false}},
				bson.M{"$set": bson.M{"pago": "Pendiente"}, "$inc": bson.M{"version": 1}})
			switch {
			case err == nil:
				unpaid.Add(1)
			case !errors.Is(err, mongo.ErrNoDocuments):
				t.Error(err)
			}
		})
	}
	wg.Wait()
	cur, err := s.R.Collection("ventas").Find(ctx, bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	var inCut int64
	for cur.Next(ctx) {
		pago := cur.Current.Lookup("pago").StringValue()
		_, cutErr := cur.Current.LookupErr("corte")
		if (cutErr == nil) == (pago == "Pendiente") {
			t.Errorf("sale %v: pago %s, in a cut %v", cur.Current.Lookup("_id"), pago, cutErr == nil)
		}
		if cutErr == nil {
			inCut++
		}
	}
	if inCut != claimed.Load() || inCut+int64(unpaid.Load()) != n {
		t.Errorf("%d in a cut, %d claimed, %d unpaid; want claimed + unpaid = %d", inCut, claimed.Load(), unpaid.Load(), n)
	}
}

func TestDeleteOneIf(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	ctx := context.Background()
	id := bson.NewObjectID()
	if _, err := s.W.Collection("ventas").InsertOne(ctx, bson.M{"_id": id, "estado": "confirmada"}); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.DeleteOneIf(ctx, "ventas", id, bson.M{"estado": "reservando"}); ok || err != nil {
		t.Fatalf("deleted while the guard does not hold: %v %v", ok, err)
	}
	if ok, err := s.DeleteOneIf(ctx, "ventas", id, bson.M{"estado": "confirmada"}); !ok || err != nil {
		t.Fatalf("not deleted: %v %v", ok, err)
	}
	if ok, err := s.DeleteOneIf(ctx, "ventas", id, nil); ok || err != nil {
		t.Fatalf("deleted twice: %v %v", ok, err)
	}
}
