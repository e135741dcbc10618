package catalog

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/audit"
	"tienda/pkg/audit/audittest"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
)

// trail is the audit trail of these tests.
type trail = audittest.Trail

// change returns the entry's change of a field, and whether it has one.
func change(e audit.Entry, campo string) (audit.Change, bool) {
	for _, c := range e.Cambios {
		if c.Campo == campo {
			return c, true
		}
	}
	return audit.Change{}, false
}

// onlyEntry checks that one entry was recorded, of the collection, record and action, by the
// test token's user of role.
func onlyEntry(t *testing.T, r *trail, coleccion, id, registro, accion string, role auth.Role) audit.Entry {
	t.Helper()
	got := r.Take()
	if len(got) != 1 {
		t.Fatalf("%d entries, want 1: %+v", len(got), got)
	}
	e := got[0]
	if e.Coleccion != coleccion || e.RegistroID != id || e.Registro != registro || e.Accion != accion ||
		e.UsuarioID != httpxtest.UserID || e.NombreUsuario != "Prueba "+string(role) || e.Fecha.IsZero() {
		t.Fatalf("entry %+v", e)
	}
	return e
}

func wantChange(t *testing.T, e audit.Entry, campo, antes, despues string) {
	t.Helper()
	if c, ok := change(e, campo); !ok || c.Antes != antes || c.Despues != despues {
		t.Errorf("%s: %+v (found %v), want %q → %q; all: %+v", campo, c, ok, antes, despues, e.Cambios)
	}
}

func TestProductChangesAreAuditedWithWhoAndBeforeAndAfter(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	r := &trail{}
	env.m.service.audit = r

	p := env.mustCreate(catalogtest.FormProduct("Cámara IP domo 4 MP"))
	e := onlyEntry(t, r, audit.Productos, p.ID.Hex(), "Cámara IP domo 4 MP", audit.Crear, auth.Administrador)
	wantChange(t, e, "nombre", "", "Cámara IP domo 4 MP")
	wantChange(t, e, "variante Grande / 32 · precioVenta", "", "150")
	wantChange(t, e, "variante Chico / 100 g · stock", "", "3")
	wantChange(t, e, "extra Extra Queso · precio", "", "100")
	for _, c := range e.Cambios {
		if c.Antes != "" || c.Despues == "" {
			t.Errorf("a creation lists what the product has: %+v", c)
		}
		for _, internal := range []string{"version", "revision", "apartados", "createdAt", "updatedAt", "_id"} {
			if c.Campo == internal {
				t.Errorf("internal field in the trail: %+v", c)
			}
		}
	}

	// An Auxiliar changes the name (and so the description of the test's form) and the price of
	// the second variant: exactly those fields, and the title that follows the name.
	body := catalogtest.FormProduct("Cámara IP domo 5 MP")
	vs := body["variantes"].([]map[string]any)
	vs[0]["_id"], vs[1]["_id"] = p.Variantes[0].ID.Hex(), p.Variantes[1].ID.Hex()
	vs[1]["precioVenta"] = 99.5
	body["extras"] = []map[string]any{{"_id": p.Extras[0].ID.Hex(), "nombre": "Extra Queso", "precio": 100}}
	if rec := env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), body); rec.Code != 200 {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	e = onlyEntry(t, r, audit.Productos, p.ID.Hex(), "Cámara IP domo 5 MP", audit.Actualizar, auth.Auxiliar)
	wantChange(t, e, "nombre", "Cámara IP domo 4 MP", "Cámara IP domo 5 MP")
	wantChange(t, e, "titulo", "Cámara IP domo 4 MP", "Cámara IP domo 5 MP")
	wantChange(t, e, "descripcion", "Descripción de Cámara IP domo 4 MP", "Descripción de Cámara IP domo 5 MP")
	wantChange(t, e, "variante Chico / 100 g · precioVenta", "80", "99.5")
	if len(e.Cambios) != 4 {
		t.Errorf("only the fields that changed: %+v", e.Cambios)
	}

	// The same edit again changes nothing: no entry.
	if rec := env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), body); rec.Code != 200 {
		t.Fatalf("edit again: %d %s", rec.Code, rec.Body)
	}
	if got := r.Take(); len(got) != 0 {
		t.Errorf("an edit that changed nothing was recorded: %+v", got)
	}

	// A refused edit records nothing.
	if rec := env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"nombre": strings.Repeat("x", 300)}); rec.Code != 400 {
		t.Fatalf("bad edit: %d %s", rec.Code, rec.Body)
	}
	if got := r.Take(); len(got) != 0 {
		t.Errorf("a refused edit was recorded: %+v", got)
	}

	// A product with stock is not deleted: its units go first (an edit of its own).
	vs[0]["stock"], vs[1]["stock"] = 0, 0
	if rec := env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), body); rec.Code != 200 {
		t.Fatalf("no stock: %d %s", rec.Code, rec.Body)
	}
	r.Take()
	if rec := env.do(auth.Administrador, http.MethodDelete, "/v1/productos/"+p.ID.Hex(), nil); rec.Code != http.StatusNoContent {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body)
	}
	e = onlyEntry(t, r, audit.Productos, p.ID.Hex(), "Cámara IP domo 5 MP", audit.Eliminar, auth.Administrador)
	wantChange(t, e, "nombre", "Cámara IP domo 5 MP", "")
	wantChange(t, e, "variante Chico / 100 g · precioVenta", "99.5", "")
}

