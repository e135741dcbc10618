package catalog

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
)

func TestReservedStockIsTakenAndGivenBackOncePerKey(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Cámara con reservas"))
	svc := env.m.Service()
	ctx := context.Background()
	line := OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[1].ID.Hex(), Cantidad: 2} // stock 3

	if _, err := svc.TakeStockFor(ctx, "venta1:0", line, StockNote{}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.TakeStockFor(ctx, "venta1:0", line, StockNote{}); err != nil { // a repeat takes nothing
		t.Fatal(err)
	}
	if _, err := svc.TakeStockFor(ctx, "venta2:0", line, StockNote{}); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("only 1 left, want a shortage: %v", err)
	}
	got, _ := svc.Product(p.ID.Hex())
	if got.Variantes[1].Stock != 1 || got.Stock != 6 || got.TotalExistencia != 6 {
		t.Fatalf("after taking: variant %d, stock %d, total %d", got.Variantes[1].Stock, got.Stock, got.TotalExistencia)
	}
	stored := env.storedProduct(p.ID.Hex())
	checkTotals(t, stored, 5)
	if h := stored.Apartados["venta1:0"]; len(stored.Apartados) != 1 || h.Variante != p.Variantes[1].ID || h.Cantidad != 2 {
		t.Fatalf("reservations %+v", stored.Apartados)
	}
	// An admin edit keeps the reservations, and the units.
	if rec := env.do(auth.Administrador, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"nombre": "Cámara renombrada", "version": p.Version}); rec.Code != http.StatusOK {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	if stored := env.storedProduct(p.ID.Hex()); len(stored.Apartados) != 1 || stored.Variantes[1].Stock != 1 {
		t.Fatalf("after an edit: reservations %v, units %d", stored.Apartados, stored.Variantes[1].Stock)
	}
	for range 3 {
		if err := svc.ReturnStockFor(ctx, "venta1:0", line, StockNote{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.ReturnStockFor(ctx, "nunca-tomada:0", line, StockNote{}); err != nil {
		t.Fatal(err)
	}
	got, _ = svc.Product(p.ID.Hex())
	stored = env.storedProduct(p.ID.Hex())
	if got.Variantes[1].Stock != 3 || got.Stock != 8 || stored.Apartados != nil {
		t.Fatalf("after giving back: variant %d, stock %d, reservations %v", got.Variantes[1].Stock, got.Stock, stored.Apartados)
	}
	checkTotals(t, stored, 5)
	if raw, err := env.db.R.Collection(productsCollection).FindOne(ctx, bson.M{"_id": p.ID}).Raw(); err != nil || raw.Lookup("apartados").Type != 0 {
		t.Fatalf("apartados left in the document: %v %v", raw.Lookup("apartados"), err)
	}
}

// Concurrent repeats of one key take once; concurrent give-backs of it give back once.
func TestConcurrentRepeatsOfAKeyTakeAndGiveBackOnce(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Cámara disputada"))
	svc := env.m.Service()
	line := OrderLine{ProductID: p.ID.Hex(), Cantidad: 2} // variant 0: 5 units
	run := func(f func() error) {
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() {
				if err := f(); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	run(func() error {
		_, err := svc.TakeStockFor(context.Background(), "venta:0", line, StockNote{})
		return err
	})
	checkTotals(t, env.storedProduct(p.ID.Hex()), 3)
	run(func() error { return svc.ReturnStockFor(context.Background(), "venta:0", line, StockNote{}) })
	stored := env.storedProduct(p.ID.Hex())
	checkTotals(t, stored, 5)
	if stored.Apartados != nil {
		t.Fatalf("reservations left: %v", stored.Apartados)
	}
}

func TestSettledKeysAreRemovedAndCancelledUnitsComeBack(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Cámara más vendida"))
	svc := env.m.Service()
	ctx := context.Background()
	line := OrderLine{ProductID: p.ID.Hex(), Cantidad: 1} // stock 5
	for _, key := range []string{"venta1:0", "venta2:0", "venta3:0"} {
		if _, err := svc.TakeStockFor(ctx, key, line, StockNote{}); err != nil {
			t.Fatal(err)
		}
	}
	svc.SettleStockFor("venta1:0", line.ProductID)
	svc.SettleStockFor("venta2:0", line.ProductID)
	if err := svc.flushSettled(ctx); err != nil {
		t.Fatal(err)
	}
	stored := env.storedProduct(p.ID.Hex())
	if _, ok := stored.Apartados["venta3:0"]; !ok || len(stored.Apartados) != 1 {
		t.Fatalf("after three sales, two of them settled: %v", stored.Apartados)
	}
	checkTotals(t, stored, 2)
	// The last one goes a moment later by the background loop, and apartados with it.
	svc.SettleStockFor("venta3:0", line.ProductID)
	catalogtest.WaitUntil(t, "the last key removed", func() bool { return env.storedProduct(p.ID.Hex()).Apartados == nil })
	// A saved order cancelled later gives its units back without its key.
	if err := svc.GiveBackStock(ctx, line, StockNote{}); err != nil {
		t.Fatal(err)
	}
	if got, _ := svc.Product(p.ID.Hex()); got.Variantes[0].Stock != 3 || env.storedProduct(p.ID.Hex()).Variantes[0].Stock != 3 {
		t.Fatalf("after a cancellation: memory %d, store %d", got.Variantes[0].Stock, env.storedProduct(p.ID.Hex()).Variantes[0].Stock)
	}
	checkTotals(t, env.storedProduct(p.ID.Hex()), 3)
	// ReservedStock lists what is reserved, through the store (and its indexes: one product of two
	// has reservations).
	env.mustCreate(catalogtest.FormProduct("Cámara sin ventas"))
	if _, err := env.db.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.TakeStockFor(ctx, "venta4:0", line, StockNote{}); err != nil {
		t.Fatal(err)
	}
	reserved, err := svc.ReservedStock(ctx)
	if err != nil || len(reserved) != 1 || reserved[0] != (ReservedStock{Key: "venta4:0", ProductID: p.ID.Hex()}) {
		t.Fatalf("reserved %v, %v", reserved, err)
	}
}

// A best-seller's document stays small: under a stream of sales settled as they are saved, its
// reservations are empty again a moment after the last one.
func TestABestSellersReservationsEmptyUnderLoad(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := catalogtest.FormProduct("Cámara superventas")
	body["variantes"] = []map[string]any{{"talla": "Unico", "stock": 100000, "precioVenta": 150}}
	p := env.mustCreate(body)
	svc := env.m.Service()
	var wg sync.WaitGroup
	var n atomic.Int32
	for w := range 8 {
		wg.Go(func() {
			for i := range 50 {
				key := fmt.Sprintf("venta%d-%d:0", w, i)
				if _, err := svc.TakeStockFor(context.Background(), key, OrderLine{ProductID: p.ID.Hex(), Cantidad: 1}, StockNote{}); err != nil {
					t.Error(err)
					return
				}
				n.Add(1)
				svc.SettleStockFor(key, p.ID.Hex())
			}
		})
	}
	wg.Wait()
	start := time.Now()
	catalogtest.WaitUntil(t, "the reservations emptied", func() bool { return env.storedProduct(p.ID.Hex()).Apartados == nil })
	stored := env.storedProduct(p.ID.Hex())
	checkTotals(t, stored, 100000-int(n.Load()))
	t.Logf("%d sales; reservations empty %v after the last", n.Load(), time.Since(start).Round(time.Millisecond))
}

// Buyers of two variants of one product at once, some short: every unit accounted for.
func TestBuyersOfTwoVariantsAtOnce(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Cámara de dos tallas")) // 5 and 3 units
	svc := env.m.Service()
	var sold [2]atomic.Int32
	var wg sync.WaitGroup
	for i := range 30 {
		wg.Go(func() {
			v := i % 2
			_, err := svc.TakeStockFor(context.Background(), fmt.Sprintf("venta%d:0", i), OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[v].ID.Hex(), Cantidad: 1 + i%3}, StockNote{})
			switch {
			case err == nil:
				sold[v].Add(int32(1 + i%3))
			case !apperr.Is(err, apperr.Conflict):
				t.Error(err)
			}
		})
	}
	wg.Wait()
	stored := env.storedProduct(p.ID.Hex())
	checkTotals(t, stored, 5-int(sold[0].Load()))
	if stored.Variantes[1].Stock != 3-int(sold[1].Load()) || stored.Variantes[0].Stock < 0 || stored.Variantes[1].Stock < 0 {
		t.Fatalf("variants %d and %d after selling %d and %d", stored.Variantes[0].Stock, stored.Variantes[1].Stock, sold[0].Load(), sold[1].Load())
	}
	reserved := 0
	for _, r := range stored.Apartados {
		reserved += r.Cantidad
	}
	if reserved != int(sold[0].Load()+sold[1].Load()) {
		t.Fatalf("%d units reserved for %d sold", reserved, sold[0].Load()+sold[1].Load())
	}
}

func TestFiftyBuyersTakeTwentyUnits(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := catalogtest.FormProduct("Cámara de prueba concurrente")
	body["variantes"] = []map[string]any{
		{"talla": "Unico", "stock": 20, "precioVenta": 150},
		{"talla": "Grande", "stock": 7, "precioVenta": 200},
	}
	p := env.mustCreate(body)
	line := OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[0].ID.Hex(), Cantidad: 1}

	var ok, short atomic.Int32
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := env.m.Service().TakeStockFor(context.Background(), fmt.Sprintf("venta%d:0", i), line, StockNote{})
			switch {
			case err == nil:
				ok.Add(1)
			case apperr.Is(err, apperr.Conflict):
				short.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if ok.Load() != 20 || short.Load() != 30 {
		t.Fatalf("%d sales and %d shortages, want 20 and 30", ok.Load(), short.Load())
	}
	checkTotals(t, env.storedProduct(p.ID.Hex()), 0)
	mem, _ := env.m.Service().Product(p.ID.Hex())
	checkTotals(t, mem, 0)
	if mem.Stock != 7 {
		t.Fatalf("memory stock %d, want 7", mem.Stock)
	}
	if reserved := env.storedProduct(p.ID.Hex()).Apartados; len(reserved) != 20 {
		t.Fatalf("%d keys reserve stock, want 20", len(reserved))
	}
}

func TestAShortageNamesTheProductAndTakesNothing(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	b := env.mustCreate(catalogtest.FormProduct("Cámara bala"))
	svc := env.m.Service()
	_, err := svc.TakeStockFor(context.Background(), "venta:0", OrderLine{ProductID: b.ID.Hex(), VariantID: b.Variantes[1].ID.Hex(), Cantidad: 4}, StockNote{}) // has 3
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Code != apperr.Conflict || ae.Message != "Sin existencias suficientes de Cámara bala." {
		t.Fatalf("err %v", err)
	}
	if got := env.storedProduct(b.ID.Hex()); got.Variantes[1].Stock != 3 || got.Stock != 8 || got.Apartados != nil {
		t.Fatalf("after a shortage: %+v", got.Variantes)
	}
}

func TestTakeStockFindsAVariantAnEditMoved(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Bobina UTP"))
	chico := p.Variantes[1]
	// Another replica (here: the store directly) puts the second variant first.
	stored := env.storedProduct(p.ID.Hex())
	_, err := env.db.UpdateOneIf(context.Background(), productsCollection, p.ID, bson.M{"version": stored.Version},
		bson.M{"$set": bson.M{"variantes": []Variante{stored.Variantes[1], stored.Variantes[0]}}, "$inc": bson.M{"version": 1, "revision": 1}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = env.m.Service().TakeStockFor(context.Background(), "venta:0", OrderLine{ProductID: p.ID.Hex(), VariantID: chico.ID.Hex(), Cantidad: 2}, StockNote{})
	if err != nil {
		t.Fatal(err)
	}
	got := env.storedProduct(p.ID.Hex())
	if got.Variantes[0].ID != chico.ID || got.Variantes[0].Stock != 1 || got.Variantes[1].Stock != 5 {
		t.Fatalf("variants after sale: %+v", got.Variantes)
	}
}
