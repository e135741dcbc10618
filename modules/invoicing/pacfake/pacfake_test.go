package pacfake

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tienda/pkg/cfdi/cfditest"
)

const key = "sk_test_fake"

// validBody is an invoice Facturapi accepts: a persona física buying two lines, one discounted.
func validBody() map[string]any {
	return map[string]any{
		"customer": map[string]any{
			"legal_name": "INGRID XODAR JIMENEZ", "tax_id": "XOJI740919U48", "tax_system": "612",
			"email": "ingrid@example.com", "address": map[string]any{"zip": "88965"},
		},
		"items": []any{
			map[string]any{"quantity": 2, "discount": 10.0, "product": map[string]any{
				"description": "Playera básica (M)", "product_key": "53102700", "unit_key": "H87", "unit_name": "Pieza",
				"sku": "PL-001", "price": 345.60, "tax_included": false,
				"taxes": []any{map[string]any{"type": "IVA", "rate": 0.16}},
			}},
			map[string]any{"quantity": 1, "product": map[string]any{
				"description": "Gorra", "product_key": "53102500", "unit_key": "H87", "price": 100.0, "tax_included": false,
			}},
		},
		"payment_form": "04", "payment_method": "PUE", "use": "G03",
		"idempotency_key": "fac-1", "external_id": "fac-1",
	}
}

func globalBody() map[string]any {
	b := validBody()
	b["customer"] = map[string]any{"legal_name": "PUBLICO EN GENERAL", "tax_id": "XAXX010101000",
		"tax_system": "616", "address": map[string]any{"zip": "03100"}}
	b["use"] = "S01"
	b["payment_form"] = "01"
	b["global"] = map[string]any{"periodicity": "day", "months": "03", "year": 2025}
	return b
}

func call(t *testing.T, s *Server, method, path string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Authorization", "Bearer "+key)
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	return w
}

func decode[T any](t *testing.T, w *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatalf("decode %s: %v", w.Body.String(), err)
	}
	return v
}

func TestCreateComputesTheCFDI(t *testing.T) {
	s := New(key)
	w := call(t, s, "POST", "/v2/invoices", validBody())
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body.String())
	}
	inv := decode[Invoice](t, w)
	// 2 × 345.60 − 10.00 = 681.20, IVA 108.99; 100.00, IVA 16.00: total 906.19.
	if inv.Total != 906.19 || inv.Status != "valid" || inv.CancellationStatus != "none" {
		t.Errorf("invoice = total %v status %s/%s, want 906.19 valid/none", inv.Total, inv.Status, inv.CancellationStatus)
	}
	if len(inv.UUID) != 36 || inv.UUID != strings.ToUpper(inv.UUID) || inv.UUID[14] != '4' {
		t.Errorf("uuid %q is not an upper-case UUID v4", inv.UUID)
	}
	if inv.FolioNumber != 1 || inv.ExternalID != "fac-1" || len(s.Invoices()) != 1 {
		t.Errorf("folio %d external %q, %d invoices", inv.FolioNumber, inv.ExternalID, len(s.Invoices()))
	}
	got := decode[Invoice](t, call(t, s, "GET", "/v2/invoices/"+inv.ID, nil))
	if got.UUID != inv.UUID {
		t.Errorf("GET gave %q, want %q", got.UUID, inv.UUID)
	}
}

