package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/audit"
)

// auditPage is the answer of GET /v1/auditoria.
type auditPage struct {
	Entradas []audit.Entry
	Meta     struct {
		Page, Limit, Total int
		HasMore            bool
	}
}

func (s *shop) trail(query string) auditPage {
	s.t.Helper()
	rec := s.call("admin@tienda.mx", http.MethodGet, "/v1/auditoria?"+query, nil)
	var p auditPage
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &p) != nil {
		s.t.Fatalf("auditoria?%s: %d %s", query, rec.Code, rec.Body)
	}
	return p
}

// The changes made through the API land in the trail with who made them, through the wiring of
// app.go, and the Administrador reads them; nothing in the trail can be written through the API.
func TestChangesThroughTheAPILandInTheAuditTrail(t *testing.T) {
	t.Parallel()
	s := newShop(t)

	// A product's price, by the Auxiliar.
	p := s.pick(false)
	rec := s.call("auxiliar@tienda.mx", http.MethodPatch, "/v1/productos/"+p.ID, map[string]any{
		"variantes": []map[string]any{{"_id": p.Variantes[0].ID, "stock": p.Variantes[0].Stock, "precioVenta": p.Variantes[0].PrecioVenta + 10}}})
	if rec.Code != 200 {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	got := s.trail("coleccion=productos&registro=" + p.ID)
	if got.Meta.Total != 1 || got.Entradas[0].NombreUsuario != "Arturo Auxiliar" || got.Entradas[0].Accion != audit.Actualizar || got.Entradas[0].Registro != p.Nombre {
		t.Fatalf("product entry: %+v", got)
	}
	found := false
	for _, c := range got.Entradas[0].Cambios {
		found = found || (strings.HasSuffix(c.Campo, "· precioVenta") && c.Despues != c.Antes)
	}
	if !found {
		t.Errorf("no price change: %+v", got.Entradas[0].Cambios)
	}

	// A counter order marked paid by the Cajera.
	rec = s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(p, 1, false)}})
	if rec.Code != http.StatusCreated {
		t.Fatalf("order: %d %s", rec.Code, rec.Body)
	}
	v := decodeSale(t, rec)
	if rec := s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, map[string]any{"pago": "Pagado"}); rec.Code != 200 {
		t.Fatalf("pay: %d %s", rec.Code, rec.Body)
	}
	got = s.trail("registro=" + v.Folio)
	if got.Meta.Total != 1 || got.Entradas[0].Coleccion != audit.Ventas || got.Entradas[0].NombreUsuario != "Carmen Cajera" ||
		len(got.Entradas[0].Cambios) != 1 || got.Entradas[0].Cambios[0] != (audit.Change{Campo: "pago", Antes: "Pendiente", Despues: "Pagado"}) {
		t.Fatalf("order entry: %+v", got)
	}

	// A role given by the Administrador, with a password that never shows.
	rec = s.call("admin@tienda.mx", http.MethodPost, "/v1/usuarios", map[string]any{"name": "Nora Nueva", "email": "nora@tienda.mx", "password": "Nora#Secreta2026", "phone": "5512345600", "address": "CDMX"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("new user: %d %s", rec.Code, rec.Body)
	}
	var u struct {
		Data struct {
			ID string `json:"_id"`
		}
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &u)
	if rec := s.call("admin@tienda.mx", http.MethodPatch, "/v1/usuarios/"+u.Data.ID, map[string]any{"rol": "Auxiliar", "password": "Otra#Secreta2026"}); rec.Code != 200 {
		t.Fatalf("role: %d %s", rec.Code, rec.Body)
	}
	got = s.trail("coleccion=usuarios&usuario=adriana")
	if got.Meta.Total != 2 || got.Entradas[0].Accion != audit.CambiarRol || got.Entradas[1].Accion != audit.Crear || got.Entradas[0].Registro != "nora@tienda.mx" {
		t.Fatalf("user entries: %+v", got)
	}
	raw := s.call("admin@tienda.mx", http.MethodGet, "/v1/auditoria?limit=100", nil).Body.String()
	for _, secret := range []string{"Secreta2026", "$2a$"} {
		if strings.Contains(raw, secret) {
			t.Errorf("the trail shows %q", secret)
		}
	}

	// Nothing writes the trail: every other method on its paths is refused, for every role, and
	// the entries stay as they were.
	before := s.trail("limit=100").Meta.Total
	id := got.Entradas[0].ID.Hex()
	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		for _, path := range []string{"/v1/auditoria", "/v1/auditoria/", "/v1/auditoria/" + id, "/v1/auditoria/" + id + "/cambios"} {
			rec := s.call("admin@tienda.mx", method, path, `{"accion":"eliminar","cambios":[]}`)
			if rec.Code < 400 || rec.Code >= 500 || !strings.Contains(rec.Body.String(), `"message":"`) {
				t.Errorf("%s %s: %d %s", method, path, rec.Code, rec.Body)
			}
		}
	}
	if after := s.trail("limit=100").Meta.Total; after != before {
		t.Errorf("entries %d -> %d", before, after)
	}
	var stored audit.Entry
	if err := s.app.store.R.Collection("auditoria").FindOne(context.Background(), bson.M{"_id": got.Entradas[0].ID}).Decode(&stored); err != nil ||
		stored.Accion != audit.CambiarRol {
		t.Errorf("entry after the refused writes: %+v %v", stored, err)
	}
}