func TestDiscountChangesAreAudited(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	r := &trail{}
	env.m.service.audit = r
	rec := env.do(auth.Auxiliar, http.MethodPost, "/v1/discounts", map[string]any{"name": "Buen Fin", "description": "Noviembre", "percentage": 15, "expirationDate": "2030-11-30"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	d := httpxtest.Decode[struct{ Data Discount }](t, rec).Data
	e := onlyEntry(t, r, audit.Descuentos, d.ID.Hex(), "Buen Fin", audit.Crear, auth.Auxiliar)
	wantChange(t, e, "percentage", "", "15")
	wantChange(t, e, "expirationDate", "", "2030-11-30")

	rec = env.do(auth.Administrador, http.MethodPatch, "/v1/discounts/"+d.ID.Hex(), map[string]any{"name": "Buen Fin", "description": "Noviembre", "percentage": 20, "expirationDate": "2030-11-30"})
	if rec.Code != 200 {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	e = onlyEntry(t, r, audit.Descuentos, d.ID.Hex(), "Buen Fin", audit.Actualizar, auth.Administrador)
	if len(e.Cambios) != 1 {
		t.Errorf("changes %+v", e.Cambios)
	}
	wantChange(t, e, "percentage", "15", "20")

	// A product on the discount shows the discount by its name.
	body := catalogtest.FormProduct("Lámpara")
	body["descuentoId"] = d.ID.Hex()
	p := env.mustCreate(body)
	wantChange(t, onlyEntry(t, r, audit.Productos, p.ID.Hex(), "Lámpara", audit.Crear, auth.Administrador), "descuento", "", "Buen Fin")

	// A discount in use is not deleted: the product leaves it first.
	if rec := env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"descuentoId": ""}); rec.Code != 200 {
		t.Fatalf("off the discount: %d %s", rec.Code, rec.Body)
	}
	r.Take()
	if rec := env.do(auth.Administrador, http.MethodDelete, "/v1/discounts/"+d.ID.Hex(), nil); rec.Code != http.StatusNoContent {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body)
	}
	e = onlyEntry(t, r, audit.Descuentos, d.ID.Hex(), "Buen Fin", audit.Eliminar, auth.Administrador)
	wantChange(t, e, "percentage", "20", "")
}

func TestAChangeStandsWhenItsEntryCannotBeRecorded(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	var logged bytes.Buffer
	env.m.service.log = zerolog.New(&logged)
	env.m.service.audit = audittest.Failing()
	p := env.mustCreate(catalogtest.FormProduct("Cable UTP"))
	if got := httpxtest.Decode[Product](t, env.do(auth.Auxiliar, http.MethodGet, "/v1/admin/productos/"+p.ID.Hex(), nil)); got.Nombre != "Cable UTP" {
		t.Fatalf("the product was not kept: %+v", got)
	}
	if s := logged.String(); !strings.Contains(s, `"level":"error"`) || !strings.Contains(s, "audit: entry not recorded") || !strings.Contains(s, p.ID.Hex()) {
		t.Errorf("log: %s", s)
	}
}
