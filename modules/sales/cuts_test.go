package sales

import (
	"context"
	"slices"
	"sync"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// Cuts claim paid sales once; a claimed sale's payment cannot change, and a sale unpaid before the
// claim is not claimed.
func TestCutsClaimPaidSalesOnce(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	caja := Actor{ID: "c1", Name: "Carmen"}
	var sales []Sale
	for range 6 {
		sales = append(sales, MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 1}))
	}
	for _, v := range sales[:4] {
		if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Pago: ptr(PagoPagado), MetodoPago: ptr("Tarjeta")}); err != nil {
			t.Fatal(err)
		}
	}
	if any, err := s.AnyUnclaimed(ctx); err != nil || !any {
		t.Fatalf("any unclaimed: %v %v", any, err)
	}
	// Only paid, unclaimed sales of the list: sales[4] is unpaid.
	if n, err := s.Claim(ctx, 1, []bson.ObjectID{sales[0].ID, sales[4].ID}); err != nil || n != 1 {
		t.Fatalf("claim listed: %d %v", n, err)
	}
	if n, err := s.Claim(ctx, 2, nil); err != nil || n != 3 {
		t.Fatalf("claim the rest: %d %v", n, err)
	}
	if n, err := s.Claim(ctx, 3, nil); err != nil || n != 0 {
		t.Fatalf("claim again: %d %v", n, err)
	}
	folios := func(list []Sale) []string {
		var out []string
		for _, v := range list {
			out = append(out, v.Folio)
		}
		slices.Sort(out)
		return out
	}
	entryFolios := func(list []CutEntry) []string {
		var out []string
		for _, e := range list {
			out = append(out, e.Folio)
		}
		slices.Sort(out)
		return out
	}
	one, err := s.ClaimedBy(ctx, 1)
	if err != nil || !slices.Equal(entryFolios(one), []string{sales[0].Folio}) || one[0].Monto != 11600 || one[0].UserName != "Carmen" || one[0].Metodo != "Tarjeta" {
		t.Fatalf("cut 1: %+v %v", one, err)
	}
	two, err := s.ClaimedBy(ctx, 2)
	if want := folios(sales[1:4]); err != nil || !slices.Equal(entryFolios(two), want) {
		t.Fatalf("cut 2: %v, want %v (%v)", entryFolios(two), want, err)
	}
	if n, err := s.CountClaimedBy(ctx, 2); err != nil || n != 3 {
		t.Fatalf("count cut 2: %d %v", n, err)
	}
	if any, err := s.AnyUnclaimed(ctx); err != nil || any {
		t.Fatalf("any unclaimed after the cuts: %v %v", any, err)
	}
	// A claimed sale keeps its payment and its method; other fields still change.
	for _, ch := range []OrderChange{{Pago: ptr(PagoPendiente)}, {MetodoPago: ptr("Efectivo")}} {
		if _, err := s.UpdateOrder(ctx, sales[1].ID, caja, ch); !apperr.Is(err, apperr.Conflict) {
			t.Errorf("%+v on a claimed sale: %v", ch, err)
		}
	}
	if v, err := s.UpdateOrder(ctx, sales[1].ID, caja, OrderChange{Entrega: ptr(EntregaEntregado)}); err != nil || v.Corte != 2 || v.Pago != PagoPagado {
		t.Fatalf("delivering a claimed sale: %+v %v", v, err)
	}
}

// Cuts claiming at once (two cashiers, two replicas): each payment is claimed by one of them,
// and the claims they answer add up to the payments there were.
func TestConcurrentClaimsTakeEachPaymentOnce(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	caja := Actor{ID: "c1", Name: "Carmen"}
	const paid = 40
	for range paid {
		v := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 10, Cantidad: 1})
		if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Pago: ptr(PagoPagado)}); err != nil {
			t.Fatal(err)
		}
	}
	claimed := make([]int64, 4)
	var wg sync.WaitGroup
	for i := range claimed {
		wg.Go(func() {
			n, err := s.Claim(ctx, int64(i+1), nil)
			if err != nil {
				t.Error(err)
			}
			claimed[i] = n
		})
	}
	wg.Wait()
	var total, read int64
	for i, n := range claimed {
		total += n
		list, err := s.ClaimedBy(ctx, int64(i+1))
		if err != nil || int64(len(list)) != n {
			t.Errorf("cut %d answered %d claims and holds %d (%v)", i+1, n, len(list), err)
		}
		read += int64(len(list))
	}
	if total != paid || read != paid {
		t.Fatalf("claims %v (%d in all) and %d held, for %d payments", claimed, total, read, paid)
	}
}

// A cut claiming while cashiers unpay the same sales: each sale ends claimed and paid, or
// unclaimed and unpaid, never claimed and unpaid.
func TestAClaimAndAnUnpayNeverBothWin(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	caja := Actor{ID: "c1", Name: "Carmen"}
	var sales []Sale
	for range 24 {
		v := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 10, Cantidad: 1})
		if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Pago: ptr(PagoPagado)}); err != nil {
			t.Fatal(err)
		}
		sales = append(sales, v)
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		if _, err := s.Claim(ctx, 1, nil); err != nil {
			t.Error(err)
		}
	})
	for _, v := range sales {
		wg.Go(func() {
			if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Pago: ptr(PagoPendiente)}); err != nil && !apperr.Is(err, apperr.Conflict) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for _, v := range sales {
		got, err := s.Get(ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if (got.Corte != 0) != (got.Pago == PagoPagado) {
			t.Errorf("%s: pago %s, corte %d", got.Folio, got.Pago, got.Corte)
		}
	}
}
