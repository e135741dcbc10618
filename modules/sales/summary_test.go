package sales

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
	"tienda/pkg/shoptime"
)

// summaryDay is the shop's midnight n days after 2026-11-10.
func summaryDay(n int) time.Time { return time.Date(2026, 11, 10+n, 0, 0, 0, 0, shoptime.Zone) }

// checkSummaries compares the report of each day of the week, of the week and of some ranges
// within it, by both criteria, with the one counted from the sales themselves.
func checkSummaries(t *testing.T, s *Service, when string) {
	t.Helper()
	ctx := context.Background()
	ranges := [][2]int{{0, 7}, {1, 4}, {2, 6}}
	for d := range 7 {
		ranges = append(ranges, [2]int{d, d + 1})
	}
	for _, days := range ranges {
		from, to := summaryDay(days[0]).UTC(), summaryDay(days[1]).UTC()
		want, err := s.store.scanFigures(ctx, from, to)
		if err != nil {
			t.Fatal(err)
		}
		for _, criterio := range []string{PorFechaDePago, PorFechaDeVenta} {
			got, err := s.SalesReport(ctx, from, to, criterio)
			if err != nil {
				t.Fatal(err)
			}
			if w := want.report(criterio); !reflect.DeepEqual(got, w) {
				t.Fatalf("%s, days %v by %s:\nsummaries %+v\nsales     %+v", when, days, criterio, got, w)
			}
		}
	}
}

// moveTo sets a date field of a sale, as a sale of that day would have it.
func moveTo(t *testing.T, s *Service, id bson.ObjectID, field string, day, hour int) {
	t.Helper()
	at := summaryDay(day).Add(time.Duration(hour) * time.Hour).UTC()
	if _, err := s.store.update(context.Background(), id, bson.M{}, bson.M{"$set": bson.M{field: at}}); err != nil {
		t.Fatal(err)
	}
}

// The days' summaries give the report the sales give, for any range of days and either criterio,
// as sales are placed, paid on another day, refunded on a third, cancelled, and paid and then
// unpaid (a day a sale no longer counts on is recomputed too).
func TestTheDaySummariesAgreeWithTheSales(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	caja := Actor{ID: "c1", Name: "Carmen"}
	var sales []Sale
	for i := range 12 {
		v := MustSale(t, s, "u1", Item{Nombre: fmt.Sprintf("Cámara %d", i%3), PrecioFinal: 1709.10 + float64(i), Cantidad: 1 + i%2},
			Item{Nombre: "Cable UTP", PrecioFinal: 0.10, Cantidad: 3})
		moveTo(t, s, v.ID, "fecha", i%5, 10+i)
		sales = append(sales, v)
	}
	checkSummaries(t, s, "placed")
	for i, v := range sales {
		switch i % 4 {
		case 0, 1: // paid, two days later
			if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Pago: ptr(PagoPagado), MetodoPago: ptr("Efectivo")}); err != nil {
				t.Fatal(err)
			}
			moveTo(t, s, v.ID, "pagadoEn", i%5+2, 9)
		case 2: // cancelled unpaid
			if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Entrega: ptr(EntregaCancelado)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	checkSummaries(t, s, "paid and cancelled")
	for _, v := range []Sale{sales[0], sales[5]} { // a part of each, refunded on the next day
		if _, err := s.Return(ctx, v.ID, caja, ReturnRequest{Lineas: []ReturnLine{{IDOrden: v.Carrito[1].ID, Indice: 1, Cantidad: 2}},
			Metodo: "Efectivo", Motivo: "Sobraron"}); err != nil {
			t.Fatal(err)
		}
		moveTo(t, s, v.ID, "devoluciones.0.fecha", 6, 12)
	}
	if _, err := s.Return(ctx, sales[1].ID, caja, wholeReturn(sales[1])); err != nil { // returned whole
		t.Fatal(err)
	}
	checkSummaries(t, s, "refunded")
	// A payment undone: the day it was paid on no longer counts it.
	if _, err := s.UpdateOrder(ctx, sales[4].ID, caja, OrderChange{Pago: ptr(PagoPendiente)}); err != nil {
		t.Fatal(err)
	}
	checkSummaries(t, s, "a payment undone")
	// The minute's sweep recomputes every day told since: none is left to recompute.
	if err := s.store.recomputeDays(ctx); err != nil {
		t.Fatal(err)
	}
	if n, err := s.store.db.Count(ctx, summaryCollection, bson.M{"sucio": true}); err != nil || n != 0 {
		t.Fatalf("days left to recompute: %d %v", n, err)
	}
	checkSummaries(t, s, "recomputed")
}

