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

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/money"
)

// storedProduct reads a product, its units and reservations included, straight from the store.
func (env *testEnv) storedProduct(id string) Product {
	env.t.Helper()
	oid, err := parseProductID(id)
	if err != nil {
		env.t.Fatal(err)
	}
	p, err := env.m.service.store.product(context.Background(), oid)
	if err != nil {
		env.t.Fatal(err)
	}
	return p
}

func checkTotals(t *testing.T, p Product, wantVariant0 int) {
	t.Helper()
	sum := 0
	for _, v := range p.Variantes {
		sum += v.Stock
	}
	if p.Variantes[0].Stock != wantVariant0 || p.Stock != sum || p.TotalExistencia != sum {
		t.Fatalf("variant 0 stock %d (want %d), stock %d, total_existencia %d, sum of variants %d",
			p.Variantes[0].Stock, wantVariant0, p.Stock, p.TotalExistencia, sum)
	}
}

func TestFiftyBuyersTakeTwentyUnits(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := formProduct("Cámara de prueba concurrente")
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
			err := env.m.Service().TakeStockFor(context.Background(), fmt.Sprintf("venta%d:0", i), line)
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
	b := env.mustCreate(formProduct("Cámara bala"))
	svc := env.m.Service()
	err := svc.TakeStockFor(context.Background(), "venta:0", OrderLine{ProductID: b.ID.Hex(), VariantID: b.Variantes[1].ID.Hex(), Cantidad: 4}) // has 3
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Code != apperr.Conflict || ae.Message != "Sin existencias suficientes de Cámara bala." {
		t.Fatalf("err %v", err)
	}
	if got := env.storedProduct(b.ID.Hex()); got.Variantes[1].Stock != 3 || got.Stock != 8 || got.Apartados != nil {
		t.Fatalf("after a shortage: %+v", got.Variantes)
	}
}

func TestTakeStockRejectsBadLinesAndTakesNothing(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(formProduct("Radio portátil"))
	good := OrderLine{ProductID: p.ID.Hex(), Cantidad: 1}
	tests := []struct {
		name string
		line OrderLine
		code apperr.Code
	}{
		{"malformed product id", OrderLine{ProductID: "zzz", Cantidad: 1}, apperr.Invalid},
		{"unknown product", OrderLine{ProductID: "64b0000000000000000000ff", Cantidad: 1}, apperr.NotFound},
		{"unknown variant", OrderLine{ProductID: p.ID.Hex(), VariantID: "64b0000000000000000000ff", Cantidad: 1}, apperr.Invalid},
		{"malformed variant", OrderLine{ProductID: p.ID.Hex(), VariantID: "x", Cantidad: 1}, apperr.Invalid},
		{"unknown extra", OrderLine{ProductID: p.ID.Hex(), ExtraIDs: []string{"64b0000000000000000000ff"}, Cantidad: 1}, apperr.Invalid},
		{"zero quantity", OrderLine{ProductID: p.ID.Hex(), Cantidad: 0}, apperr.Invalid},
		{"negative quantity", OrderLine{ProductID: p.ID.Hex(), Cantidad: -3}, apperr.Invalid},
	}
	for _, tt := range tests {
		err := env.m.Service().TakeStockFor(context.Background(), "venta:0", tt.line)
		if !apperr.Is(err, tt.code) {
			t.Errorf("%s: %v, want %s", tt.name, err, tt.code)
		}
		if _, err := env.m.Service().Quote(context.Background(), []OrderLine{tt.line}); !apperr.Is(err, tt.code) {
			t.Errorf("quote %s: %v, want %s", tt.name, err, tt.code)
		}
	}
	if err := env.m.Service().TakeStockFor(context.Background(), "", good); !apperr.Is(err, apperr.Invalid) {
		t.Errorf("no key: %v", err)
	}
	checkTotals(t, env.storedProduct(p.ID.Hex()), 5)
}

