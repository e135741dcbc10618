package sales

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
	"tienda/pkg/salestate"
)

// fakeStock records the stock given back, per product and variant: once per key, as the
// catalogue does.
type fakeStock struct {
	mu       sync.Mutex
	returned map[string]int
	keys     map[string]bool
}

func (f *fakeStock) GiveBackStock(_ context.Context, l StockLine) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if l.Clave != "" {
		if f.keys[l.Clave] {
			return nil
		}
		if f.keys == nil {
			f.keys = map[string]bool{}
		}
		f.keys[l.Clave] = true
	}
	f.returned[l.ProductID+"/"+l.VariantID] += l.Cantidad
	return nil
}

func newService(t *testing.T) (*Service, *fakeStock) {
	t.Helper()
	st := &fakeStock{returned: map[string]int{}}
	s := buildService(store{db: mongox.TestDB(t), teller: newTeller()}, st, zerolog.Nop())
	ctx, stop := context.WithCancel(context.Background())
	var done sync.WaitGroup
	done.Go(func() { s.run(ctx) })
	done.Go(func() { s.store.teller.run(ctx, s.store) })
	t.Cleanup(func() { stop(); done.Wait() })
	if err := s.store.db.BuildIndexes(context.Background(), s.store.collections()...); err != nil { // as the app's start does
		t.Fatal(err)
	}
	return s, st
}

// MustSale reserves and confirms a sale of the given lines (price in pesos, quantity).
func MustSale(t *testing.T, s *Service, user string, lines ...Item) Sale {
	t.Helper()
	var sub, iva int64 // IVA per line, rounded to the nearest centavo
	for i := range lines {
		if lines[i].ID == "" {
			lines[i].ID = bson.NewObjectID().Hex()
			lines[i].ProductID = bson.NewObjectID().Hex()
		}
		base := int64(lines[i].PrecioFinal*100+0.5) * int64(lines[i].Cantidad)
		sub, iva = sub+base, iva+(base*16+50)/100
	}
	v, err := s.Reserve(context.Background(), Sale{Carrito: lines, UsuarioID: user, Cliente: "Juan",
		Subtotal: float64(sub) / 100, IVA: float64(iva) / 100, Total: float64(sub+iva) / 100, Origen: OrigenCaja, MetodoPago: "Efectivo"})
	if err != nil {
		t.Fatal(err)
	}
	v, err = s.Confirm(context.Background(), v.ID)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestReserveChecksTotalsAndGivesUniqueFolios(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	_, err := s.Reserve(ctx, Sale{Carrito: []Item{{PrecioFinal: 100, Cantidad: 2}}, Subtotal: 200, IVA: 32, Total: 231.99})
	if !apperr.Is(err, apperr.Internal) {
		t.Fatalf("totals off by a centavo must be refused: %v", err)
	}
	// IVA is per line: two lines of $0.03 have none (0.48 centavos each), not 16 % of $0.06.
	twoLines := []Item{{PrecioFinal: 0.03, Cantidad: 1}, {PrecioFinal: 0.03, Cantidad: 1}}
	if _, err := s.Reserve(ctx, Sale{Carrito: twoLines, Subtotal: 0.06, IVA: 0.01, Total: 0.07}); !apperr.Is(err, apperr.Internal) {
		t.Fatalf("IVA on the subtotal must be refused: %v", err)
	}
	if _, err := s.Reserve(ctx, Sale{Carrito: twoLines, Subtotal: 0.06, IVA: 0, Total: 0.06}); err != nil {
		t.Fatalf("IVA per line: %v", err)
	}
	folios := map[string]bool{}
	for range 20 {
		v := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 1709.10, Cantidad: 1})
		if len(v.Folio) != len("20261123-153045-4821") || folios[v.Folio] || !v.Guardado || v.Pago != PagoPendiente {
			t.Fatalf("sale %+v", v)
		}
		folios[v.Folio] = true
	}
}

