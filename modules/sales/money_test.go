package sales

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// A paid sale is returned in two steps: each return refunds what its units cost within their
// line, gives them back to the catalogue, waits for the next cut as money out, and the second,
// which brings back the last unit, makes the sale 'Devuelto'. The sale stays paid throughout.
func TestAReturnRefundsItsUnitsAndGivesThemBack(t *testing.T) {
	t.Parallel()
	s, stock := newService(t)
	ctx := context.Background()
	caja := Actor{ID: "c1", Name: "Carmen"}
	v := MustSale(t, s, "u1", Item{Nombre: "Conector", PrecioFinal: 0.10, Cantidad: 3}, Item{Nombre: "Cámara", PrecioFinal: 1709.10, Cantidad: 1})
	if _, err := s.Return(ctx, v.ID, caja, wholeReturn(v)); !apperr.Is(err, apperr.Conflict) || !strings.Contains(err.Error(), "pagada") {
		t.Fatalf("return of an unpaid sale: %v", err)
	}
	v, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Pago: ptr(PagoPagado), MetodoPago: ptr("Tarjeta")})
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Pagos) != 1 || v.Pagos[0].Monto != v.Total || v.Pagos[0].Metodo != "Tarjeta" || v.Pagos[0].Nombre != "Carmen" {
		t.Fatalf("the payment movement: %+v", v.Pagos)
	}
	if n, err := s.Claim(ctx, 1, nil); err != nil || n != 1 {
		t.Fatalf("cut 1: %d %v", n, err)
	}

	// Two of the three connectors, refunded in cash: 0.20 + IVA 0.03 (of 0.032).
	got, err := s.Return(ctx, v.ID, caja, ReturnRequest{Lineas: []ReturnLine{{IDOrden: v.Carrito[0].ID, Indice: 0, Cantidad: 2}},
		Metodo: "Efectivo", Motivo: "  No era el modelo  "})
	if err != nil {
		t.Fatal(err)
	}
	d := got.Devoluciones[0]
	if d.Subtotal != 0.20 || d.IVA != 0.03 || d.Monto != 0.23 || d.Motivo != "No era el modelo" || d.Nombre != "Carmen" || d.Corte != 0 {
		t.Fatalf("first return: %+v", d)
	}
	if got.Carrito[0].Devueltos != 2 || got.Pago != PagoPagado || got.Entrega == EntregaDevuelto || got.Corte != 1 {
		t.Fatalf("after the first return: %+v", got)
	}
	if n := stock.returned[v.Carrito[0].ProductID+"/"+v.Carrito[0].ID]; n != 2 {
		t.Fatalf("units given back: %d", n)
	}

	// The rest: the last connector (0.10 + IVA 0.02, so the line's 0.30 + 0.05 is refunded whole)
	// and the camera.
	got, err = s.Return(ctx, v.ID, caja, wholeReturn(got))
	if err != nil {
		t.Fatal(err)
	}
	d = got.Devoluciones[1]
	if d.Lineas[0].Monto != 0.12 || d.Lineas[1].Monto != 1982.56 || d.Monto != 1982.68 {
		t.Fatalf("second return: %+v", d)
	}
	if got.Entrega != EntregaDevuelto || got.Pago != PagoPagado {
		t.Fatalf("returned whole: entrega %s, pago %s", got.Entrega, got.Pago)
	}
	refunded := centavos(got.Devoluciones[0].Monto) + centavos(got.Devoluciones[1].Monto)
	if refunded != centavos(got.Total) {
		t.Fatalf("refunded %d centavos of %d", refunded, centavos(got.Total))
	}

	// Both refunds wait for the next cut, as money out, and only for it.
	pending, err := s.Unclaimed(ctx)
	if err != nil || len(pending) != 2 || pending[0].Monto != -23 || pending[1].Monto != -198268 || pending[0].Metodo != "Efectivo" {
		t.Fatalf("pending: %+v %v", pending, err)
	}
	if n, err := s.Claim(ctx, 2, nil); err != nil || n != 2 {
		t.Fatalf("cut 2: %d %v", n, err)
	}
	if n, err := s.Claim(ctx, 3, nil); err != nil || n != 0 {
		t.Fatalf("cut 3: %d %v", n, err)
	}
	two, err := s.ClaimedBy(ctx, 2)
	if err != nil || len(two) != 2 || two[0].Tipo != "devolucion" {
		t.Fatalf("cut 2's movements: %+v %v", two, err)
	}
	if one, err := s.ClaimedBy(ctx, 1); err != nil || len(one) != 1 || one[0].Tipo != "pago" {
		t.Fatalf("cut 1's movements: %+v %v", one, err)
	}
	for cut, want := range map[int64]int64{1: 1, 2: 2, 3: 0} {
		if n, err := s.CountClaimedBy(ctx, cut); err != nil || n != want {
			t.Fatalf("cut %d counts %d movements, want %d (%v)", cut, n, want, err)
		}
	}

	// Nothing is left to return; the sale's payment cannot be taken back.
	if _, err := s.Return(ctx, v.ID, caja, ReturnRequest{Lineas: []ReturnLine{{IDOrden: v.Carrito[1].ID, Indice: 1, Cantidad: 1}},
		Metodo: "Efectivo", Motivo: "Otra vez"}); !apperr.Is(err, apperr.Invalid) {
		t.Fatalf("returning more than was sold: %v", err)
	}
}