func TestRefusals(t *testing.T) {
	set := func(path string, v any) func(map[string]any) {
		return func(b map[string]any) {
			parts := strings.Split(path, ".")
			m := b
			for _, p := range parts[:len(parts)-1] {
				switch next := m[p].(type) {
				case map[string]any:
					m = next
				case []any:
					m = next[0].(map[string]any)
				}
			}
			if v == nil {
				delete(m, parts[len(parts)-1])
			} else {
				m[parts[len(parts)-1]] = v
			}
		}
	}
	tests := []struct {
		name     string
		body     func() map[string]any
		change   func(map[string]any)
		path     string
		contains string
	}{
		{"rfc check digit", validBody, set("customer.tax_id", "XOJI740919U47"), "customer.tax_id", "RFC"},
		{"rfc shape", validBody, set("customer.tax_id", "ABC"), "customer.tax_id", "no es válido"},
		{"legal name", validBody, set("customer.legal_name", " "), "customer.legal_name", "obligatorio"},
		{"zip", validBody, set("customer.address.zip", "8896"), "customer.address.zip", "5 dígitos"},
		{"régimen of a moral for a física", validBody, set("customer.tax_system", "601"), "customer.tax_system", ""},
		{"uso of a nómina CFDI", validBody, set("use", "CN01"), "use", ""},
		{"no items", validBody, set("items", []any{}), "items", "al menos un concepto"},
		{"product key", validBody, set("items.product.product_key", "5310270"), "items[0].product.product_key", "8 dígitos"},
		{"unit key", validBody, set("items.product.unit_key", nil), "items[0].product.unit_key", "obligatorio"},
		{"unit key not in c_ClaveUnidad", validBody, set("items.product.unit_key", "PZA"), "items[0].product.unit_key", "c_ClaveUnidad"},
		{"product key not in c_ClaveProdServ", validBody, set("items.product.product_key", "99999999"), "items[0].product.product_key", "c_ClaveProdServ"},
		{"'|' in a description", validBody, set("items.product.description", "Cable | UTP"), "items[0].product.description", "carácter |"},
		{"a control character in a description", validBody, set("items.product.description", "Cable\x01UTP"), "items[0].product.description", "patrón del SAT"},
		{"a description of 1001 characters", validBody, set("items.product.description", strings.Repeat("a", 1001)), "items[0].product.description", "1000"},
		{"'|' in a sku", validBody, set("items.product.sku", "A|B"), "items[0].product.sku", "carácter |"},
		{"a free item", validBody, func(b map[string]any) { set("items.discount", nil)(b); set("items.product.price", 0)(b) }, "items[0]", "mayor que cero"},
		{"a 100 % discount", validBody, set("items.discount", 691.20), "items[0]", "mayor que cero"},
		{"quantity", validBody, set("items.quantity", 0), "items[0].quantity", "mayor que cero"},
		{"negative price", validBody, set("items.product.price", -1), "items[0].product.price", "negativo"},
		{"discount over the amount", validBody, set("items.discount", 691.21), "items[0].discount", "no puede ser mayor"},
		{"other taxes", validBody, set("items.product.taxes", []any{map[string]any{"type": "IVA", "rate": 0.08}}), "items[0].product.taxes", "0.16"},
		{"payment form", validBody, set("payment_form", "05"), "payment_form", "c_FormaPago"},
		{"payment method", validBody, set("payment_method", "XYZ"), "payment_method", "PUE o PPD"},
		{"PUE with 99", validBody, set("payment_form", "99"), "payment_form", "PUE"},
		{"global with an RFC", validBody, set("global", map[string]any{"periodicity": "day", "months": "03", "year": 2025}), "global", "XAXX010101000"},
		{"XAXX without global", globalBody, set("global", nil), "global", "requieren el objeto global"},
		{"global régimen", globalBody, set("customer.tax_system", "601"), "customer.tax_system", ""},
		{"global uso", globalBody, set("use", "G03"), "use", ""},
		{"global zip", globalBody, set("customer.address.zip", "64000"), "customer.address.zip", "03100"},
		{"global periodicity", globalBody, set("global.periodicity", "yearly"), "global.periodicity", "day, week"},
		{"global months", globalBody, set("global.months", "13"), "global.months", "01 a 12"},
		{"two months", globalBody, set("global.periodicity", "two_months"), "global.months", "13 a 18"},
		{"global year", globalBody, set("global.year", 2019), "global.year", "2022"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := New(key)
			b := tc.body()
			tc.change(b)
			w := call(t, s, "POST", "/v2/invoices", b)
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d, want 400: %s", w.Code, w.Body.String())
			}
			e := decode[apiError](t, w)
			if e.Path != tc.path || !strings.Contains(e.Message, tc.contains) || e.Message == "" || e.Status != 400 || e.OK {
				t.Errorf("error = %+v, want path %s and a message with %q", e, tc.path, tc.contains)
			}
			if len(s.Invoices()) != 0 {
				t.Error("a refused invoice was stamped")
			}
		})
	}
}

func TestGlobalAccepted(t *testing.T) {
	s := New(key)
	w := call(t, s, "POST", "/v2/invoices", globalBody())
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body.String())
	}
	if inv := decode[Invoice](t, w); inv.Global == nil || inv.Global.Periodicity != "day" || inv.Use != "S01" {
		t.Errorf("global invoice = %+v", inv)
	}
}

