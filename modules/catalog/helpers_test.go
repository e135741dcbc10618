package catalog

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

// testEnv is the module on its own fresh database behind the shop's router, error handler and
// token middleware (httpxtest).
type testEnv struct {
	t   *testing.T
	db  *mongox.Store
	m   *Module
	srv *httpxtest.Server
}

// MustModule builds and loads a module on db; every <= 0 turns the watcher off.
func MustModule(t testing.TB, db *mongox.Store, every time.Duration) *Module {
	t.Helper()
	if every == 0 {
		every = -1
	}
	m := New(Deps{Store: db, Log: zerolog.Nop(), ReloadEvery: every})
	ctx := context.Background()
	if err := db.BuildIndexes(ctx, m.Collections()...); err != nil {
		t.Fatal(err)
	}
	if err := m.Upgrade(ctx); err != nil { // as the app's start does on the embedded store (migrate)
		t.Fatal(err)
	}
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Stop)
	return m
}

func newEnv(t *testing.T) *testEnv {
	t.Helper()
	db := mongox.TestDB(t)
	m := MustModule(t, db, 0)
	return &testEnv{t: t, db: db, m: m, srv: serve(t, m)}
}

// serve is the module's routes, the uploads' included, behind the shop's middleware.
func serve(t *testing.T, m *Module) *httpxtest.Server {
	t.Helper()
	return httpxtest.New(t, httpxtest.Options{}, m.Routes, m.UploadRoutes)
}

// replica is env served by another module (another replica on the same store).
func (env *testEnv) replica(m *Module) *testEnv {
	other := *env
	other.m, other.srv = m, serve(env.t, m)
	return &other
}

// do sends a request as the kit's user in a role ("" for a visitor) with a JSON body (a string
// as it is, nil none, a value marshalled) and returns the recorder.
func (env *testEnv) do(role auth.Role, method, path string, body any) *httptest.ResponseRecorder {
	env.t.Helper()
	return env.srv.Do(method, path, env.srv.RoleToken(role), body)
}

// pngDataURL is a small real PNG as the admin form sends it.
func pngDataURL(t *testing.T, c color.Color) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for x := 0; x < 4; x++ {
		for y := 0; y < 4; y++ {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// mustCreate creates a product through the API as an administrator.
func (env *testEnv) mustCreate(body map[string]any) Product {
	env.t.Helper()
	rec := env.do(auth.Administrador, http.MethodPost, "/v1/productos", body)
	if rec.Code != http.StatusCreated {
		env.t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	return httpxtest.Decode[Product](env.t, rec)
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

// storedProduct reads a product, its units and reservations included, straight from the store.
func (env *testEnv) storedProduct(id string) Product {
	env.t.Helper()
	oid, err := parseProductID(id)
	if err != nil {
		env.t.Fatal(err)
	}
	p, err := env.m.service.store.product(context.Background(), oid)
	if err != nil {
		env.t.Fatal(err)
	}
	return p
}

func checkTotals(t *testing.T, p Product, wantVariant0 int) {
	t.Helper()
	sum := 0
	for _, v := range p.Variantes {
		sum += v.Stock
	}
	if p.Variantes[0].Stock != wantVariant0 || p.Stock != sum || p.TotalExistencia != sum {
		t.Fatalf("variant 0 stock %d (want %d), stock %d, total_existencia %d, sum of variants %d",
			p.Variantes[0].Stock, wantVariant0, p.Stock, p.TotalExistencia, sum)
	}
}
