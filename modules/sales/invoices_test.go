package sales

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// paidSales saves n sales of $116 and has the Cajero take their payment by card.
func paidSales(t *testing.T, s *Service, n int) []Sale {
	t.Helper()
	var out []Sale
	for range n {
		v := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 1})
		v, err := s.UpdateOrder(context.Background(), v.ID, Actor{ID: "c1", Name: "Carmen"}, OrderChange{Pago: ptr(PagoPagado), MetodoPago: ptr("Tarjeta")})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// A CFDI declares a sale's payment, its forma de pago and that it took place: while one covers the
// sale none of them changes, and staff are told to cancel the CFDI first; the rest of the order
// goes on as before.
func TestAnInvoicedSaleKeepsItsPaymentUntilItsCFDIIsCancelled(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	caja := Actor{ID: "c1", Name: "Carmen"}
	list := paidSales(t, s, 2)
	v, g := list[0], list[1]
	claim := func(v Sale, ref InvoiceRef) {
		t.Helper()
		if n, err := s.ClaimForInvoice(ctx, ref, []bson.ObjectID{v.ID}, time.Time{}, time.Time{}); err != nil || n != 1 {
			t.Fatalf("claim: %d %v", n, err)
		}
	}
	claim(v, InvoiceRef{ID: "f1", Tipo: FacturaIndividual})
	claim(g, InvoiceRef{ID: "g1", Tipo: FacturaGlobal})
	changes := map[string]OrderChange{
		"unpay":  {Pago: ptr(PagoPendiente)},
		"method": {MetodoPago: ptr("Efectivo")},
	}
	refused := func(v Sale, want string) {
		t.Helper()
		for name, ch := range changes {
			_, err := s.UpdateOrder(ctx, v.ID, caja, ch)
			if !apperr.Is(err, apperr.Conflict) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s of %s: %v, want a conflict saying %q", name, v.Folio, err, want)
			}
		}
	}
	refused(v, "La venta se está facturando; inténtalo de nuevo en un momento.")
	// A CFDI being stamped also holds a return back; a stamped one does not (its nota follows).
	if _, err := s.Return(ctx, v.ID, caja, wholeReturn(v)); !apperr.Is(err, apperr.Conflict) || !strings.Contains(err.Error(), "se está facturando") {
		t.Errorf("return of %s while its CFDI is stamped: %v", v.Folio, err)
	}
	for _, id := range []string{"f1", "g1"} {
		if err := s.MarkInvoiceStamped(ctx, id, "UUID-"+id); err != nil {
			t.Fatal(err)
		}
	}
	refused(v, "La venta está facturada (UUID-f1). Cancela primero su factura en Facturas.")
	refused(g, "La venta está en la factura global UUID-g1. Cancela primero esa factura en Facturas y emítela de nuevo sin esta venta.")
	got, err := s.Get(ctx, v.ID)
	if err != nil || got.Pago != PagoPagado || got.MetodoPago != "Tarjeta" || got.Entrega != EntregaPendiente {
		t.Fatalf("a refused change changed the sale: %+v %v", got, err)
	}
	if got, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Entrega: ptr(EntregaEntregado), Observaciones: ptr("Entregada en mostrador")}); err != nil || got.Entrega != EntregaEntregado {
		t.Fatalf("delivering an invoiced sale: %+v %v", got, err)
	}
	// A return of a sale in a stamped CFDI records that it needs its nota de crédito, and the sale
	// is on the list of those waiting for one until the nota is settled.
	got, err = s.Return(ctx, g.ID, caja, wholeReturn(g))
	if err != nil || len(got.Devoluciones) != 1 || got.Devoluciones[0].Nota == nil || got.Devoluciones[0].Nota.Estado != NotaTimbrando ||
		got.Devoluciones[0].Nota.FacturaID == "" || got.Factura == nil || got.Factura.UUID != "UUID-g1" {
		t.Fatalf("return of a sale in a stamped global: %+v %v", got, err)
	}
	pending, err := s.WithCreditNotesPending(ctx)
	if err != nil || len(pending) != 1 || pending[0].ID != g.ID {
		t.Fatalf("sales waiting for a nota: %v %v", pending, err)
	}
	n := NotaDeCredito{FacturaID: got.Devoluciones[0].Nota.FacturaID, UUID: "UUID-n1", Estado: NotaValida}
	if err := s.SetCreditNote(ctx, g.ID, "otra", n); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("the nota of another return: %v", err)
	}
	if err := s.SetCreditNote(ctx, g.ID, got.Devoluciones[0].ID, n); err != nil {
		t.Fatal(err)
	}
	if pending, err := s.WithCreditNotesPending(ctx); err != nil || len(pending) != 0 {
		t.Fatalf("a settled nota is still waiting: %v %v", pending, err)
	}
	if got, err := s.Get(ctx, g.ID); err != nil || *got.Devoluciones[0].Nota != n {
		t.Fatalf("the settled nota: %+v %v", got.Devoluciones[0].Nota, err)
	}
	// Its CFDI cancelled, the sale is free again, and a return needs no nota.
	if err := s.ReleaseInvoice(ctx, "f1", []bson.ObjectID{v.ID}, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Return(ctx, v.ID, caja, wholeReturn(v)); err != nil || got.Entrega != EntregaDevuelto || got.Devoluciones[0].Nota != nil {
		t.Fatalf("returning a sale whose CFDI was cancelled: %+v %v", got, err)
	}
}

