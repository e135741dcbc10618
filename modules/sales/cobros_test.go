package sales

import (
	"context"
	"fmt"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// paidNow lists what the ledger holds for the next cut.
func paidNow(t *testing.T, s *Service) map[string]Sale {
	t.Helper()
	list, err := s.PaidBetween(context.Background(), time.Time{}, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]Sale{}
	for _, v := range list {
		out[v.Folio] = v
	}
	return out
}

func TestTheLedgerFollowsPaymentsWithoutStampingTwice(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	who := Actor{ID: "c1", Name: "Carmen"}
	v := MustSale(t, s, "u1", Item{Nombre: "Radio", PrecioFinal: 100, Cantidad: 2})
	if len(paidNow(t, s)) != 0 {
		t.Fatal("an unpaid sale is in the ledger")
	}
	if _, err := s.UpdateOrder(ctx, v.ID, who, OrderChange{Pago: ptr(PagoPagado), MetodoPago: ptr("Tarjeta")}); err != nil {
		t.Fatal(err)
	}
	first := paidNow(t, s)[v.Folio]
	if first.Total != v.Total || first.MetodoPago != "Tarjeta" || first.CobradoPor != "c1" || first.NombreCobro != "Carmen" || first.PagadoEn == nil {
		t.Fatalf("ledger after paying: %+v", first)
	}
	// A change of method follows, and keeps the entry in the same period.
	if _, err := s.UpdateOrder(ctx, v.ID, who, OrderChange{MetodoPago: ptr("Efectivo")}); err != nil {
		t.Fatal(err)
	}
	second := paidNow(t, s)[v.Folio]
	if second.MetodoPago != "Efectivo" || !second.PagadoEn.Equal(*first.PagadoEn) {
		t.Fatalf("ledger after changing the method: %+v (stamp was %v)", second, first.PagadoEn)
	}
	// Back to unpaid: out of the ledger.
	if _, err := s.UpdateOrder(ctx, v.ID, who, OrderChange{Pago: ptr(PagoPendiente)}); err != nil {
		t.Fatal(err)
	}
	if got := paidNow(t, s); len(got) != 0 {
		t.Fatalf("ledger after un-paying: %+v", got)
	}
}

func TestTheSweepSettlesWhatACrashLeftPending(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	paid := MustSale(t, s, "u1", Item{Nombre: "Radio", PrecioFinal: 100, Cantidad: 1})
	unpaid := MustSale(t, s, "u1", Item{Nombre: "Antena", PrecioFinal: 50, Cantidad: 1})
	// Crashes: after the sale was written but before settling, and before the sale was written.
	if _, err := s.store.markPending(ctx, paid.ID, s.now(), true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.store.update(ctx, paid.ID, nil, bson.M{"$set": bson.M{"pago": PagoPagado, "metodoPago": "Tarjeta", "nombreCobro": "Carmen"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.store.markPending(ctx, unpaid.ID, s.now(), true); err != nil {
		t.Fatal(err)
	}
	// Young pending entries may still be being written: left alone.
	if err := s.SweepPayments(ctx); err != nil {
		t.Fatal(err)
	}
	if c, _, _ := s.store.cobro(ctx, unpaid.ID); !c.Pendiente {
		t.Fatalf("a young pending entry was settled: %+v", c)
	}
	s.now = func() time.Time { return time.Now().Add(2 * stalePending) }
	if err := s.SweepPayments(ctx); err != nil {
		t.Fatal(err)
	}
	got := paidNow(t, s)
	if len(got) != 1 || got[paid.Folio].MetodoPago != "Tarjeta" || got[paid.Folio].NombreCobro != "Carmen" {
		t.Fatalf("ledger after the sweep: %+v", got)
	}
	if _, found, _ := s.store.cobro(ctx, unpaid.ID); found {
		t.Fatal("the entry of a sale that was never paid is still there")
	}
}

func TestForgetPaidDropsWhatACutClosed(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	base := time.Now().UTC().Truncate(time.Millisecond).Add(-time.Hour)
	const n = 300
	list := make([]Sale, n)
	for i := range list {
		at := base.Add(time.Duration(i) * time.Millisecond)
		list[i] = Sale{ID: bson.NewObjectID(), Folio: fmt.Sprintf("F-%05d", i), Total: 10, Estado: EstadoConfirmada, Pago: PagoPagado,
			MetodoPago: "Efectivo", PagadoEn: &at, Carrito: []Item{}, Historial: []Cambio{}}
	}
	if err := SeedPaid(ctx, s.store.db, list); err != nil {
		t.Fatal(err)
	}
	until := base.Add((n - 100) * time.Millisecond)
	var closed []time.Time
	for _, v := range list[:n-99] {
		closed = append(closed, *v.PagadoEn)
	}
	if err := s.ForgetPaid(ctx, closed); err != nil {
		t.Fatal(err)
	}
	left := paidNow(t, s)
	if len(left) != 99 {
		t.Fatalf("%d payments left, want the 99 after the cut", len(left))
	}
	for _, v := range left {
		if !v.PagadoEn.After(until) {
			t.Fatalf("a closed payment is still there: %+v", v)
		}
	}
}

type cutUntil time.Time

func (c cutUntil) LastCutUntil(context.Context) (time.Time, error) { return time.Time(c), nil }

func TestASaleInACutNeverEntersTheLedgerAgain(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	who := Actor{ID: "c1", Name: "Carmen"}
	v := MustSale(t, s, "u1", Item{Nombre: "Radio", PrecioFinal: 100, Cantidad: 1})
	if _, err := s.UpdateOrder(ctx, v.ID, who, OrderChange{Pago: ptr(PagoPagado)}); err != nil {
		t.Fatal(err)
	}
	// A cut closes it: its period ends after the payment and the entry is dropped.
	paid := paidNow(t, s)[v.Folio]
	s.cuts = cutUntil(paid.PagadoEn.Add(time.Second))
	if err := s.ForgetPaid(ctx, []time.Time{*paid.PagadoEn}); err != nil {
		t.Fatal(err)
	}
	// Saving the order again as paid (with its delivery) changes no payment.
	if _, err := s.UpdateOrder(ctx, v.ID, who, OrderChange{Pago: ptr(PagoPagado), Entrega: ptr(EntregaEntregado)}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateOrder(ctx, v.ID, who, OrderChange{MetodoPago: ptr("Tarjeta")}); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("changing the method of a sale in a cut: %v", err)
	}
	if _, err := s.UpdateOrder(ctx, v.ID, who, OrderChange{Pago: ptr(PagoPendiente)}); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("un-paying a sale in a cut: %v", err)
	}
	if got := paidNow(t, s); len(got) != 0 {
		t.Fatalf("a sale in a cut is in the ledger again: %+v", got)
	}
	// Without the cuts' answer (a store error there, say), the missing entry still stops it.
	s.cuts = nil
	if _, err := s.UpdateOrder(ctx, v.ID, who, OrderChange{MetodoPago: ptr("Tarjeta")}); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("changing the method of a sale whose entry is gone: %v", err)
	}
	if got := paidNow(t, s); len(got) != 0 {
		t.Fatalf("ledger: %+v", got)
	}
}

func TestFillLedgerTakesThePaidSalesNoCutClosed(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	lastCut := time.Now().UTC().Truncate(time.Millisecond).Add(-time.Hour)
	before, after := lastCut.Add(-time.Minute), lastCut.Add(time.Minute)
	// Written before the ledger existed: straight into ventas.
	later := after.Add(time.Second)
	for i, at := range []time.Time{before, after, later} {
		v := Sale{ID: bson.NewObjectID(), Folio: fmt.Sprintf("OLD-%d", i), Total: 116, Estado: EstadoConfirmada, Pago: PagoPagado,
			MetodoPago: "Efectivo", PagadoEn: &at, Carrito: []Item{}, Historial: []Cambio{}}
		if err := s.store.insert(ctx, v); err != nil {
			t.Fatal(err)
		}
		if i == 2 { // entered by a start that stopped before its marker
			if _, err := s.store.db.W.Collection(ledgerCollection).InsertOne(ctx, cobroOf(v)); err != nil {
				t.Fatal(err)
			}
		}
	}
	s.cuts = cutUntil(lastCut)
	if err := s.FillLedger(ctx); err != nil {
		t.Fatal(err)
	}
	got := paidNow(t, s)
	if len(got) != 2 || got["OLD-1"].PagadoEn == nil || !got["OLD-1"].PagadoEn.Equal(after) || got["OLD-2"].PagadoEn == nil || !got["OLD-2"].PagadoEn.Equal(later) {
		t.Fatalf("ledger: %+v", got)
	}
	// Once per store: after a cut drops the entries, a later start does not bring them back.
	if err := s.ForgetPaid(ctx, []time.Time{after, later}); err != nil {
		t.Fatal(err)
	}
	if err := s.FillLedger(ctx); err != nil {
		t.Fatal(err)
	}
	if got := paidNow(t, s); len(got) != 0 {
		t.Fatalf("a second start filled the ledger again: %+v", got)
	}
}
