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
	for _, cond := range []bson.M{{"version": 3}, {"carrito.1.entregado": true}, {"carrito.5._id": "y"}, {"estado": "cancelada"}, {"nada": "x"}} {
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
