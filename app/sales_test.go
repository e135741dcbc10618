package main

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"reflect"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/sales"
	"tienda/pkg/apperr"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/salestate"
	"tienda/pkg/shoptime"
)

// The sales screen's list of a date range: every saved sale of those days, newest first, each
// exactly as GET /v1/ventas/{id} answers it.
func TestSalesOfADateRangeNewestFirst(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	var placed []sale
	for range 3 {
		rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(p, 1, false)}})
		if rec.Code != http.StatusCreated {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		placed = append(placed, decodeSale(t, rec))
		time.Sleep(3 * time.Millisecond) // dates are kept to the millisecond
	}
	// The placed sales' days, as the server dated them: one, or two if they crossed the shop's midnight.
	first, last := placed[0].Fecha.In(shoptime.Zone), placed[2].Fecha.In(shoptime.Zone)
	noonYesterday := time.Date(first.Year(), first.Month(), first.Day()-1, 12, 0, 0, 0, shoptime.Zone).UTC()
	old := sales.Sale{ID: bson.NewObjectID(), Folio: "F-ayer", Fecha: noonYesterday,
		Carrito: []sales.Item{{ID: "v", ProductID: "p", Nombre: "Algo", Cantidad: 1}}, Historial: []sales.Cambio{},
		Total: 116, Estado: salestate.Confirmada, Guardado: true, Pago: sales.PagoPagado, Entrega: sales.EntregaPendiente,
		MetodoPago: "Efectivo", PagadoEn: &noonYesterday, Origen: sales.OrigenCaja}
	if err := sales.SeedPaid(context.Background(), s.app.store, []sales.Sale{old}); err != nil {
		t.Fatal(err)
	}

	list := func(start, end string) []map[string]any {
		t.Helper()
		rec := s.call("admin@tienda.mx", http.MethodGet, "/v1/ventas/?startDate="+start+"&endDate="+end, nil)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" {
			t.Fatalf("list: %d %q %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
		}
		var out []map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
			t.Fatalf("list is not a JSON array: %v: %.300s", err, rec.Body)
		}
		return out
	}
	folios := func(l []map[string]any) []any {
		out := []any{}
		for _, v := range l {
			out = append(out, v["folio"])
		}
		return out
	}
	today, yesterday := shopDay(last), shopDay(noonYesterday)

	got := list(shopDay(first), today)
	if want := []any{placed[2].Folio, placed[1].Folio, placed[0].Folio}; !reflect.DeepEqual(folios(got), want) {
		t.Fatalf("today: %v, want %v", folios(got), want)
	}
	for _, v := range got {
		rec := s.call("admin@tienda.mx", http.MethodGet, "/v1/ventas/"+v["_id"].(string), nil)
		var one map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &one); err != nil || !reflect.DeepEqual(one, v) {
			t.Fatalf("in the list:\n%v\nalone:\n%v", v, one)
		}
	}
	if got := folios(list(yesterday, today)); !reflect.DeepEqual(got, []any{placed[2].Folio, placed[1].Folio, placed[0].Folio, "F-ayer"}) {
		t.Fatalf("yesterday and today: %v", got)
	}
	if got := list(yesterday, yesterday); len(got) != 1 || got[0]["folio"] != "F-ayer" || got[0]["total"] != 116.0 {
		t.Fatalf("yesterday: %v", got)
	}
	if rec := s.call("admin@tienda.mx", http.MethodGet, "/v1/ventas/?startDate=2020-01-01&endDate=2020-01-02", nil); rec.Body.String() != "[]" {
		t.Fatalf("a range with no sales: %d %s", rec.Code, rec.Body)
	}
	// A bad range is named in the listed words: as parameters of the list, as fields of the
	// report's body (with a criterio outside its two).
	rec := s.call("admin@tienda.mx", http.MethodGet, "/v1/ventas/?startDate=ayer&endDate=2026-13-01", nil)
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusBadRequest || e.Message != apperr.BadParameters(e.Fields).Message ||
		!maps.Equal(e.Fields, map[string]string{"startDate": apperr.MsgDay, "endDate": apperr.MsgDay}) {
		t.Errorf("bad days: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("admin@tienda.mx", http.MethodPost, "/v1/ventas/reporte", map[string]string{"startDate": "2026-11-02", "endDate": "2026-11-01", "criterio": "siempre"})
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusBadRequest || e.Message != apperr.MsgCheckFields ||
		!maps.Equal(e.Fields, map[string]string{"criterio": apperr.MsgOneOf(sales.PorFechaDePago, sales.PorFechaDeVenta)}) {
		t.Errorf("bad criterio: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("admin@tienda.mx", http.MethodPost, "/v1/ventas/reporte", map[string]string{"startDate": "2026-11-02", "endDate": "2026-11-01"})
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusBadRequest || e.Message != apperr.MsgCheckFields || e.Fields["endDate"] != apperr.MsgRange {
		t.Errorf("an end before the start: %d %s", rec.Code, rec.Body)
	}
}
