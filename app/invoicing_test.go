package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/invoicing"
	"tienda/modules/invoicing/pacfake"
	"tienda/pkg/httpx/httpxtest"
)

// invoicingShop is a running app with demo data and the fake PAC behind it.
type invoicingShop struct {
	*shop
	pac *pacfake.Server
}

func newInvoicingShop(t *testing.T) *invoicingShop {
	t.Helper()
	return newInvoicingShopWith(t, func(*pacfake.Server) {})
}

// paidSale places a counter order of qty units of a demo product for the customer, and has the
// Cajero mark it paid with method.
func (s *invoicingShop) paidSale(qty int, discounted, extras bool, method string) sale {
	s.t.Helper()
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(s.pick(discounted), qty, extras)}})
	if rec.Code != http.StatusCreated {
		s.t.Fatalf("order: %d %s", rec.Code, rec.Body)
	}
	v := decodeSale(s.t, rec)
	if rec := s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, map[string]string{"pago": "Pagado", "metodoPago": method}); rec.Code != 200 {
		s.t.Fatalf("pay: %d %s", rec.Code, rec.Body)
	}
	return v
}

type factura struct {
	ID       string `json:"_id"`
	Tipo     string `json:"tipo"`
	Estado   string `json:"estado"`
	UUID     string `json:"uuid"`
	Descarga string `json:"descarga"`
	Receptor struct {
		RFC, RazonSocial, RegimenFiscal, UsoCfdi string
	} `json:"receptor"`
	Ventas []struct {
		ID    string  `json:"_id"`
		Folio string  `json:"folio"`
		Total float64 `json:"total"`
	} `json:"ventas"`
	FormaPago string  `json:"formaPago"`
	Subtotal  float64 `json:"subtotal"`
	Descuento float64 `json:"descuento"`
	IVA       float64 `json:"iva"`
	Total     float64 `json:"total"`
	Conceptos []struct {
		ClaveProdServ    string  `json:"claveProdServ"`
		NoIdentificacion string  `json:"noIdentificacion"`
		Cantidad         int64   `json:"cantidad"`
		ValorUnitario    float64 `json:"valorUnitario"`
		Importe          float64 `json:"importe"`
		Descuento        float64 `json:"descuento"`
		IVA              float64 `json:"iva"`
	} `json:"conceptos"`
	Cancelacion *struct{ Motivo, Estado string } `json:"cancelacion"`
}

func decodeFactura(t testing.TB, rec *httptest.ResponseRecorder) factura {
	t.Helper()
	var f factura
	if err := json.Unmarshal(rec.Body.Bytes(), &f); err != nil || f.ID == "" {
		t.Fatalf("not a factura: %d %s", rec.Code, rec.Body)
	}
	return f
}

// A persona física with a valid check digit, régimen 612 and uso G03.
var fisica = map[string]any{"rfc": "gode561231gr8", "razonSocial": "Edgar  González Díaz", "regimenFiscal": "612",
	"codigoPostal": "06700", "usoCfdi": "G03", "email": "edgar@instalaciones.mx"}

