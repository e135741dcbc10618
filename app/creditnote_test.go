package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/sales"
	"tienda/pkg/money"
)

// A return of an invoiced sale issues its CFDI de egreso (nota de crédito, issue #23 item 2):
// related with 01 to the sale's CFDI, with the refund's amounts, valid by the SAT's schema.

// returnedSale is a sale's JSON as a return answers it.
type returnedSale struct {
	Carrito []struct {
		ID string `json:"_id"`
	} `json:"carrito"`
	Devoluciones []struct {
		ID       string  `json:"_id"`
		Subtotal float64 `json:"subtotal"`
		IVA      float64 `json:"iva"`
		Monto    float64 `json:"monto"`
		Lineas   []struct {
			Cantidad int     `json:"cantidad"`
			Subtotal float64 `json:"subtotal"`
			IVA      float64 `json:"iva"`
		} `json:"lineas"`
		Nota *struct {
			FacturaID string `json:"facturaId"`
			UUID      string `json:"uuid"`
			Estado    string `json:"estado"`
		} `json:"notaCredito"`
	} `json:"devoluciones"`
}

// giveBack has the Cajero return units of lines of v (cart index → units) refunded by metodo.
func (s *invoicingShop) giveBack(v sale, metodo string, units map[int]int) (int, returnedSale, string) {
	s.t.Helper()
	var cur returnedSale
	if err := json.Unmarshal(s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil).Body.Bytes(), &cur); err != nil {
		s.t.Fatal(err)
	}
	lineas := []any{}
	for i, n := range units {
		lineas = append(lineas, map[string]any{"idOrden": cur.Carrito[i].ID, "indice": i, "cantidad": n})
	}
	rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/"+v.ID+"/devoluciones",
		map[string]any{"lineas": lineas, "metodo": metodo, "motivo": "No era el modelo"})
	var got returnedSale
	if rec.Code == http.StatusCreated {
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			s.t.Fatal(err)
		}
	}
	return rec.Code, got, rec.Body.String()
}

// nota is the factura of a nota de crédito, with what a nota adds.
type nota struct {
	factura
	Relacionado string `json:"relacionado"`
	Mensaje     string `json:"mensaje"`
	Devolucion  struct {
		VentaID string `json:"ventaId"`
		ID      string `json:"_id"`
	} `json:"devolucion"`
}

func (s *invoicingShop) nota(id string) nota {
	s.t.Helper()
	rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+id, nil)
	var n nota
	if err := json.Unmarshal(rec.Body.Bytes(), &n); err != nil || rec.Code != 200 {
		s.t.Fatalf("nota %s: %d %s", id, rec.Code, rec.Body)
	}
	return n
}

func cents(p float64) money.Cents { return money.MustFromPesos(p) }

