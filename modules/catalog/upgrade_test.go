package catalog

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
)

func TestProductsWrittenBeforeStockMovedOutKeepTheirUnits(t *testing.T) {
	t.Parallel()
	db := mongox.TestDB(t)
	ctx := context.Background()
	id, variant := bson.NewObjectID(), bson.NewObjectID()
	now := time.Now().UTC().Truncate(time.Millisecond)
	legacy := bson.M{"_id": id, "nombre": "Cámara de antes", "categoria": "Videovigilancia", "version": int64(1),
		"variantes": bson.A{bson.M{"_id": variant, "talla": "Unico", "stock": 7, "precioVenta": 100.0}},
		"stock":     7, "total_existencia": 7, "createdAt": now, "updatedAt": now}
	if _, err := db.W.Collection(productsCollection).InsertOne(ctx, legacy); err != nil {
		t.Fatal(err)
	}
	m := MustModule(t, db, 0)
	got, err := m.Service().Product(id.Hex())
	if err != nil || got.Variantes[0].Stock != 7 || got.Stock != 7 {
		t.Fatalf("after the move: %+v %v", got.Variantes, err)
	}
	if _, err := m.Service().TakeStockFor(ctx, "venta:0", OrderLine{ProductID: id.Hex(), Cantidad: 2}, StockNote{}); err != nil {
		t.Fatal(err)
	}
	// Once only: a later start does not bring the old units back.
	again := MustModule(t, db, 0)
	if got, _ := again.Service().Product(id.Hex()); got.Variantes[0].Stock != 5 {
		t.Fatalf("after a restart: %d units, want 5", got.Variantes[0].Stock)
	}
}

// A store written by the version that kept stock in existencias_XX collections: every unit and
// reservation (its "holds") moves into the products, also when the move is interrupted half-way
// and run again.
func TestStockDocumentsOfTheEarlierVersionMoveIntoTheProducts(t *testing.T) {
	t.Parallel()
	db := mongox.TestDB(t)
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	type want struct {
		units        []int
		reservations map[string]Apartado
	}
	wants := map[bson.ObjectID]want{}
	var products []any
	shard := func(id bson.ObjectID) string { return fmt.Sprintf("existencias_%02x", id[11]) }
	for i := range 12 {
		id := bson.NewObjectID()
		vs := []bson.ObjectID{bson.NewObjectID()}
		if i%3 == 0 {
			vs = append(vs, bson.NewObjectID(), bson.NewObjectID())
		}
		variantes := bson.A{}
		units := map[string]int{}
		w := want{reservations: map[string]Apartado{}}
		for j, v := range vs {
			// Today's product documents carry no units; an old one may carry stale ones.
			variantes = append(variantes, bson.M{"_id": v, "talla": fmt.Sprint(j), "precioVenta": 100.0})
			units[v.Hex()] = 10*i + j
			w.units = append(w.units, 10*i+j)
		}
		reservations := map[string]int{}
		if i%2 == 0 {
			reservations[fmt.Sprintf("%s:0", bson.NewObjectID().Hex())] = 2
			for k, n := range reservations {
				r := Apartado{Cantidad: n}
				if len(vs) == 1 {
					r.Variante = vs[0]
				}
				w.reservations[k] = r
			}
		}
		wants[id] = w
		products = append(products, bson.M{"_id": id, "nombre": fmt.Sprintf("Producto %d", i), "categoria": "Cables",
			"version": int64(3), "variantes": variantes, "extras": bson.A{}, "createdAt": now, "updatedAt": now})
		if _, err := db.W.Collection(shard(id)).InsertOne(ctx, bson.M{"_id": id, "variantes": units, "holds": reservations, "version": int64(7)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.W.Collection(productsCollection).InsertMany(ctx, products); err != nil {
		t.Fatal(err)
	}
	if _, err := mongox.MarkJobDone(ctx, db.W.Collection(metaCollection), "existencias-v1"); err != nil { // today's job
		t.Fatal(err)
	}

	// Interrupted: some products moved, then the process stopped.
	s := store{db: db}
	colls, err := s.legacyCollections(ctx)
	if err != nil || len(colls) == 0 {
		t.Fatalf("legacy collections %v, %v", colls, err)
	}
	legacy := map[bson.ObjectID]legacyStock{}
	for _, c := range colls {
		docs, err := mongox.FindAll[legacyStock](ctx, db.R.Collection(c), bson.M{})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range docs {
			legacy[d.ID] = d
		}
	}
	half := 0
	for _, doc := range products[:6] {
		var p unmovedProduct
		raw, _ := bson.Marshal(doc)
		if err := bson.Unmarshal(raw, &p); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.moveOne(ctx, p, legacy); err != nil || !ok {
			t.Fatalf("move %s: %v %v", p.ID.Hex(), ok, err)
		}
		if ok, err := s.moveOne(ctx, p, legacy); err != nil || ok {
			t.Fatalf("a product was moved twice: %v %v", ok, err)
		}
		half++
	}

	// The next start moves the rest, once; the one after does nothing.
	m := MustModule(t, db, 0)
	if again := MustModule(t, db, 0); again == nil {
		t.Fatal("second start")
	}
	for id, w := range wants {
		got := (&testEnv{t: t, m: m}).storedProduct(id.Hex())
		for j, n := range w.units {
			if got.Variantes[j].Stock != n {
				t.Errorf("%s variant %d: %d units, want %d", got.Nombre, j, got.Variantes[j].Stock, n)
			}
		}
		checkTotals(t, got, w.units[0])
		if got.Revision != 1 || got.Version != 3 {
			t.Errorf("%s: revision %d, version %d", got.Nombre, got.Revision, got.Version)
		}
		if len(w.reservations) == 0 && got.Apartados != nil || len(w.reservations) > 0 && !reflect.DeepEqual(got.Apartados, w.reservations) {
			t.Errorf("%s: reservations %v, want %v", got.Nombre, got.Apartados, w.reservations)
		}
		mem, _ := m.Service().Product(id.Hex())
		if mem.Stock != got.Stock {
			t.Errorf("%s: memory %d, store %d", got.Nombre, mem.Stock, got.Stock)
		}
	}
	if colls, err := s.legacyCollections(ctx); err != nil || len(colls) != 0 {
		t.Fatalf("stock collections left: %v %v", colls, err)
	}
	// A reservation moved without its variant is given back to the variant its order line names.
	for id, w := range wants {
		for k, r := range w.reservations {
			if !r.Variante.IsZero() {
				continue
			}
			stored := (&testEnv{t: t, m: m}).storedProduct(id.Hex())
			if err := m.Service().ReturnStockFor(ctx, k, OrderLine{ProductID: id.Hex(), VariantID: stored.Variantes[1].ID.Hex()}, StockNote{}); err != nil {
				t.Fatal(err)
			}
			after := (&testEnv{t: t, m: m}).storedProduct(id.Hex())
			if after.Variantes[1].Stock != stored.Variantes[1].Stock+r.Cantidad || after.Apartados != nil {
				t.Fatalf("given back: %+v", after)
			}
			checkTotals(t, after, stored.Variantes[0].Stock)
		}
	}
	t.Logf("%d products moved before the interruption, %d after", half, len(wants)-half)
}
