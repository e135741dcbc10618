package catalog

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/money"
	"tienda/pkg/mongox"
)

// Two replicas of the catalogue on one store, neither polling: what a replica learns of the
// other's edits comes only from its own reads of the store.

// setPrice edits the first variant's list price (and nothing else: its units stay as sales leave
// them) on svc, and answers the product as the edit left it.
func setPrice(t *testing.T, svc *Service, id bson.ObjectID, pesos func(cur Product) float64) Product {
	t.Helper()
	p, err := editPrice(svc, id, pesos)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func editPrice(svc *Service, id bson.ObjectID, pesos func(cur Product) float64) (Product, error) {
	return svc.UpdateProductWith(context.Background(), id.Hex(), func(cur Product) (ProductInput, bool) {
		vs := make([]VariantInput, len(cur.Variantes))
		for i, v := range cur.Variantes {
			stock, compra, venta, descuento := float64(v.Stock), v.PrecioCompra, v.PrecioVenta, v.Descuento
			if i == 0 {
				venta = pesos(cur)
			}
			vs[i] = VariantInput{ID: v.ID.Hex(), Talla: v.Talla, Tamano: flexString(v.Tamano), Stock: &stock,
				PrecioCompra: &compra, PrecioVenta: &venta, Descuento: &descuento}
		}
		return ProductInput{Variantes: vs}, true
	})
}

func quoteOne(t *testing.T, svc *Service, l OrderLine) QuotedLine {
	t.Helper()
	q, err := svc.Quote(context.Background(), []OrderLine{l})
	if err != nil {
		t.Fatal(err)
	}
	return q[0]
}

// A price edited on replica B, then an order on replica A before A polled: A still quotes the old
// price, but the take fails its fence, prices the line again from the stored product and charges
// the new price; A's memory has it after. The same for the product's discount edited on B.
func TestFenceAnOrderOnAReplicaThatHasNotPolledIsChargedTheNewPrice(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	a := env.m.Service()
	ctx := context.Background()
	pct := 10.0
	d, err := a.CreateDiscount(ctx, DiscountInput{Name: "Buen Fin", Percentage: &pct, ExpirationDate: "2099-12-31"})
	if err != nil {
		t.Fatal(err)
	}
	b := MustModule(t, env.db, 0).Service() // polls off, as a
	body := catalogtest.FormProduct("Cámara con precio nuevo")
	body["descuentoId"] = d.ID.Hex()
	p := env.mustCreate(body) // Grande: $150, its own discount 10 %; Chico: $80, none
	line := OrderLine{ProductID: p.ID.Hex(), Cantidad: 2}

	before := quoteOne(t, a, line)
	if before.Precio != money.MustFromPesos(150) || before.PrecioFinal != money.MustFromPesos(135) {
		t.Fatalf("quoted %v, final %v", before.Precio, before.PrecioFinal)
	}
	setPrice(t, b, p.ID, func(Product) float64 { return 200 })
	if q := quoteOne(t, a, line); q.Precio != before.Precio {
		t.Fatalf("replica A quotes %v: it polled, the test proves nothing", q.Precio)
	}
	taken, err := a.TakeStockFor(ctx, "venta1:0", line, StockNote{})
	if err != nil {
		t.Fatal(err)
	}
	if taken.Precio != money.MustFromPesos(200) || taken.PrecioFinal != money.MustFromPesos(180) {
		t.Fatalf("charged %v (final %v), want the new $200 (final $180)", taken.Precio, taken.PrecioFinal)
	}
	if q := quoteOne(t, a, line); q.Precio != taken.Precio {
		t.Fatalf("replica A still quotes %v after the take read the product", q.Precio)
	}
	if got := env.storedProduct(p.ID.Hex()).Variantes[0].Stock; got != 3 {
		t.Fatalf("stock %d, want 5 - 2 taken once", got)
	}

	// The product's discount raised to 25 % on B: A's take charges it, and A's memory has it.
	pct = 25.0
	if _, err := b.UpdateDiscount(ctx, d.ID.Hex(), DiscountInput{Name: d.Name, Percentage: &pct, ExpirationDate: d.ExpirationDate}); err != nil {
		t.Fatal(err)
	}
	if q := quoteOne(t, a, line); q.Descuento != 10 {
		t.Fatalf("replica A quotes a %v %% discount: it heard of the edit, the test proves nothing", q.Descuento)
	}
	taken, err = a.TakeStockFor(ctx, "venta2:0", line, StockNote{})
	if err != nil {
		t.Fatal(err)
	}
	if taken.Descuento != 25 || taken.PrecioFinal != money.MustFromPesos(150) {
		t.Fatalf("charged a %v %% discount (final %v), want 25 %% ($150)", taken.Descuento, taken.PrecioFinal)
	}
	if q := quoteOne(t, a, line); q.Descuento != 25 {
		t.Fatalf("replica A still quotes a %v %% discount after the take read it", q.Descuento)
	}

	// An order whose quote and take agree is charged what it was quoted.
	if q, err := a.TakeStockFor(ctx, "venta3:0", OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[1].ID.Hex(), Cantidad: 1}, StockNote{}); err != nil || q.PrecioFinal != money.MustFromPesos(60) {
		t.Fatalf("charged %v (%v), want $80 less 25 %%", q.PrecioFinal, err)
	}
}

