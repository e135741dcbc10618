package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cartcheckout/mpfake"
	"tienda/modules/cashcut"
	"tienda/modules/catalog"
	"tienda/modules/sales"
	"tienda/pkg/fault"
	"tienda/pkg/money"
	"tienda/pkg/mongox"
	"tienda/pkg/salestate"
)

// The replica harness: two or three replicas of the shop on one store, each with its own clock
// (skewed by up to ±10 minutes), with the fault points of pkg/fault between saga steps (a hook
// that fails or pauses a step), and one check every scenario ends with (settleAndCheck): no unit
// sold twice and stock never negative, each product's stock its units at the start less the units
// of the sales saved since; one sale per payment; every paid sale in exactly one cut whose totals
// are exact, cut numbers consecutive; no order charged a price its product never had.

// replica is one replica of the shop: its own clock (a handle on the store whose time is skewed)
// and a fault hook its requests carry.
type replica struct {
	*shop
	skew time.Duration
	hook atomic.Pointer[fault.Hook]
}

// onFault sets the hook this replica's requests ask at each fault point (nil: none).
func (r *replica) onFault(h fault.Hook) {
	if h == nil {
		r.hook.Store(nil)
		return
	}
	r.hook.Store(&h)
}

func (r *replica) at(ctx context.Context, point string) error {
	if h := r.hook.Load(); h != nil {
		return (*h)(ctx, point)
	}
	return nil
}

// stall runs call on r in the background until its request reaches point, and holds it there
// (a stalled replica). wake lets it go on and answers its status code.
func (r *replica) stall(point string, call func() int) (wake func() int) {
	paused, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	r.onFault(func(_ context.Context, at string) error {
		if at == point {
			once.Do(func() { close(paused) })
			<-release
		}
		return nil
	})
	answer := make(chan int, 1)
	go func() { answer <- call() }()
	<-paused
	return func() int {
		close(release)
		code := <-answer
		r.onFault(nil)
		return code
	}
}

type replicaSet struct {
	t        *testing.T
	store    *mongox.Store
	mp       *mpfake.Server
	replicas []*replica
	before   map[bson.ObjectID]bool // the sales in the store before the scenario
	stock0   map[string]int         // each variant's units before the scenario
	mu       sync.Mutex
	prices   map[string][]float64 // each variant's every price during the scenario
}

