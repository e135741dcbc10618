package main

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/invoicing/pacfake"
	"tienda/pkg/cfdi/cfditest"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/shoptime"
)

// The CFDIs the shop makes are ones the SAT accepts (issue #23, item 7): each is read back from
// the shop and validated against the SAT's schema and Anexo 20's arithmetic.

// newInvoicingShopWith is newInvoicingShop with the fake PAC set up before the shop starts.
func newInvoicingShopWith(t *testing.T, setUp func(*pacfake.Server)) *invoicingShop {
	t.Helper()
	pac := pacfake.New("sk_test_fake")
	setUp(pac)
	// Every CFDI a test has the fake stamp is checked against the SAT's schema and arithmetic.
	t.Cleanup(func() {
		docs, err := pac.StampedXML()
		if err != nil {
			t.Fatal(err)
		}
		for _, doc := range docs {
			cfditest.Valid(t, doc)
		}
	})
	srv := httptest.NewServer(pac)
	t.Cleanup(srv.Close)
	a := MustStart(t, t.TempDir(), map[string]string{"DEMO_DATA": "true", "FACTURAPI_KEY": "sk_test_fake", "FACTURAPI_URL": srv.URL})
	t.Cleanup(func() { closeApp(t, a) })
	return &invoicingShop{shop: &shop{t: t, app: a, h: a.Handler(), toks: map[string]string{}}, pac: pac}
}

// validXML downloads the stamped XML of factura id and validates it.
func (s *invoicingShop) validXML(id string) string {
	s.t.Helper()
	rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+id+"/xml", nil)
	if rec.Code != 200 {
		s.t.Fatalf("xml of %s: %d %s", id, rec.Code, rec.Body)
	}
	cfditest.Valid(s.t, rec.Body.Bytes())
	return rec.Body.String()
}

// order places a counter order of lines and has the Cajero mark it paid with method.
func (s *invoicingShop) order(method string, lines ...map[string]any) sale {
	s.t.Helper()
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": lines})
	if rec.Code != http.StatusCreated {
		s.t.Fatalf("order: %d %s", rec.Code, rec.Body)
	}
	v := decodeSale(s.t, rec)
	if rec := s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, map[string]string{"pago": "Pagado", "metodoPago": method}); rec.Code != 200 {
		s.t.Fatalf("pay: %d %s", rec.Code, rec.Body)
	}
	return v
}

// makeFree gives p's first variant a 100 % discount and its extras a price of 0.
func (s *invoicingShop) makeFree(p product) {
	s.t.Helper()
	v := p.Variantes[0]
	extras := []map[string]any{}
	for _, e := range p.Extras {
		extras = append(extras, map[string]any{"_id": e.ID, "nombre": "Regalo " + e.ID[len(e.ID)-4:], "precio": 0})
	}
	rec := s.call("auxiliar@tienda.mx", http.MethodPatch, "/v1/productos/"+p.ID, map[string]any{
		"variantes": []map[string]any{{"_id": v.ID, "talla": "Unico", "tamano": "1 pieza", "stock": v.Stock, "precioVenta": v.PrecioVenta, "descuento": 100}},
		"extras":    extras})
	if rec.Code != 200 {
		s.t.Fatalf("free product: %d %s", rec.Code, rec.Body)
	}
}

