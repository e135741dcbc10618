package audit

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/auth"
	"tienda/pkg/httpx"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
	"tienda/pkg/shoptime"
)

type fixture struct {
	m   *Module
	db  *mongox.Store
	srv *httpxtest.Server
}

// newFixture builds the module on a fresh store behind the real error handler and token
// middleware (httpxtest).
func newFixture(t *testing.T) *fixture {
	t.Helper()
	db := mongox.TestDB(t)
	m := New(Deps{Store: db, Log: zerolog.Nop()})
	if err := db.BuildIndexes(context.Background(), m.Collections()...); err != nil {
		t.Fatal(err)
	}
	return &fixture{m: m, db: db, srv: httpxtest.New(t, httpxtest.Options{}, m.Routes)}
}

func (f *fixture) get(t *testing.T, role auth.Role, query string) *httptest.ResponseRecorder {
	t.Helper()
	tok := ""
	if role != "" {
		tok = f.srv.Token("64b0000000000000000000aa", "Prueba "+string(role), role)
	}
	return f.srv.Do(http.MethodGet, "/v1/auditoria?"+query, tok, "")
}

// seed records the entries as a module would.
func (f *fixture) seed(t *testing.T, entries ...audit.Entry) {
	t.Helper()
	for _, e := range entries {
		if err := f.m.Service().Record(context.Background(), e); err != nil {
			t.Fatal(err)
		}
	}
}

var (
	camara = bson.NewObjectID().Hex()
	lucia  = bson.NewObjectID().Hex()
	ana    = "64b0000000000000000000a1"
	beto   = "64b0000000000000000000b2"
)

// mx is a time in Mexico City (UTC-6).
func mx(day string, hour int) time.Time {
	t, err := time.ParseInLocation(time.DateOnly, day, shoptime.Zone)
	if err != nil {
		panic(err)
	}
	return t.Add(time.Duration(hour) * time.Hour)
}

func sample() []audit.Entry {
	return []audit.Entry{
		{Coleccion: audit.Productos, RegistroID: camara, Registro: "Cámara IP domo", Accion: audit.Crear, UsuarioID: ana, NombreUsuario: "Ana Admin", Fecha: mx("2026-11-20", 0),
			Cambios: []audit.Change{{Campo: "nombre", Despues: "Cámara IP domo"}}},
		{Coleccion: audit.Productos, RegistroID: camara, Registro: "Cámara IP domo", Accion: audit.Actualizar, UsuarioID: beto, NombreUsuario: "Beto Auxiliar", Fecha: mx("2026-11-20", 23),
			Cambios: []audit.Change{{Campo: "variante Grande · precioVenta", Antes: "150", Despues: "1299.9"}}},
		{Coleccion: audit.Usuarios, RegistroID: lucia, Registro: "lucia@correo.mx", Accion: audit.CambiarRol, UsuarioID: ana, NombreUsuario: "Ana Admin", Fecha: mx("2026-11-21", 0),
			Cambios: []audit.Change{{Campo: "rol", Antes: "Cliente", Despues: "Cajero"}}},
		{Coleccion: audit.Ventas, RegistroID: bson.NewObjectID().Hex(), Registro: "20261121-101500-0001", Accion: audit.CambiarEstado, UsuarioID: beto, NombreUsuario: "Beto Auxiliar", Fecha: mx("2026-11-22", 12),
			Cambios: []audit.Change{{Campo: "pago", Antes: "Pendiente", Despues: "Pagado"}}},
		{Coleccion: audit.Descuentos, RegistroID: bson.NewObjectID().Hex(), Registro: "Buen Fin", Accion: audit.Eliminar, UsuarioID: ana, NombreUsuario: "Ana Admin", Fecha: mx("2026-11-23", 8)},
	}
}

type page struct {
	Entradas []audit.Entry  `json:"entradas"`
	Meta     httpx.PageMeta `json:"meta"`
}

