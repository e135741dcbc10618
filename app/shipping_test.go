package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tienda/modules/cashcut"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/money"
)

// Shipping is money too (issue #23, item 8): a shipment's cost charged to the customer is a line
// of the sale, and a counter order can name the customer's account it is for.

// shippedSale is what these tests read of a sale.
type shippedSale struct {
	ID       string  `json:"_id"`
	Subtotal float64 `json:"subtotal"`
	IVA      float64 `json:"iva"`
	Total    float64 `json:"total"`
	Pago     string  `json:"pago"`
	Entrega  string  `json:"entrega"`
	Carrito  []struct {
		ID          string  `json:"_id"`
		Nombre      string  `json:"nombre"`
		PrecioFinal float64 `json:"precioFinal"`
		Cantidad    int     `json:"cantidad"`
		Envio       bool    `json:"envio"`
	} `json:"carrito"`
	Envio *struct {
		CostoEnvio  float64 `json:"costoEnvio"`
		CobrarEnvio bool    `json:"cobrarEnvio"`
	} `json:"envio"`
	Pagos []struct {
		Monto float64 `json:"monto"`
	} `json:"pagos"`
	Historial     []struct{ Campo, De, A string } `json:"historial"`
	UsuarioID     string                          `json:"usuarioId"`
	Usuario       struct{ Name, Email string }    `json:"usuario"`
	CreadoPor     string                          `json:"creadoPor"`
	NombreCreador string                          `json:"nombreCreador"`
}

func decodeShipped(t *testing.T, body []byte) shippedSale {
	t.Helper()
	var v shippedSale
	if err := json.Unmarshal(body, &v); err != nil || v.ID == "" {
		t.Fatalf("not a sale: %s", body)
	}
	return v
}

// perLine is what the sale's lines add up to, each priced by money.PriceLine (IVA per line).
func (v shippedSale) perLine(t *testing.T) money.Totals {
	t.Helper()
	lines := make([]money.Line, len(v.Carrito))
	for i, it := range v.Carrito {
		lines[i] = money.PriceLine(money.MustFromPesos(it.PrecioFinal), int64(it.Cantidad))
	}
	return money.Sum(lines...)
}

func (v shippedSale) totals() money.Totals {
	return money.Totals{Subtotal: money.MustFromPesos(v.Subtotal), IVA: money.MustFromPesos(v.IVA), Total: money.MustFromPesos(v.Total)}
}

// ship records a shipment of sale id as who, and answers the response.
func (s *shop) ship(who, id string, costo float64, cobrar bool, status string) (int, []byte) {
	s.t.Helper()
	rec := s.call(who, http.MethodPatch, "/v1/ventas/"+id, map[string]any{"envio": map[string]any{
		"status": status, "empresa": "DHL", "guia": "1234567890", "observaciones": "", "costoEnvio": costo, "cobrarEnvio": cobrar}})
	return rec.Code, rec.Body.Bytes()
}