func TestAuthAndFailures(t *testing.T) {
	s := New(key)
	req := httptest.NewRequest("GET", "/v2/invoices", nil)
	req.Header.Set("Authorization", "Bearer sk_test_other")
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	if e := decode[apiError](t, w); w.Code != 401 || e.Code != "api_key_invalid" || e.Message == "" {
		t.Errorf("wrong key: %d %+v", w.Code, e)
	}
	s.FailNext(2)
	for range 2 {
		if w := call(t, s, "POST", "/v2/invoices", validBody()); w.Code != 500 {
			t.Errorf("status %d, want 500", w.Code)
		}
	}
	if len(s.Invoices()) != 0 {
		t.Fatal("a failed request stamped an invoice")
	}
	if w := call(t, s, "POST", "/v2/invoices", validBody()); w.Code != 200 {
		t.Errorf("after the failures: %d", w.Code)
	}
}

func TestIdempotencyKey(t *testing.T) {
	s := New(key)
	first := decode[Invoice](t, call(t, s, "POST", "/v2/invoices", validBody()))
	w := call(t, s, "POST", "/v2/invoices", validBody())
	if e := decode[apiError](t, w); w.Code != http.StatusConflict || e.Code != "idempotency_key_in_use" {
		t.Fatalf("repeated key: %d %+v", w.Code, e)
	}
	list := decode[struct{ Data []Invoice }](t, call(t, s, "GET", "/v2/invoices?external_id=fac-1", nil))
	if len(list.Data) != 1 || list.Data[0].UUID != first.UUID || len(s.Invoices()) != 1 {
		t.Errorf("search by external_id = %+v, %d invoices", list.Data, len(s.Invoices()))
	}
}

func TestDelayStampsBeforeAnswering(t *testing.T) {
	s := New(key)
	srv := httptest.NewServer(s)
	defer srv.Close()
	s.SetDelay(300 * time.Millisecond)
	b, _ := json.Marshal(validBody())
	req, _ := http.NewRequest("POST", srv.URL+"/v2/invoices", bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+key)
	client := &http.Client{Timeout: 50 * time.Millisecond}
	if resp, err := client.Do(req); err == nil {
		resp.Body.Close()
		t.Fatal("the client should have timed out")
	}
	if len(s.Invoices()) != 1 {
		t.Errorf("%d invoices after the timeout, want the one stamped", len(s.Invoices()))
	}
}

func TestCancellation(t *testing.T) {
	s := New(key)
	big := decode[Invoice](t, call(t, s, "POST", "/v2/invoices", validBody())) // 906.19
	b := validBody()
	b["idempotency_key"] = "fac-2"
	b["items"].([]any)[0].(map[string]any)["quantity"] = 3 // 3 × 345.60 − 10 + 100, with IVA > 1,000
	bigger := decode[Invoice](t, call(t, s, "POST", "/v2/invoices", b))

	w := call(t, s, "DELETE", "/v2/invoices/"+big.ID+"?motive=01", nil)
	if e := decode[apiError](t, w); w.Code != 400 || e.Code != "substitution_invoice_required" {
		t.Errorf("01 without substitution: %d %+v", w.Code, e)
	}
	w = call(t, s, "DELETE", "/v2/invoices/"+big.ID+"?motive=01&substitution=00000000-0000-4000-8000-000000000000", nil)
	if e := decode[apiError](t, w); w.Code != 400 || e.Code != "substitution_invoice_not_found" {
		t.Errorf("unknown substitution: %d %+v", w.Code, e)
	}
	// Up to $1,000: cancelled at once.
	w = call(t, s, "DELETE", "/v2/invoices/"+big.ID+"?motive=01&substitution="+bigger.UUID, nil)
	if inv := decode[Invoice](t, w); w.Code != 200 || inv.Status != "canceled" {
		t.Errorf("small cancellation: %d %+v", w.Code, inv)
	}
	if w := call(t, s, "DELETE", "/v2/invoices/"+big.ID+"?motive=02", nil); w.Code != http.StatusConflict {
		t.Errorf("cancelling twice: %d", w.Code)
	}
	// Over $1,000 to an RFC: the receptor must accept.
	w = call(t, s, "DELETE", "/v2/invoices/"+bigger.ID+"?motive=02", nil)
	if inv := decode[Invoice](t, w); inv.Status != "valid" || inv.CancellationStatus != "pending" {
		t.Errorf("big cancellation: %+v", inv)
	}
	if n := s.AcceptCancellations(); n != 1 {
		t.Errorf("accepted %d", n)
	}
	if inv := decode[Invoice](t, call(t, s, "GET", "/v2/invoices/"+bigger.ID, nil)); inv.Status != "canceled" || inv.CancellationStatus != "accepted" {
		t.Errorf("after acceptance: %+v", inv)
	}
}

