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

	"tienda/modules/invoicing/pacfake"
)

// invoicingShop is a running app with demo data and the fake PAC behind it.
type invoicingShop struct {
	*shop
	pac *pacfake.Server
}

func newInvoicingShop(t *testing.T) *invoicingShop {
	t.Helper()
	pac := pacfake.New("sk_test_fake")
	srv := httptest.NewServer(pac)
	t.Cleanup(srv.Close)
	a := MustStart(t, t.TempDir(), map[string]string{"DEMO_DATA": "true", "FACTURAPI_KEY": "sk_test_fake", "FACTURAPI_URL": srv.URL})
	t.Cleanup(func() { closeApp(t, a) })
	return &invoicingShop{shop: &shop{t: t, app: a, h: a.Handler(), toks: map[string]string{}}, pac: pac}
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

func decodeFactura(t *testing.T, rec *httptest.ResponseRecorder) factura {
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
	e := decodeError(t, rec)
	if rec.Code != 400 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	for _, field := range []string{"rfc", "regimenFiscal", "codigoPostal", "email"} {
		if e.Error.Fields[field] == "" {
			t.Errorf("no message for %s: %v", field, e.Error.Fields)
		}
	}
	// A moral's uso must fit its régimen: 605 (sueldos) is a persona física's.
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/perfiles", map[string]any{
		"rfc": "MAB9307148T4", "razonSocial": "Materiales ABC", "regimenFiscal": "605", "codigoPostal": "06700", "usoCfdi": "G03", "email": "a@b.mx"})
	if e := decodeError(t, rec); rec.Code != 400 || e.Error.Fields["regimenFiscal"] == "" {
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
	if e := decodeError(t, rec); rec.Code != 409 || e.Error.Message != "Esta compra ya está facturada." {
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
		if e := decodeError(t, rec); rec.Code != 404 || e.Error.Message != notFound {
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
	sales := []sale{s.paidSale(1, false, false, "Efectivo"), s.paidSale(1, false, false, "Tarjeta"), s.paidSale(1, false, false, "Efectivo")}
	pid := s.profile("cliente@tienda.mx", fisica)
	today := time.Now().In(time.FixedZone("MX", -6*3600)).Format("2006-01-02")
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
	if e := decodeError(t, rec); rec.Code != 409 || e.Error.Message != "Las ventas de este periodo ya están facturadas." {
		t.Fatalf("again: %d %s", rec.Code, rec.Body)
	}
	// The list finds the global invoice by a sale's folio, and the customer's by its RFC.
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas?tipo=global&q="+sales[1].Folio, nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"total":1`) || !strings.Contains(rec.Body.String(), "XAXX010101000") {
		t.Fatalf("list: %s", rec.Body)
	}
}

func TestCancellingFreesTheSaleAndKeepsThePACsStatus(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.paidSale(1, false, false, "Efectivo")
	pid := s.profile("cliente@tienda.mx", fisica)
	f := decodeFactura(t, s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid}))
	rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+f.ID+"/cancelar", map[string]string{"motivo": "01"})
	if e := decodeError(t, rec); rec.Code != 400 || e.Error.Fields["sustitucion"] == "" {
		t.Fatalf("01 without its substitute: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/"+f.ID+"/cancelar", map[string]string{"motivo": "02"}); rec.Code != 403 {
		t.Fatalf("a customer cancels: %d", rec.Code)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+f.ID+"/cancelar", map[string]string{"motivo": "02"})
	got := decodeFactura(t, rec)
	if rec.Code != 200 || got.Cancelacion == nil || got.Cancelacion.Motivo != "02" {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if f.Total > 1000 {
		if got.Estado != "cancelacion_pendiente" {
			t.Fatalf("over $1,000 the receptor must accept: %+v", got)
		}
		s.pac.AcceptCancellations()
		got = decodeFactura(t, s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+f.ID, nil))
	}
	if got.Estado != "cancelada" {
		t.Fatalf("%+v", got)
	}
	// The sale may be invoiced again.
	if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil); strings.Contains(rec.Body.String(), `"factura"`) {
		t.Fatalf("still marked: %s", rec.Body)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid}); rec.Code != 201 {
		t.Fatalf("again: %d %s", rec.Code, rec.Body)
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
	if e := decodeError(t, rec); rec.Code != 503 || e.Error.Message != "La facturación en línea no está disponible por ahora." {
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
	e := decodeError(t, rec)
	if rec.Code != 400 || !strings.HasPrefix(e.Error.Message, "El SAT no aceptó la factura: El RFC del receptor no se encuentra") || e.Error.Fields["rfc"] == "" {
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
	if rec := s.call("auxiliar@tienda.mx", http.MethodPatch, "/v1/productos/"+p.ID, map[string]any{"sat_key": "4617"}); rec.Code != 200 {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/sin-clave-sat", nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"_id":"`+p.ID+`"`) {
		t.Fatalf("listed: %d %s", rec.Code, rec.Body)
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
	if e := decodeError(t, rec); rec.Code != 400 || e.Error.Fields["email"] == "" {
		t.Fatalf("bad e-mail: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+f.ID+"/enviar", map[string]string{"email": ""}); rec.Code != 204 {
		t.Fatalf("to the receptor: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas?tipo=x&estado=y&desde=2026-99-99&page=0", nil)
	e := decodeError(t, rec)
	for _, field := range []string{"tipo", "estado", "desde", "page"} {
		if e.Error.Fields[field] == "" {
			t.Errorf("no message for %s: %d %s", field, rec.Code, rec.Body)
		}
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/global/vista-previa?periodicidad=semana&fecha=2026-11", nil)
	if e := decodeError(t, rec); rec.Code != 400 || e.Error.Fields["periodicidad"] == "" {
		t.Fatalf("periodicidad: %d %s", rec.Code, rec.Body)
	}
}