func centavos(pesos float64) int64 { return int64(pesos*100 + 0.5) }

// A return names what is wrong with each field, and a payment or 'Devuelto' set by hand is
// refused once the sale has returns.
func TestAReturnRefusesBadInput(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	caja := Actor{ID: "c1", Name: "Carmen"}
	v := MustSale(t, s, "u1", Item{Nombre: "Conector", PrecioFinal: 10, Cantidad: 1})
	if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Pago: ptr(PagoPagado)}); err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		r     ReturnRequest
		field string
		want  string
	}{
		"too many":     {ReturnRequest{Lineas: []ReturnLine{{IDOrden: v.Carrito[0].ID, Cantidad: 2}}, Metodo: "Efectivo", Motivo: "x"}, "lineas.0.cantidad", "Solo quedan 1 por devolver."},
		"none":         {ReturnRequest{Lineas: []ReturnLine{{IDOrden: v.Carrito[0].ID, Cantidad: 0}}, Metodo: "Efectivo", Motivo: "x"}, "lineas.0.cantidad", "Solo quedan 1 por devolver."},
		"other line":   {ReturnRequest{Lineas: []ReturnLine{{IDOrden: "otro", Cantidad: 1}}, Metodo: "Efectivo", Motivo: "x"}, "lineas.0.idOrden", "Ese artículo no está en la venta."},
		"out of range": {ReturnRequest{Lineas: []ReturnLine{{IDOrden: v.Carrito[0].ID, Indice: 5, Cantidad: 1}}, Metodo: "Efectivo", Motivo: "x"}, "lineas.0.idOrden", "Ese artículo no está en la venta."},
		"no lines":     {ReturnRequest{Metodo: "Efectivo", Motivo: "x"}, "lineas", "Elige al menos un artículo a devolver."},
		"method":       {ReturnRequest{Lineas: []ReturnLine{{IDOrden: v.Carrito[0].ID, Cantidad: 1}}, Metodo: "Vales", Motivo: "x"}, "metodo", apperr.MsgOneOf("Efectivo", "Tarjeta", "Transferencia", "Mercado Pago")},
		"no reason":    {ReturnRequest{Lineas: []ReturnLine{{IDOrden: v.Carrito[0].ID, Cantidad: 1}}, Metodo: "Efectivo", Motivo: "   "}, "motivo", "Escribe el motivo de la devolución."},
		"long reason":  {ReturnRequest{Lineas: []ReturnLine{{IDOrden: v.Carrito[0].ID, Cantidad: 1}}, Metodo: "Efectivo", Motivo: strings.Repeat("a", 201)}, "motivo", apperr.MsgMaxChars(200)},
	}
	for name, c := range cases {
		_, err := s.Return(ctx, v.ID, caja, c.r)
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.Invalid || e.Fields[c.field] != c.want {
			t.Errorf("%s: %v, want %s: %q", name, err, c.field, c.want)
		}
	}
	if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Entrega: ptr(EntregaDevuelto)}); !apperr.Is(err, apperr.Conflict) {
		t.Errorf("'Devuelto' by hand: %v", err)
	}
	if _, err := s.Return(ctx, v.ID, caja, ReturnRequest{Lineas: []ReturnLine{{IDOrden: v.Carrito[0].ID, Cantidad: 1}}, Metodo: "Efectivo", Motivo: "Roto"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Pago: ptr(PagoPendiente)}); !apperr.Is(err, apperr.Conflict) {
		t.Errorf("unpaying a sale with returns: %v", err)
	}
}