func TestDownloads(t *testing.T) {
	s := New(key)
	inv := decode[Invoice](t, call(t, s, "POST", "/v2/invoices", validBody()))
	pdf := call(t, s, "GET", "/v2/invoices/"+inv.ID+"/pdf", nil)
	if pdf.Code != 200 || !bytes.HasPrefix(pdf.Body.Bytes(), []byte("%PDF")) {
		t.Fatalf("pdf: %d %.40q", pdf.Code, pdf.Body.String())
	}
	for _, want := range []string{inv.UUID, "XOJI740919U48", "Documento de prueba sin validez fiscal", "$906.19", "Playera b\xe1sica"} {
		if !bytes.Contains(pdf.Body.Bytes(), []byte(want)) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	x := call(t, s, "GET", "/v2/invoices/"+inv.ID+"/xml", nil)
	cfditest.Valid(t, x.Body.Bytes())
	var doc struct {
		Total    string `xml:"Total,attr"`
		Receptor struct {
			Rfc string `xml:"Rfc,attr"`
		} `xml:"Receptor"`
		Complemento struct {
			Timbre struct {
				UUID string `xml:"UUID,attr"`
			} `xml:"TimbreFiscalDigital"`
		} `xml:"Complemento"`
	}
	if err := xml.Unmarshal(x.Body.Bytes(), &doc); err != nil || x.Code != 200 {
		t.Fatalf("xml: %d %v", x.Code, err)
	}
	if doc.Total != "906.19" || doc.Receptor.Rfc != "XOJI740919U48" || doc.Complemento.Timbre.UUID != inv.UUID {
		t.Errorf("xml = %+v", doc)
	}
}

// Every CFDI the fake stamps validates against the SAT's schema: a global, a discount, a name
// with accents and XML's special characters.
func TestStampedXMLIsValid(t *testing.T) {
	s := New(key)
	for _, body := range []map[string]any{validBody(), globalBody()} {
		body["idempotency_key"], body["external_id"] = nil, nil
		inv := decode[Invoice](t, call(t, s, "POST", "/v2/invoices", body))
		x := call(t, s, "GET", "/v2/invoices/"+inv.ID+"/xml", nil)
		if x.Code != 200 {
			t.Fatalf("xml: %d %s", x.Code, x.Body.String())
		}
		cfditest.Valid(t, x.Body.Bytes())
	}
}

// A description long enough to wrap keeps every word in the PDF: the extras billed with a line
// are at its end.
func TestPDFShowsTheWholeDescription(t *testing.T) {
	s := New(key)
	b := validBody()
	desc := "Kit de videovigilancia con cámara IP de 4 megapíxeles (Exterior) + Instalación en sitio, Soporte anual, Garantía extendida ZETAFINAL"
	b["items"].([]any)[1].(map[string]any)["product"].(map[string]any)["description"] = desc
	inv := decode[Invoice](t, call(t, s, "POST", "/v2/invoices", b))
	pdf := call(t, s, "GET", "/v2/invoices/"+inv.ID+"/pdf", nil)
	for _, want := range []string{"Soporte", "extendida", "ZETAFINAL", "Instalaci\xf3n"} {
		if !bytes.Contains(pdf.Body.Bytes(), []byte(want)) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
}

// A 202 'pending' invoice has no UUID and no files until the SAT answers; GET tells when.
func TestPendingInvoice(t *testing.T) {
	s := New(key)
	s.PendNext(2)
	w := call(t, s, "POST", "/v2/invoices", validBody())
	inv := decode[Invoice](t, w)
	if w.Code != http.StatusAccepted || inv.Status != "pending" || inv.UUID != "" {
		t.Fatalf("pending answer %d %+v", w.Code, inv)
	}
	if x := call(t, s, "GET", "/v2/invoices/"+inv.ID+"/xml", nil); x.Code != http.StatusBadRequest {
		t.Errorf("the XML of a pending invoice: %d", x.Code)
	}
	if n := s.FinishPending(); n != 1 {
		t.Fatalf("FinishPending = %d", n)
	}
	got := decode[Invoice](t, call(t, s, "GET", "/v2/invoices/"+inv.ID, nil))
	if got.Status != "valid" || got.UUID == "" {
		t.Fatalf("after FinishPending: %+v", got)
	}
	b := validBody()
	b["idempotency_key"], b["external_id"] = "fac-2", "fac-2"
	second := decode[Invoice](t, call(t, s, "POST", "/v2/invoices", b))
	s.FailPending("El SAT rechazó el comprobante.")
	got = decode[Invoice](t, call(t, s, "GET", "/v2/invoices/"+second.ID, nil))
	if got.Status != "failed" || got.UUID != "" || got.Message == "" {
		t.Fatalf("after FailPending: %+v", got)
	}
}

// The organization endpoint reports the postal code the CFDIs are issued from.
func TestOrganization(t *testing.T) {
	s := New(key)
	s.LugarExpedicion = "64000"
	var org struct {
		Legal struct {
			TaxID   string `json:"tax_id"`
			Address struct {
				Zip string `json:"zip"`
			} `json:"address"`
		} `json:"legal"`
	}
	w := call(t, s, "GET", "/v2/organizations/me", nil)
	if err := json.Unmarshal(w.Body.Bytes(), &org); err != nil || w.Code != 200 || org.Legal.Address.Zip != "64000" || org.Legal.TaxID != EmisorRFC {
		t.Fatalf("organization %d %s", w.Code, w.Body.String())
	}
}

// An egreso (nota de crédito) is taken as Facturapi takes it: type "E" related with 01 to a valid
// CFDI of the organization; without related documents, or related to an unknown UUID, refused.
func TestEgresoNeedsItsRelatedCFDI(t *testing.T) {
	s := New(key)
	orig := decode[Invoice](t, call(t, s, "POST", "/v2/invoices", validBody()))
	egreso := func(key string, related any) *httptest.ResponseRecorder {
		b := validBody()
		b["type"], b["use"], b["idempotency_key"], b["external_id"] = "E", "G02", key, key
		if related != nil {
			b["related_documents"] = related
		}
		return call(t, s, "POST", "/v2/invoices", b)
	}
	if w := egreso("nc-0", nil); w.Code != 400 || !strings.Contains(w.Body.String(), "related_documents") {
		t.Fatalf("an egreso without related documents: %d %s", w.Code, w.Body)
	}
	unknown := []any{map[string]any{"relationship": "01", "documents": []string{"6F1C9C0E-1B2A-4C3D-8E4F-5A6B7C8D9E0F"}}}
	if w := egreso("nc-1", unknown); w.Code != 400 || !strings.Contains(w.Body.String(), "no es una factura vigente") {
		t.Fatalf("an egreso of an unknown CFDI: %d %s", w.Code, w.Body)
	}
	w := egreso("nc-2", []any{map[string]any{"relationship": "01", "documents": []string{strings.ToLower(orig.UUID)}}})
	inv := decode[Invoice](t, w)
	if w.Code != 200 || inv.Type != "E" || len(inv.RelatedDocuments) != 1 || inv.RelatedDocuments[0].Documents[0] != orig.UUID {
		t.Fatalf("egreso: %d %s", w.Code, w.Body)
	}
	x := call(t, s, "GET", "/v2/invoices/"+inv.ID+"/xml", nil)
	cfditest.Valid(t, x.Body.Bytes())
	if !strings.Contains(x.Body.String(), `TipoDeComprobante="E"`) || !strings.Contains(x.Body.String(), `TipoRelacion="01"`) {
		t.Fatalf("the egreso's XML: %s", x.Body)
	}
	if w := call(t, s, "POST", "/v2/invoices", map[string]any{"type": "P"}); w.Code != 400 || !strings.Contains(w.Body.String(), "egreso") {
		t.Fatalf("type P: %d %s", w.Code, w.Body)
	}
}
