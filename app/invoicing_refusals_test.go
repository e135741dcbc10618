package main

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"tienda/pkg/apperr"
	"tienda/pkg/httpx/httpxtest"
)

// What a customer is refused: guessing tickets too fast, invoicing a cancelled order, an 11th
// tax profile.
func TestInvoicingRefusesACustomerTooManyTriesACancelledOrderAndAnEleventhProfile(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)

	// The public ticket lookup takes 10 tries at once per client address (publicBurst), then one
	// every 6 seconds: the 11th quick one is refused before the store is asked.
	notFound := "No encontramos una compra con ese folio y total."
	for i := range 10 {
		rec := s.call("", http.MethodPost, "/v1/facturas/publica/buscar", map[string]any{"folio": "20990101-000000-0000", "total": 100 + i})
		if e := httpxtest.DecodeError(t, rec); rec.Code != 404 || e.Message != notFound {
			t.Fatalf("try %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	rec := s.call("", http.MethodPost, "/v1/facturas/publica/buscar", map[string]any{"folio": "20990101-000000-0000", "total": 111})
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusTooManyRequests || e.Code != "too_many_requests" ||
		e.Message != "Demasiados intentos. Espera un momento e inténtalo de nuevo." {
		t.Fatalf("11th try: %d %s", rec.Code, rec.Body)
	}
	// Retry-After is the whole seconds until the next token, rounded up: at most 6.
	if secs, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || secs < 1 || secs > 6 {
		t.Fatalf("Retry-After %q", rec.Header().Get("Retry-After"))
	}
	// The invoicing page shares the limiter: it is refused too.
	if rec := s.call("", http.MethodPost, "/v1/facturas/publica", map[string]any{"folio": "x", "total": 1}); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("the public invoicing after the lookups: %d %s", rec.Code, rec.Body)
	}

	// A customer's order cancelled by the Cajero while unpaid. whyNot checks "cancelled" before
	// "not paid", so the cancellation is the reason given, not "Solo se pueden facturar compras
	// pagadas.".
	pid := s.profile("cliente@tienda.mx", fisica)
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(s.cheap(), 1, false)}})
	if rec.Code != http.StatusCreated {
		t.Fatalf("order: %d %s", rec.Code, rec.Body)
	}
	v := decodeSale(t, rec)
	if rec := s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, map[string]string{"entrega": "Cancelado"}); rec.Code != 200 {
		t.Fatalf("cancel the order: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 409 || e.Message != "Esta compra fue cancelada; no se puede facturar." {
		t.Fatalf("a cancelled order: %d %s", rec.Code, rec.Body)
	}
	if n := len(s.pac.Invoices()); n != 0 {
		t.Fatalf("the PAC stamped %d CFDIs", n)
	}

	// Ten tax profiles per account: the first is above, nine more fit, the 11th is refused.
	for i := 2; i <= 10; i++ {
		s.profile("cliente@tienda.mx", fisica)
	}
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/perfiles", fisica)
	if e := httpxtest.DecodeError(t, rec); rec.Code != 409 || e.Message != "Puedes guardar hasta 10 perfiles fiscales. Borra uno que ya no uses." {
		t.Fatalf("11th profile: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cliente@tienda.mx", http.MethodGet, "/v1/facturas/perfiles", nil)
	var list struct {
		Perfiles []json.RawMessage `json:"perfiles"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil || len(list.Perfiles) != 10 {
		t.Fatalf("profiles kept: %d %s", rec.Code, rec.Body)
	}
}

// What the cash desk is refused: a bad cancellation motivo, substituting a factura global, a
// global without sales, a fecha of the wrong shape for the periodicidad, a search too long.
func TestInvoicingRefusesTheCashDeskBadMotivosGlobalSubstitutesAndBadQueries(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.paidSale(1, false, false, "Efectivo")
	today := shopDay(s.paidAt(v.ID)) // the global of the day it was paid
	rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/global/vista-previa?periodicidad=dia&fecha="+today, nil)
	var preview struct {
		Ventas []struct {
			ID string `json:"_id"`
		}
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &preview) != nil || len(preview.Ventas) < 1 {
		t.Fatalf("preview: %d %s", rec.Code, rec.Body)
	}
	ids := make([]string, len(preview.Ventas))
	for i, v := range preview.Ventas {
		ids[i] = v.ID
	}

	// A global with no sales is refused on its field, before the PAC is asked.
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": today, "ventas": []string{}})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Fields["ventas"] != "Haz la vista previa y emite la factura con sus ventas." {
		t.Fatalf("no ventas: %d %s", rec.Code, rec.Body)
	}
	if n := len(s.pac.Invoices()); n != 0 {
		t.Fatalf("the PAC stamped %d CFDIs", n)
	}

	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": today, "ventas": ids})
	g := decodeFactura(t, rec)
	if rec.Code != 201 || g.Tipo != "global" || g.Estado != "valida" {
		t.Fatalf("global: %d %s", rec.Code, rec.Body)
	}

	// A global is not substituted with a customer's data, even valid data.
	moral := map[string]any{"rfc": "MAB9307148T4", "razonSocial": "Materiales ABC", "regimenFiscal": "601", "codigoPostal": "06600", "usoCfdi": "G03", "email": "compras@abc.mx"}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+g.ID+"/sustituir", moral)
	if e := httpxtest.DecodeError(t, rec); rec.Code != 409 ||
		e.Message != "Una factura global no se sustituye con otros datos fiscales: cancélala con el motivo 02 y emítela de nuevo." {
		t.Fatalf("substitute a global: %d %s", rec.Code, rec.Body)
	}

	// No motivo, or one the SAT does not have.
	for _, motivo := range []string{"", "99"} {
		rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+g.ID+"/cancelar", map[string]string{"motivo": motivo})
		if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Fields["motivo"] != "Elige un motivo de cancelación del SAT (02, 03 o 04)." {
			t.Fatalf("motivo %q: %d %s", motivo, rec.Code, rec.Body)
		}
	}
	// Nothing of it reached the PAC: the global is still valid and uncancelled.
	if got := decodeFactura(t, s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+g.ID, nil)); got.Estado != "valida" || got.Cancelacion != nil || len(s.pac.Invoices()) != 1 {
		t.Fatalf("after the refusals: %+v, %d CFDIs", got, len(s.pac.Invoices()))
	}

	// A fecha of the other periodicidad's shape.
	for _, c := range []struct{ q, msg string }{
		{"periodicidad=dia&fecha=2026-11", apperr.MsgDay},
		{"periodicidad=mes&fecha=2026-11-05", "Escribe el mes como AAAA-MM."},
	} {
		rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/global/vista-previa?"+c.q, nil)
		if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Fields["fecha"] != c.msg {
			t.Fatalf("%s: %d %s", c.q, rec.Code, rec.Body)
		}
	}

	// A search of 100 characters is fine (accents count as one); 101 is refused.
	if rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas?q="+url.QueryEscape(strings.Repeat("é", 100)), nil); rec.Code != 200 {
		t.Fatalf("q of 100: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas?q="+strings.Repeat("a", 101), nil)
	if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Message != apperr.BadParameters(e.Fields).Message || e.Fields["q"] != apperr.MsgMaxChars(100) {
		t.Fatalf("q of 101: %d %s", rec.Code, rec.Body)
	}
}