// A CFDI claiming sales while staff return them or take their payment back: each sale ends either
// covered, paid and not returned, or not covered.
func TestACFDIAndAReturnRacingForASaleCannotBothWin(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	caja := Actor{ID: "c1", Name: "Carmen"}
	list := paidSales(t, s, 40)
	var wg sync.WaitGroup
	for i, v := range list {
		wg.Go(func() {
			if _, err := s.ClaimForInvoice(ctx, InvoiceRef{ID: "g1", Tipo: FacturaGlobal}, []bson.ObjectID{v.ID}, time.Time{}, time.Time{}); err != nil {
				t.Error(err)
			}
		})
		wg.Go(func() {
			var err error
			if i%2 == 1 {
				_, err = s.UpdateOrder(ctx, v.ID, caja, OrderChange{Pago: ptr(PagoPendiente)})
			} else {
				_, err = s.Return(ctx, v.ID, caja, wholeReturn(v))
			}
			if err != nil && !apperr.Is(err, apperr.Conflict) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	covered := 0
	for _, v := range list {
		got, err := s.Get(ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Factura != nil {
			covered++
			if got.Pago != PagoPagado || got.Entrega == EntregaDevuelto {
				t.Errorf("%s is in a CFDI, yet pago %s, entrega %s", got.Folio, got.Pago, got.Entrega)
			}
		}
	}
	t.Logf("%d of %d sales went to the CFDI", covered, len(list))
}

// wholeReturn brings back every unit of v, refunded in cash.
func wholeReturn(v Sale) ReturnRequest {
	r := ReturnRequest{Metodo: "Efectivo", Motivo: "El cliente lo devolvió"}
	for i, it := range v.Carrito {
		r.Lineas = append(r.Lineas, ReturnLine{IDOrden: it.ID, Indice: i, Cantidad: it.Cantidad - it.Devueltos})
	}
	return r
}

// invoicedBy maps each sale of list to the CFDI that covers it ("" for none).
func invoicedBy(t *testing.T, s *Service, list []Sale) map[bson.ObjectID]string {
	t.Helper()
	out := map[bson.ObjectID]string{}
	for _, v := range list {
		got, err := s.Get(context.Background(), v.ID)
		if err != nil {
			t.Fatal(err)
		}
		out[v.ID] = ""
		if got.Factura != nil {
			out[v.ID] = got.Factura.ID
		}
	}
	return out
}

func idsOf(list []Sale) []bson.ObjectID {
	ids := make([]bson.ObjectID, len(list))
	for i, v := range list {
		ids[i] = v.ID
	}
	return ids
}

// cutAfter has the next invoice step named step stop after n sales, as a failover cuts an
// updateMany on MongoDB; the steps after it run whole.
func cutAfter(s *Service, step string, n int) {
	var once sync.Once
	s.cutInvoiceStep = func(got string) (int, bool) {
		cut := false
		if got == step {
			once.Do(func() { cut = true })
		}
		return n, cut
	}
}

// A CFDI's claim of eight sales cut after three, while another CFDI claims two of the rest: run
// again, the first claim takes only what is still free, so no sale is claimed twice and none is
// lost. Once the first CFDI's claim is closed, its claim of a sale it did not get can no longer
// land, even after the other CFDI releases that sale: a replica that stalled in the middle of the
// claim finds it fenced.
func TestFenceAClaimCutHalfWayIsFinishedByRunningItAgainAndALateOneNeverLands(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	other := buildService(s.store, nil, s.log) // another replica on the same store
	ctx := context.Background()
	list := paidSales(t, s, 8)
	g1, g2 := InvoiceRef{ID: "g1", Tipo: FacturaGlobal}, InvoiceRef{ID: "g2", Tipo: FacturaGlobal}

	cutAfter(s, "claim", 3)
	if n, err := s.ClaimForInvoice(ctx, g1, idsOf(list), time.Time{}, time.Time{}); err == nil || n != 3 {
		t.Fatalf("the cut claim: %d %v", n, err)
	}
	if n, err := other.ClaimForInvoice(ctx, g2, idsOf(list[6:]), time.Time{}, time.Time{}); err != nil || n != 2 {
		t.Fatalf("the other CFDI's claim: %d %v", n, err)
	}
	if n, err := other.ClaimForInvoice(ctx, g1, idsOf(list), time.Time{}, time.Time{}); err != nil || n != 3 {
		t.Fatalf("the claim run again takes what is left: %d %v", n, err)
	}
	by := invoicedBy(t, s, list)
	for i, v := range list {
		if want := map[bool]string{true: "g1", false: "g2"}[i < 6]; by[v.ID] != want {
			t.Fatalf("sale %d is in %q, want %q (%v)", i, by[v.ID], want, by)
		}
	}

	// The close also reaches a listed sale no CFDI could claim yet (not paid), which is paid
	// afterwards.
	unpaid := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 1})
	all := append(slices.Clone(list), unpaid)
	if err := s.CloseInvoiceClaim(ctx, "g1", idsOf(all)); err != nil {
		t.Fatal(err)
	}
	if err := other.ReleaseInvoice(ctx, "g2", idsOf(list[6:]), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateOrder(ctx, unpaid.ID, Actor{ID: "c1"}, OrderChange{Pago: ptr(PagoPagado), MetodoPago: ptr("Tarjeta")}); err != nil {
		t.Fatal(err)
	}
	if n, err := s.ClaimForInvoice(ctx, g1, idsOf(all), time.Time{}, time.Time{}); err != nil || n != 0 {
		t.Fatalf("a claim of g1 after its close: %d %v", n, err)
	}
	if n, err := s.ClaimForInvoice(ctx, g2, idsOf(list), time.Time{}, time.Time{}); err != nil || n != 0 {
		t.Fatalf("a claim of g2 after its release: %d %v", n, err)
	}
	if n, err := s.ClaimForInvoice(ctx, InvoiceRef{ID: "g3", Tipo: FacturaGlobal}, idsOf(all), time.Time{}, time.Time{}); err != nil || n != 3 {
		t.Fatalf("a new CFDI takes the freed sales and the one paid since: %d %v", n, err)
	}
	by = invoicedBy(t, s, all)
	for i, v := range all {
		if want := map[bool]string{true: "g1", false: "g3"}[i < 6]; by[v.ID] != want {
			t.Fatalf("sale %d is in %q, want %q (%v)", i, by[v.ID], want, by)
		}
	}
}

// A substitute's move of six sales cut after two, then run again by another replica, moves the
// rest. The substitute refused, its release (cut half way too, then run again) gives every sale
// back to the CFDI it was to replace, with its UUID; a move of the substitute that a stalled
// replica sends afterwards moves nothing.
func TestFenceAMoveCutHalfWayIsFinishedAndARefusedSubstituteTakesNothingLate(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	other := buildService(s.store, nil, s.log)
	ctx := context.Background()
	list := paidSales(t, s, 6)
	old := InvoiceRef{ID: "old", Tipo: FacturaIndividual}
	sub := InvoiceRef{ID: "sub", Tipo: FacturaIndividual}
	if _, err := s.ClaimForInvoice(ctx, old, idsOf(list), time.Time{}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkInvoiceStamped(ctx, "old", "UUID-OLD"); err != nil {
		t.Fatal(err)
	}
	count := func(id string) int {
		n := 0
		for _, f := range invoicedBy(t, s, list) {
			if f == id {
				n++
			}
		}
		return n
	}

	cutAfter(s, "transfer", 2)
	if n, err := s.TransferInvoice(ctx, idsOf(list), "old", sub); err == nil || n != 2 || count("sub") != 2 || count("old") != 4 {
		t.Fatalf("the cut move: %d %v, %d on sub", n, err, count("sub"))
	}
	if n, err := other.TransferInvoice(ctx, idsOf(list), "old", sub); err != nil || n != 4 || count("sub") != 6 {
		t.Fatalf("the move run again: %d %v, %d on sub", n, err, count("sub"))
	}

	back := &InvoiceRef{ID: "old", Tipo: FacturaIndividual, UUID: "UUID-OLD"}
	cutAfter(s, "release", 3)
	if err := s.ReleaseInvoice(ctx, "sub", idsOf(list), back); err == nil || count("old") != 3 {
		t.Fatalf("the cut release: %v, %d back", err, count("old"))
	}
	if err := other.ReleaseInvoice(ctx, "sub", idsOf(list), back); err != nil || count("old") != 6 {
		t.Fatalf("the release run again: %v, %d back", err, count("old"))
	}
	if n, err := s.TransferInvoice(ctx, idsOf(list), "old", sub); err != nil || n != 0 || count("old") != 6 {
		t.Fatalf("a late move to the refused substitute: %d %v", n, err)
	}
	for _, v := range list {
		if got, err := s.Get(ctx, v.ID); err != nil || got.Factura == nil || got.Factura.UUID != "UUID-OLD" {
			t.Fatalf("a sale given back: %+v %v", got.Factura, err)
		}
	}
}
