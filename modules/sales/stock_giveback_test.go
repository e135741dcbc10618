package sales

import (
	"context"
	"errors"
	"testing"
)

var errCrash = errors.New("the replica stopped here")

// A cancelled order whose give-back stops after any of its lines (the replica crashed, or the
// catalogue failed) is finished by the sweep, on any replica: every line's units come back
// exactly once, and the sale ends marked given back and owing nothing. The same for a return.
func TestFenceCrashBetweenGiveBackStepsThenRetryGivesBackOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	items := func() []Item {
		return []Item{{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 3}, {Nombre: "Cable", PrecioFinal: 10, Cantidad: 2},
			{Nombre: "Disco", PrecioFinal: 50, Cantidad: 1}}
	}
	check := func(t *testing.T, s *Service, st *fakeStock, v Sale, step string) {
		t.Helper()
		for _, it := range v.Carrito {
			if got := st.returned[it.ProductID+"/"+it.ID]; got != it.Cantidad {
				t.Fatalf("%s: %s given back %d, want %d", step, it.Nombre, got, it.Cantidad)
			}
		}
		after, err := s.store.get(ctx, v.ID)
		if err != nil || after.StockPorDevolver || owes(after) {
			t.Fatalf("%s: the sale still owes units: %+v %v", step, after, err)
		}
	}
	for stop := range 3 { // after the first line, the second, the last (before the mark)
		s, st := newService(t)
		other := buildService(s.store, st, s.log) // another replica on the same store
		v := MustSale(t, s, "u1", items()...)
		lines := 0
		s.afterGiveBack = func(StockLine) error {
			if lines++; lines > stop {
				return errCrash
			}
			return nil
		}
		if _, err := s.UpdateOrder(ctx, v.ID, Actor{ID: "caja"}, OrderChange{Entrega: ptr(EntregaCancelado)}); !errors.Is(err, errCrash) {
			t.Fatalf("stop %d: cancel: %v", stop, err)
		}
		if cur, _ := s.store.get(ctx, v.ID); !cur.StockPorDevolver || cur.StockDevuelto {
			t.Fatalf("stop %d: a crash left the sale marked: %+v", stop, cur)
		}
		for range 2 { // the sweep, twice: the second finds nothing owed
			if err := other.finishGiveBacks(ctx); err != nil {
				t.Fatal(err)
			}
		}
		check(t, s, st, v, "cancel")

		// A return, stopped after its first line, finished by the sweep.
		r := MustSale(t, s, "u1", items()...)
		if _, err := s.UpdateOrder(ctx, r.ID, Actor{ID: "caja"}, OrderChange{Pago: ptr(PagoPagado)}); err != nil {
			t.Fatal(err)
		}
		lines = stop
		if _, err := s.Return(ctx, r.ID, Actor{ID: "caja"}, wholeReturn(r)); !errors.Is(err, errCrash) {
			t.Fatalf("stop %d: return: %v", stop, err)
		}
		if err := other.finishGiveBacks(ctx); err != nil {
			t.Fatal(err)
		}
		check(t, s, st, r, "return")
	}
}