func TestAChargedShipmentIsALineOfTheSale(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(true)
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(p, 3, true)}})
	if rec.Code != http.StatusCreated {
		t.Fatalf("order: %d %s", rec.Code, rec.Body)
	}
	placed := decodeShipped(t, rec.Body.Bytes())
	stock := s.product(p.ID).Variantes[0].Stock

	// Not charged: the shop's own expense, the total as it was.
	code, body := s.ship("auxiliar@tienda.mx", placed.ID, 149.99, false, "Enviado")
	v := decodeShipped(t, body)
	if code != 200 || len(v.Carrito) != 1 || v.Total != placed.Total || v.Envio == nil || v.Envio.CostoEnvio != 149.99 || v.Envio.CobrarEnvio {
		t.Fatalf("not charged: %d %s", code, body)
	}

	// Charged: a line 'Envío DHL' of one unit at the cost before IVA, the totals recomputed per line.
	code, body = s.ship("auxiliar@tienda.mx", placed.ID, 149.99, true, "Enviado")
	v = decodeShipped(t, body)
	if code != 200 || len(v.Carrito) != 2 {
		t.Fatalf("charged: %d %s", code, body)
	}
	line := v.Carrito[1]
	if !line.Envio || line.Nombre != "Envío DHL" || line.Cantidad != 1 || line.PrecioFinal != 149.99 || line.ID != "envio" {
		t.Fatalf("the shipping line: %+v", line)
	}
	if v.totals() != v.perLine(t) {
		t.Fatalf("totals %+v, lines %+v", v.totals(), v.perLine(t))
	}
	// 149.99 + 16 % = 149.99 + 24.00 (23.9984 rounded on the line alone).
	if want := money.MustFromPesos(placed.Total) + 14999 + 2400; v.totals().Total != want {
		t.Fatalf("total %v, want %v", v.totals().Total, want)
	}
	if got := s.product(p.ID).Variantes[0].Stock; got != stock {
		t.Fatalf("charging shipping moved stock: %d -> %d", stock, got)
	}

	// Changed: the line follows; the Historial says it in Spanish.
	code, body = s.ship("admin@tienda.mx", placed.ID, 200, true, "Enviado")
	v = decodeShipped(t, body)
	if code != 200 || len(v.Carrito) != 2 || v.Carrito[1].PrecioFinal != 200 || v.totals() != v.perLine(t) ||
		v.totals().Total != money.MustFromPesos(placed.Total)+20000+3200 {
		t.Fatalf("changed: %d %s", code, body)
	}
	found := false
	for _, h := range v.Historial {
		found = found || h.Campo == "envío cobrado" && h.De == "$149.99 + IVA" && h.A == "$200.00 + IVA"
	}
	if !found {
		t.Fatalf("historial: %+v", v.Historial)
	}

	// Not charged any more: the line goes, the total is the order's again.
	code, body = s.ship("auxiliar@tienda.mx", placed.ID, 200, false, "Enviado")
	if v = decodeShipped(t, body); code != 200 || len(v.Carrito) != 1 || v.Total != placed.Total || v.Subtotal != placed.Subtotal {
		t.Fatalf("uncharged: %d %s", code, body)
	}

	// Charged again, then paid: the payment is the total with the shipment.
	if code, body = s.ship("auxiliar@tienda.mx", placed.ID, 99.5, true, "Enviado"); code != 200 {
		t.Fatalf("charge: %d %s", code, body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+placed.ID, `{"pago":"Pagado","metodoPago":"Efectivo"}`)
	v = decodeShipped(t, rec.Body.Bytes())
	if rec.Code != 200 || len(v.Pagos) != 1 || v.Pagos[0].Monto != v.Total || v.Total != (money.MustFromPesos(placed.Total)+9950+1592).Pesos() {
		t.Fatalf("pay: %d %s", rec.Code, rec.Body)
	}
	paid := v

	// A paid sale's total cannot change: charging or uncharging is refused; its status can change.
	for _, c := range []struct {
		costo  float64
		cobrar bool
	}{{120, true}, {99.5, false}} {
		code, body = s.ship("auxiliar@tienda.mx", placed.ID, c.costo, c.cobrar, "Enviado")
		if code != http.StatusConflict || !strings.Contains(string(body), "Cobra el envío antes de registrar el pago") {
			t.Fatalf("a paid sale's shipment %+v: %d %s", c, code, body)
		}
	}
	if code, body = s.ship("auxiliar@tienda.mx", placed.ID, 99.5, true, "Entregado"); code != 200 || decodeShipped(t, body).Total != paid.Total {
		t.Fatalf("the status of a paid sale's shipment: %d %s", code, body)
	}

	// The shipping line has no delivered flag.
	rec = s.call("comandero@tienda.mx", http.MethodPatch, "/v1/ventas/order/"+placed.ID, map[string]string{"idOrden": "envio", "nombre": "Envío DHL"})
	if rec.Code != http.StatusConflict {
		t.Fatalf("delivered shipment: %d %s", rec.Code, rec.Body)
	}

	// The cut counts the charged shipment, with the sale's total.
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", `{}`)
	var cut cashcut.Cut
	if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &cut) != nil || cut.PorMetodo.TotalGeneral != paid.Total {
		t.Fatalf("cut (sale total %v): %d %s", paid.Total, rec.Code, rec.Body)
	}
	// So does 'Reporte de ventas' of the day it was paid; the shipment is no product sold.
	day := shopDay(s.paidAt(placed.ID))
	rec = s.call("admin@tienda.mx", http.MethodPost, "/v1/ventas/reporte", map[string]string{"startDate": day, "endDate": day})
	var report struct {
		TotalIngresos     float64 `json:"totalIngresos"`
		Ingresos          struct{ Subtotal, IVA float64 }
		ProductosVendidos map[string]int `json:"productosVendidos"`
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &report) != nil || report.TotalIngresos != paid.Total ||
		report.Ingresos.Subtotal != paid.Subtotal || report.Ingresos.IVA != paid.IVA || report.ProductosVendidos["Envío DHL"] != 0 {
		t.Fatalf("report (sale %+v): %d %s", paid.totals(), rec.Code, rec.Body)
	}

	// A return never takes the shipment back; returning every unit of the products is the whole sale.
	ret := func(indice, cantidad int, id string) *httptest.ResponseRecorder {
		return s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/"+placed.ID+"/devoluciones", map[string]any{
			"lineas": []any{map[string]any{"idOrden": id, "indice": indice, "cantidad": cantidad}}, "metodo": "Efectivo", "motivo": "No le sirvió"})
	}
	rec = ret(1, 1, "envio")
	if rec.Code != http.StatusBadRequest || httpxtest.DecodeError(t, rec).Fields["lineas.0.idOrden"] != "El envío no se devuelve: solo los artículos." {
		t.Fatalf("return of the shipment: %d %s", rec.Code, rec.Body)
	}
	rec = ret(0, 3, paid.Carrito[0].ID)
	if v = decodeShipped(t, rec.Body.Bytes()); rec.Code != http.StatusCreated || v.Entrega != "Devuelto" {
		t.Fatalf("return of every product: %d %s", rec.Code, rec.Body)
	}
}

