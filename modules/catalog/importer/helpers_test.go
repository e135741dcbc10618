package importer

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/rs/zerolog"

	"tienda/modules/catalog"
	"tienda/pkg/audit/audittest"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

const (
	productsCollection  = "productos"
	movementsCollection = "movimientos_inventario"
)

// trail is the audit trail of these tests.
type trail = audittest.Trail

// testEnv is the catalogue and the importer on their own fresh database behind the shop's router,
// error handler and token middleware (httpxtest).
type testEnv struct {
	t     *testing.T
	db    *mongox.Store
	cat   *catalog.Module
	m     *Module
	trail *trail
	srv   *httpxtest.Server
}

// MustModule builds and starts a catalogue (its audit trail r, nil for none) and its importer on
// db: a replica of the shop.
func MustModule(t testing.TB, db *mongox.Store, r *trail) (*catalog.Module, *Module) {
	t.Helper()
	d := catalog.Deps{Store: db, Log: zerolog.Nop(), ReloadEvery: -1}
	if r != nil {
		d.Audit = r
	}
	cat := catalog.New(d)
	m := New(Deps{Store: db, Catalog: cat.Service(), Log: zerolog.Nop()})
	ctx := context.Background()
	if err := db.BuildIndexes(ctx, append(cat.Collections(), m.Collections()...)...); err != nil {
		t.Fatal(err)
	}
	if _, err := db.IndexIDs(ctx); err != nil { // as the app's start does, after the indexes
		t.Fatal(err)
	}
	if err := cat.Upgrade(ctx); err != nil { // as the app's start does on the embedded store (migrate)
		t.Fatal(err)
	}
	if err := cat.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cat.Stop)
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Stop)
	return cat, m
}

func newEnv(t *testing.T) *testEnv {
	t.Helper()
	db := mongox.TestDB(t)
	env := &testEnv{t: t, db: db, trail: &trail{}}
	env.cat, env.m = MustModule(t, db, env.trail)
	env.srv = httpxtest.New(t, httpxtest.Options{}, env.cat.Routes, env.cat.UploadRoutes, env.m.Routes, env.m.UploadRoutes)
	return env
}

// do sends a request as the kit's user in a role ("" for a visitor) with a JSON body (a value
// marshalled, nil none) and returns the recorder.
func (env *testEnv) do(role auth.Role, method, path string, body any) *httptest.ResponseRecorder {
	env.t.Helper()
	return env.srv.Do(method, path, env.srv.RoleToken(role), body)
}

// mustCreate creates a product through the API as an administrator.
func (env *testEnv) mustCreate(body map[string]any) catalog.Product {
	env.t.Helper()
	rec := env.do(auth.Administrador, http.MethodPost, "/v1/productos", body)
	if rec.Code != http.StatusCreated {
		env.t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	return httpxtest.Decode[catalog.Product](env.t, rec)
}

// storedCount counts the products in the store.
func (env *testEnv) storedCount() int64 {
	env.t.Helper()
	n, err := env.db.R.Collection(productsCollection).CountDocuments(context.Background(), map[string]any{})
	if err != nil {
		env.t.Fatal(err)
	}
	return n
}

// closed is whether ch is closed.
func closed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// storedProduct reads a product, its units and reservations included, straight from the store.
func (env *testEnv) storedProduct(id string) catalog.Product {
	env.t.Helper()
	p, err := env.cat.Service().ProductByID(context.Background(), id)
	if err != nil {
		env.t.Fatal(err)
	}
	return p
}