func (s *invoicingShop) profile(who string, data map[string]any) string {
	s.t.Helper()
	rec := s.call(who, http.MethodPost, "/v1/facturas/perfiles", data)
	if rec.Code != http.StatusCreated {
		s.t.Fatalf("profile: %d %s", rec.Code, rec.Body)
	}
	var p struct {
		ID string `json:"_id"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &p)
	return p.ID
}

func TestTaxProfilesAreCheckedFieldByField(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/perfiles", map[string]any{
		"rfc": "GODE561231GR9", "razonSocial": "Instalaciones del Centro S.A. de C.V.", "regimenFiscal": "999",
		"codigoPostal": "6700", "usoCfdi": "G03", "email": "no-es-correo"})
	e := httpxtest.DecodeError(t, rec)
	if rec.Code != 400 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	for _, field := range []string{"rfc", "regimenFiscal", "codigoPostal", "email"} {
		if e.Fields[field] == "" {
			t.Errorf("no message for %s: %v", field, e.Fields)
		}
	}
	// A moral's uso must fit its régimen: 605 (sueldos) is a persona física's.
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/perfiles", map[string]any{
		"rfc": "MAB9307148T4", "razonSocial": "Materiales ABC", "regimenFiscal": "605", "codigoPostal": "06700", "usoCfdi": "G03", "email": "a@b.mx"})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Fields["regimenFiscal"] == "" {
		t.Fatalf("régimen of a física for a moral: %d %s", rec.Code, rec.Body)
	}
	id := s.profile("cliente@tienda.mx", fisica)
	rec = s.call("cliente@tienda.mx", http.MethodGet, "/v1/facturas/perfiles", nil)
	if !strings.Contains(rec.Body.String(), `"rfc":"GODE561231GR8"`) || !strings.Contains(rec.Body.String(), `"razonSocial":"EDGAR GONZÁLEZ DÍAZ"`) ||
		!strings.Contains(rec.Body.String(), `"predeterminado":true`) {
		t.Fatalf("stored as normalized, default: %s", rec.Body)
	}
	// Another account neither sees nor changes it.
	if rec := s.call("cajero@tienda.mx", http.MethodPut, "/v1/facturas/perfiles/"+id, fisica); rec.Code != 404 {
		t.Fatalf("another account's profile: %d", rec.Code)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodDelete, "/v1/facturas/perfiles/"+id, nil); rec.Code != 204 {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body)
	}
}

func TestACustomerInvoicesTheirSaleOnce(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.paidSale(2, true, true, "Tarjeta")
	pid := s.profile("cliente@tienda.mx", fisica)
	// Not theirs.
	if rec := s.call("auxiliar@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid}); rec.Code != 404 {
		t.Fatalf("someone else's sale: %d %s", rec.Code, rec.Body)
	}
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid})
	if rec.Code != http.StatusCreated {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	f := decodeFactura(t, rec)
	if f.Estado != "valida" || len(f.UUID) != 36 || f.FormaPago != "04" || f.Receptor.RFC != "GODE561231GR8" || len(f.Ventas) != 1 || f.Ventas[0].Folio != v.Folio {
		t.Fatalf("%+v", f)
	}
	// The CFDI adds up to what was paid: the line before IVA, its discount, IVA per concepto.
	if len(f.Conceptos) != 1 || f.Subtotal-f.Descuento != v.Subtotal || f.Total != v.Total || f.Conceptos[0].Cantidad != 2 {
		t.Fatalf("amounts: %+v, sale %+v", f, v)
	}
	if got := s.pac.Invoices(); len(got) != 1 || got[0].UUID != f.UUID || got[0].Total != f.Total {
		t.Fatalf("the PAC stamped %+v", got)
	}
	// Once only, and the sale says so.
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 409 || e.Message != "Esta compra ya está facturada." {
		t.Fatalf("twice: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil); !strings.Contains(rec.Body.String(), `"factura":{"id":"`+f.ID+`","tipo":"individual","uuid":"`+f.UUID+`"}`) {
		t.Fatalf("the sale: %s", rec.Body)
	}
	// The files: to the customer, to staff, to the token's holder; to no one else.
	for _, c := range []struct{ who, path string }{{"cliente@tienda.mx", "/pdf"}, {"cajero@tienda.mx", "/xml"}, {"", "/pdf?clave=" + f.Descarga}} {
		rec := s.call(c.who, http.MethodGet, "/v1/facturas/"+f.ID+c.path, nil)
		if rec.Code != 200 || (!strings.HasPrefix(rec.Body.String(), "%PDF") && !strings.Contains(rec.Body.String(), f.UUID)) {
			t.Fatalf("%s %s: %d %.80s", c.who, c.path, rec.Code, rec.Body)
		}
	}
	for _, c := range []struct{ who, path string }{{"", "/pdf"}, {"", "/xml?clave=x"}, {"auxiliar@tienda.mx", "/pdf"}} {
		if rec := s.call(c.who, http.MethodGet, "/v1/facturas/"+f.ID+c.path, nil); rec.Code != 404 {
			t.Fatalf("%q %s: %d", c.who, c.path, rec.Code)
		}
	}
}

func TestATicketIsInvoicedWithItsFolioAndTotalOnly(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.paidSale(1, false, false, "Efectivo")
	notFound := "No encontramos una compra con ese folio y total."
	for _, body := range []map[string]any{{"folio": v.Folio, "total": v.Total + 0.01}, {"folio": "20990101-000000-0000", "total": v.Total}, {"folio": v.Folio, "total": -1}} {
		rec := s.call("", http.MethodPost, "/v1/facturas/publica/buscar", body)
		if e := httpxtest.DecodeError(t, rec); rec.Code != 404 || e.Message != notFound {
			t.Fatalf("%v: %d %s", body, rec.Code, rec.Body)
		}
	}
	rec := s.call("", http.MethodPost, "/v1/facturas/publica/buscar", map[string]any{"folio": v.Folio, "total": v.Total})
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"facturable":true`) {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	in := map[string]any{"folio": v.Folio, "total": v.Total}
	for k, val := range fisica {
		in[k] = val
	}
	rec = s.call("", http.MethodPost, "/v1/facturas/publica", in)
	f := decodeFactura(t, rec)
	if rec.Code != 201 || f.FormaPago != "01" || f.Descarga == "" {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	rec = s.call("", http.MethodPost, "/v1/facturas/publica/buscar", map[string]any{"folio": v.Folio, "total": v.Total})
	if !strings.Contains(rec.Body.String(), `"facturable":false`) || !strings.Contains(rec.Body.String(), "ya está facturada") {
		t.Fatalf("after: %s", rec.Body)
	}
}

func TestStampingIsIdempotentWhenThePACTimesOut(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.paidSale(1, false, false, "Transferencia")
	pid := s.profile("cliente@tienda.mx", fisica)
	// The PAC stamps, then answers too late: the request gives up first.
	s.pac.SetDelay(3 * time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, "/v1/facturas/ventas/"+v.ID, strings.NewReader(`{"perfilId":"`+pid+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.token("cliente@tienda.mx"))
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	f := decodeFactura(t, rec)
	if rec.Code != http.StatusAccepted || f.Estado != "timbrando" {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if n := len(s.pac.Invoices()); n != 1 {
		t.Fatalf("the PAC made %d CFDIs", n)
	}
	// A second request for the sale is refused: the sale is taken by the factura being stamped.
	if rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid}); rec.Code != 409 {
		t.Fatalf("while stamping: %d %s", rec.Code, rec.Body)
	}
	// The retry asks again with the same key and gets the CFDI already made, not a second one.
	s.pac.SetDelay(0)
	if err := s.app.invoicing.Service().Retry(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	got := s.pac.Invoices()
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+f.ID, nil)
	after := decodeFactura(t, rec)
	if len(got) != 1 || after.Estado != "valida" || after.UUID != got[0].UUID {
		t.Fatalf("after the retry: %d CFDIs, %+v", len(got), after)
	}
}

func TestOneSaleIsInOneCFDIWhateverRacesForIt(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	clearOfMidnight(t) // the day's global takes the three sales: they must be paid in one day
	sales := []sale{s.paidSale(1, false, false, "Efectivo"), s.paidSale(1, false, false, "Tarjeta"), s.paidSale(1, false, false, "Efectivo")}
	pid := s.profile("cliente@tienda.mx", fisica)
	today := shopDay(s.paidAt(sales[0].ID))
	rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/global/vista-previa?periodicidad=dia&fecha="+today, nil)
	var preview struct {
		Ventas []struct {
			ID string `json:"_id"`
		}
		Total float64
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &preview) != nil || len(preview.Ventas) < 3 {
		t.Fatalf("preview: %d %s", rec.Code, rec.Body)
	}
	ids := make([]string, len(preview.Ventas))
	for i, v := range preview.Ventas {
		ids[i] = v.ID
	}
	// Two staff issue the day's global invoice while the customer invoices one of its sales.
	s.token("admin@tienda.mx")
	s.token("cajero@tienda.mx")
	var wg sync.WaitGroup
	codes := make([]int, 6)
	for i := range codes {
		wg.Go(func() {
			switch i % 3 {
			case 0:
				codes[i] = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": today, "ventas": ids}).Code
			case 1:
				codes[i] = s.call("admin@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": today, "ventas": ids}).Code
			default:
				codes[i] = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+sales[0].ID, map[string]string{"perfilId": pid}).Code
			}
		})
	}
	wg.Wait()
	for _, c := range codes {
		if c != 201 && c != 409 {
			t.Fatalf("answers %v", codes)
		}
	}
	// Every sale of the day is in exactly one stamped CFDI.
	seen := map[string]int{}
	for _, inv := range s.pac.Invoices() {
		if inv.Global == nil {
			seen[sales[0].Folio]++
			continue
		}
		for _, it := range inv.Items {
			seen[it.Product.SKU]++
		}
	}
	for _, v := range sales {
		if seen[v.Folio] != 1 {
			t.Fatalf("sale %s is in %d CFDIs (%v, answers %v)", v.Folio, seen[v.Folio], seen, codes)
		}
	}
	// Nothing is left for another global invoice of the day.
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": today, "ventas": ids})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 409 || e.Message != "Las ventas de este periodo ya están facturadas." {
		t.Fatalf("again: %d %s", rec.Code, rec.Body)
	}
	// The list finds the global invoice by a sale's folio, and the customer's by its RFC.
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas?tipo=global&q="+sales[1].Folio, nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"total":1`) || !strings.Contains(rec.Body.String(), "XAXX010101000") {
		t.Fatalf("list: %s", rec.Body)
	}
}