// Replica B edits the price again and again while replica A takes units, one at a time from many
// buyers. Every take must charge the price the product had at the moment its units were taken.
// The price of version v is 100+v pesos, so a price names its version; each edit answers the
// units the product had when it was written, and each take's movement the units before it, which
// orders every take against every edit: an edit written at s units came before the take of unit s
// (s -> s-1) and after the take of unit s+1.
func TestFenceEditsRacingTakesNeverChargeAPriceTheProductDidNotHave(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	a := env.m.Service()
	b := MustModule(t, env.db, 0).Service()
	const units, edits = 60, 25
	p := env.mustCreate(map[string]any{
		"nombre": "Disco duro disputado", "descripcion": "Disco", "categoria": "Camaras IP y NVRs", "stock": 0,
		"variantes": []map[string]any{{"talla": "1 TB", "stock": units, "precioCompra": 50, "precioVenta": 101, "descuento": 0}},
	})
	if p.Version != 1 {
		t.Fatalf("version %d", p.Version)
	}
	priceOf := func(cur Product) float64 { return float64(100 + cur.Version + 1) } // the version the edit writes
	type edit struct {
		version int64
		stock   int
	}
	var done []edit
	first := setPrice(t, b, p.ID, priceOf) // before any take: A's first take finds its copy stale
	done = append(done, edit{first.Version, first.Variantes[0].Stock})

	var wg sync.WaitGroup
	wg.Go(func() {
		for range edits - 1 {
			e, err := editPrice(b, p.ID, priceOf)
			if err != nil {
				t.Error(err)
				return
			}
			done = append(done, edit{e.Version, e.Variantes[0].Stock})
		}
	})
	var mu sync.Mutex
	charged := map[string]money.Cents{}
	for w := range 6 {
		wg.Go(func() {
			for i := range units / 6 {
				key := fmt.Sprintf("venta%d-%d", w, i)
				q, err := a.TakeStockFor(context.Background(), key+":0", OrderLine{ProductID: p.ID.Hex(), Cantidad: 1}, StockNote{Folio: key})
				if apperr.Is(err, apperr.Conflict) {
					continue // edited at every attempt: nothing taken, the buyer tries again
				}
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				charged[key] = q.Precio
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(done) != edits {
		t.Fatalf("%d edits", len(done))
	}

	stored := env.storedProduct(p.ID.Hex())
	if stored.Version != 1+edits || stored.Variantes[0].Stock != units-len(charged) {
		t.Fatalf("version %d, %d units left after %d takes", stored.Version, stored.Variantes[0].Stock, len(charged))
	}
	ms, err := mongox.FindAll[Movement](context.Background(), env.db.R.Collection(movementsCollection), bson.M{"tipo": TipoVenta})
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != len(charged) {
		t.Fatalf("%d movements for %d takes", len(ms), len(charged))
	}
	repriced := 0
	for _, m := range ms {
		version := int64(1)
		for _, e := range done {
			if e.stock >= *m.Antes {
				version = max(version, e.version)
			}
		}
		want := money.MustFromPesos(float64(100 + version))
		if got, ok := charged[m.Folio]; !ok || got != want {
			t.Errorf("%s took unit %d at version %d ($%v), charged $%v", m.Folio, *m.Antes, version, want.Pesos(), got.Pesos())
		}
		if version > 1 {
			repriced++
		}
	}
	if repriced == 0 {
		t.Fatal("no take came after an edit: the test proves nothing")
	}
}