func TestReservedSalesStayOutOfListsUntilConfirmed(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	v, err := s.Reserve(ctx, Sale{Carrito: []Item{{ID: "a", PrecioFinal: 10, Cantidad: 1}}, UsuarioID: "u1", Subtotal: 10, IVA: 1.6, Total: 11.6})
	if err != nil {
		t.Fatal(err)
	}
	if list, err := s.PendingOrders(ctx, ""); err != nil || len(list) != 0 {
		t.Fatalf("a reserved sale is listed: %d %v", len(list), err)
	}
	if list, err := s.Abandoned(ctx, time.Now().Add(time.Minute)); err != nil || len(list) != 1 {
		t.Fatalf("abandoned: %d %v", len(list), err)
	}
	if err := s.Fail(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Confirm(ctx, v.ID); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("confirming a failed sale: %v", err)
	}
	// A sale saved, whose reservation a crash left behind, is not abandoned and keeps its stock.
	w, err := s.Reserve(ctx, Sale{Carrito: []Item{{ID: "a", PrecioFinal: 10, Cantidad: 1}}, UsuarioID: "u1", Subtotal: 10, IVA: 1.6, Total: 11.6})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Confirm(ctx, w.ID); err != nil {
		t.Fatal(err)
	}
	if again, err := s.Confirm(ctx, w.ID); err != nil || again.ID != w.ID {
		t.Fatalf("confirming twice: %v", err)
	}
	if list, err := s.Abandoned(ctx, time.Now().Add(time.Minute)); err != nil || len(list) != 0 {
		t.Fatalf("a saved sale is abandoned: %d %v", len(list), err)
	}
	if err := s.Fail(ctx, w.ID); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("failing a saved sale: %v", err)
	}
}

func TestUpdateOrder(t *testing.T) {
	t.Parallel()
	s, st := newService(t)
	ctx := context.Background()
	who := Actor{ID: "staff1", Name: "Carmen"}
	v := MustSale(t, s, "u1", Item{Nombre: "Cable", PrecioFinal: 49, Cantidad: 3}, Item{Nombre: "Switch", PrecioFinal: 3951, Cantidad: 1})

	bad := []OrderChange{
		{Pago: ptr("Regalado")}, {Entrega: ptr("Perdido")}, {MetodoPago: ptr("Trueque")},
		{Envio: &Envio{CostoEnvio: -1}},
	}
	for _, ch := range bad {
		if _, err := s.UpdateOrder(ctx, v.ID, who, ch); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("%+v accepted: %v", ch, err)
		}
	}
	got, err := s.UpdateOrder(ctx, v.ID, who, OrderChange{Envio: &Envio{Status: "Enviado", Empresa: "Estafeta", Guia: "123", CostoEnvio: 150}})
	if err != nil || got.Envio == nil || got.Envio.Fecha.IsZero() || len(got.Historial) != 1 || got.Historial[0].Por != "staff1" {
		t.Fatalf("shipment: %+v %v", got.Envio, err)
	}
	// Cancelling twice, even at once, gives the stock back once.
	var wg sync.WaitGroup
	var ok atomic.Int32
	for range 4 {
		wg.Go(func() {
			if _, err := s.UpdateOrder(ctx, v.ID, who, OrderChange{Entrega: ptr(EntregaCancelado)}); err == nil {
				ok.Add(1)
			}
		})
	}
	wg.Wait()
	if ok.Load() < 1 || st.returned[v.Carrito[0].ProductID+"/"+v.Carrito[0].ID] != 3 || st.returned[v.Carrito[1].ProductID+"/"+v.Carrito[1].ID] != 1 || len(st.returned) != 2 {
		t.Fatalf("stock returned %v (successful cancels %d)", st.returned, ok.Load())
	}
	paid := MustSale(t, s, "u1", Item{Nombre: "Radio", PrecioFinal: 2590, Cantidad: 1})
	if _, err := s.UpdateOrder(ctx, paid.ID, who, OrderChange{Pago: ptr(PagoPagado), MetodoPago: ptr("Tarjeta")}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateOrder(ctx, paid.ID, who, OrderChange{Entrega: ptr(EntregaCancelado)}); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("cancelling a paid order: %v", err)
	}
}

func TestToggleDelivered(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	v := MustSale(t, s, "u1", Item{Nombre: "A", PrecioFinal: 10, Cantidad: 1}, Item{Nombre: "B", PrecioFinal: 20, Cantidad: 1})
	got, err := s.ToggleDelivered(ctx, v.ID, Actor{ID: "c"}, v.Carrito[1].ID, "B")
	if err != nil || got.Carrito[1].Entregado != true || got.Carrito[0].Entregado {
		t.Fatalf("%+v %v", got.Carrito, err)
	}
	got, err = s.ToggleDelivered(ctx, v.ID, Actor{ID: "c"}, v.Carrito[1].ID, "")
	if err != nil || got.Carrito[1].Entregado {
		t.Fatalf("toggle back: %+v %v", got.Carrito, err)
	}
	if _, err := s.ToggleDelivered(ctx, v.ID, Actor{ID: "c"}, "no-existe", ""); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("unknown item: %v", err)
	}
}