// It checks app's wiring too: the nota is 'valida' in the return's own answer only while the
// pkg/creditnotes desk goes to both sales and invoicing; without it, the nota would wait for the
// minute's retry.
func TestAReturnOfAnInvoicedSaleIssuesItsNotaDeCredito(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	pid := s.profile("cliente@tienda.mx", fisica)
	v := s.order("Efectivo", cartLine(s.pick(true), 3, true), cartLine(s.cheap(), 2, false))
	orig := s.invoiced(v, pid)
	code, got, body := s.giveBack(v, "Transferencia", map[int]int{0: 2, 1: 1})
	if code != http.StatusCreated || len(got.Devoluciones) != 1 {
		t.Fatalf("return of an invoiced sale: %d %s", code, body)
	}
	d := got.Devoluciones[0]
	if d.Nota == nil || d.Nota.Estado != "valida" || len(d.Nota.UUID) != 36 {
		t.Fatalf("the return's nota: %s", body)
	}
	n := s.nota(d.Nota.FacturaID)
	if n.Tipo != "egreso" || n.Estado != "valida" || n.UUID != d.Nota.UUID || n.Relacionado != orig.UUID ||
		n.Receptor.RFC != "GODE561231GR8" || n.Receptor.UsoCfdi != "G02" || n.FormaPago != "03" ||
		n.Devolucion.VentaID != v.ID || n.Devolucion.ID != d.ID {
		t.Fatalf("the nota: %+v", n)
	}
	// The refund's amounts, to the centavo, line by line.
	if cents(n.Subtotal) != cents(d.Subtotal) || cents(n.IVA) != cents(d.IVA) || cents(n.Total) != cents(d.Monto) ||
		len(n.Conceptos) != len(d.Lineas) {
		t.Fatalf("nota %v + %v = %v, refund %v + %v = %v", n.Subtotal, n.IVA, n.Total, d.Subtotal, d.IVA, d.Monto)
	}
	for i, c := range n.Conceptos {
		l := d.Lineas[i]
		if c.ClaveProdServ != "84111506" || c.NoIdentificacion != v.Folio || c.Cantidad != int64(l.Cantidad) ||
			cents(c.Importe) != cents(l.Subtotal) || cents(c.IVA) != cents(l.IVA) {
			t.Errorf("concepto %d %+v, returned line %+v", i, c, l)
		}
	}
	xml := s.validXML(n.ID)
	for _, want := range []string{`TipoDeComprobante="E"`, `<cfdi:CfdiRelacionados TipoRelacion="01">`,
		`<cfdi:CfdiRelacionado UUID="` + orig.UUID + `"`, `UsoCFDI="G02"`, `FormaPago="03"`, `MetodoPago="PUE"`, `ObjetoImp="02"`} {
		if !strings.Contains(xml, want) {
			t.Errorf("the nota's XML lacks %s", want)
		}
	}
	if rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+n.ID+"/pdf", nil); rec.Code != 200 {
		t.Fatalf("the nota's PDF: %d", rec.Code)
	}
	// Staff find it in Facturas as an egreso; the original CFDI still covers the sale.
	rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas?tipo=egreso", nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), n.UUID) || strings.Contains(rec.Body.String(), `"uuid":"`+orig.UUID+`"`) {
		t.Fatalf("Facturas, egresos: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil); !strings.Contains(rec.Body.String(), orig.UUID) {
		t.Fatalf("the sale lost its CFDI: %s", rec.Body)
	}
	// The rest of the sale, returned later, gets its own nota.
	code, got, body = s.giveBack(v, "Efectivo", map[int]int{0: 1, 1: 1})
	if code != http.StatusCreated || len(got.Devoluciones) != 2 || got.Devoluciones[1].Nota == nil || got.Devoluciones[1].Nota.Estado != "valida" {
		t.Fatalf("second return: %d %s", code, body)
	}
	if second := s.nota(got.Devoluciones[1].Nota.FacturaID); second.FormaPago != "01" || second.Relacionado != orig.UUID {
		t.Fatalf("second nota: %+v", second)
	}
}

func TestAReturnOfASaleInAGlobalIssuesAnEgresoToThePublic(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	v := s.order("Tarjeta", cartLine(s.pick(true), 2, true))
	day := shopDay(s.paidAt(v.ID)) // the global of the day it was paid
	rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": day, "ventas": []string{v.ID}})
	if rec.Code != 201 {
		t.Fatalf("global: %d %s", rec.Code, rec.Body)
	}
	g := decodeFactura(t, rec)
	if cents(g.Total) != cents(v.Total) {
		t.Fatalf("the global's total %v, the sale's %v", g.Total, v.Total)
	}
	code, got, body := s.giveBack(v, "Tarjeta", map[int]int{0: 2})
	if code != http.StatusCreated || got.Devoluciones[0].Nota == nil || got.Devoluciones[0].Nota.Estado != "valida" {
		t.Fatalf("return of a sale in a global: %d %s", code, body)
	}
	d := got.Devoluciones[0]
	n := s.nota(d.Nota.FacturaID)
	if n.Relacionado != g.UUID || n.Receptor.RFC != "XAXX010101000" || n.Receptor.UsoCfdi != "S01" || n.FormaPago != "04" ||
		cents(n.Total) != cents(d.Monto) || cents(n.IVA) != cents(d.IVA) {
		t.Fatalf("the egreso of a global's sale: %+v, refund %+v", n, d)
	}
	xml := s.validXML(n.ID)
	for _, want := range []string{`TipoDeComprobante="E"`, `TipoRelacion="01"`, `UUID="` + g.UUID + `"`, `<cfdi:InformacionGlobal`, `Rfc="XAXX010101000"`} {
		if !strings.Contains(xml, want) {
			t.Errorf("the egreso's XML lacks %s", want)
		}
	}
}