// cheap returns a demo product under $500 with stock: a sale of it cancels at once.
func (s *invoicingShop) cheap() product {
	s.t.Helper()
	for _, p := range s.products() {
		if len(p.Variantes) > 0 && p.Variantes[0].Stock >= 5 && p.Variantes[0].PrecioVenta < 500 {
			return p
		}
	}
	s.t.Fatal("no cheap demo product")
	return product{}
}

// paidSaleOf is paidSale of one unit of p, paid in cash.
func (s *invoicingShop) paidSaleOf(p product) sale {
	s.t.Helper()
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(p, 1, false)}})
	v := decodeSale(s.t, rec)
	if rec := s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, `{"pago":"Pagado","metodoPago":"Efectivo"}`); rec.Code != 200 {
		s.t.Fatalf("pay: %d %s", rec.Code, rec.Body)
	}
	return v
}

// invoiced is the customer's CFDI of v.
func (s *invoicingShop) invoiced(v sale, perfilID string) factura {
	s.t.Helper()
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": perfilID})
	if rec.Code != 201 {
		s.t.Fatalf("invoice: %d %s", rec.Code, rec.Body)
	}
	return decodeFactura(s.t, rec)
}

func (s *invoicingShop) saleIsFree(v sale) bool {
	return !strings.Contains(s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil).Body.String(), `"factura"`)
}

