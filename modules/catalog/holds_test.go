package catalog

import (
	"context"
	"net/http"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/mongox"
)

func TestHeldStockIsTakenAndGivenBackOncePerKey(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(formProduct("Cámara con reservas"))
	svc := env.m.Service()
	ctx := context.Background()
	line := OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[1].ID.Hex(), Cantidad: 2} // stock 3

	if err := svc.TakeStockFor(ctx, "venta1:0", line); err != nil {
		t.Fatal(err)
	}
	if err := svc.TakeStockFor(ctx, "venta1:0", line); err != nil { // a repeat takes nothing
		t.Fatal(err)
	}
	if err := svc.TakeStockFor(ctx, "venta2:0", line); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("only 1 left, want a shortage: %v", err)
	}
	got, _ := svc.Product(p.ID.Hex())
	if got.Variantes[1].Stock != 1 || got.Stock != 6 || got.TotalExistencia != 6 {
		t.Fatalf("after taking: variant %d, stock %d, total %d", got.Variantes[1].Stock, got.Stock, got.TotalExistencia)
	}
	// An admin edit keeps the holds.
	if rec := env.do(auth.Administrador, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"nombre": "Cámara renombrada"}); rec.Code != http.StatusOK {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	for range 3 {
		if err := svc.ReturnStockFor(ctx, "venta1:0", line); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.ReturnStockFor(ctx, "nunca-tomada:0", line); err != nil {
		t.Fatal(err)
	}
	got, _ = svc.Product(p.ID.Hex())
	if held := env.storedStock(p.ID).Holds; got.Variantes[1].Stock != 3 || got.Stock != 8 || len(held) != 0 {
		t.Fatalf("after giving back: variant %d, stock %d, holds %v", got.Variantes[1].Stock, got.Stock, held)
	}

}

func TestSettledKeysGoWithTheNextTakeAndCancelledUnitsComeBack(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(formProduct("Cámara más vendida"))
	svc := env.m.Service()
	ctx := context.Background()
	line := OrderLine{ProductID: p.ID.Hex(), Cantidad: 1} // stock 5
	for _, key := range []string{"venta1:0", "venta2:0"} {
		if err := svc.TakeStockFor(ctx, key, line); err != nil {
			t.Fatal(err)
		}
		svc.SettleStockFor(key, line.ProductID)
	}
	if err := svc.TakeStockFor(ctx, "venta3:0", line); err != nil {
		t.Fatal(err)
	}
	d := env.storedStock(p.ID)
	if _, ok := d.Holds["venta3:0"]; !ok || len(d.Holds) != 1 || d.Variantes[p.Variantes[0].ID.Hex()] != 2 {
		t.Fatalf("after three sales, two of them saved: %+v", d)
	}
	// A saved order cancelled later gives its units back without its key.
	if err := svc.GiveBackStock(ctx, line); err != nil {
		t.Fatal(err)
	}
	if got, _ := svc.Product(p.ID.Hex()); got.Variantes[0].Stock != 3 || env.storedProduct(p.ID.Hex()).Variantes[0].Stock != 3 {
		t.Fatalf("after a cancellation: memory %d, store %d", got.Variantes[0].Stock, env.storedProduct(p.ID.Hex()).Variantes[0].Stock)
	}
	// A shortage keeps the settled keys for the next take.
	svc.SettleStockFor("venta3:0", line.ProductID)
	if err := svc.TakeStockFor(ctx, "venta4:0", OrderLine{ProductID: p.ID.Hex(), Cantidad: 50}); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("want a shortage: %v", err)
	}
	if err := svc.TakeStockFor(ctx, "venta5:0", line); err != nil {
		t.Fatal(err)
	}
	if d := env.storedStock(p.ID); len(d.Holds) != 1 {
		t.Fatalf("holds after the shortage and a sale: %v", d.Holds)
	}
}

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
	if err := m.Service().TakeStockFor(ctx, "venta:0", OrderLine{ProductID: id.Hex(), Cantidad: 2}); err != nil {
		t.Fatal(err)
	}
	// Once only: a later start does not bring the old units back.
	again := MustModule(t, db, 0)
	if got, _ := again.Service().Product(id.Hex()); got.Variantes[0].Stock != 5 {
		t.Fatalf("after a restart: %d units, want 5", got.Variantes[0].Stock)
	}
}