func TestTheAdministradorReadsTheTrailFiltered(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.seed(t, sample()...)
	tests := []struct {
		query  string
		n      int
		total  int64
		more   bool
		newest string // the first entry's registro
	}{
		{"", 5, 5, false, "Buen Fin"},
		{"coleccion=productos", 2, 2, false, "Cámara IP domo"},
		{"registro=" + camara, 2, 2, false, "Cámara IP domo"},
		{"registro=" + strings.ToUpper(camara), 2, 2, false, "Cámara IP domo"},
		{"registro=c%C3%A1mara+ip", 2, 2, false, "Cámara IP domo"},
		{"registro=CAMARA", 2, 2, false, "Cámara IP domo"}, // any case, with or without accents
		{"registro=20261121", 1, 1, false, "20261121-101500-0001"},
		{"registro=LUCIA%40", 1, 1, false, "lucia@correo.mx"},
		{"registro=c.m", 0, 0, false, ""}, // matched literally: as a pattern it would find "cám"
		{"usuario=" + beto, 2, 2, false, "20261121-101500-0001"},
		{"usuario=ana", 3, 3, false, "Buen Fin"},
		{"usuario=B%C3%89TO", 2, 2, false, "20261121-101500-0001"},
		{"usuario=ana&coleccion=usuarios", 1, 1, false, "lucia@correo.mx"},
		{"desde=2026-11-20&hasta=2026-11-20", 2, 2, false, "Cámara IP domo"}, // 00:00 and 23:00 in Mexico City
		{"desde=2026-11-21", 3, 3, false, "Buen Fin"},
		{"hasta=2026-11-21", 3, 3, false, "lucia@correo.mx"},
		{"limit=2", 2, 5, true, "Buen Fin"},
		{"limit=2&page=3", 1, 5, false, "Cámara IP domo"},
		{"limit=2&page=4", 0, 5, false, ""},
	}
	for _, tt := range tests {
		rec := f.get(t, auth.Administrador, tt.query)
		var p page
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &p) != nil {
			t.Errorf("%q: %d %s", tt.query, rec.Code, rec.Body)
			continue
		}
		if len(p.Entradas) != tt.n || p.Meta.Total != tt.total || p.Meta.HasMore != tt.more {
			t.Errorf("%q: %d entries, total %d, hasMore %v; want %d, %d, %v", tt.query, len(p.Entradas), p.Meta.Total, p.Meta.HasMore, tt.n, tt.total, tt.more)
		}
		if tt.n > 0 && p.Entradas[0].Registro != tt.newest {
			t.Errorf("%q: newest %q, want %q", tt.query, p.Entradas[0].Registro, tt.newest)
		}
		for i := 1; i < len(p.Entradas); i++ {
			if p.Entradas[i].Fecha.After(p.Entradas[i-1].Fecha) {
				t.Errorf("%q: not newest first", tt.query)
			}
		}
	}

	rec := f.get(t, auth.Administrador, "limit=1&registro="+lucia)
	if !strings.Contains(rec.Body.String(), `"meta":{"page":1,"limit":1,"total":1,"hasMore":false}`) ||
		!strings.Contains(rec.Body.String(), `"cambios":[{"campo":"rol","antes":"Cliente","despues":"Cajero"}]`) ||
		!strings.Contains(rec.Body.String(), `"nombreUsuario":"Ana Admin"`) {
		t.Errorf("answer: %s", rec.Body)
	}
	// An entry with no changes still answers a list.
	if rec := f.get(t, auth.Administrador, "coleccion=discounts"); !strings.Contains(rec.Body.String(), `"cambios":[]`) {
		t.Errorf("no changes: %s", rec.Body)
	}
}