func TestCancellingFreesTheSaleAndKeepsThePACsStatus(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	pid := s.profile("cliente@tienda.mx", fisica)
	small, big := s.paidSaleOf(s.cheap()), s.paidSale(1, false, false, "Efectivo")
	fs, fb := s.invoiced(small, pid), s.invoiced(big, pid)
	if fs.Total >= 1000 || fb.Total <= 1000 {
		t.Fatalf("totals %v and %v", fs.Total, fb.Total)
	}
	rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+fs.ID+"/cancelar", map[string]string{"motivo": "01"})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || !strings.Contains(e.Fields["motivo"], "Sustituir") {
		t.Fatalf("01 is Sustituir's: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/"+fs.ID+"/cancelar", map[string]string{"motivo": "02"}); rec.Code != 403 {
		t.Fatalf("a customer cancels: %d", rec.Code)
	}
	// Under $1,000: cancelled at once, and the sale may be invoiced again.
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+fs.ID+"/cancelar", map[string]string{"motivo": "02"})
	if got := decodeFactura(t, rec); rec.Code != 200 || got.Estado != "cancelada" || got.Cancelacion == nil || got.Cancelacion.Motivo != "02" || !s.saleIsFree(small) {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+fs.ID+"/cancelar", map[string]string{"motivo": "02"}); rec.Code != 409 {
		t.Fatalf("cancelled twice: %d", rec.Code)
	}
	s.invoiced(small, pid)
	// Over $1,000 the receptor decides: pending; a refusal keeps it valid and its sale taken.
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+fb.ID+"/cancelar", map[string]string{"motivo": "03"})
	if got := decodeFactura(t, rec); got.Estado != "cancelacion_pendiente" || s.saleIsFree(big) {
		t.Fatalf("pending: %s", rec.Body)
	}
	s.pac.RejectCancellations()
	if err := s.app.invoicing.Service().Retry(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	if got := decodeFactura(t, s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+fb.ID, nil)); got.Estado != "valida" || got.Cancelacion.Estado != "rejected" || s.saleIsFree(big) {
		t.Fatalf("rejected: %+v", got)
	}
	// Asked again and accepted: the retry loop settles it with no one opening it.
	s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+fb.ID+"/cancelar", map[string]string{"motivo": "03"})
	s.pac.AcceptCancellations()
	if err := s.app.invoicing.Service().Retry(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas?estado=cancelada&q="+big.Folio, nil)
	// Motivo 03: the sale is freed (so it can be returned); the cancelled factura itself keeps any
	// later CFDI from covering it (TestCancellationMotivos04And03).
	if !strings.Contains(rec.Body.String(), `"total":1`) || !s.saleIsFree(big) {
		t.Fatalf("accepted: %s", rec.Body)
	}
	// Cancelled with 03 (the operation did not take place), its return needs no nota de crédito.
	if code, got, body := s.giveBack(big, "Efectivo", map[int]int{0: 1}); code != http.StatusCreated || got.Devoluciones[0].Nota != nil {
		t.Fatalf("returning the sale once its CFDI is cancelled: %d %s", code, body)
	}
}

