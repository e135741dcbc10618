package suppliersync

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"tienda/modules/catalog"
	"tienda/modules/catalog/supplier/syscom/syscomfake"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

// testKey is the tests' key for the stored client secret.
var testKey = []byte("0123456789abcdef0123456789abcdef")

const (
	fakeID     = "id-tienda"
	fakeSecret = "secreto-muy-largo-1234"
)

type env struct {
	t     *testing.T
	db    *mongox.Store
	cat   *catalog.Module
	fake  *syscomfake.Server
	url   string
	m     *Module
	srv   *httpxtest.Server
	admin string
	aux   string
}

func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvOn(t, mongox.TestDB(t))
}

// newEnvOn is newEnv on the store db (mongox.TestDBAt: one whose clock reads ahead of this process's).
func newEnvOn(t *testing.T, db *mongox.Store) *env {
	t.Helper()
	cat := catalog.New(catalog.Deps{Store: db, Log: zerolog.Nop(), ReloadEvery: -1})
	ctx := context.Background()
	if err := db.BuildIndexes(ctx, cat.Collections()...); err != nil {
		t.Fatal(err)
	}
	if err := cat.Upgrade(ctx); err != nil {
		t.Fatal(err)
	}
	if err := cat.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cat.Stop)
	fake := syscomfake.New(syscomfake.Generate(5, 150), fakeID, fakeSecret)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	fake.ServePictures(srv.URL)
	en := &env{t: t, db: db, cat: cat, fake: fake, url: srv.URL}
	en.m = en.module()
	en.srv = httpxtest.New(t, httpxtest.Options{}, en.m.Routes)
	en.admin = en.srv.Token("64b000000000000000000001", "Admin", auth.Administrador)
	en.aux = en.srv.Token("64b000000000000000000002", "Aux", auth.Auxiliar)
	return en
}

func (en *env) module() *Module {
	m := New(Deps{Store: en.db, Catalog: en.cat.Service(), Log: zerolog.Nop(), BaseURL: en.url, RequestsPerMinute: -1, SecretKey: testKey, Lease: 50 * time.Millisecond,
		PictureHosts: []string{strings.TrimPrefix(en.url, "http://")}})
	if err := en.db.BuildIndexes(context.Background(), m.Collections()...); err != nil {
		en.t.Fatal(err)
	}
	return m
}

func (en *env) do(tok, method, path, body string) *httptest.ResponseRecorder {
	return en.srv.Do(method, path, tok, body)
}

func (en *env) setCredentials() {
	en.t.Helper()
	if rec := en.do(en.admin, http.MethodPut, "/v1/proveedor/credenciales", `{"clientId":"`+fakeID+`","clientSecret":"`+fakeSecret+`"}`); rec.Code != http.StatusOK {
		en.t.Fatalf("credentials: %d %s", rec.Code, rec.Body)
	}
}

// imported returns the shop's products imported from the distributor, by producto_id.
func (en *env) imported() map[string]catalog.Product {
	out := map[string]catalog.Product{}
	for pid, id := range en.cat.Service().DistributorProducts("Syscom") {
		p, err := en.cat.Service().ProductByID(context.Background(), id)
		if err != nil {
			en.t.Fatal(err)
		}
		out[pid] = p
	}
	return out
}

// runJobs runs the waiting jobs to their end, as the loop does.
func (en *env) runJobs(m *Module) {
	for m.runNextJob(context.Background()) {
	}
}

func lastJob(t *testing.T, m *Module) Job {
	t.Helper()
	js, err := m.jobs(context.Background())
	if err != nil || len(js) == 0 {
		t.Fatalf("jobs: %v %v", js, err)
	}
	return js[0]
}

func TestCredentialsAreCheckedAndNeverAnswered(t *testing.T) {
	en := newEnv(t)
	rec := en.do(en.admin, http.MethodPut, "/v1/proveedor/credenciales", `{"clientId":"`+fakeID+`","clientSecret":"otro"}`)
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "Syscom rechazó") {
		t.Fatalf("bad secret: %d %s", rec.Code, rec.Body)
	}
	if rec := en.do(en.admin, http.MethodGet, "/v1/proveedor/categorias", ""); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "Primero guarda") {
		t.Fatalf("browse without credentials: %d %s", rec.Code, rec.Body)
	}
	en.setCredentials()
	for _, path := range []string{"/v1/proveedor/ajustes", "/v1/proveedor/importaciones", "/v1/proveedor/cambios", "/v1/proveedor/categorias", "/v1/proveedor/marcas", "/v1/proveedor/productos?busqueda=camara"} {
		rec := en.do(en.admin, http.MethodGet, path, "")
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
		if strings.Contains(rec.Body.String(), fakeSecret) || strings.Contains(rec.Body.String(), "secreto-muy") {
			t.Errorf("%s answers the secret: %s", path, rec.Body)
		}
	}
	var a Ajustes
	_ = json.Unmarshal(en.do(en.admin, http.MethodGet, "/v1/proveedor/ajustes", "").Body.Bytes(), &a)
	if !a.Configuradas || a.SecretoFin != "1234" {
		t.Errorf("settings: %+v", a)
	}
	if rec := en.do(en.aux, http.MethodGet, "/v1/proveedor/ajustes", ""); rec.Code != http.StatusForbidden {
		t.Errorf("Auxiliar: %d", rec.Code)
	}
	if rec := en.do(en.admin, http.MethodPut, "/v1/proveedor/reglas", `{"general":-5,"minimo":10}`); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "margen") {
		t.Errorf("negative margin: %d %s", rec.Code, rec.Body)
	}
	if rec := en.do(en.admin, http.MethodPut, "/v1/proveedor/reglas", `{"general":40,"minimo":15,"porMarca":{"HIKVISION":25},"terminacion":99}`); rec.Code != http.StatusOK {
		t.Errorf("rules: %d %s", rec.Code, rec.Body)
	}
}

