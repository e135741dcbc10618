package cartcheckout

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/salestate"
)

// fakeCatalog reserves stock by key, as the catalogue does.
type fakeCatalog struct {
	Catalog
	mu       sync.Mutex
	held     map[string]ReservedStock
	returned []string
	settled  []string
	lines    map[string]Line      // the line each give-back was asked with
	notes    map[string]StockNote // and its note
}

func (c *fakeCatalog) ReservedStock(context.Context) ([]ReservedStock, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []ReservedStock
	for _, h := range c.held {
		out = append(out, h)
	}
	return out, nil
}

func (c *fakeCatalog) ReturnStock(_ context.Context, key string, l Line, note StockNote) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.held[key]; ok {
		delete(c.held, key)
		c.returned = append(c.returned, key)
		c.lines[key] = l
		if c.notes == nil {
			c.notes = map[string]StockNote{}
		}
		c.notes[key] = note
	}
	return nil
}

func (c *fakeCatalog) SettleStock(key string, _ Line) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.held[key]; ok {
		delete(c.held, key)
		c.settled = append(c.settled, key)
	}
}

// fakeSales knows some sales; Fail drops a reservation.
type fakeSales struct {
	Sales
	sales     map[string]Reserved
	failed    []string
	broken    string     // Find of this sale fails
	abandoned []Reserved // what Abandoned answers: the reservations as they were read
}

func (f *fakeSales) Find(_ context.Context, id string) (Reserved, error) {
	if id == f.broken {
		return Reserved{}, errors.New("store down")
	}
	r, ok := f.sales[id]
	if !ok {
		return Reserved{}, apperr.New(apperr.NotFound, "No se encontró la venta.")
	}
	return r, nil
}

func (f *fakeSales) Fail(_ context.Context, id string) error {
	r, ok := f.sales[id]
	if ok && r.Estado != salestate.Reservando {
		return apperr.New(apperr.Conflict, "La venta ya estaba guardada.")
	}
	delete(f.sales, id)
	f.failed = append(f.failed, id)
	return nil
}

func (f *fakeSales) Abandoned(context.Context, time.Time) ([]Reserved, error) {
	return f.abandoned, nil
}

// A replica whose clock runs ahead finds a reservation 'abandoned' that another replica is still
// placing; the placement saves it before the sweep acts. The sweep must not give its units back:
// it fences first (drops the reservation only while it is not saved) and gives back only then.
func TestSkewedSweepNeverGivesBackTheStockOfASavedOrder(t *testing.T) {
	t.Parallel()
	now := time.Now()
	saved, stuck := saleAt(now.Add(-time.Minute)), saleAt(now.Add(-time.Minute))
	lines := []Line{{ProductID: "p1", Cantidad: 2}}
	sales := &fakeSales{
		sales: map[string]Reserved{saved: {ID: saved, Estado: salestate.Confirmada, Lines: lines}, stuck: {ID: stuck, Estado: salestate.Reservando, Lines: lines}},
		// Read as 'reservando' by a sweep whose clock is 6 minutes ahead.
		abandoned: []Reserved{{ID: saved, Estado: salestate.Reservando, Lines: lines}, {ID: stuck, Estado: salestate.Reservando, Lines: lines}},
	}
	catalog := &fakeCatalog{held: map[string]ReservedStock{}, lines: map[string]Line{}}
	for _, id := range []string{saved, stuck} {
		catalog.held[id+":0"] = ReservedStock{Key: id + ":0", ProductID: "p1"}
	}
	s := &Service{catalog: catalog, sales: sales, log: zerolog.Nop(), now: func() time.Time { return now.Add(6 * time.Minute) }}
	if err := s.settleReservations(context.Background(), abandonAfter); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(catalog.returned, saved+":0") || !slices.Contains(catalog.returned, stuck+":0") {
		t.Fatalf("returned %v: the saved order's units must stay taken, the stuck one's come back", catalog.returned)
	}
	if _, ok := sales.sales[saved]; !ok || slices.Contains(sales.failed, saved) {
		t.Fatal("the saved order was failed")
	}
}

// saleAt is a sale id reserved at t.
func saleAt(t time.Time) string {
	id := bson.NewObjectIDFromTimestamp(t)
	return id.Hex()
}