func TestEveryCFDIIsOneTheSATAccepts(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	pid := s.profile("cliente@tienda.mx", fisica)
	paid := s.pick(true)
	var piped, free product
	for _, p := range s.products() {
		if p.ID == paid.ID || len(p.Variantes) == 0 || p.Variantes[0].Stock < 5 || len(p.Extras) == 0 {
			continue
		}
		if piped.ID == "" {
			piped = p
		} else if free.ID == "" {
			free = p
		}
	}
	if free.ID == "" {
		t.Fatal("not enough demo products")
	}
	if rec := s.call("auxiliar@tienda.mx", http.MethodPatch, "/v1/productos/"+piped.ID, map[string]any{"nombre": "Cable | UTP cat 6"}); rec.Code != 200 {
		t.Fatalf("rename: %d %s", rec.Code, rec.Body)
	}
	s.makeFree(free)

	// A discounted line with an extra, and a free line with a free extra: one concepto.
	withFree := s.order("Tarjeta", cartLine(paid, 2, true), cartLine(free, 1, true))
	f := s.invoiced(withFree, pid)
	if f.Estado != "valida" || len(f.Conceptos) != 1 || f.Total != withFree.Total || f.Descuento == 0 {
		t.Fatalf("a sale with a free line: %+v (sale %+v)", f, withFree)
	}
	s.validXML(f.ID)

	// A name with '|': written with '/', as the schema's pattern takes it.
	named := s.order("Efectivo", cartLine(piped, 1, true))
	f = s.invoiced(named, pid)
	if xml := s.validXML(f.ID); !strings.Contains(xml, "Cable / UTP cat 6") {
		t.Fatalf("the name: %s", xml)
	}

	// Only free lines: nothing to bill, said in Spanish, and the sale stays unclaimed.
	allFree := s.order("Efectivo", cartLine(free, 1, true))
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+allFree.ID, map[string]string{"perfilId": pid})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 409 || !strings.Contains(e.Message, "no tiene importe que facturar") {
		t.Fatalf("a free sale: %d %s", rec.Code, rec.Body)
	}

	// The day's global leaves the free sale out of its preview and never blocks on it. (Each sale is
	// in the global of the day it was paid: two days if the payments crossed the shop's midnight.)
	cash := s.order("Efectivo", cartLine(s.cheap(), 1, false))
	cashDay, freeDay := shopDay(s.paidAt(cash.ID)), shopDay(s.paidAt(allFree.ID))
	preview := func(day string) string {
		rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/global/vista-previa?periodicidad=dia&fecha="+day, nil)
		if rec.Code != 200 {
			t.Fatalf("preview: %d %s", rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
	if got := preview(cashDay); !strings.Contains(got, cash.ID) {
		t.Fatalf("the preview leaves out a cash sale: %s", got)
	}
	if got := preview(freeDay); strings.Contains(got, allFree.ID) {
		t.Fatalf("the preview has a free sale: %s", got)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": freeDay, "ventas": []string{allFree.ID}})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 409 || !strings.Contains(e.Message, "sin costo") {
		t.Fatalf("a global of a free sale: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": cashDay, "ventas": []string{cash.ID, allFree.ID}})
	g := decodeFactura(t, rec)
	if rec.Code != 201 || g.Estado != "valida" || len(g.Conceptos) != 1 || g.Total != cash.Total {
		t.Fatalf("global: %d %s", rec.Code, rec.Body)
	}
	s.validXML(g.ID)
}

// The product form's SAT keys are checked when saved, each with its message on its field, and
// the CFDI carries the keys saved.
func TestSATKeysAreCheckedWhenAProductIsSaved(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	p := s.pick(false)
	for _, tc := range []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"sat_key": "4617"}, "sat_key"},
		{map[string]any{"sat_key": "99999999"}, "sat_key"},
		{map[string]any{"sat_key": "01010101"}, "sat_key"},
		{map[string]any{"unidad_de_medida": map[string]string{"clave_unidad_sat": "PZA"}}, "unidad_de_medida.clave_unidad_sat"},
	} {
		rec := s.call("auxiliar@tienda.mx", http.MethodPatch, "/v1/productos/"+p.ID, tc.body)
		if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Fields[tc.field] == "" {
			t.Fatalf("%v: %d %s", tc.body, rec.Code, rec.Body)
		}
	}
	rec := s.call("auxiliar@tienda.mx", http.MethodPatch, "/v1/productos/"+p.ID, map[string]any{
		"sat_key": "43222610", "unidad_de_medida": map[string]string{"clave_unidad_sat": "e48"}, "marca": "Ubiquiti", "modelo": "USW-24", "garantia": "2 años"})
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"clave_unidad_sat":"E48"`) || !strings.Contains(rec.Body.String(), `"garantia":"2 años"`) {
		t.Fatalf("valid keys: %d %s", rec.Code, rec.Body)
	}
	v := s.paidSale(1, false, false, "Efectivo")
	f := s.invoiced(v, s.profile("cliente@tienda.mx", fisica))
	if len(f.Conceptos) != 1 || f.Conceptos[0].ClaveProdServ != "43222610" || f.Conceptos[0].NoIdentificacion != "USW-24" {
		t.Fatalf("%+v", f.Conceptos)
	}
	if xml := s.validXML(f.ID); !strings.Contains(xml, `ClaveUnidad="E48"`) {
		t.Fatalf("unit: %s", xml)
	}
}

// Facturapi's 202: accepted, not stamped. The factura stays 'timbrando' without a UUID and the
// retry asks the PAC until it says valid, or refused (the sale is then freed).
func TestAPendingCFDIStaysTimbrandoUntilThePACSettlesIt(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	pid := s.profile("cliente@tienda.mx", fisica)
	retry := func() {
		t.Helper()
		if err := s.app.invoicing.Service().Retry(context.Background(), 0); err != nil {
			t.Fatal(err)
		}
	}
	get := func(id string) factura {
		return decodeFactura(t, s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+id, nil))
	}
	v := s.paidSale(1, false, false, "Efectivo")
	s.pac.PendNext(1)
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid})
	f := decodeFactura(t, rec)
	if rec.Code != http.StatusAccepted || f.Estado != "timbrando" || f.UUID != "" {
		t.Fatalf("pending: %d %s", rec.Code, rec.Body)
	}
	retry()
	if got := get(f.ID); got.Estado != "timbrando" || got.UUID != "" {
		t.Fatalf("still pending at the PAC: %+v", got)
	}
	s.pac.FinishPending()
	retry()
	got := get(f.ID)
	if got.Estado != "valida" || len(got.UUID) != 36 || len(s.pac.Invoices()) != 1 {
		t.Fatalf("stamped: %+v", got)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil); !strings.Contains(rec.Body.String(), got.UUID) {
		t.Fatalf("the sale: %s", rec.Body)
	}
	s.validXML(f.ID)

	w := s.paidSale(1, false, false, "Efectivo")
	s.pac.PendNext(1)
	f = decodeFactura(t, s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+w.ID, map[string]string{"perfilId": pid}))
	s.pac.FailPending("El SAT rechazó el comprobante: sello inválido.")
	retry()
	if got := get(f.ID); got.Estado != "error" || !s.saleIsFree(w) {
		t.Fatalf("refused after pending: %+v", got)
	}
}

// Motivo 04 is for a factura global; a CFDI cancelled with 03 leaves its sale out of every CFDI.
func TestCancellationMotivos04And03(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	pid := s.profile("cliente@tienda.mx", fisica)
	v := s.paidSaleOf(s.cheap())
	f := s.invoiced(v, pid)
	rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+f.ID+"/cancelar", map[string]string{"motivo": "04"})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || !strings.Contains(e.Fields["motivo"], "solo para una factura global") {
		t.Fatalf("04 for an individual CFDI: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/"+f.ID+"/cancelar", map[string]string{"motivo": "03"})
	if got := decodeFactura(t, rec); rec.Code != 200 || got.Estado != "cancelada" {
		t.Fatalf("03: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid})
	if e := httpxtest.DecodeError(t, rec); rec.Code != 409 || !strings.Contains(e.Message, "motivo 03") {
		t.Fatalf("billed again: %d %s", rec.Code, rec.Body)
	}
	day := shopDay(s.paidAt(v.ID)) // the global of the day it was paid
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/global/vista-previa?periodicidad=dia&fecha="+day, nil)
	if rec.Code != 200 || strings.Contains(rec.Body.String(), v.ID) {
		t.Fatalf("in the global: %s", rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": day, "ventas": []string{v.ID}})
	if rec.Code != 409 {
		t.Fatalf("a global of it: %d %s", rec.Code, rec.Body)
	}
}

// The global takes the sales paid in its period: an order of yesterday paid today is today's.
func TestTheGlobalTakesTheSalesPaidInItsPeriod(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.paidSale(1, false, false, "Efectivo")
	now := s.paidAt(v.ID).In(shoptime.Zone) // "today" is the day it was paid
	if _, err := s.app.store.W.Collection("ventas").UpdateOne(context.Background(), bson.M{"_id": mustOID(t, v.ID)},
		bson.M{"$set": bson.M{"fecha": now.AddDate(0, 0, -1)}}); err != nil {
		t.Fatal(err)
	}
	preview := func(day time.Time) string {
		rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/global/vista-previa?periodicidad=dia&fecha="+day.Format("2006-01-02"), nil)
		if rec.Code != 200 {
			t.Fatalf("preview: %d %s", rec.Code, rec.Body)
		}
		return rec.Body.String()
	}
	if !strings.Contains(preview(now), v.ID) || strings.Contains(preview(now.AddDate(0, 0, -1)), v.ID) {
		t.Fatal("the global goes by the order's date, not the payment's")
	}
	rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": now.AddDate(0, 0, -1).Format("2006-01-02"), "ventas": []string{v.ID}})
	if rec.Code != 409 {
		t.Fatalf("yesterday's global took a sale paid today: %d %s", rec.Code, rec.Body)
	}
}

func mustOID(t testing.TB, id string) bson.ObjectID {
	t.Helper()
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		t.Fatal(err)
	}
	return oid
}

// SHOP_CP is checked against the PAC account at start: a difference is shown to staff, and the
// shop runs on.
func TestSHOPCPIsCheckedAgainstThePACAccount(t *testing.T) {
	t.Parallel()
	cuenta := func(s *invoicingShop) map[string]string {
		rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas", nil)
		var ans struct{ Cuenta map[string]string }
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &ans) != nil {
			t.Fatalf("list: %d %s", rec.Code, rec.Body)
		}
		return ans.Cuenta
	}
	ok := newInvoicingShop(t)
	if c := cuenta(ok); c["aviso"] != "" || c["codigoPostalPac"] != "03100" || c["lugarExpedicion"] != "03100" {
		t.Fatalf("agreeing: %v", c)
	}
	bad := newInvoicingShopWith(t, func(p *pacfake.Server) { p.LugarExpedicion = "64000" })
	if c := cuenta(bad); !strings.Contains(c["aviso"], "no coincide") || c["codigoPostalPac"] != "64000" {
		t.Fatalf("differing: %v", c)
	}
}

// A total the PAC stamps that is not ours is kept on the factura for staff to see.
func TestAStampedTotalThatDiffersIsFlagged(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.paidSale(1, false, false, "Efectivo")
	s.pac.SkewTotals(0.01)
	f := s.invoiced(v, s.profile("cliente@tienda.mx", fisica))
	rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+f.ID, nil)
	var got struct {
		Total    float64 `json:"total"`
		TotalPac float64 `json:"totalPac"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || math.Round((got.TotalPac-got.Total)*100) != 1 {
		t.Fatalf("%s", rec.Body)
	}
	s.pac.SkewTotals(0)
	w := s.paidSale(1, false, false, "Efectivo")
	g := s.invoiced(w, s.profile("cliente@tienda.mx", fisica))
	if rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+g.ID, nil); strings.Contains(rec.Body.String(), "totalPac") {
		t.Fatalf("flagged though equal: %s", rec.Body)
	}
}
