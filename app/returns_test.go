package main

import (
	"encoding/json"
	"net/http"
	"testing"

	"tienda/modules/cashcut"
	"tienda/pkg/httpx/httpxtest"
)

// A cashier returns part of a paid sale that a cut already closed: the units come back to the
// catalogue, the refund waits for the next cut as cash out, and only Cajero and Administrador may
// record it.
func TestAReturnThroughTheRouterReachesStockAndTheNextCut(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	before := s.product(p.ID).Variantes[0].Stock
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(p, 3, false)}})
	if rec.Code != http.StatusCreated {
		t.Fatalf("order: %d %s", rec.Code, rec.Body)
	}
	v := decodeSale(t, rec)
	var lines struct {
		Carrito []struct {
			ID string `json:"_id"`
		} `json:"carrito"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &lines); err != nil {
		t.Fatal(err)
	}
	body := map[string]any{"lineas": []any{map[string]any{"idOrden": lines.Carrito[0].ID, "indice": 0, "cantidad": 2}},
		"metodo": "Efectivo", "motivo": "No le sirvió"}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/"+v.ID+"/devoluciones", body); rec.Code != http.StatusConflict {
		t.Fatalf("return of an unpaid sale: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, `{"pago":"Pagado","metodoPago":"Efectivo"}`); rec.Code != http.StatusOK {
		t.Fatalf("pay: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", `{}`); rec.Code != http.StatusCreated {
		t.Fatalf("cut 1: %d %s", rec.Code, rec.Body)
	}
	for _, who := range []string{"comandero@tienda.mx", "auxiliar@tienda.mx", "cliente@tienda.mx"} {
		if rec := s.call(who, http.MethodPost, "/v1/ventas/"+v.ID+"/devoluciones", body); rec.Code != http.StatusForbidden {
			t.Errorf("%s: %d", who, rec.Code)
		}
	}
	bad := map[string]any{"lineas": []any{map[string]any{"idOrden": lines.Carrito[0].ID, "indice": 0, "cantidad": 4}}, "metodo": "Efectivo", "motivo": "x"}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/"+v.ID+"/devoluciones", bad); rec.Code != http.StatusBadRequest ||
		httpxtest.DecodeError(t, rec).Fields["lineas.0.cantidad"] != "Solo quedan 3 por devolver." {
		t.Fatalf("too many units: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/"+v.ID+"/devoluciones", body)
	if rec.Code != http.StatusCreated {
		t.Fatalf("return: %d %s", rec.Code, rec.Body)
	}
	var got struct {
		Pago         string `json:"pago"`
		Devoluciones []struct {
			Monto  float64 `json:"monto"`
			Metodo string  `json:"metodo"`
		} `json:"devoluciones"`
		Carrito []struct {
			Devueltos int `json:"devueltos"`
		} `json:"carrito"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got.Pago != "Pagado" || len(got.Devoluciones) != 1 || got.Carrito[0].Devueltos != 2 {
		t.Fatalf("the returned sale: %s", rec.Body)
	}
	refund := got.Devoluciones[0].Monto
	if after := s.product(p.ID).Variantes[0].Stock; after != before-1 {
		t.Fatalf("stock: %d before, %d after selling 3 and returning 2", before, after)
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/reporte/metodo-pago", nil)
	var bm cashcut.ByMethod
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &bm) != nil || bm.TotalGeneral != -refund {
		t.Fatalf("pending by method: %d %s (refund %v)", rec.Code, rec.Body, refund)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", `{}`)
	var cut cashcut.Cut
	if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &cut) != nil || cut.PorMetodo.TotalGeneral != -refund || cut.EfectivoEsperado != -refund {
		t.Fatalf("cut 2: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", `{}`); rec.Code != http.StatusConflict {
		t.Fatalf("a third cut with nothing to close: %d", rec.Code)
	}
}