func TestSalesReportMatchesAHandComputedFixture(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	first := dayOf(time.Now()) // before the sales: the report runs from this day to today, whatever midnight they cross
	pay := func(v Sale) {
		t.Helper()
		if _, err := s.UpdateOrder(ctx, v.ID, Actor{ID: "caja"}, OrderChange{Pago: ptr(PagoPagado)}); err != nil {
			t.Fatal(err)
		}
	}
	// Paid: 3 x 0.10 + 1 x 1709.10 = 1709.40; IVA per line 0.05 (0.048) + 273.46 (273.456) = 273.51
	// (16 % of the subtotal would be 273.50); total 1982.91
	pay(MustSale(t, s, "u1", Item{Nombre: "Conector", PrecioFinal: 0.10, Cantidad: 3}, Item{Nombre: "Cámara", PrecioFinal: 1709.10, Cantidad: 1}))
	// Unpaid: 2 x 0.10 = 0.20; IVA 0.03 (0.032); total 0.23
	MustSale(t, s, "u2", Item{Nombre: "Conector", PrecioFinal: 0.10, Cantidad: 2})
	// Cancelled, and paid then returned: they count in neither.
	cancelled := MustSale(t, s, "u2", Item{Nombre: "Dron", PrecioFinal: 17990, Cantidad: 1})
	if _, err := s.UpdateOrder(ctx, cancelled.ID, Actor{ID: "x"}, OrderChange{Entrega: ptr(EntregaCancelado)}); err != nil {
		t.Fatal(err)
	}
	returned := MustSale(t, s, "u2", Item{Nombre: "Dron", PrecioFinal: 17990, Cantidad: 1})
	pay(returned)
	if _, err := s.Return(ctx, returned.ID, Actor{ID: "x"}, wholeReturn(returned)); err != nil {
		t.Fatal(err)
	}
	from, to, err := ParseRange(first, "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.SalesReport(ctx, from, to, PorFechaDeVenta)
	if err != nil {
		t.Fatal(err)
	}
	if r.TotalVentas != 2 || r.Canceladas != 1 || r.Devueltas != 1 || r.ProductosVendidos["Conector"] != 5 || r.ProductosVendidos["Cámara"] != 1 || r.ProductosVendidos["Dron"] != 0 {
		t.Fatalf("report %+v", r)
	}
	// The returned sale was paid and refunded: two payments, one refund, the first sale's ingresos.
	if want := (ReportSum{Ventas: 2, Subtotal: 1709.40, IVA: 273.51, Total: 1982.91}); r.Ingresos != want || r.TotalIngresos != 1982.91 || r.Pagadas.Ventas != 2 || r.Devoluciones.Ventas != 1 {
		t.Errorf("ingresos %+v (pagadas %+v, devoluciones %+v); want %+v", r.Ingresos, r.Pagadas, r.Devoluciones, want)
	}
	if want := (ReportSum{Ventas: 1, Subtotal: 0.20, IVA: 0.03, Total: 0.23}); r.Pendientes != want || r.PorCobrar != 0.23 {
		t.Errorf("unpaid %+v, por cobrar %v; want %+v", r.Pendientes, r.PorCobrar, want)
	}
}

func TestParseRangeUsesTheShopsDays(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 24, 5, 30, 0, 0, time.UTC) // 23:30 on the 23rd in Mexico City
	from, to, err := ParseRange("", "", now)
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 11, 23, 6, 0, 0, 0, time.UTC); !from.Equal(want) {
		t.Errorf("from %v, want %v", from, want)
	}
	if want := time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC); !to.Equal(want) {
		t.Errorf("to %v, want %v (the end day is included)", to, want)
	}
	late := time.Date(2026, 11, 24, 5, 59, 59, 0, time.UTC) // 23:59:59 local on the 23rd
	if !(late.Before(to) && !late.Before(from)) {
		t.Error("a sale at 23:59 local time falls outside its day")
	}
	for _, bad := range [][2]string{{"23/11/2026", ""}, {"2026-13-01", ""}, {"2026-11-24", "2026-11-23"}, {"2020-01-01", "2026-01-01"}, {`{"$gt":""}`, ""}} {
		if _, _, err := ParseRange(bad[0], bad[1], now); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("%v accepted", bad)
		}
	}
	if _, _, err := ParseRange("2026-11-23T00:00:00-06:00", "2026-11-23T12:00:00Z", now); err != nil {
		t.Errorf("ISO instants: %v", err)
	}
	// The same day is a range; an end before the start says so in the words of every other range.
	if _, _, err := ParseRange("2026-11-23", "2026-11-23", now); err != nil {
		t.Errorf("one day: %v", err)
	}
	var e *apperr.Error
	if _, _, err := ParseRange("2026-11-24", "2026-11-23", now); !errors.As(err, &e) || e.Message != apperr.BadParameters(e.Fields).Message || e.Fields["endDate"] != apperr.MsgRange {
		t.Errorf("an end before the start: %v", err)
	}
}