// Cancelling an unpaid order with a charged shipment gives back the products' stock and nothing
// for the shipment.
func TestCancellingAnOrderWithAChargedShipment(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	before := s.product(p.ID).Variantes[0].Stock
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(p, 2, false)}})
	id := decodeShipped(t, rec.Body.Bytes()).ID
	if code, body := s.ship("auxiliar@tienda.mx", id, 80, true, "Enviado"); code != 200 {
		t.Fatalf("charge: %d %s", code, body)
	}
	if rec := s.call("comandero@tienda.mx", http.MethodPatch, "/v1/ventas/"+id, `{"entrega":"Cancelado"}`); rec.Code != 200 {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body)
	}
	if after := s.product(p.ID).Variantes[0].Stock; after != before {
		t.Fatalf("stock %d before, %d after cancelling", before, after)
	}
	// Only Auxiliar and Administrador record shipments.
	for _, who := range []string{"comandero@tienda.mx", "cajero@tienda.mx"} {
		if code, _ := s.ship(who, id, 80, true, "Enviado"); code != http.StatusForbidden {
			t.Errorf("%s: %d", who, code)
		}
	}
}

// The CFDI of a sale with a charged shipment has a concepto of shipping services (78102203) in
// units of service (E48), and the SAT's schema takes it.
func TestTheCFDIOfAChargedShipment(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	pid := s.profile("cliente@tienda.mx", fisica)
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(s.pick(true), 2, true)}})
	id := decodeShipped(t, rec.Body.Bytes()).ID
	if code, body := s.ship("auxiliar@tienda.mx", id, 149.99, true, "Enviado"); code != 200 {
		t.Fatalf("charge: %d %s", code, body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+id, `{"pago":"Pagado","metodoPago":"Tarjeta"}`)
	v := decodeShipped(t, rec.Body.Bytes())
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+id, map[string]string{"perfilId": pid})
	if rec.Code != 201 {
		t.Fatalf("invoice: %d %s", rec.Code, rec.Body)
	}
	var f struct {
		ID        string `json:"_id"`
		Estado    string
		Total     float64
		Conceptos []struct {
			ClaveProdServ string  `json:"claveProdServ"`
			ClaveUnidad   string  `json:"claveUnidad"`
			Descripcion   string  `json:"descripcion"`
			Cantidad      int64   `json:"cantidad"`
			ValorUnitario float64 `json:"valorUnitario"`
			Descuento     float64 `json:"descuento"`
			IVA           float64 `json:"iva"`
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &f); err != nil || f.Estado != "valida" || len(f.Conceptos) != 2 || f.Total != v.Total {
		t.Fatalf("factura (sale total %v): %s", v.Total, rec.Body)
	}
	c := f.Conceptos[1]
	if c.ClaveProdServ != "78102203" || c.ClaveUnidad != "E48" || c.Descripcion != "Envío DHL" || c.Cantidad != 1 ||
		c.ValorUnitario != 149.99 || c.Descuento != 0 || c.IVA != 24 {
		t.Fatalf("the shipping concepto: %+v", c)
	}
	xml := s.validXML(f.ID)
	if !strings.Contains(xml, `ClaveProdServ="78102203"`) || !strings.Contains(xml, `ClaveUnidad="E48"`) {
		t.Fatalf("xml: %s", xml)
	}
}