func TestReconcileSettlesEveryHeldKeyByItsSale(t *testing.T) {
	t.Parallel()
	now := time.Now()
	old, young := now.Add(-6*time.Minute), now.Add(-time.Minute)
	ids := map[string]string{
		"saved": saleAt(old), "savedYoung": saleAt(young), "waiting": saleAt(old), "expired": saleAt(old),
		"reservedOld": saleAt(old), "reservedYoung": saleAt(young), "gone": saleAt(old), "goneYoung": saleAt(young),
		"broken": saleAt(old),
	}
	variant := bson.NewObjectID().Hex()
	sales := &fakeSales{sales: map[string]Reserved{
		ids["saved"]:         {ID: ids["saved"], Estado: salestate.Confirmada},
		ids["savedYoung"]:    {ID: ids["savedYoung"], Estado: salestate.Confirmada},
		ids["waiting"]:       {ID: ids["waiting"], Estado: salestate.EsperandoPago},
		ids["expired"]:       {ID: ids["expired"], Estado: salestate.Expirada, Lines: []Line{{ProductID: "p1", VariantID: variant, Cantidad: 1}}},
		ids["reservedOld"]:   {ID: ids["reservedOld"], Estado: salestate.Reservando},
		ids["reservedYoung"]: {ID: ids["reservedYoung"], Estado: salestate.Reservando},
	}, broken: ids["broken"]}
	catalog := &fakeCatalog{held: map[string]ReservedStock{}, lines: map[string]Line{}}
	for _, id := range ids {
		for _, key := range []string{id + ":0", id + ":1"} {
			catalog.held[key] = ReservedStock{Key: key, ProductID: "p1"}
		}
	}
	s := &Service{catalog: catalog, sales: sales, log: zerolog.Nop(), now: func() time.Time { return now }}
	for range 2 { // a repeat changes nothing
		if err := s.Reconcile(context.Background()); err == nil {
			t.Fatal("the broken sale's error is not reported")
		}
	}
	want := func(name string, list []string) {
		t.Helper()
		for _, key := range []string{ids[name] + ":0", ids[name] + ":1"} {
			if !slices.Contains(list, key) {
				t.Errorf("%s: key %s not there", name, key)
			}
		}
	}
	for _, name := range []string{"saved", "savedYoung"} {
		want(name, catalog.settled)
	}
	for _, name := range []string{"expired", "reservedOld", "gone"} {
		want(name, catalog.returned)
	}
	if len(catalog.settled) != 4 || len(catalog.returned) != 6 {
		t.Errorf("settled %v, returned %v", catalog.settled, catalog.returned)
	}
	held := []string{}
	for k := range catalog.held {
		held = append(held, k)
	}
	for _, name := range []string{"waiting", "reservedYoung", "goneYoung", "broken"} {
		want(name, held)
	}
	// A sale never saved is dropped before its stock comes back, so it can no longer be saved.
	if !slices.Contains(sales.failed, ids["reservedOld"]) || slices.Contains(sales.failed, ids["reservedYoung"]) {
		t.Errorf("failed %v", sales.failed)
	}
	// A give-back names the line's variant when the sale still has it.
	if l := catalog.lines[ids["expired"]+":0"]; l.VariantID != variant {
		t.Errorf("expired line given back as %+v", l)
	}
	if l := catalog.lines[ids["gone"]+":0"]; l.ProductID != "p1" {
		t.Errorf("gone line given back as %+v", l)
	}
	// The stock movements say why: an online payment that never came, or an order never completed.
	if n := catalog.notes[ids["expired"]+":0"]; !n.NoPayment || n.Motivo != motivoSinPago {
		t.Errorf("expired line's note %+v", n)
	}
	if n := catalog.notes[ids["reservedOld"]+":1"]; n.NoPayment || n.Motivo != motivoIncompleto {
		t.Errorf("never saved line's note %+v", n)
	}
}

func TestSplitKey(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]struct {
		sale string
		line int
		late bool
	}{
		"6b04eec10a6ba42980f1fd8b:2":       {"6b04eec10a6ba42980f1fd8b", 2, false},
		"6b04eec10a6ba42980f1fd8b:2:tarde": {"6b04eec10a6ba42980f1fd8b", 2, true},
		"sin-linea":                        {"sin-linea", -1, false},
		"a:b":                              {"a:b", -1, false},
	} {
		if sale, line, late := splitKey(key); sale != want.sale || line != want.line || late != want.late {
			t.Errorf("%s: %s %d %v", key, sale, line, late)
		}
	}
	if key := lateStockKey("6b04eec10a6ba42980f1fd8b", 2); key == stockKey("6b04eec10a6ba42980f1fd8b", 2) {
		t.Errorf("a late payment takes under the key its expiry gives back: %s", key)
	}
}