// A write whose telling of its days never happened (the process stopped between the two) leaves
// its mark on the sale; the next report tells the days first, so it still counts the write.
func TestAReportCountsAWriteWhoseDaysWereNotTold(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	v := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 1})
	moveTo(t, s, v.ID, "fecha", 1, 10)
	checkSummaries(t, s, "placed")
	// The write, without its telling: paid on day 3.
	paid := summaryDay(3).Add(10 * time.Hour).UTC()
	change := withMark(bson.M{"$set": bson.M{"pago": PagoPagado, "pagadoEn": paid}}, mark())
	if _, err := s.store.db.UpdateOneIf(ctx, collection, v.ID, bson.M{}, change); err != nil {
		t.Fatal(err)
	}
	r, err := s.SalesReport(ctx, summaryDay(3).UTC(), summaryDay(4).UTC(), PorFechaDePago)
	if err != nil || r.Pagadas.Total != 116 {
		t.Fatalf("day 3 by payment: %+v %v", r, err)
	}
	checkSummaries(t, s, "told by the report")
	if marked, err := s.store.summaryMarked(ctx, v.ID); err != nil || marked {
		t.Fatalf("the mark stays: %v %v", marked, err)
	}
}

// Sales paid while reports are asked for: a day's figures computed while a payment lands are not
// kept as current, so once the payments stop every report agrees with the sales.
func TestReportsDuringPaymentsEndUpRight(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	var sales []Sale
	for i := range 16 {
		sales = append(sales, MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: float64(100 + i), Cantidad: 1}))
	}
	today, end, err := ParseRange("", "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for _, part := range [][]Sale{sales[:8], sales[8:]} {
		wg.Go(func() {
			for _, v := range part {
				if _, err := s.UpdateOrder(ctx, v.ID, Actor{ID: "c"}, OrderChange{Pago: ptr(PagoPagado)}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Go(func() {
		for range 8 {
			if _, err := s.SalesReport(ctx, today, end, PorFechaDePago); err != nil {
				t.Error(err)
			}
		}
	})
	wg.Wait()
	// The payments' days: today's, to the day after if they crossed the shop's midnight.
	today, end, err = ParseRange(dayOf(today), "", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.SalesReport(ctx, today, end, PorFechaDePago)
	want := 0.0
	for i := range 16 {
		want += float64(100+i) * 1.16
	}
	if err != nil || r.Pagadas.Ventas != 16 || int(r.Pagadas.Total*100+0.5) != int(want*100+0.5) {
		t.Fatalf("after the payments: %+v %v (want %.2f)", r.Pagadas, err, want)
	}
}

// A store written before the day summaries (no days recorded on its sales, no summaries) gets
// them at its upgrade, once.
func TestTheUpgradeTellsTheDaysOfEarlierSales(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	for i := range 6 {
		v := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: float64(100 + i), Cantidad: 1})
		moveTo(t, s, v.ID, "fecha", i, 10)
		if i%2 == 0 {
			if _, err := s.UpdateOrder(ctx, v.ID, Actor{ID: "c"}, OrderChange{Pago: ptr(PagoPagado)}); err != nil {
				t.Fatal(err)
			}
			moveTo(t, s, v.ID, "pagadoEn", i+1, 10)
		}
	}
	// As an earlier release left it.
	waitTold(t, s)
	if _, err := s.store.db.UpdateMany(ctx, collection, bson.M{}, bson.M{"$unset": bson.M{daysField: ""}}); err != nil {
		t.Fatal(err)
	}
	for _, coll := range []string{summaryCollection, daysCollection, metaCollection} {
		if err := s.store.db.W.Collection(coll).Drop(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if r, err := s.SalesReport(ctx, summaryDay(0).UTC(), summaryDay(7).UTC(), PorFechaDeVenta); err != nil || r.TotalVentas != 0 {
		t.Fatalf("before the upgrade, nothing is told: %+v %v", r, err)
	}
	if _, err := s.store.upgrade(ctx); err != nil {
		t.Fatal(err)
	}
	checkSummaries(t, s, "upgraded")
	if n, err := s.store.db.Count(ctx, collection, bson.M{daysField: bson.M{"$exists": false}}); err != nil || n != 0 {
		t.Fatalf("sales with no days: %d %v", n, err)
	}
}

// The teller tells the writes of the moment by itself, in batches: with no report asked for, the
// marks go, every sale is in the list of each day it was placed or paid, and each day's figures are
// the sales'. (The writes may cross the shop's midnight: each sale is checked against its own days.)
func TestTheTellerTellsTheWritesOfTheMoment(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	first := dayOf(time.Now())
	var wg sync.WaitGroup
	ids := make([]bson.ObjectID, 24)
	for w := range 4 {
		wg.Go(func() {
			for i := w; i < len(ids); i += 4 {
				v := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: float64(100 + i), Cantidad: 1})
				if _, err := s.UpdateOrder(ctx, v.ID, Actor{ID: "c"}, OrderChange{Pago: ptr(PagoPagado)}); err != nil {
					t.Error(err)
				}
				ids[i] = v.ID
			}
		})
	}
	wg.Wait()
	waitTold(t, s)
	days := union([]string{first}, []string{dayOf(time.Now())})
	paid := 0
	for _, id := range ids {
		v, err := s.Get(ctx, id)
		if err != nil || v.PagadoEn == nil {
			t.Fatalf("sale %s: %+v %v", id.Hex(), v, err)
		}
		for _, day := range union([]string{dayOf(v.Fecha)}, []string{dayOf(*v.PagadoEn)}) {
			list, err := s.store.dayList(ctx, day)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(list, id) {
				t.Fatalf("sale %s is not in the list of %s", id.Hex(), day)
			}
		}
	}
	for _, day := range days {
		from, to, err := ParseRange(day, day, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		want, err := s.store.scanFigures(ctx, from, to)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.store.dayFigures(ctx, day)
		if err != nil || !reflect.DeepEqual(got.report(PorFechaDePago), want.report(PorFechaDePago)) {
			t.Fatalf("%s: the day's figures %+v, the sales' %+v (%v)", day, got.report(PorFechaDePago), want.report(PorFechaDePago), err)
		}
		paid += got.report(PorFechaDePago).Pagadas.Ventas
	}
	if paid != len(ids) {
		t.Fatalf("%d sales paid in the days' figures, want %d", paid, len(ids))
	}
}

// waitTold waits until the teller has told every write (no sale is marked).
func waitTold(t *testing.T, s *Service) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		n, err := s.store.db.Count(context.Background(), collection, bson.M{pendingField: bson.M{"$exists": true}})
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d sales still marked", n)
		}
	}
}

// dayList is the sales in day's list.
func (s store) dayList(ctx context.Context, day string) ([]bson.ObjectID, error) {
	list, _, err := mongox.FindOne[dayList](ctx, s.db.R.Collection(daysCollection), bson.M{"_id": day})
	return list.Ventas, err
}

// summaryMarked reports whether a sale is still waiting for its days to be told.
func (s store) summaryMarked(ctx context.Context, id bson.ObjectID) (bool, error) {
	n, err := s.db.Count(ctx, collection, bson.M{"_id": id, pendingField: bson.M{"$exists": true}})
	return n > 0, err
}
