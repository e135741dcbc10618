package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// An order's Historial is in Spanish (issue #23): toggling an item delivered through the real
// router records 'entregado <item>' from 'No' to 'Sí' and back, never 'false' and 'true'; the
// other changes record their values as staff chose them.
func TestOrderHistoryIsInSpanish(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(p, 1, false)}})
	if rec.Code != http.StatusCreated {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	var v struct {
		ID      string `json:"_id"`
		Carrito []struct {
			ID     string `json:"_id"`
			Nombre string `json:"nombre"`
		} `json:"carrito"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil || len(v.Carrito) != 1 {
		t.Fatalf("%v %s", err, rec.Body)
	}
	item := v.Carrito[0]
	for range 2 {
		if rec := s.call("comandero@tienda.mx", http.MethodPatch, "/v1/ventas/order/"+v.ID, map[string]any{"idOrden": item.ID, "nombre": item.Nombre}); rec.Code != http.StatusOK {
			t.Fatalf("toggle: %d %s", rec.Code, rec.Body)
		}
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, map[string]any{"pago": "Pagado", "metodoPago": "Tarjeta", "observaciones": "Pagó con tarjeta"}); rec.Code != http.StatusOK {
		t.Fatalf("payment: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil)
	var got struct {
		Historial []struct{ Campo, De, A, Nombre string } `json:"historial"`
	}
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &got) != nil {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	byField := map[string][]string{}
	for _, h := range got.Historial {
		if h.Nombre == "" {
			t.Errorf("an entry without who made it: %+v", h)
		}
		for _, text := range []string{h.De, h.A} {
			if text == "true" || text == "false" {
				t.Errorf("an entry in English: %+v", h)
			}
		}
		byField[h.Campo] = append(byField[h.Campo], h.De+" → "+h.A)
	}
	want := map[string]string{
		"entregado " + item.Nombre: "No → Sí, Sí → No",
		"pago":                     "Pendiente → Pagado",
		"metodoPago":               "Efectivo → Tarjeta",
		"observaciones":            " → Pagó con tarjeta",
	}
	for field, w := range want {
		if g := strings.Join(byField[field], ", "); g != w {
			t.Errorf("%s: %q, want %q (all: %+v)", field, g, w, got.Historial)
		}
	}
}
