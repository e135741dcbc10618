package sales

import (
	"context"
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