func TestImportACategoryOnceWithPictures(t *testing.T) {
	en := newEnv(t)
	en.setCredentials()
	rec := en.do(en.admin, http.MethodPost, "/v1/proveedor/importaciones", `{"categorias":["22"]}`)
	if rec.Code != http.StatusAccepted {
		t.Fatalf("import: %d %s", rec.Code, rec.Body)
	}
	en.runJobs(en.m)
	j := lastJob(t, en.m)
	got := en.imported()
	if j.Estado != EstadoTerminada || j.Total == 0 || j.Hechos != j.Total || j.Fallidos != 0 || len(got) != j.Total {
		t.Fatalf("job %+v, %d products", j, len(got))
	}
	for pid, p := range got {
		if !strings.HasPrefix(p.Imagen, "/v1/imagenes/") || p.Details == nil || len(p.Details.Imagenes) == 0 {
			t.Fatalf("%s: pictures not stored: %q %+v", pid, p.Imagen, p.Details)
		}
		if strings.Contains(p.Descripcion, "<script") || strings.Contains(p.Descripcion, "<iframe") {
			t.Fatalf("%s: unsafe description", pid)
		}
		if p.Stock != 0 || p.Distribuidor.ProductoID != pid || p.Variantes[0].PrecioVenta <= 0 {
			t.Fatalf("%s: %+v", pid, p)
		}
	}
	if rec := en.do("", http.MethodGet, "/v1/proveedor/importaciones/"+j.ID.Hex(), ""); rec.Code != http.StatusUnauthorized {
		t.Errorf("visitor: %d", rec.Code)
	}
	// Again: nothing is created twice.
	en.do(en.admin, http.MethodPost, "/v1/proveedor/importaciones", `{"categorias":["22"]}`)
	en.runJobs(en.m)
	again := lastJob(t, en.m)
	if again.Creados != 0 || again.Hechos != j.Total || len(en.imported()) != j.Total {
		t.Fatalf("second import: %+v, %d products", again, len(en.imported()))
	}
}

func TestAnImportStoppedHalfWayResumes(t *testing.T) {
	en := newEnv(t)
	en.setCredentials()
	ctx, crash := context.WithCancel(context.Background())
	en.m.afterProduct = func(done int) {
		if done == 3 {
			crash()
		}
	}
	if _, err := en.m.newJob(ctx, Seleccion{Categorias: []string{"26"}}, "u"); err != nil {
		t.Fatal(err)
	}
	en.m.runNextJob(ctx)
	half := lastJob(t, en.m)
	if half.Estado != EstadoEnCurso || half.Hechos != 3 || len(en.imported()) != 3 {
		t.Fatalf("after the crash: %+v, %d products", half, len(en.imported()))
	}
	// Another start takes it over once the lease ends: it keeps looking until it can.
	next := en.module()
	for deadline := time.Now().Add(10 * time.Second); lastJob(t, next).Estado == EstadoEnCurso; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the job was never taken over")
		}
		en.runJobs(next)
	}
	done := lastJob(t, next)
	if done.Estado != EstadoTerminada || done.Hechos != done.Total || len(en.imported()) != done.Total || done.Creados != done.Total {
		t.Fatalf("resumed: %+v, %d products", done, len(en.imported()))
	}
}