func TestSubstitutingACFDIMovesItsSaleAndCancelsItWithMotivo01(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.paidSaleOf(s.cheap())
	old := s.invoiced(v, s.profile("cliente@tienda.mx", fisica))
	moral := map[string]any{"rfc": "MAB9307148T4", "razonSocial": "Materiales ABC", "regimenFiscal": "601", "codigoPostal": "06600", "usoCfdi": "G03", "email": "compras@abc.mx"}
	if rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/"+old.ID+"/sustituir", moral); rec.Code != 403 {
		t.Fatalf("a customer substitutes: %d", rec.Code)
	}
	bad := map[string]any{"rfc": "MAB9307148T5", "razonSocial": "Materiales ABC", "regimenFiscal": "601", "codigoPostal": "06600", "usoCfdi": "G03", "email": "compras@abc.mx"}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+old.ID+"/sustituir", bad); rec.Code != 400 {
		t.Fatalf("bad data: %d %s", rec.Code, rec.Body)
	}
	// The PAC refuses the first substitute: the sale goes back to the old CFDI, still valid.
	s.pac.Unregistered("MAB9307148T4", true)
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+old.ID+"/sustituir", moral); rec.Code != 400 {
		t.Fatalf("refused: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil); !strings.Contains(rec.Body.String(), `"factura":{"id":"`+old.ID+`"`) {
		t.Fatalf("the sale after a refused substitute: %s", rec.Body)
	}
	s.pac.Unregistered("MAB9307148T4", false)
	rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+old.ID+"/sustituir", moral)
	nf := decodeFactura(t, rec)
	if rec.Code != 201 || nf.Estado != "valida" || nf.Receptor.RFC != "MAB9307148T4" || nf.Total != old.Total {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var related []pacfake.Related
	for _, inv := range s.pac.Invoices() {
		if inv.UUID == nf.UUID {
			related = inv.RelatedDocuments
		}
	}
	if len(related) != 1 || related[0].Relationship != "04" || related[0].Documents[0] != old.UUID {
		t.Fatalf("related documents %+v", related)
	}
	got := decodeFactura(t, s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+old.ID, nil))
	if got.Estado != "cancelada" || got.Cancelacion == nil || got.Cancelacion.Motivo != "01" {
		t.Fatalf("the old CFDI: %+v", got)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil); !strings.Contains(rec.Body.String(), `"factura":{"id":"`+nf.ID+`"`) {
		t.Fatalf("the sale: %s", rec.Body)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+old.ID+"/sustituir", moral); rec.Code != 409 {
		t.Fatalf("a cancelled CFDI substituted: %d", rec.Code)
	}
}