// The PAC down when the return is recorded, or the shop stopping right after it: the return
// stands, its nota stays 'timbrando', and the retry loop stamps it. (A sale in a global: no
// e-mail of its CFDI talks to the PAC meanwhile.)
func TestANotaDeCreditoTheReturnCouldNotStampIsStampedByTheRetry(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	retry := func() {
		t.Helper()
		if err := s.app.invoicing.Service().Retry(context.Background(), 0); err != nil {
			t.Fatal(err)
		}
	}
	v := s.order("Efectivo", cartLine(s.cheap(), 3, false))
	day := shopDay(s.paidAt(v.ID)) // the global of the day it was paid
	rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/facturas/global", map[string]any{"periodicidad": "dia", "fecha": day, "ventas": []string{v.ID}})
	orig := decodeFactura(t, rec)
	if rec.Code != 201 {
		t.Fatalf("global: %d %s", rec.Code, rec.Body)
	}
	s.pac.FailNext(1)
	code, got, body := s.giveBack(v, "Efectivo", map[int]int{0: 1})
	if code != http.StatusCreated || got.Devoluciones[0].Nota == nil || got.Devoluciones[0].Nota.Estado != "timbrando" {
		t.Fatalf("return with the PAC down: %d %s", code, body)
	}
	id := got.Devoluciones[0].Nota.FacturaID
	if n := s.nota(id); n.Estado != "timbrando" || n.Tipo != "egreso" {
		t.Fatalf("the nota before the retry: %+v", n)
	}
	retry()
	if n := s.nota(id); n.Estado != "valida" || n.Relacionado != orig.UUID {
		t.Fatalf("the nota after the retry: %+v", n)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil); !strings.Contains(rec.Body.String(), `"estado":"valida"`) {
		t.Fatalf("the return does not show its nota: %s", rec.Body)
	}
	s.validXML(id)

	// A stop right after the return was written: no factura yet, only the return's record. A
	// sales module built without the desk records it as the stopped process had.
	stopped := sales.New(sales.Deps{Store: s.app.store, Stock: salesStock{s.app.catalog.Service()}, Log: zerolog.Nop()}).Service()
	sid, err := bson.ObjectIDFromHex(v.ID)
	if err != nil {
		t.Fatal(err)
	}
	cur, err := stopped.Get(context.Background(), sid)
	if err != nil {
		t.Fatal(err)
	}
	back, err := stopped.Return(context.Background(), sid, sales.Actor{ID: "cajero", Name: "Cajero"},
		sales.ReturnRequest{Lineas: []sales.ReturnLine{{IDOrden: cur.Carrito[0].ID, Indice: 0, Cantidad: 1}}, Metodo: "Efectivo", Motivo: "No era el modelo"})
	if err != nil || len(back.Devoluciones) != 2 || back.Devoluciones[1].Nota == nil || back.Devoluciones[1].Nota.Estado != "timbrando" {
		t.Fatalf("return without the nota's step: %v %+v", err, back.Devoluciones)
	}
	id = back.Devoluciones[1].Nota.FacturaID
	if rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas/"+id, nil); rec.Code != 404 {
		t.Fatalf("the nota's factura before the retry: %d", rec.Code)
	}
	retry()
	if n := s.nota(id); n.Estado != "valida" || n.Relacionado != orig.UUID {
		t.Fatalf("the nota the retry issued: %+v", n)
	}
	retry() // once settled, nothing more is stamped
	if egresos := len(s.pac.Invoices()); egresos != 3 {
		t.Fatalf("%d CFDIs at the PAC, want the invoice and two notas", egresos)
	}
}

// A return while the sale's CFDI is still being stamped is refused; a nota the PAC refuses is
// flagged to staff with its message.
func TestANotaWaitsForItsCFDIAndARefusalIsShown(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	pid := s.profile("cliente@tienda.mx", fisica)
	v := s.order("Efectivo", cartLine(s.cheap(), 2, false))
	s.pac.FailNext(1)
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": pid})
	if f := decodeFactura(t, rec); rec.Code != http.StatusAccepted || f.Estado != "timbrando" {
		t.Fatalf("invoice with the PAC down: %d %s", rec.Code, rec.Body)
	}
	code, _, body := s.giveBack(v, "Efectivo", map[int]int{0: 1})
	if code != http.StatusConflict || !strings.Contains(body, "La venta se está facturando; inténtalo de nuevo en un momento.") {
		t.Fatalf("return while its CFDI is being stamped: %d %s", code, body)
	}
	if err := s.app.invoicing.Service().Retry(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	s.pac.Unregistered("GODE561231GR8", true)
	code, got, body := s.giveBack(v, "Efectivo", map[int]int{0: 1})
	if code != http.StatusCreated || got.Devoluciones[0].Nota == nil || got.Devoluciones[0].Nota.Estado != "rechazada" {
		t.Fatalf("a nota the PAC refuses: %d %s", code, body)
	}
	n := s.nota(got.Devoluciones[0].Nota.FacturaID)
	if n.Estado != "error" || !strings.Contains(n.Mensaje, "RFC del receptor") {
		t.Fatalf("the refused nota: %+v", n)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/facturas?tipo=egreso&estado=error", nil); !strings.Contains(rec.Body.String(), n.Mensaje) {
		t.Fatalf("Facturas does not show the refusal: %s", rec.Body)
	}
}