func TestRecordPaymentOnceEvenWhenReturnAndWebhookRace(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	v, err := s.Reserve(ctx, Sale{Carrito: []Item{{ID: "a", ProductID: "p", PrecioFinal: 100, Cantidad: 1}}, UsuarioID: "u1", Subtotal: 100, IVA: 16, Total: 116, Origen: OrigenMercadoPago})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AwaitPayment(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	var fresh atomic.Int32
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			got, moved, err := s.RecordPayment(ctx, v.ID, PaidOnline{MercadoPago: MercadoPago{PaymentID: "1319000001", Status: "approved"}})
			if err != nil || got.Pago != PagoPagado || got.Estado != salestate.Confirmada {
				t.Errorf("%+v %v", got, err)
			}
			switch moved {
			case salestate.EsperandoPago:
				fresh.Add(1)
			case "":
			default:
				t.Errorf("the payment moved the sale from %q, not from waiting for it", moved)
			}
		})
	}
	wg.Wait()
	if fresh.Load() != 1 {
		t.Fatalf("recorded %d times", fresh.Load())
	}
	if _, _, err := s.RecordPayment(ctx, v.ID, PaidOnline{MercadoPago: MercadoPago{PaymentID: "999"}}); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("a second payment for a settled sale: %v", err)
	}
	// It waits for a cut once; a notice repeated after a cut claimed it adds nothing.
	paid, err := s.Unclaimed(ctx)
	if err != nil || len(paid) != 1 || paid[0].Folio != v.Folio || paid[0].Metodo != "Mercado Pago" {
		t.Fatalf("unclaimed: %+v %v", paid, err)
	}
	if n, err := s.Claim(ctx, 1, nil); err != nil || n != 1 {
		t.Fatalf("claim: %d %v", n, err)
	}
	if _, moved, err := s.RecordPayment(ctx, v.ID, PaidOnline{MercadoPago: MercadoPago{PaymentID: "1319000001", Status: "approved"}}); err != nil || moved != "" {
		t.Fatalf("the same payment after the cut: moved the sale from %q, %v", moved, err)
	}
	if got, err := s.Unclaimed(ctx); err != nil || len(got) != 0 {
		t.Fatalf("a payment in a cut waits for a cut again: %+v %v", got, err)
	}
}

func ptr(s string) *string { return &s }

func FuzzParseRange(f *testing.F) {
	f.Add("2026-11-23", "2026-11-24")
	f.Add("2026-11-23T00:00:00-06:00", "")
	f.Add("", "2026-02-30")
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, start, end string) {
		from, to, err := ParseRange(start, end, now)
		if err != nil {
			if !apperr.Is(err, apperr.Invalid) {
				t.Fatalf("%q %q: %v is not an invalid-input error", start, end, err)
			}
			return
		}
		if !from.Before(to) || to.Sub(from) > 367*24*time.Hour {
			t.Fatalf("%q %q: bad range %v - %v", start, end, from, to)
		}
	})
}

