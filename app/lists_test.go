package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cashcut"
	"tienda/modules/sales"
	"tienda/pkg/apperr"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/salestate"
	"tienda/pkg/shoptime"
)

// salesPage is a page of a staff list of sales as the API answers it.
type salesPage struct {
	Ventas []map[string]any `json:"ventas"`
	Meta   struct {
		Page, Limit int
		Total       int64
		HasMore     bool
	} `json:"meta"`
}

func listOf(t *testing.T, s *shop, who, path string) salesPage {
	t.Helper()
	rec := s.call(who, http.MethodGet, path, nil)
	var p salesPage
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &p) != nil {
		t.Fatalf("%s %s: %d %.300s", who, path, rec.Code, rec.Body)
	}
	return p
}

// The order list and the sales list through the real router: who may read which, the page's
// shape (each sale as GET /v1/ventas/{id} answers it), search, filters, range, and a Spanish 400
// naming each bad parameter, with nothing changed.
func TestStaffSalesLists(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	clearOfMidnight(t) // the list asked with no days is the server's today: the sales placed must be of it
	p := s.pick(false)
	var placed []sale
	for i, who := range []string{"cliente@tienda.mx", "cajero@tienda.mx", "cliente@tienda.mx"} {
		rec := s.call(who, http.MethodPost, "/v1/ventas", map[string]any{"cliente": []string{"Juan Pérez", "Güero", "Sofía"}[i], "carrito": []any{cartLine(p, 1, false)}})
		if rec.Code != http.StatusCreated {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		placed = append(placed, decodeSale(t, rec))
		time.Sleep(3 * time.Millisecond)
	}
	now := time.Now().In(shoptime.Zone)
	yesterday := time.Date(now.Year(), now.Month(), now.Day()-1, 12, 0, 0, 0, shoptime.Zone).UTC()
	old := sales.Sale{ID: bson.NewObjectID(), Folio: "F-ayer", Fecha: yesterday, Carrito: []sales.Item{{ID: "v", ProductID: "p", Nombre: "Algo", Cantidad: 1}},
		Historial: []sales.Cambio{}, Total: 116, Estado: salestate.Confirmada, Guardado: true, Pago: sales.PagoPagado, Entrega: sales.EntregaEntregado,
		MetodoPago: "Tarjeta", PagadoEn: &yesterday, Origen: sales.OrigenCaja, Usuario: sales.Buyer{Name: "Ana Núñez", Phone: "55 1234 5678"}}
	if err := sales.SeedPaid(context.Background(), s.app.store, []sales.Sale{old}); err != nil {
		t.Fatal(err)
	}

	open := listOf(t, s, "comandero@tienda.mx", "/v1/ventas/ordenes")
	if open.Meta.Total != 3 || open.Meta.Page != 1 || open.Meta.Limit != 25 || open.Meta.HasMore || len(open.Ventas) != 3 ||
		open.Ventas[0]["folio"] != placed[2].Folio || open.Ventas[2]["folio"] != placed[0].Folio {
		t.Fatalf("open orders: %+v %v", open.Meta, open.Ventas)
	}
	for _, v := range open.Ventas {
		var one map[string]any
		rec := s.call("admin@tienda.mx", http.MethodGet, "/v1/ventas/"+v["_id"].(string), nil)
		if json.Unmarshal(rec.Body.Bytes(), &one) != nil || !reflect.DeepEqual(one, v) {
			t.Fatalf("in the list:\n%v\nalone:\n%v", v, one)
		}
		if _, shown := v["busqueda"]; shown {
			t.Fatal("the search text is shown")
		}
	}
	if got := listOf(t, s, "cajero@tienda.mx", "/v1/ventas/ordenes?q="+url.QueryEscape(placed[1].Folio)); got.Meta.Total != 1 || got.Ventas[0]["folio"] != placed[1].Folio {
		t.Fatalf("by folio: %+v", got.Meta)
	}
	if got := listOf(t, s, "cajero@tienda.mx", "/v1/ventas/ordenes?q=GUERO&orden=fecha&limit=1"); got.Meta.Total != 1 || got.Ventas[0]["cliente"] != "Güero" {
		t.Fatalf("by 'Quien Ordena': %+v", got.Meta)
	}
	if got := listOf(t, s, "cajero@tienda.mx", "/v1/ventas/ordenes?orden=fecha&limit=2&page=2"); got.Meta.Total != 3 || len(got.Ventas) != 1 || got.Ventas[0]["folio"] != placed[2].Folio {
		t.Fatalf("oldest first, page 2: %+v", got)
	}
	if rec := s.call("comandero@tienda.mx", http.MethodGet, "/v1/ventas/lista", nil); rec.Code != http.StatusForbidden {
		t.Fatalf("a Comandero reads the sales list: %d", rec.Code)
	}
	if got := listOf(t, s, "auxiliar@tienda.mx", "/v1/ventas/lista"); got.Meta.Total != 3 {
		t.Fatalf("today's sales: %+v", got.Meta)
	}
	day := now.AddDate(0, 0, -1).Format(time.DateOnly)
	if got := listOf(t, s, "auxiliar@tienda.mx", "/v1/ventas/lista?desde="+day+"&hasta="+day+"&q=nunez&entrega=Entregado&metodo=Tarjeta&envio=sin"); got.Meta.Total != 1 || got.Ventas[0]["folio"] != "F-ayer" {
		t.Fatalf("yesterday's delivered sale: %+v", got.Meta)
	}
	if got := listOf(t, s, "admin@tienda.mx", "/v1/ventas/lista?desde="+day+"&orden=-total&q=55+1234+5678"); got.Meta.Total != 1 {
		t.Fatalf("by phone since yesterday: %+v", got.Meta)
	}

	before := settledDump(t, s.app) // the placed orders' stock writes done
	for path, fields := range map[string][]string{
		"/v1/ventas/ordenes?pago=pagado&entrega=entregado&metodo=Bitcoin&envio=si&orden=precio&page=0&limit=101": {"pago", "entrega", "metodo", "envio", "orden", "page", "limit"},
		"/v1/ventas/ordenes?desde=2026-02-30&hasta=ayer":                                                         {"desde", "hasta"},
		"/v1/ventas/ordenes?desde=2026-03-02&hasta=2026-03-01":                                                   {"hasta"},
		"/v1/ventas/ordenes?q=" + strings.Repeat("a", 101) + "&limit=x":                                          {"q", "limit"},
		"/v1/ventas/lista?desde=2024-01-01&hasta=2026-01-01":                                                     {"hasta"},
		"/v1/ventas/lista?desde=" + url.QueryEscape(now.Format(time.RFC3339)) + "&page=100001":                   {"desde", "page"},
		"/v1/ventas/lista?entrega=%7B%22%24ne%22%3A1%7D":                                                         {"entrega"},
	} {
		rec := s.call("admin@tienda.mx", http.MethodGet, path, nil)
		e := httpxtest.DecodeError(t, rec)
		if rec.Code != http.StatusBadRequest || e.Message != apperr.BadParameters(e.Fields).Message || len(e.Fields) != len(fields) {
			t.Errorf("%s: %d %s", path, rec.Code, rec.Body)
		}
		for _, f := range fields {
			if m := e.Fields[f]; !strings.HasPrefix(m, "Debe") && !strings.HasPrefix(m, "Escribe") && !strings.HasPrefix(m, "La fecha de fin") && !strings.HasPrefix(m, "El periodo") {
				t.Errorf("%s: %s: %q", path, f, e.Fields[f])
			}
		}
	}
	for name, docs := range dump(t, s.app) {
		if !strings.HasSuffix(name, "_meta") && !reflect.DeepEqual(docs, before[name]) { // _meta: the order lists' version
			t.Errorf("a bad list request changed %s", name)
		}
	}
}

// 'Lista de ordenes' finds any sale (issue #23): its default view is the open orders, but a search
// by folio or by customer finds a sale whatever its state (to deliver, on its way, paid and
// delivered, cancelled, returned), for every staff role that sees the list, and each answer says
// its state; a delivery state asked for lists those sales. An online order never paid is no sale.
func TestOrderListSearchFindsSalesInEveryState(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	place := func(cliente string) sale {
		rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": cliente, "carrito": []any{cartLine(p, 1, false)}})
		if rec.Code != http.StatusCreated {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		return decodeSale(t, rec)
	}
	patch := func(who string, v sale, body map[string]any) {
		if rec := s.call(who, http.MethodPatch, "/v1/ventas/"+v.ID, body); rec.Code != http.StatusOK {
			t.Fatalf("%s %v: %d %s", v.Folio, body, rec.Code, rec.Body)
		}
	}
	type want struct {
		v              sale
		entrega, pago  string
		name           string // what a search by customer types
		open, findable bool
	}
	pendiente := place("Abril Abierta")
	enviado := place("Enrique Enviado")
	patch("comandero@tienda.mx", enviado, map[string]any{"entrega": sales.EntregaEnviado})
	entregado := place("Ernesto Entregado")
	patch("cajero@tienda.mx", entregado, map[string]any{"pago": sales.PagoPagado, "metodoPago": "Tarjeta"})
	patch("comandero@tienda.mx", entregado, map[string]any{"entrega": sales.EntregaEntregado})
	cancelado := place("Carla Cancelada")
	patch("comandero@tienda.mx", cancelado, map[string]any{"entrega": sales.EntregaCancelado})
	// A returned sale and an online order never paid, stored as they are: how a sale becomes
	// 'Devuelto' is the returns' business, not the list's.
	at := time.Now().UTC().Add(-time.Hour)
	returned := sales.Sale{ID: bson.NewObjectID(), Folio: "20260301-100000-0042", Fecha: at, Carrito: []sales.Item{{ID: "v", ProductID: "p", Nombre: "Cámara", Cantidad: 1}},
		Historial: []sales.Cambio{}, Total: 116, Estado: salestate.Confirmada, Guardado: true, Pago: sales.PagoPagado, Entrega: sales.EntregaDevuelto,
		MetodoPago: "Efectivo", PagadoEn: &at, Origen: sales.OrigenCaja, Cliente: "Diego Devuelto", Usuario: sales.Buyer{Name: "Ana Núñez"}}
	unpaid := returned
	unpaid.ID, unpaid.Folio, unpaid.Estado, unpaid.Pago, unpaid.Entrega, unpaid.PagadoEn, unpaid.Cliente = bson.NewObjectID(), "20260301-100000-0043",
		salestate.EsperandoPago, sales.PagoPendiente, sales.EntregaPendiente, nil, "Olga Enlinea"
	if err := sales.Seed(context.Background(), s.app.store, []sales.Sale{returned, unpaid}); err != nil {
		t.Fatal(err)
	}
	cases := []want{
		{pendiente, sales.EntregaPendiente, sales.PagoPendiente, "abril abierta", true, true},
		{enviado, sales.EntregaEnviado, sales.PagoPendiente, "ENRIQUE enviado", true, true},
		{entregado, sales.EntregaEntregado, sales.PagoPagado, "Ernesto Entregado", false, true},
		{cancelado, sales.EntregaCancelado, sales.PagoPendiente, "carla cancelada", false, true},
		{sale{ID: returned.ID.Hex(), Folio: returned.Folio}, sales.EntregaDevuelto, sales.PagoPagado, "diego devuelto", false, true},
		{sale{ID: unpaid.ID.Hex(), Folio: unpaid.Folio}, sales.EntregaPendiente, sales.PagoPendiente, "olga enlinea", false, false},
	}
	for _, who := range []string{"comandero@tienda.mx", "cajero@tienda.mx", "auxiliar@tienda.mx", "admin@tienda.mx"} {
		shown := map[string]bool{}
		for _, v := range listOf(t, s, who, "/v1/ventas/ordenes").Ventas {
			shown[v["folio"].(string)] = true
		}
		for _, c := range cases {
			if shown[c.v.Folio] != c.open {
				t.Errorf("%s: %s (%s) in the default list: %v", who, c.v.Folio, c.entrega, shown[c.v.Folio])
			}
			for _, q := range []string{c.v.Folio, c.name} {
				got := listOf(t, s, who, "/v1/ventas/ordenes?q="+url.QueryEscape(q))
				if !c.findable {
					if got.Meta.Total != 0 {
						t.Errorf("%s: %q finds an online order never paid: %+v", who, q, got.Meta)
					}
					continue
				}
				if got.Meta.Total != 1 || len(got.Ventas) != 1 || got.Ventas[0]["_id"] != c.v.ID || got.Ventas[0]["entrega"] != c.entrega || got.Ventas[0]["pago"] != c.pago {
					t.Errorf("%s: search %q for the %s sale: %+v %v", who, q, c.entrega, got.Meta, got.Ventas)
				}
			}
		}
	}
	// A delivery state asked for lists those sales, searched or not; a search narrows by state.
	if got := listOf(t, s, "cajero@tienda.mx", "/v1/ventas/ordenes?entrega=Entregado"); got.Meta.Total != 1 || got.Ventas[0]["folio"] != entregado.Folio {
		t.Fatalf("delivered: %+v", got.Meta)
	}
	if got := listOf(t, s, "cajero@tienda.mx", "/v1/ventas/ordenes?entrega=Devuelto&q=diego"); got.Meta.Total != 1 || got.Ventas[0]["folio"] != returned.Folio {
		t.Fatalf("returned, by name: %+v", got.Meta)
	}
	if got := listOf(t, s, "cajero@tienda.mx", "/v1/ventas/ordenes?entrega=Cancelado&q=diego"); got.Meta.Total != 0 {
		t.Fatalf("cancelled, by a returned sale's name: %+v", got.Meta)
	}
	if got := listOf(t, s, "cajero@tienda.mx", "/v1/ventas/ordenes?pago=Pagado&q=e"); got.Meta.Total != 2 {
		t.Fatalf("the paid sales searched: %+v", got.Meta)
	}
	if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/ordenes?q="+url.QueryEscape(entregado.Folio), nil); rec.Code != http.StatusForbidden {
		t.Fatalf("a customer searches the orders: %d", rec.Code)
	}
}

// The list of cuts: a page with its total, the cuts asked for between two days, Spanish 400s.
func TestCutsListPagesWithATotalAndARange(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	var cuts []cashcut.Cut
	for i := range 3 {
		seedPaid(t, s.app, 2, func(int) float64 { return 10 }, func(int) string { return "Efectivo" }, func(int) (string, string) { return "c", "Caja" })
		c, err := s.app.cashcut.Service().MakeCut(context.Background(), cashcut.Actor{ID: "c", Name: "Caja"}, nil, "")
		if err != nil {
			t.Fatalf("cut %d: %v", i, err)
		}
		cuts = append(cuts, c)
	}
	// The cuts' days, as the server dated them: one, or two if they crossed the shop's midnight.
	first, last := cuts[0].Fecha.In(shoptime.Zone), cuts[2].Fecha.In(shoptime.Zone)
	type cutsPage struct {
		Cortes []cashcut.Cut
		Meta   struct {
			Page, Limit int
			Total       int64
			HasMore     bool
		}
	}
	get := func(path string) cutsPage {
		rec := s.call("cajero@tienda.mx", http.MethodGet, path, nil)
		var p cutsPage
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &p) != nil {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
		return p
	}
	if p := get("/v1/cortes?limit=2"); p.Meta.Total != 3 || !p.Meta.HasMore || p.Meta.Limit != 2 || len(p.Cortes) != 2 || p.Cortes[0].Numero != 3 || p.Cortes[1].Numero != 2 {
		t.Fatalf("first page: %+v", p)
	}
	if p := get("/v1/cortes?limit=2&page=2"); p.Meta.HasMore || len(p.Cortes) != 1 || p.Cortes[0].Numero != 1 {
		t.Fatalf("second page: %+v", p)
	}
	if p := get("/v1/cortes?desde=" + shopDay(first) + "&hasta=" + shopDay(last)); p.Meta.Total != 3 || p.Meta.Limit != 20 {
		t.Fatalf("today: %+v", p.Meta)
	}
	if p := get("/v1/cortes?desde=" + shopDay(last.AddDate(0, 0, 1))); p.Meta.Total != 0 || len(p.Cortes) != 0 {
		t.Fatalf("from tomorrow: %+v", p.Meta)
	}
	if p := get("/v1/cortes?hasta=" + shopDay(first.AddDate(0, 0, -1))); p.Meta.Total != 0 {
		t.Fatalf("until yesterday: %+v", p.Meta)
	}
	for path, field := range map[string]string{"/v1/cortes?limit=0": "limit", "/v1/cortes?page=x": "page", "/v1/cortes?desde=hoy": "desde",
		"/v1/cortes?desde=2026-03-02&hasta=2026-03-01": "hasta"} {
		rec := s.call("cajero@tienda.mx", http.MethodGet, path, nil)
		if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Fields[field] == "" {
			t.Errorf("%s: %d %s", path, rec.Code, rec.Body)
		}
	}
}

// DEMO_VENTAS: the demo sales are made at the first start with demo data, once; the open ones are
// in the order list, and one is found by its folio.
func TestDemoSalesAtStart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{"DEMO_DATA": "true", "DEMO_VENTAS": "120"}
	start := time.Now()
	a := MustStart(t, dir, env)
	t.Logf("start with 180 demo sales: %v", time.Since(start))
	s := &shop{t: t, app: a, h: a.Handler(), toks: map[string]string{}}
	open := listOf(t, s, "cajero@tienda.mx", "/v1/ventas/ordenes?limit=50&page=2")
	if open.Meta.Total != 120 || len(open.Ventas) != 50 {
		t.Fatalf("open demo orders: %+v", open.Meta)
	}
	folio := open.Ventas[42]["folio"].(string)
	if got := listOf(t, s, "cajero@tienda.mx", "/v1/ventas/ordenes?q="+folio); got.Meta.Total != 1 || got.Ventas[0]["folio"] != folio {
		t.Fatalf("by folio %s: %+v", folio, got.Meta)
	}
	closeApp(t, a)
	b := MustStart(t, dir, env)
	defer closeApp(t, b)
	if n, err := b.store.Count(context.Background(), "ventas", bson.M{}); err != nil || n != 180 {
		t.Fatalf("after a restart: %d sales, %v", n, err)
	}
}