// newReplicaSet starts one replica per skew on one fresh store with the demo catalogue.
func newReplicaSet(t *testing.T, skews ...time.Duration) *replicaSet {
	t.Helper()
	ctx := context.Background()
	rs := &replicaSet{t: t, store: mongox.TestDB(t), mp: mpfake.New("TEST-token"), before: map[bson.ObjectID]bool{},
		stock0: map[string]int{}, prices: map[string][]float64{}}
	srv := httptest.NewServer(rs.mp)
	t.Cleanup(srv.Close)
	env := map[string]string{"DEMO_DATA": "true", "MP_ACCESS_TOKEN": "TEST-token", "MP_API_URL": srv.URL,
		"MP_WEBHOOK_SECRET": webhookSecret, "PUBLIC_URL": "https://tienda.example.mx",
		"JWT_SECRET": "replica-harness-secret-0123456789abcdef"}
	dir := t.TempDir()
	for _, skew := range skews {
		a, err := NewOnStore(ctx, testConfig(t, dir, env), zerolog.Nop(), testWeb, mongox.TestReplicaOf(t, rs.store, skew))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { closeApp(t, a) })
		r := &replica{skew: skew}
		h := a.Handler()
		r.shop = &shop{t: t, app: a, mp: rs.mp, toks: map[string]string{}, h: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			h.ServeHTTP(w, req.WithContext(fault.With(req.Context(), r.at)))
		})}
		for _, who := range []string{"admin@tienda.mx", "cajero@tienda.mx", "cliente@tienda.mx"} {
			r.token(who) // signed in before goroutines share the replica
		}
		rs.replicas = append(rs.replicas, r)
	}
	err := rs.store.Each(ctx, "ventas", bson.M{}, bson.M{"_id": 1}, func(doc bson.Raw) error {
		rs.before[doc.Lookup("_id").ObjectID()] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rs.storedProducts() {
		for _, v := range p.Variantes {
			rs.stock0[v.ID.Hex()] = v.Stock
			rs.prices[v.ID.Hex()] = []float64{v.PrecioVenta}
		}
	}
	return rs
}

func (rs *replicaSet) storedProducts() []catalog.Product {
	rs.t.Helper()
	var out []catalog.Product
	err := rs.store.Each(context.Background(), "productos", bson.M{}, nil, func(doc bson.Raw) error {
		var p catalog.Product
		if err := bson.Unmarshal(doc, &p); err != nil {
			return err
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		rs.t.Fatal(err)
	}
	return out
}

// setPrice sets the first variant's price of product id from replica r, keeping its stock as
// stored, and records the price as one the product had.
func (rs *replicaSet) setPrice(r *replica, id string, price float64) {
	rs.t.Helper()
	var variant string
	_, err := r.app.catalog.Service().UpdateProductWith(context.Background(), id, func(cur catalog.Product) (catalog.ProductInput, bool) {
		vs := make([]catalog.VariantInput, len(cur.Variantes))
		for i, v := range cur.Variantes {
			stock, compra, venta, descuento := float64(v.Stock), v.PrecioCompra, v.PrecioVenta, v.Descuento
			if i == 0 {
				venta, variant = price, v.ID.Hex()
			}
			vs[i] = catalog.VariantInput{ID: v.ID.Hex(), Talla: v.Talla, Stock: &stock, PrecioCompra: &compra, PrecioVenta: &venta, Descuento: &descuento}
		}
		return catalog.ProductInput{Variantes: vs}, true
	})
	if err != nil {
		rs.t.Error(err)
		return
	}
	rs.mu.Lock()
	rs.prices[variant] = append(rs.prices[variant], price)
	rs.mu.Unlock()
}

// ahead is the replica whose clock is furthest ahead: its sweeps judge every record old enough.
func (rs *replicaSet) ahead() *replica {
	return slices.MaxFunc(rs.replicas, func(a, b *replica) int { return int(a.skew - b.skew) })
}

// settleAndCheck runs, on the replica furthest ahead, the sweeps that settle what the scenario
// left (reservations, cuts), closes a last cut, and checks the harness's invariants.
func (rs *replicaSet) settleAndCheck() {
	t := rs.t
	t.Helper()
	ctx := context.Background()
	last := rs.ahead()
	if err := last.app.checkout.Service().Sweep(ctx); err != nil {
		t.Fatalf("checkout sweep: %v", err)
	}
	if err := last.app.cashcut.Service().Sweep(ctx); err != nil {
		t.Fatalf("cut sweep: %v", err)
	}
	if rec := last.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", nil); rec.Code != http.StatusCreated && rec.Code != http.StatusConflict {
		t.Fatalf("last cut: %d %s", rec.Code, rec.Body)
	}
	if err := last.app.cashcut.Service().Sweep(ctx); err != nil { // a late claim of a cut taken for stalled
		t.Fatalf("cut sweep: %v", err)
	}

	// Stock: the units at the start less those of the sales saved since, never below zero.
	sold := map[string]int{}
	payments := map[string]int{}
	var paid []sales.Sale
	err := rs.store.Each(ctx, "ventas", bson.M{}, nil, func(doc bson.Raw) error {
		var v sales.Sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return err
		}
		if v.Pago == sales.PagoPagado {
			paid = append(paid, v)
		}
		if rs.before[v.ID] {
			return nil
		}
		if v.MercadoPago != nil && v.Pago == sales.PagoPagado {
			payments[v.MercadoPago.PaymentID]++
		}
		if v.Estado != salestate.Confirmada {
			return nil
		}
		for _, it := range v.Carrito {
			sold[it.ID] += it.Cantidad
			rs.mu.Lock()
			had := slices.Contains(rs.prices[it.ID], it.Precio)
			rs.mu.Unlock()
			if !had {
				t.Errorf("%s charged $%v a unit of %s, a price it never had (%v)", v.Folio, it.Precio, it.Nombre, rs.prices[it.ID])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rs.storedProducts() {
		for _, v := range p.Variantes {
			want := rs.stock0[v.ID.Hex()] - sold[v.ID.Hex()]
			if v.Stock != want || v.Stock < 0 {
				t.Errorf("%s: %d units in stock; %d at the start, %d sold since", p.Nombre, v.Stock, rs.stock0[v.ID.Hex()], sold[v.ID.Hex()])
			}
		}
	}
	for id, n := range payments {
		if n != 1 {
			t.Errorf("payment %s: %d sales", id, n)
		}
	}

	// Cuts: numbered 1..n, all closed, each one's totals those of the sales it claimed; every paid
	// sale in one.
	var cuts []cashcut.Cut
	cur, err := rs.store.R.Collection("cortes").Find(ctx, bson.M{})
	if err != nil || cur.All(ctx, &cuts) != nil {
		t.Fatalf("cuts: %v", err)
	}
	slices.SortFunc(cuts, func(a, b cashcut.Cut) int { return int(a.Numero - b.Numero) })
	claimed := map[int64][]sales.Sale{}
	for _, v := range paid {
		if v.Corte == 0 {
			t.Errorf("paid sale %s is in no cut", v.Folio)
			continue
		}
		claimed[v.Corte] = append(claimed[v.Corte], v)
	}
	for i, c := range cuts {
		if c.Numero != int64(i+1) || c.Estado != cashcut.EstadoCerrado {
			t.Errorf("cut %d of %d: #%d %s", i+1, len(cuts), c.Numero, c.Estado)
		}
		var sum money.Cents
		for _, v := range claimed[c.Numero] {
			sum += money.MustFromPesos(v.Total)
		}
		if total := money.MustFromPesos(c.PorMetodo.TotalGeneral); total != sum || c.NumVentas != len(claimed[c.Numero]) {
			t.Errorf("cut #%d: %d sales for %v stored, %d for %v claimed", c.Numero, c.NumVentas, total, len(claimed[c.Numero]), sum)
		}
	}
}

// counterOrders places n counter orders of one unit of p from the replicas in turn, at once; it
// answers how many were saved. Sold out and 'try again' are answers a cashier can get; anything
// else fails the test.
func (rs *replicaSet) counterOrders(from []*replica, p product, n int) int {
	var saved atomic.Int32
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			r := from[i%len(from)]
			rec := r.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas",
				map[string]any{"cliente": fmt.Sprintf("Cliente %d", i), "carrito": []any{cartLine(p, 1, false)}})
			switch rec.Code {
			case http.StatusCreated:
				saved.Add(1)
			case http.StatusConflict, http.StatusServiceUnavailable:
			default:
				rs.t.Errorf("order: %d %s", rec.Code, rec.Body)
			}
		})
	}
	wg.Wait()
	return int(saved.Load())
}

// Orders on two replicas, one clock 10 minutes behind, while a third whose clock is 10 minutes
// ahead sweeps without a pause (then, if no order got through, with a growing one): to it every
// reservation being placed looks abandoned. It may fence an order being placed (that order
// answers an error), but never give back the units of an order that was saved; and a price edited
// on the ahead replica meanwhile is the one charged.
func TestSkewOrdersWhileAReplicaAheadSweeps(t *testing.T) {
	t.Parallel()
	rs := newReplicaSet(t, 0, -10*time.Minute, 10*time.Minute)
	a, behind, ahead := rs.replicas[0], rs.replicas[1], rs.replicas[2]
	p := a.pick(false)

	done := make(chan struct{})
	var editing atomic.Bool
	editing.Store(true)
	var pause atomic.Int64 // between two sweeps; none at first
	var sweeps sync.WaitGroup
	sweeps.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-done:
				return
			case <-time.After(time.Duration(pause.Load())):
			}
			if err := ahead.app.checkout.Service().Reconcile(context.Background()); err != nil {
				t.Errorf("sweep: %v", err)
			}
			if i%3 == 0 && editing.Load() {
				rs.setPrice(ahead, p.ID, p.Variantes[0].PrecioVenta+float64(i+1))
			}
		}
	})
	saved := rs.counterOrders([]*replica{a, behind}, p, p.Variantes[0].Stock+4)
	// A sweep with no pause fences every order it finds being placed, so on a loaded machine,
	// where placing one takes longer than a sweep, none of the batch may be saved. The cashier
	// tries again, one order at a time, while the sweeps go on (the edits stop) with a pause that
	// doubles at each try, up to a second (a replica sweeps once a minute): some order must
	// be saved between two sweeps, or the sweeps starve the counter.
	editing.Store(false)
	for try := 0; saved == 0 && try < 30; try++ {
		pause.Store(int64(min(time.Millisecond<<try, time.Second)))
		saved = rs.counterOrders([]*replica{a, behind}[try%2:try%2+1], p, 1)
	}
	close(done)
	sweeps.Wait()
	if saved == 0 {
		t.Fatal("no order was saved: the scenario proves nothing")
	}
	rs.settleAndCheck()
}