func TestWhatACustomerCannotInvoice(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	pid := s.profile("cliente@tienda.mx", fisica)
	// Not paid yet.
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(s.cheap(), 1, false)}})
	unpaid := decodeSale(t, rec)
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+unpaid.ID, map[string]string{"perfilId": pid})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 409 || e.Message != "Solo se pueden facturar compras pagadas." {
		t.Fatalf("unpaid: %d %s", rec.Code, rec.Body)
	}
	// Already in the day's global invoice.
	v := s.paidSaleOf(s.cheap())
	today := shopDay(s.paidAt(v.ID)) // the global of the day it was paid
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": today, "ventas": []string{v.ID}})
	if rec.Code != 201 {
		t.Fatalf("global: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 409 || e.Message != "Esta compra ya está incluida en la factura global de la tienda." {
		t.Fatalf("in the global: %d %s", rec.Code, rec.Body)
	}
	// The generic RFCs are not a customer's.
	for _, rfc := range []string{"XAXX010101000", "XEXX010101000"} {
		body := map[string]any{"rfc": rfc, "razonSocial": "PUBLICO EN GENERAL", "regimenFiscal": "616", "codigoPostal": "03100", "usoCfdi": "S01", "email": "a@b.mx"}
		if rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/perfiles", body); rec.Code != 400 || httpxtest.DecodeError(t, rec).Fields["rfc"] == "" {
			t.Fatalf("%s: %d %s", rfc, rec.Code, rec.Body)
		}
	}
	// A period still to come, or older than last year.
	for _, q := range []string{"periodicidad=dia&fecha=2099-01-01", "periodicidad=mes&fecha=2023-01"} {
		if rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/global/vista-previa?"+q, nil); rec.Code != 400 || httpxtest.DecodeError(t, rec).Fields["fecha"] == "" {
			t.Fatalf("%s: %d %s", q, rec.Code, rec.Body)
		}
	}
}

func TestAFailingPACLeavesTheFacturaToTheRetry(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.paidSaleOf(s.cheap())
	pid := s.profile("cliente@tienda.mx", fisica)
	s.pac.FailNext(1)
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid})
	f := decodeFactura(t, rec)
	if rec.Code != http.StatusAccepted || f.Estado != "timbrando" || len(s.pac.Invoices()) != 0 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	// The customer sees it as theirs; another customer does not see it at all.
	if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/facturas/"+f.ID, nil); rec.Code != 200 {
		t.Fatalf("owner: %d", rec.Code)
	}
	if rec := s.call("comandero@tienda.mx", http.MethodGet, "/v1/facturas/"+f.ID, nil); rec.Code != 404 {
		t.Fatalf("someone else: %d", rec.Code)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+f.ID+"/pdf", nil); rec.Code != 409 {
		t.Fatalf("the PDF of an unstamped CFDI: %d", rec.Code)
	}
	if err := s.app.invoicing.Service().Retry(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	if got := decodeFactura(t, s.call("cliente@tienda.mx", http.MethodGet, "/v1/facturas/"+f.ID, nil)); got.Estado != "valida" || len(s.pac.Invoices()) != 1 {
		t.Fatalf("after the retry: %+v", got)
	}
}