func TestSyncChangesPricesAndKeepsHandEdits(t *testing.T) {
	en := newEnv(t)
	en.setCredentials()
	if _, err := en.m.newJob(context.Background(), Seleccion{Categorias: []string{"22"}}, "u"); err != nil {
		t.Fatal(err)
	}
	en.runJobs(en.m)
	before := en.imported()
	var ids []string
	for pid := range before {
		ids = append(ids, pid)
	}
	if len(ids) < 2 {
		t.Fatalf("%d imported", len(ids))
	}
	// Staff set the second product's price by hand.
	edited := before[ids[1]]
	if _, err := en.cat.Service().UpdateProductWith(context.Background(), edited.ID.Hex(), func(cur catalog.Product) (catalog.ProductInput, bool) {
		in := catalog.ProductInput{}
		for _, v := range cur.Variantes {
			stock, venta := float64(v.Stock), 12345.0
			in.Variantes = append(in.Variantes, catalog.VariantInput{ID: v.ID.Hex(), Talla: v.Talla, Stock: &stock, PrecioVenta: &venta})
		}
		return in, true
	}); err != nil {
		t.Fatal(err)
	}
	for _, pid := range ids[:2] {
		if !en.fake.SetPrice(pid, 999999) {
			t.Fatal("no such product in the fake")
		}
	}
	calls := en.fake.Stats().Served
	res, err := en.m.Sync(context.Background())
	if err != nil || res.Revisados != len(ids) || res.Fallidos != 0 || res.Cambiados != 1 {
		t.Fatalf("sync: %+v %v", res, err)
	}
	// Pages of the products' categories, not a call a product.
	if n := en.fake.Stats().Served - calls; n >= len(ids) {
		t.Errorf("the sync of %d products made %d calls", len(ids), n)
	}
	after := en.imported()
	if a, b := after[ids[0]].Variantes[0].PrecioVenta, before[ids[0]].Variantes[0].PrecioVenta; a <= b {
		t.Errorf("price not raised: %v -> %v", b, a)
	}
	if got := after[ids[1]].Variantes[0].PrecioVenta; got != 12345 {
		t.Errorf("hand-set price overwritten: %v", got)
	}
	for _, pid := range ids[2:] {
		if after[pid].Variantes[0].PrecioVenta != before[pid].Variantes[0].PrecioVenta {
			t.Errorf("%s changed with no change at the distributor", pid)
		}
	}
	cs, err := en.m.changes(context.Background())
	if err != nil || len(cs) != 1 || cs[0].ProductoID != ids[0] || cs[0].Campo != "precio" {
		t.Fatalf("log: %+v %v", cs, err)
	}
}

func TestBrowseAnswersTheDistributorsFailuresInSpanish(t *testing.T) {
	en := newEnv(t)
	en.setCredentials()
	rec := en.do(en.admin, http.MethodGet, "/v1/proveedor/productos?categoria=22&pagina=1", "")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"paginas"`) {
		t.Fatalf("search: %d %s", rec.Code, rec.Body)
	}
	if rec := en.do(en.admin, http.MethodGet, "/v1/proveedor/productos", ""); rec.Code != http.StatusBadRequest {
		t.Errorf("empty search: %d %s", rec.Code, rec.Body)
	}
	rec = en.do(en.admin, http.MethodGet, "/v1/proveedor/productos?busqueda=x%00&marca="+strings.Repeat("m", 101)+"&pagina=0", "")
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusBadRequest || e.Message != apperr.BadParameters(e.Fields).Message ||
		e.Fields["pagina"] != apperr.MsgIntBetween(1, 5000) || e.Fields["marca"] != apperr.MsgMaxChars(100) {
		t.Errorf("page 0, a long brand: %d %s", rec.Code, rec.Body)
	}
	rec = en.do(en.admin, http.MethodGet, "/v1/proveedor/productos?busqueda=x%00", "")
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusBadRequest || e.Fields["busqueda"] != apperr.MsgInvalid {
		t.Errorf("a NUL in the search: %d %s", rec.Code, rec.Body)
	}
	en.fake.BreakNext(1)
	rec = en.do(en.admin, http.MethodGet, "/v1/proveedor/marcas", "")
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "Syscom respondió algo que no se pudo leer") {
		t.Errorf("broken answer: %d %s", rec.Code, rec.Body)
	}
	en.m.base = "http://127.0.0.1:1" // nobody listens there
	en.m.cli = nil
	rec = en.do(en.admin, http.MethodGet, "/v1/proveedor/categorias", "")
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "Syscom no responde") {
		t.Errorf("distributor down: %d %s", rec.Code, rec.Body)
	}
}

// The module's own loop: an import asked for through the route runs in the background, and the
// sync runs on its schedule.
func TestTheLoopImportsAndSyncsOnItsSchedule(t *testing.T) {
	en := newEnv(t)
	m := New(Deps{Store: en.db, Catalog: en.cat.Service(), Log: zerolog.Nop(), BaseURL: en.url, RequestsPerMinute: -1, SecretKey: testKey,
		Lease: 50 * time.Millisecond, SyncEvery: 100 * time.Millisecond, PictureHosts: []string{strings.TrimPrefix(en.url, "http://")}})
	en.m = m
	en.setCredentials()
	ids := syscomfake.Generate(5, 150).ProductIDs(2)
	if _, err := m.newJob(context.Background(), Seleccion{Productos: ids}, "u"); err != nil {
		t.Fatal(err)
	}
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Stop()
	deadline := time.Now().Add(20 * time.Second)
	for len(en.imported()) < 2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if got := len(en.imported()); got != 2 {
		t.Fatalf("%d products imported by the loop", got)
	}
	// (No price is changed at the fake here: the loop reads it meanwhile.)
	for time.Now().Before(deadline) {
		if doc, err := m.settings(context.Background()); err == nil && doc.UltimaSincronizacion != nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the scheduled sync did not run")
}