// Staff place a counter order for a customer's account: the sale is the customer's (their
// purchases list it), placed by the staff member; an id that is no customer's account is refused
// on its field, and a customer cannot place an order in another's name.
func TestACounterOrderForANamedCustomer(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	// The staff's picker finds the customer: only id, name and e-mail of customers' accounts.
	rec := s.call("comandero@tienda.mx", http.MethodGet, "/v1/usuarios/clientes?q=tienda.mx", nil)
	var found struct{ Clientes []map[string]any }
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &found) != nil || len(found.Clientes) != 1 {
		t.Fatalf("customers: %d %s", rec.Code, rec.Body)
	}
	cliente := found.Clientes[0]
	if cliente["email"] != "cliente@tienda.mx" || len(cliente) != 3 || cliente["_id"] == "" || cliente["name"] == "" {
		t.Fatalf("customer: %v", cliente)
	}
	clienteID := cliente["_id"].(string)
	if rec := s.call("comandero@tienda.mx", http.MethodGet, "/v1/usuarios/clientes?q=nadie-se-llama-asi", nil); rec.Code != 200 ||
		!strings.Contains(rec.Body.String(), `"clientes":[]`) {
		t.Fatalf("no match: %d %s", rec.Code, rec.Body)
	}
	for who, want := range map[string]int{"cliente@tienda.mx": 403, "": 401, "cajero@tienda.mx": 200, "auxiliar@tienda.mx": 200, "admin@tienda.mx": 200} {
		if rec := s.call(who, http.MethodGet, "/v1/usuarios/clientes", nil); rec.Code != want {
			t.Errorf("customers as %q: %d, want %d", who, rec.Code, want)
		}
	}

	order := func(who, clienteID string) *httptest.ResponseRecorder {
		return s.call(who, http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "clienteId": clienteID, "carrito": []any{cartLine(p, 1, false)}})
	}
	rec = order("comandero@tienda.mx", clienteID)
	if rec.Code != http.StatusCreated {
		t.Fatalf("order: %d %s", rec.Code, rec.Body)
	}
	v := decodeShipped(t, rec.Body.Bytes())
	if v.UsuarioID != clienteID || v.Usuario.Email != "cliente@tienda.mx" || v.CreadoPor == clienteID || v.CreadoPor == "" ||
		v.NombreCreador == "" || v.NombreCreador == v.Usuario.Name {
		t.Fatalf("the sale: %+v", v)
	}
	rec = s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/usuario/"+clienteID, nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), v.ID) {
		t.Fatalf("the customer's purchases: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil); rec.Code != 200 {
		t.Fatalf("the customer's sale: %d %s", rec.Code, rec.Body)
	}

	// Not a customer's account: the staff's own, an unknown one, no id at all.
	staff := v.CreadoPor
	for _, id := range []string{staff, "000000000000000000000000", "no-es-un-id"} {
		rec = order("cajero@tienda.mx", id)
		if rec.Code != http.StatusBadRequest || httpxtest.DecodeError(t, rec).Fields["clienteId"] != "No hay una cuenta de cliente activa con ese id." {
			t.Fatalf("clienteId %q: %d %s", id, rec.Code, rec.Body)
		}
	}
	// A customer cannot order in another's name.
	if rec = order("cliente@tienda.mx", clienteID); rec.Code != http.StatusForbidden {
		t.Fatalf("a customer naming an account: %d %s", rec.Code, rec.Body)
	}
	// Without clienteId, staff's counter order is theirs, as before.
	rec = order("cajero@tienda.mx", "")
	if w := decodeShipped(t, rec.Body.Bytes()); rec.Code != 201 || w.UsuarioID != w.CreadoPor {
		t.Fatalf("staff's own order: %d %s", rec.Code, rec.Body)
	}
}