func TestQuotePricesFromTheCatalogue(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(formProduct("Kit DVR"))
	svc := env.m.Service()
	extra := p.Extras[0].ID.Hex()
	q, err := svc.Quote(context.Background(), []OrderLine{
		{ProductID: p.ID.Hex(), ExtraIDs: []string{extra}, Cantidad: 2},
		{ProductID: p.ID.Hex(), VariantID: p.Variantes[1].ID.Hex(), Cantidad: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	first := q[0]
	// 150 with 10% off = 135, plus the extra's 100 (not discounted).
	if first.VariantID != p.Variantes[0].ID.Hex() || first.Precio != 15000 || first.Descuento != 10 ||
		first.PrecioFinal != 23500 || first.Stock != 5 || first.Talla != "Grande" || first.Tamano != "32" ||
		len(first.Extras) != 1 || first.Extras[0].Precio != 10000 || first.Extras[0].Nombre != "Extra Queso" ||
		first.Nombre != "Kit DVR" || first.Imagen != p.Imagen {
		t.Fatalf("first line %+v", first)
	}
	if q[1].PrecioFinal != 8000 || q[1].Descuento != 0 || q[1].Stock != 3 {
		t.Fatalf("second line %+v", q[1])
	}

	// A product discount applies while it has not expired (the larger of the two wins).
	today := time.Now().In(shopTZ).Format(time.DateOnly)
	rec := env.do(auth.Auxiliar, http.MethodPost, "/v1/discounts", map[string]any{
		"name": "Buen Fin", "description": "Noviembre", "percentage": 25, "expirationDate": today})
	if rec.Code != http.StatusCreated {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	d := decode[struct{ Data Discount }](t, rec).Data
	rec = env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"descuentoId": d.ID.Hex()})
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	q, _ = svc.Quote(context.Background(), []OrderLine{{ProductID: p.ID.Hex(), Cantidad: 1}})
	if q[0].Descuento != 25 || q[0].PrecioFinal != money.MustFromPesos(112.5) {
		t.Fatalf("with discount: %+v", q[0])
	}
	svc.now = func() time.Time { return time.Now().Add(48 * time.Hour) }
	q, _ = svc.Quote(context.Background(), []OrderLine{{ProductID: p.ID.Hex(), Cantidad: 1}})
	if q[0].Descuento != 10 || q[0].PrecioFinal != 13500 {
		t.Fatalf("after expiry: %+v", q[0])
	}
}

func TestTakeStockFindsAVariantAnEditMoved(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(formProduct("Bobina UTP"))
	chico := p.Variantes[1]
	// Another replica (here: the store directly) puts the second variant first.
	stored := env.storedProduct(p.ID.Hex())
	_, err := env.db.UpdateOneIf(context.Background(), productsCollection, p.ID, bson.M{"version": stored.Version},
		bson.M{"$set": bson.M{"variantes": []Variante{stored.Variantes[1], stored.Variantes[0]}}, "$inc": bson.M{"version": 1, "revision": 1}})
	if err != nil {
		t.Fatal(err)
	}
	err = env.m.Service().TakeStockFor(context.Background(), "venta:0", OrderLine{ProductID: p.ID.Hex(), VariantID: chico.ID.Hex(), Cantidad: 2})
	if err != nil {
		t.Fatal(err)
	}
	got := env.storedProduct(p.ID.Hex())
	if got.Variantes[0].ID != chico.ID || got.Variantes[0].Stock != 1 || got.Variantes[1].Stock != 5 {
		t.Fatalf("variants after sale: %+v", got.Variantes)
	}
}

func TestASecondReplicaSeesAnEditWithinSeconds(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	other := MustModule(t, env.db, 100*time.Millisecond)
	p := env.mustCreate(formProduct("Cámara vista por otra réplica"))
	env.mustCreate(formProduct("Otra cámara")) // the poll selects one product of two: through the store's indexes
	if _, err := env.db.IndexIDs(context.Background()); err != nil {
		t.Fatal(err)
	}
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for !ok() {
			if time.Now().After(deadline) {
				t.Fatalf("the other replica did not see: %s", what)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	waitFor("the new product", func() bool { _, err := other.Service().Product(p.ID.Hex()); return err == nil })

	rec := env.do(auth.Administrador, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"nombre": "Cámara renombrada"})
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	waitFor("the new name", func() bool { q, _ := other.Service().Product(p.ID.Hex()); return q.Nombre == "Cámara renombrada" })

	if err := env.m.Service().TakeStockFor(context.Background(), "venta:0", OrderLine{ProductID: p.ID.Hex(), Cantidad: 5}); err != nil {
		t.Fatal(err)
	}
	waitFor("the sale", func() bool { q, _ := other.Service().Product(p.ID.Hex()); return q.Variantes[0].Stock == 0 })
	if err := env.m.Service().TakeStockFor(context.Background(), "venta:1", OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[1].ID.Hex(), Cantidad: 1}); err != nil {
		t.Fatal(err)
	}
	waitFor("a second sale", func() bool {
		q, _ := other.Service().Product(p.ID.Hex())
		return q.Variantes[1].Stock == 2 && q.Stock == 2
	})
	if err := env.m.Service().ReturnStockFor(context.Background(), "venta:0", OrderLine{ProductID: p.ID.Hex()}); err != nil {
		t.Fatal(err)
	}
	waitFor("the units given back", func() bool {
		q, _ := other.Service().Product(p.ID.Hex())
		return q.Variantes[0].Stock == 5 && q.Stock == 7
	})

	if rec := env.do(auth.Administrador, http.MethodDelete, "/v1/productos/"+p.ID.Hex(), nil); rec.Code != http.StatusNoContent {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	waitFor("the deletion", func() bool { _, err := other.Service().Product(p.ID.Hex()); return err != nil })
}