func TestWithoutAPACInvoicingSaysItIsNotSetUp(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	rec := s.call("", http.MethodGet, "/v1/facturas/catalogos", nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"configurada":false`) || !strings.Contains(rec.Body.String(), `"clave":"612"`) {
		t.Fatalf("%d %.300s", rec.Code, rec.Body)
	}
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(s.pick(false), 1, false)}})
	v := decodeSale(t, rec)
	s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, `{"pago":"Pagado","metodoPago":"Efectivo"}`)
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/perfiles", fisica)
	var p struct {
		ID string `json:"_id"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &p)
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": p.ID})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 503 || e.Message != "La facturación en línea no está disponible por ahora." {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil); strings.Contains(rec.Body.String(), `"factura"`) {
		t.Fatalf("marked without a CFDI: %s", rec.Body)
	}
}

func TestThePACsRefusalFreesTheSale(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.paidSale(1, false, false, "Efectivo")
	pid := s.profile("cliente@tienda.mx", fisica)
	s.pac.Unregistered("GODE561231GR8", true)
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid})
	e := httpxtest.DecodeError(t, rec)
	if rec.Code != 400 || !strings.HasPrefix(e.Message, "El SAT no aceptó la factura: El RFC del receptor no se encuentra") || e.Fields["rfc"] == "" {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas?estado=error&q="+v.Folio, nil)
	if !strings.Contains(rec.Body.String(), `"total":1`) || !strings.Contains(rec.Body.String(), "lista de RFC inscritos") {
		t.Fatalf("the refused factura: %s", rec.Body)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil); strings.Contains(rec.Body.String(), `"factura"`) {
		t.Fatalf("a refused CFDI keeps the sale: %s", rec.Body)
	}
	s.pac.Unregistered("GODE561231GR8", false)
	if rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid}); rec.Code != 201 {
		t.Fatalf("once registered: %d %s", rec.Code, rec.Body)
	}
}