// An order on one replica stalls at each step of its placing (as a GC pause, a frozen VM or a slow
// failover would) past every lease, while a replica whose clock is 10 minutes ahead sweeps. The
// sweep fences the order before it gives its units back; when the stalled replica wakes up, its
// order fails and nothing is sold twice or lost.
func TestReplicaPausedMidOrderPastEveryLease(t *testing.T) {
	t.Parallel()
	rs := newReplicaSet(t, 0, 10*time.Minute)
	a, ahead := rs.replicas[0], rs.replicas[1]
	p := a.pick(false)
	for _, point := range []string{fault.OrderReserved, fault.OrderTaken} {
		wake := a.stall(point, func() int {
			return a.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Ana", "carrito": []any{cartLine(p, 2, false)}}).Code
		})
		if err := ahead.app.checkout.Service().Reconcile(context.Background()); err != nil {
			t.Fatal(err)
		}
		if code := wake(); code == http.StatusCreated {
			t.Errorf("paused at %s: the order was saved after the sweep fenced it", point)
		}
	}
	if rs.counterOrders([]*replica{a}, p, 1) != 1 { // the units are there to sell
		t.Error("the next order was refused")
	}
	rs.settleAndCheck()
}

// A cashier's 'Hacer corte' stalls after taking its number, then after claiming its sales, while
// the replica whose clock is ahead sweeps (finishing the cut it takes for crashed) and sales are
// paid on the other; once, another cut is made before the stalled one wakes, so its late claim
// lands on a cut that is no longer the last. Whatever order the claims land in, every paid sale is
// in exactly one cut and every cut's totals are its sales'.
func TestReplicaTwoCutsWithAStalledClaimer(t *testing.T) {
	t.Parallel()
	rs := newReplicaSet(t, 0, 10*time.Minute)
	a, ahead := rs.replicas[0], rs.replicas[1]
	p := a.pick(false)
	pay := func(r *replica) {
		t.Helper()
		v := r.counterOrder("cajero@tienda.mx", p)
		if rec := r.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, `{"pago":"Pagado","metodoPago":"Efectivo"}`); rec.Code != http.StatusOK {
			t.Fatalf("pay: %d %s", rec.Code, rec.Body)
		}
	}
	for _, stall := range []struct {
		point    string
		cutAfter bool // another cut is made while it stalls
	}{{fault.CutNumbered, false}, {fault.CutClaimed, false}, {fault.CutNumbered, true}} {
		point := stall.point
		pay(a)
		pay(ahead)
		wake := a.stall(point, func() int { return a.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", nil).Code })
		if err := ahead.app.cashcut.Service().Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		if stall.cutAfter {
			pay(ahead)
			if rec := ahead.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", nil); rec.Code != http.StatusCreated {
				t.Fatalf("the next cut: %d %s", rec.Code, rec.Body)
			}
		}
		pay(ahead) // paid after the sweep closed the stalled cut
		if code := wake(); code != http.StatusCreated && code != http.StatusConflict {
			t.Errorf("stalled at %s: the cut answered %d", point, code)
		}
		if err := ahead.app.cashcut.Service().Sweep(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	rs.settleAndCheck()
}

// A shopper's first card is refused and the second approved. The refusal reaches one replica,
// which expires the order and gives its units back, while the approval, read on the other
// replica just before, is being recorded: the payment is recorded after the expiry, and the units
// are taken again under keys of their own, never under the ones the expiry gives back (which
// would hand them back too).
func TestSkewLatePaymentRacesAnExpiry(t *testing.T) {
	t.Parallel()
	rs := newReplicaSet(t, 0, 10*time.Minute)
	a, b := rs.replicas[0], rs.replicas[1]
	p := a.pick(false)
	ref, charge := a.order(p, 2)
	refused := rs.mp.Pay(ref, "rejected", charge)
	approved := rs.mp.Pay(ref, "approved", charge)

	wake := a.stall(fault.PaymentFound, func() int { return a.confirm(approved, map[string]string{"external_reference": ref}).Code })
	if rec := b.webhook(refused, ""); rec.Code != http.StatusOK {
		t.Fatalf("webhook: %d %s", rec.Code, rec.Body)
	}
	if code := wake(); code != http.StatusOK {
		t.Fatalf("the approved payment: %d", code)
	}
	if n := a.salesWithPayment(approved); n != 1 {
		t.Fatalf("%d sales with the approved payment", n)
	}
	rs.settleAndCheck()
}