func TestBadParametersGetSpanishMessages(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for query, field := range map[string]string{
		"coleccion=cortes":                     "coleccion",
		"coleccion=%24ne":                      "coleccion",
		"desde=ayer":                           "desde",
		"hasta=2026-13-01":                     "hasta",
		"desde=2026-11-22&hasta=2026-11-21":    "hasta",
		"page=0":                               "page",
		"page=x":                               "page",
		"limit=101":                            "limit",
		"limit=-1":                             "limit",
		"registro=" + strings.Repeat("a", 101): "registro",
		"usuario=" + strings.Repeat("é", 101):  "usuario",
	} {
		rec := f.get(t, auth.Administrador, query)
		if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Code != "invalid" || e.Message != apperr.BadParameters(e.Fields).Message || e.Fields[field] == "" {
			t.Errorf("%q: %d %s", query, rec.Code, rec.Body)
		}
	}
	// A collection outside the audited ones is answered with them.
	if e := httpxtest.DecodeError(t, f.get(t, auth.Administrador, "coleccion=cortes")); e.Fields["coleccion"] != apperr.MsgOneOf(audit.Collections...) {
		t.Errorf("coleccion=cortes: %v", e.Fields)
	}
	// An operator in a parameter is only text.
	if rec := f.get(t, auth.Administrador, "usuario[$ne]=x&registro="+url.QueryEscape(`{"$gt":""}`)); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"total":0`) {
		t.Errorf("operator: %d %s", rec.Code, rec.Body)
	}
}

func TestOnlyTheAdministradorReadsTheTrail(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if rec := f.get(t, "", ""); rec.Code != 401 {
		t.Errorf("anonymous: %d %s", rec.Code, rec.Body)
	}
	for _, r := range []auth.Role{auth.Auxiliar, auth.Cajero, auth.Comandero, auth.Cliente} {
		if rec := f.get(t, r, ""); rec.Code != 403 || !strings.Contains(rec.Body.String(), "No tienes permiso") {
			t.Errorf("%s: %d %s", r, rec.Code, rec.Body)
		}
	}
}

func TestEntriesAreOnlyEverInserted(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	e := sample()[0]
	e.ID, e.Fecha = bson.NewObjectID(), time.Time{}
	// An entry with its _id, recorded three times (twice in one write, as after a crash): stored
	// once. One without: stored each time, under a new _id.
	f.seed(t, e)
	if err := f.m.Service().Record(context.Background(), e, e); err != nil {
		t.Fatal(err)
	}
	anon := sample()[1]
	anon.ID = bson.NilObjectID
	f.seed(t, anon, anon)
	got, err := mongox.FindAll[audit.Entry](context.Background(), f.db.R.Collection(collection), bson.M{}, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range got {
		if g.ID == e.ID {
			n++
		}
	}
	if len(got) != 3 || n != 1 || got[1].ID == got[2].ID || got[1].ID.IsZero() || got[0].Fecha.IsZero() {
		t.Fatalf("stored %+v", got)
	}
	for _, bad := range []audit.Entry{{}, {Coleccion: "cortes", RegistroID: "x", Accion: "crear"}, {Coleccion: audit.Ventas, Accion: "crear"}, {Coleccion: audit.Ventas, RegistroID: "x"}} {
		if err := f.m.Service().Record(context.Background(), bad); err == nil {
			t.Errorf("incomplete entry stored: %+v", bad)
		}
	}
	// The module's routes write nothing: only GET /auditoria is served.
	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		for _, path := range []string{"/v1/auditoria", "/v1/auditoria/" + got[0].ID.Hex()} {
			rec := f.srv.Do(method, path, f.srv.Token(ana, "Ana Admin", auth.Administrador), `{"accion":"x"}`)
			// The shop answers a method a path does not serve with 400 'Método no permitido para
			// esta ruta.' (pkg/httpx), an unknown path with 404.
			refused := rec.Code == http.StatusNotFound || rec.Code == http.StatusMethodNotAllowed ||
				(rec.Code == http.StatusBadRequest && strings.Contains(rec.Body.String(), "Método no permitido"))
			if !refused {
				t.Errorf("%s %s: %d %s", method, path, rec.Code, rec.Body)
			}
		}
	}
	if n, _ := f.db.Count(context.Background(), collection, bson.M{}); n != int64(len(got)) {
		t.Errorf("%d entries after the writes were refused", n)
	}
}
