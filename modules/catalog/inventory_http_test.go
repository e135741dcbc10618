package catalog

import (
	"context"
	"maps"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/shoptime"
)

type movementsAnswer struct {
	Movimientos []Movement     `json:"movimientos"`
	Meta        httpx.PageMeta `json:"meta"`
}

func TestMovementsListFiltersAndPages(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	a := env.mustCreate(catalogtest.FormProduct("Cámara A")) // 2 movements: its creation
	b := env.mustCreate(catalogtest.FormProduct("Cámara B"))
	for i := range 3 {
		rec := env.do(auth.Auxiliar, http.MethodPost, "/v1/inventario/ajustes", map[string]any{
			"productoId": a.ID.Hex(), "varianteId": a.Variantes[i%2].ID.Hex(), "tipo": "entrada", "cantidad": i + 1, "motivo": "Compra"})
		if rec.Code != http.StatusCreated {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	}
	list := func(query string) movementsAnswer {
		t.Helper()
		rec := env.do(auth.Administrador, http.MethodGet, "/v1/inventario/movimientos"+query, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", query, rec.Code, rec.Body)
		}
		return httpxtest.Decode[movementsAnswer](t, rec)
	}
	all := list("")
	if all.Meta.Total != 7 || len(all.Movimientos) != 7 || all.Meta.HasMore || all.Meta.Limit != 25 {
		t.Fatalf("all: %+v", all.Meta)
	}
	if first := all.Movimientos[0]; first.Tipo != TipoEntrada || first.Cantidad != 3 || first.NombreUsuario != "Prueba Auxiliar" {
		t.Fatalf("newest first: %+v", first)
	}
	history := list("?producto=" + a.ID.Hex() + "&limit=2&page=2")
	if history.Meta.Total != 5 || len(history.Movimientos) != 2 || !history.Meta.HasMore || history.Meta.Page != 2 {
		t.Fatalf("a's history, page 2: %+v", history.Meta)
	}
	if v := list("?producto=" + a.ID.Hex() + "&variante=" + a.Variantes[1].ID.Hex() + "&tipo=entrada"); v.Meta.Total != 1 || v.Movimientos[0].Cantidad != 2 {
		t.Fatalf("a's second variant's entries: %+v", v)
	}
	if only := list("?producto=" + b.ID.Hex() + "&tipo=edicion"); only.Meta.Total != 2 {
		t.Fatalf("b's creation: %+v", only.Meta)
	}
	// The movements' days, as the server dated them: one, or two if they crossed the shop's midnight.
	first, last := all.Movimientos[6].Fecha.In(shoptime.Zone), all.Movimientos[0].Fecha.In(shoptime.Zone)
	tomorrow := last.AddDate(0, 0, 1).Format(time.DateOnly)
	if days := list("?desde=" + first.Format(time.DateOnly) + "&hasta=" + last.Format(time.DateOnly)); days.Meta.Total != 7 {
		t.Fatalf("today: %+v", days.Meta)
	}
	if days := list("?desde=" + tomorrow); days.Meta.Total != 0 || days.Movimientos == nil {
		t.Fatalf("tomorrow: %+v", days)
	}

	kinds := apperr.MsgOneOf(MovementKinds...) // the tags list every kind
	for query, want := range map[string]map[string]string{
		"?producto=zzz&variante=1&tipo=robo": {"producto": "Identificador inválido.", "variante": "Identificador inválido.", "tipo": kinds},
		"?desde=ayer&hasta=2026-13-01":       {"desde": apperr.MsgDay, "hasta": apperr.MsgDay},
		"?desde=2026-11-02&hasta=2026-11-01": {"hasta": apperr.MsgRange},
		"?page=0&limit=101":                  {"page": apperr.MsgIntBetween(1, 100000), "limit": apperr.MsgIntBetween(1, 100)},
		"?limit=x":                           {"limit": apperr.MsgIntBetween(1, 100)},
		"/exportar?formato=csv&tipo=robo&desde=2026-11-02&hasta=2026-11-01": {"tipo": kinds, "hasta": apperr.MsgRange},
	} {
		rec := env.do(auth.Administrador, http.MethodGet, "/v1/inventario/movimientos"+query, nil)
		if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusBadRequest || e.Message != apperr.BadParameters(e.Fields).Message || !maps.Equal(e.Fields, want) {
			t.Errorf("%s: %d %s", query, rec.Code, rec.Body)
		}
	}
}

func TestLowStockListsTheVariantsAtOrBelowTheirMinimum(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	if rec := env.do(auth.Auxiliar, http.MethodGet, "/v1/inventario/bajo", nil); !strings.Contains(rec.Body.String(), `"variantes":[]`) {
		t.Fatalf("nothing low: %s", rec.Body)
	}
	body := catalogtest.FormProduct("Cámara escasa")
	vs := body["variantes"].([]map[string]any)
	vs[0]["minimo"], vs[1]["minimo"] = 5, 10 // 5 units: at its minimum; 3 units: 7 below
	p := env.mustCreate(body)
	if p.Variantes[0].Minimo != 5 || p.Variantes[1].Minimo != 10 {
		t.Fatalf("minimums %+v", p.Variantes)
	}
	env.mustCreate(catalogtest.FormProduct("Cámara sin mínimo"))
	type lowAnswer struct {
		Variantes []LowStockItem `json:"variantes"`
		Meta      httpx.PageMeta `json:"meta"`
	}
	low := func(query string) lowAnswer {
		t.Helper()
		rec := env.do(auth.Auxiliar, http.MethodGet, "/v1/inventario/bajo"+query, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		return httpxtest.Decode[lowAnswer](t, rec)
	}
	got := low("")
	if got.Meta.Total != 2 || len(got.Variantes) != 2 || got.Variantes[0].Talla != "Chico" || got.Variantes[0].Stock != 3 ||
		got.Variantes[0].Minimo != 10 || got.Variantes[1].Talla != "Grande" || got.Variantes[0].Producto != "Cámara escasa" {
		t.Fatalf("low stock %+v", got)
	}
	if page := low("?limit=1&page=2"); len(page.Variantes) != 1 || page.Variantes[0].Talla != "Grande" || page.Meta.HasMore {
		t.Fatalf("page 2: %+v", page)
	}
	// An entry lifts it above its minimum; an edit that leaves out the minimum keeps it.
	rec := env.do(auth.Auxiliar, http.MethodPost, "/v1/inventario/ajustes", map[string]any{
		"productoId": p.ID.Hex(), "varianteId": p.Variantes[0].ID.Hex(), "tipo": "entrada", "cantidad": 1, "motivo": "Compra"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	delete(vs[1], "minimo")
	vs[0]["_id"], vs[1]["_id"], vs[0]["stock"] = p.Variantes[0].ID.Hex(), p.Variantes[1].ID.Hex(), 6
	if rec := env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), body); rec.Code != http.StatusOK {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	if got := low(""); got.Meta.Total != 1 || got.Variantes[0].Talla != "Chico" || got.Variantes[0].Minimo != 10 {
		t.Fatalf("after the entry: %+v", got)
	}
	// A minimum is whole units from 0.
	vs[0]["minimo"] = 2.5
	rec = env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), body)
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusBadRequest || e.Fields["variantes[0].minimo"] != apperr.MsgInteger {
		t.Fatalf("minimum 2.5: %d %s", rec.Code, rec.Body)
	}
	// Shoppers never see it.
	if rec := env.do("", http.MethodGet, "/v1/productos/"+p.ID.Hex(), nil); strings.Contains(rec.Body.String(), "minimo") {
		t.Fatalf("public product shows the minimum: %s", rec.Body)
	}
}

// A variant with no units left is on 'Bajo inventario' whatever its minimum (0, unset or above),
// and leaves it once units come in; the count the staff drawer shows (a page of one) agrees.
func TestLowStockListsTheVariantsAtZeroUnits(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	type lowAnswer struct {
		Variantes []LowStockItem `json:"variantes"`
		Meta      httpx.PageMeta `json:"meta"`
	}
	low := func(query string) lowAnswer {
		t.Helper()
		rec := env.do(auth.Auxiliar, http.MethodGet, "/v1/inventario/bajo"+query, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		return httpxtest.Decode[lowAnswer](t, rec)
	}
	before := low("").Meta.Total
	body := catalogtest.FormProduct("Cámara agotada")
	vs := body["variantes"].([]map[string]any)
	vs[0]["stock"], vs[0]["minimo"] = 0, 0 // none left, a minimum of 0
	vs[1]["stock"] = 0                     // none left, no minimum sent
	p := env.mustCreate(body)
	full := catalogtest.FormProduct("Cámara surtida") // units left, no minimum: not low
	env.mustCreate(full)
	got := low("")
	if got.Meta.Total != before+2 {
		t.Fatalf("with two variants at 0 units: %+v", got)
	}
	found := map[string]LowStockItem{}
	for _, v := range got.Variantes {
		if v.ProductID == p.ID.Hex() {
			found[v.Talla] = v
		}
		if v.Producto == "Cámara surtida" {
			t.Fatalf("a variant with units and no minimum is low: %+v", v)
		}
	}
	if g, c := found["Grande"], found["Chico"]; len(found) != 2 || g.Stock != 0 || g.Minimo != 0 || c.Stock != 0 || c.Minimo != 0 {
		t.Fatalf("the variants at 0 units: %+v", found)
	}
	if badge := low("?limit=1"); badge.Meta.Total != got.Meta.Total || len(badge.Variantes) != 1 {
		t.Fatalf("the drawer's count: %+v, the list's %d", badge.Meta, got.Meta.Total)
	}
	// Units come in: it leaves the list.
	rec := env.do(auth.Auxiliar, http.MethodPost, "/v1/inventario/ajustes", map[string]any{
		"productoId": p.ID.Hex(), "varianteId": p.Variantes[0].ID.Hex(), "tipo": "entrada", "cantidad": 1, "motivo": "Compra"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if got := low(""); got.Meta.Total != before+1 {
		t.Fatalf("after an entry: %+v", got.Meta)
	}
}

func TestMovementsExportAsCSV(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Cámara, exportada"))
	rec := env.do(auth.Auxiliar, http.MethodPost, "/v1/inventario/ajustes", map[string]any{
		"productoId": p.ID.Hex(), "varianteId": p.Variantes[1].ID.Hex(), "tipo": "merma", "cantidad": 1, "motivo": "Se cayó"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	// The movements' days, as the server dated them: one, or two if they crossed the shop's midnight.
	ms, _, err := env.m.service.Movements(context.Background(), MovementFilter{ProductID: p.ID.Hex()}, 1, 10) // newest first
	if err != nil || len(ms) != 3 {
		t.Fatal(len(ms), err)
	}
	first, last := ms[2].Fecha.In(shoptime.Zone).Format(time.DateOnly), ms[0].Fecha.In(shoptime.Zone).Format(time.DateOnly)
	rec = env.do(auth.Administrador, http.MethodGet, "/v1/inventario/movimientos/exportar?formato=csv&producto="+p.ID.Hex()+"&desde="+first+"&hasta="+last, nil)
	if rec.Code != http.StatusOK || rec.Header().Get("X-Total-Filas") != "3" ||
		!strings.Contains(rec.Header().Get("Content-Disposition"), `filename="movimientos-`+first+"-a-"+last+`.csv"`) {
		t.Fatalf("%d %v", rec.Code, rec.Header())
	}
	lines := strings.Split(strings.TrimSuffix(rec.Body.String(), "\r\n"), "\r\n")
	if len(lines) != 4 || lines[0] != "\ufeffFecha,Producto,Talla,Tamaño,Tipo,Cantidad,Antes,Después,Motivo,Usuario,Folio" ||
		!strings.Contains(lines[3], `,"Cámara, exportada",Chico,100 g,Merma,-1,3,2,Se cayó,Prueba Auxiliar,`) {
		t.Fatalf("csv:\n%s", rec.Body)
	}
	for _, q := range []string{"?formato=pdf", "?formato=csv&tipo=x"} {
		if rec := env.do(auth.Administrador, http.MethodGet, "/v1/inventario/movimientos/exportar"+q, nil); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d", q, rec.Code)
		}
	}
	if n, err := env.m.service.countMovements(context.Background(), MovementFilter{ProductID: bson.NewObjectID().Hex()}); err != nil || n != 0 {
		t.Fatal(n, err)
	}
}

// The export reads the movements a batch at a time, each batch after the last one read: each
// movement once, in order, however many share a date, and none recorded after it began, whatever
// its date.
func TestMovementsExportReadsEachMovementOnce(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	svc := env.m.Service()
	day := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	var ms []Movement
	for i := range 11 {
		at := day.Add(time.Duration(i/4) * time.Minute) // 4, 4 and 3 movements share a date
		m := Movement{ID: bson.NewObjectID(), ProductID: "p", VarianteID: "v", Tipo: TipoEntrada, Cantidad: i + 1, Fecha: at}
		ms = append(ms, m)
	}
	if _, err := svc.store.insertMovements(context.Background(), ms); err != nil {
		t.Fatal(err)
	}
	f := MovementFilter{ProductID: "p"}
	n, err := svc.countMovements(context.Background(), f)
	if err != nil || n != 11 {
		t.Fatal(n, err)
	}
	var got []int
	err = svc.eachMovementBy(context.Background(), f, n, 3, func(m *Movement) error {
		got = append(got, m.Cantidad)
		switch len(got) {
		case 2: // recorded late with the date of the last one read (the sweep keeps a lost movement's date), and an _id before it
			late := Movement{ID: bson.NewObjectIDFromTimestamp(day.Add(-time.Hour)), ProductID: "p", VarianteID: "v", Tipo: TipoMerma,
				Cantidad: 100, Fecha: m.Fecha}
			_, err := svc.store.insertMovements(context.Background(), []Movement{late})
			return err
		case 5: // recorded after the last date: left out, as the count was announced
			late := Movement{ID: bson.NewObjectID(), ProductID: "p", VarianteID: "v", Tipo: TipoMerma, Cantidad: -1, Fecha: day.Add(time.Hour)}
			_, err := svc.store.insertMovements(context.Background(), []Movement{late})
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for i, c := range got {
		if c < 1 || c > 11 || seen[c] || i > 0 && ms[c-1].Fecha.Before(ms[got[i-1]-1].Fecha) {
			t.Fatalf("read %v", got)
		}
		seen[c] = true
	}
	if len(got) != 11 {
		t.Fatalf("read %v", got)
	}
}