// A customer's history and a day's sales list exactly what a find does, newest first.
func TestHistoryAndDayListsMatchAFind(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	var old []Sale
	for i := range 60 { // the days before, other customers
		at := now.AddDate(0, 0, -1-i%5).Add(-time.Duration(i) * time.Minute)
		old = append(old, Sale{ID: bson.NewObjectID(), Folio: "F-" + bson.NewObjectID().Hex(), Fecha: at,
			Carrito: []Item{{ID: "v", ProductID: "p", Nombre: "Algo", PrecioFinal: 10, Cantidad: 1}}, Historial: []Cambio{},
			Total: 11.6, Estado: salestate.Confirmada, Guardado: true, Pago: PagoPagado, Entrega: EntregaEntregado,
			MetodoPago: "Efectivo", PagadoEn: &at, Origen: OrigenCaja, UsuarioID: []string{"u1", "u2"}[i%2]})
	}
	old[0].UsuarioID = "u3" // and one of u3's, days ago
	if err := SeedPaid(ctx, s.store.db, old); err != nil {
		t.Fatal(err)
	}
	var today []Sale
	for range 4 {
		today = append(today, MustSale(t, s, "u3", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 1}))
		time.Sleep(2 * time.Millisecond)
	}
	if _, err := s.Reserve(ctx, Sale{Carrito: []Item{{ID: "a", PrecioFinal: 10, Cantidad: 1}}, UsuarioID: "u3", Subtotal: 10, IVA: 1.6, Total: 11.6}); err != nil {
		t.Fatal(err) // placed, never saved: in no list
	}
	folios := func(l []Sale) []string {
		out := []string{}
		for _, v := range l {
			out = append(out, v.Folio)
		}
		return out
	}
	from, to, err := ParseRange(dayOf(now), "", time.Now()) // the day of the sales placed above, to today (after a midnight, the day after)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		filter bson.M
		list   func() ([]Sale, error)
		expect []Sale
	}{
		{"u3's history", bson.M{"usuarioId": "u3", "estado": salestate.Confirmada}, func() ([]Sale, error) { return s.ByUser(ctx, "u3") },
			[]Sale{today[3], today[2], today[1], today[0], old[0]}},
		{"today's sales", dated(from, to), func() ([]Sale, error) {
			raw, err := s.Between(ctx, from, to)
			out := make([]Sale, len(raw))
			for i, doc := range raw {
				if err := bson.Unmarshal(doc, &out[i]); err != nil {
					t.Fatal(err)
				}
			}
			return out, err
		}, []Sale{today[3], today[2], today[1], today[0]}},
	} {
		got, err := c.list()
		if err != nil {
			t.Fatal(err)
		}
		if g, w := folios(got), folios(c.expect); !slices.Equal(g, w) {
			t.Errorf("%s: %v, want %v", c.name, g, w)
		}
		ref, err := s.store.find(ctx, c.filter)
		slices.SortFunc(ref, newestFirst)
		if err != nil || !slices.Equal(folios(got), folios(ref)) {
			t.Errorf("%s: %v, a find gives %v (%v)", c.name, folios(got), folios(ref), err)
		}
	}
	r, err := s.SalesReport(ctx, from, to, PorFechaDeVenta)
	if err != nil || r.TotalVentas != 4 || r.PorCobrar != 464 || r.TotalIngresos != 0 || r.ProductosVendidos["Cámara"] != 4 || len(r.ProductosVendidos) != 1 {
		t.Fatalf("today's report %+v %v", r, err)
	}
}

// A reserved sale whose prices changed while its stock was taken is priced again (its totals
// checked as Reserve checks them); once saved, or failed, it is not.
func TestFenceRepriceRewritesOnlyAReservedSale(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	v, err := s.Reserve(ctx, Sale{Carrito: []Item{{ID: "a", PrecioFinal: 10, Cantidad: 2}}, UsuarioID: "u1", Subtotal: 20, IVA: 3.2, Total: 23.2, MontoCobro: 23.2})
	if err != nil {
		t.Fatal(err)
	}
	again := Sale{Carrito: []Item{{ID: "a", Precio: 12, PrecioFinal: 12, Cantidad: 2}}, Subtotal: 24, IVA: 3.84, Total: 27.84, MontoCobro: 27.84}
	wrong := again
	wrong.Total = 27.83
	if err := s.Reprice(ctx, v.ID, wrong); !apperr.Is(err, apperr.Internal) {
		t.Fatalf("totals that do not add up: %v", err)
	}
	if err := s.Reprice(ctx, v.ID, again); err != nil {
		t.Fatal(err)
	}
	saved, err := s.Confirm(ctx, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	if saved.Total != 27.84 || saved.MontoCobro != 27.84 || saved.Subtotal != 24 || saved.Carrito[0].PrecioFinal != 12 || saved.UsuarioID != "u1" {
		t.Fatalf("saved %+v", saved)
	}
	if err := s.Reprice(ctx, v.ID, Sale{Carrito: v.Carrito, Subtotal: 20, IVA: 3.2, Total: 23.2}); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("a saved sale priced again: %v", err)
	}
	if got, _ := s.Get(ctx, v.ID); got.Total != 27.84 {
		t.Fatalf("total %v", got.Total)
	}
}