func TestAProductWithoutAValidSATKeyTakesTheDefaultAndIsListed(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	p := s.pick(false)
	if rec := s.call("auxiliar@tienda.mx", http.MethodPatch, "/v1/productos/"+p.ID, map[string]any{"sat_key": ""}); rec.Code != 200 {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/sin-clave-sat?limit=100", nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"_id":"`+p.ID+`"`) {
		t.Fatalf("listed: %d %s", rec.Code, rec.Body)
	}
	// The list is paged on the server: a catalogue of thousands never goes whole to the browser.
	var first struct {
		Productos []struct {
			ID string `json:"_id"`
		}
		Meta struct {
			Page, Limit int
			Total       int64
			HasMore     bool
		}
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/sin-clave-sat?limit=1", nil)
	if json.Unmarshal(rec.Body.Bytes(), &first) != nil || len(first.Productos) != 1 || first.Meta.Limit != 1 || first.Meta.Total < 1 || first.Meta.HasMore != (first.Meta.Total > 1) {
		t.Fatalf("first page of 1: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/sin-clave-sat?page=0&limit=500", nil); rec.Code != 400 || !strings.Contains(rec.Body.String(), "limit") {
		t.Fatalf("bad page and limit: %d %s", rec.Code, rec.Body)
	}
	v := s.paidSale(1, false, false, "Efectivo")
	f := decodeFactura(t, s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": s.profile("cliente@tienda.mx", fisica)}))
	if f.Estado != "valida" || len(f.Conceptos) != 1 || f.Conceptos[0].ClaveProdServ != "01010101" {
		t.Fatalf("%+v", f)
	}
}

func TestStaffResendAndFilterInSpanish(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.paidSale(1, false, false, "Efectivo")
	f := decodeFactura(t, s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": s.profile("cliente@tienda.mx", fisica)}))
	rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+f.ID+"/enviar", map[string]string{"email": "no-es-correo"})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Fields["email"] == "" {
		t.Fatalf("bad e-mail: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+f.ID+"/enviar", map[string]string{"email": ""}); rec.Code != 204 {
		t.Fatalf("to the receptor: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas?tipo=x&estado=y&desde=2026-99-99&page=0", nil)
	e := httpxtest.DecodeError(t, rec)
	for _, field := range []string{"tipo", "estado", "desde", "page"} {
		if e.Fields[field] == "" {
			t.Errorf("no message for %s: %d %s", field, rec.Code, rec.Body)
		}
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/global/vista-previa?periodicidad=semana&fecha=2026-11", nil)
	if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Fields["periodicidad"] == "" {
		t.Fatalf("periodicidad: %d %s", rec.Code, rec.Body)
	}
}

// What a replica that stops half way leaves, the retry loop finishes: the sales of a cancelled
// CFDI still marked, and a substitute named on the CFDI it replaces before it took its sales.
func TestTheRetryFinishesWhatAStoppedReplicaLeft(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	ctx := context.Background()
	facturas := s.app.store.W.Collection("facturas")
	pid := s.profile("cliente@tienda.mx", fisica)
	retry := func() {
		t.Helper()
		if err := s.app.invoicing.Service().Retry(ctx, 0); err != nil {
			t.Fatal(err)
		}
	}

	// Cancelled at the PAC and recorded, then the replica stopped before freeing the sale.
	v := s.paidSaleOf(s.cheap())
	f := s.invoiced(v, pid)
	if _, err := facturas.UpdateOne(ctx, bson.M{"_id": f.ID}, bson.M{"$set": bson.M{"estado": "cancelada", "ventasPorLiberar": true}}); err != nil {
		t.Fatal(err)
	}
	retry()
	if !s.saleIsFree(v) || facturas.FindOne(ctx, bson.M{"_id": f.ID, "ventasPorLiberar": false}).Err() != nil {
		t.Fatalf("the sale of a cancelled CFDI stays marked: %s", s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil).Body)
	}

	// A substitute named on the old CFDI, the replica stopped before moving the sale to it.
	w := s.paidSaleOf(s.cheap())
	old := s.invoiced(w, pid)
	sub := invoicing.Factura{
		ID: bson.NewObjectID().Hex(), Tipo: "individual", Estado: "timbrando", Fecha: time.Now().Add(-2 * time.Minute),
		Receptor:  invoicing.Receptor{RFC: "MAB9307148T4", RazonSocial: "MATERIALES ABC", RegimenFiscal: "601", CodigoPostal: "06600", UsoCFDI: "G03", Email: "compras@abc.mx"},
		Sustituye: old.UUID, MetodoPago: "PUE", Ventas: []invoicing.VentaFactura{}, Conceptos: []invoicing.Concepto{}, SinClaveSat: []string{},
	}
	if _, err := facturas.InsertOne(ctx, sub); err != nil {
		t.Fatal(err)
	}
	if _, err := facturas.UpdateOne(ctx, bson.M{"_id": old.ID}, bson.M{"$set": bson.M{"sustituidaPor": sub.ID}}); err != nil {
		t.Fatal(err)
	}
	retry()
	got := decodeFactura(t, s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+sub.ID, nil))
	if got.Estado != "valida" || len(got.Ventas) != 1 || got.Ventas[0].ID != w.ID || got.Total != old.Total {
		t.Fatalf("the substitute: %+v", got)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+w.ID, nil); !strings.Contains(rec.Body.String(), `"factura":{"id":"`+sub.ID+`"`) {
		t.Fatalf("the sale: %s", rec.Body)
	}
	if prev := decodeFactura(t, s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+old.ID, nil)); prev.Estado != "cancelada" || prev.Cancelacion == nil || prev.Cancelacion.Motivo != "01" {
		t.Fatalf("the replaced CFDI: %+v", prev)
	}
}