// Cashiers returning the same sale at once never bring back more units than were sold, and the
// units given back are exactly those recorded.
func TestConcurrentReturnsNeverReturnMoreThanWasSold(t *testing.T) {
	t.Parallel()
	s, stock := newService(t)
	ctx := context.Background()
	v := MustSale(t, s, "u1", Item{Nombre: "Cable", PrecioFinal: 3.33, Cantidad: 5})
	if _, err := s.UpdateOrder(ctx, v.ID, Actor{ID: "c"}, OrderChange{Pago: ptr(PagoPagado)}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			who := Actor{ID: "c", Name: "Caja " + string(rune('A'+i))}
			r := ReturnRequest{Lineas: []ReturnLine{{IDOrden: v.Carrito[0].ID, Cantidad: 1}}, Metodo: "Efectivo", Motivo: "Sobró"}
			if _, err := s.Return(ctx, v.ID, who, r); err != nil && !apperr.Is(err, apperr.Conflict) && !apperr.Is(err, apperr.Invalid) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got, err := s.Get(ctx, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	units, refunded := 0, int64(0)
	for _, d := range got.Devoluciones {
		units += d.Lineas[0].Cantidad
		refunded += centavos(d.Monto)
	}
	if units != got.Carrito[0].Devueltos || units > 5 || stock.returned[v.Carrito[0].ProductID+"/"+v.Carrito[0].ID] != units {
		t.Fatalf("%d units in %d returns, devueltos %d, stock %v", units, len(got.Devoluciones), got.Carrito[0].Devueltos, stock.returned)
	}
	if units == 5 && (refunded != centavos(got.Total) || got.Entrega != EntregaDevuelto) {
		t.Fatalf("returned whole: refunded %d of %d, entrega %s", refunded, centavos(got.Total), got.Entrega)
	}
}

// A day's report counts the money that moved that day: yesterday's order paid today counts today,
// and a refund counts on its own day, net of the ingresos.
func TestTheReportCountsMoneyOnTheDayItMoved(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	// Placed yesterday: its date is written as a sale of yesterday would have it (the service's
	// clock is read by its background loop too, so it stays as it is).
	old := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 2})
	placed := time.Now().AddDate(0, 0, -1).UTC().Truncate(time.Millisecond)
	if _, err := s.store.update(ctx, old.ID, bson.M{}, bson.M{"$set": bson.M{"fecha": placed}}); err != nil {
		t.Fatal(err)
	}
	paid, err := s.UpdateOrder(ctx, old.ID, Actor{ID: "c"}, OrderChange{Pago: ptr(PagoPagado)})
	if err != nil {
		t.Fatal(err)
	}
	back, err := s.Return(ctx, old.ID, Actor{ID: "c"}, ReturnRequest{Lineas: []ReturnLine{{IDOrden: old.Carrito[0].ID, Cantidad: 1}},
		Metodo: "Efectivo", Motivo: "Roto"})
	if err != nil {
		t.Fatal(err)
	}
	// "Today" is the day the money moved, as the service dated it (the payment's to the refund's:
	// two days if they crossed the shop's midnight); "yesterday", the day the sale was placed.
	today, end, err := ParseRange(dayOf(*paid.PagadoEn), dayOf(back.Devoluciones[0].Fecha), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	from, _, err := ParseRange(dayOf(placed), dayOf(placed), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.SalesReport(ctx, today, end, PorFechaDePago)
	if err != nil {
		t.Fatal(err)
	}
	if r.Pagadas.Total != 232 || r.Devoluciones.Total != 116 || r.TotalIngresos != 116 || r.Ingresos.Subtotal != 100 || r.TotalVentas != 0 || r.Devueltas != 0 {
		t.Fatalf("today by payment: %+v", r)
	}
	r, err = s.SalesReport(ctx, today, end, PorFechaDeVenta)
	if err != nil || r.TotalIngresos != 0 {
		t.Fatalf("today by sale: %+v %v", r, err)
	}
	r, err = s.SalesReport(ctx, from, today, PorFechaDeVenta)
	if err != nil || r.TotalIngresos != 116 || r.TotalVentas != 1 || r.ProductosVendidos["Cámara"] != 1 {
		t.Fatalf("yesterday by sale: %+v %v", r, err)
	}
	if r, err = s.SalesReport(ctx, from, today, PorFechaDePago); err != nil || r.TotalIngresos != 0 || r.PorCobrar != 0 {
		t.Fatalf("yesterday by payment: %+v %v", r, err)
	}
}

// A store written before payment movements existed gets one payment per paid sale, once.
func TestPaidSalesOfAnEarlierReleaseGetTheirPayment(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	v := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 1})
	paidAt := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	if _, err := s.store.update(ctx, v.ID, bson.M{}, bson.M{"$set": bson.M{"pago": PagoPagado, "metodoPago": "Tarjeta",
		"cobradoPor": "c9", "nombreCobro": "Rosa", "pagadoEn": paidAt}}); err != nil {
		t.Fatal(err)
	}
	unpaid := MustSale(t, s, "u1", Item{Nombre: "Cable", PrecioFinal: 1, Cantidad: 1})
	for range 2 {
		if _, err := s.store.upgrade(ctx); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Get(ctx, v.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := Pago{ID: v.ID.Hex(), Monto: 116, Metodo: "Tarjeta", Fecha: paidAt, Por: "c9", Nombre: "Rosa"}
	if len(got.Pagos) != 1 || got.Pagos[0] != want {
		t.Fatalf("payments %+v, want %+v", got.Pagos, want)
	}
	if got, err := s.Get(ctx, unpaid.ID); err != nil || len(got.Pagos) != 0 {
		t.Fatalf("an unpaid sale got a payment: %+v %v", got.Pagos, err)
	}
}
