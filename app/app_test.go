package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/config"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

// testWeb stands in for the built front end.
var testWeb = fstest.MapFS{
	"index.html":             {Data: []byte(`<!doctype html><html lang="es-MX"><div id="root"></div></html>`)},
	"assets/index-abc123.js": {Data: []byte(`console.log("hola")`)},
	"favicon.svg":            {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
}

// testConfig is the configuration of an app on dir, with env. With MONGODB_URI set in the test's
// environment, the app's store is a database of that MongoDB of its own, one per dir, dropped when
// the test ends (testMongoURI); otherwise the embedded store in dir.
func testConfig(t testing.TB, dir string, env map[string]string) config.Config {
	t.Helper()
	uri, secret := env["MONGODB_URI"], env["JWT_SECRET"]
	if uri == "" {
		uri = testMongoURI(t, dir)
	}
	if uri != "" && secret == "" {
		secret = "test-secret-for-mongodb-0123456789abcdef"
	}
	environ := maps.Clone(env)
	if environ == nil {
		environ = map[string]string{}
	}
	environ["DATA_DIR"], environ["MONGODB_URI"], environ["JWT_SECRET"] = dir, uri, secret
	cfg, err := config.Load(environ)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// testDatabases are the databases testMongoURI handed out, by data directory.
var testDatabases sync.Map

// testMongoURI is MONGODB_URI of the test's environment naming a database of its own for dir (the
// same one each time an app starts on dir), or "" when MONGODB_URI is not set.
func testMongoURI(t testing.TB, dir string) string {
	t.Helper()
	base := os.Getenv("MONGODB_URI")
	if base == "" {
		return ""
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("MONGODB_URI: %v", err)
	}
	sum := sha256.Sum256([]byte(dir))
	name := "t_" + hex.EncodeToString(sum[:8])
	u.Path = "/" + name
	uri := u.String()
	if _, seen := testDatabases.LoadOrStore(dir, name); !seen {
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			store, err := mongox.Open(ctx, mongox.Options{URI: uri})
			if err != nil {
				t.Logf("drop %s: %v", name, err)
				return
			}
			defer store.Close(ctx)
			if err := store.W.Drop(ctx); err != nil {
				t.Logf("drop %s: %v", name, err)
			}
		})
	}
	return uri
}

// demoPhotosWait is how long a test waits for the demo photos of a process.
const demoPhotosWait = 5 * time.Minute

// MustStart builds the application on its own embedded store in dir. With DEMO_DATA, a fresh
// embedded store starts as a copy of the demo store (demoStore).
func MustStart(t testing.TB, dir string, env map[string]string) *App {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cfg := testConfig(t, dir, env)
	if cfg.DemoData && cfg.MongoURI == "" {
		copyDemoStore(t, dir)
	}
	a, err := New(ctx, cfg, zerolog.Nop(), testWeb)
	if err != nil {
		t.Fatal(err)
	}
	if env["DEMO_DATA"] == "true" {
		waitForDemoPhotos(t, a)
	}
	return a
}

// storeFile is the embedded store's file in its data directory.
const storeFile = "tienda.sqlite"

// demoStore is the embedded store of a shop started once per test binary with DEMO_DATA and
// nothing else, read when it has closed. Seeding a store (the demo accounts' password hashes,
// the catalogue and its photos) took 2.5 s of CPU a start under the race detector, in each of
// the tests that start a demo shop; a shop on a copy still runs every step of its start (its
// indexes, its upgrades, and the demo seeds, which find their work done) in 0.4 s.
var demoStore = sync.OnceValues(func() ([]byte, error) {
	dir, err := os.MkdirTemp("", "tienda-demo-store-")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.RemoveAll(dir) }()
	cfg, err := config.Load(map[string]string{"DATA_DIR": dir, "DEMO_DATA": "true"})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), demoPhotosWait)
	defer cancel()
	a, err := New(ctx, cfg, zerolog.Nop(), testWeb)
	if err != nil {
		return nil, err
	}
	photos := demoPhotosStored(ctx, a)
	if err := a.Close(context.Background()); err != nil {
		return nil, err
	}
	if photos != nil {
		return nil, photos
	}
	return os.ReadFile(filepath.Join(dir, storeFile)) //nolint:gosec // the test's own directory
})

// copyDemoStore puts a copy of demoStore in dir, unless dir holds a store already (a restart).
func copyDemoStore(t testing.TB, dir string) {
	t.Helper()
	path := filepath.Join(dir, storeFile)
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		return
	}
	data, err := demoStore()
	if err != nil {
		t.Fatalf("the demo store: %v", err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// waitForDemoPhotos waits until a's demo photos are stored and shown, so that no test sees the
// catalogue change under it. They come drawn and resized in the binary (pkg/democatalog) and
// are stored within seconds of the start: the wait only catches a start that never ends.
func waitForDemoPhotos(t testing.TB, a *App) {
	t.Helper()
	wait, cancel := context.WithTimeout(context.Background(), demoPhotosWait)
	defer cancel()
	if err := demoPhotosStored(wait, a); err != nil {
		t.Fatal(err)
	}
}

// demoPhotosStored waits until a's demo photos are stored, or ctx is done.
func demoPhotosStored(ctx context.Context, a *App) error {
	meta := a.store.R.Collection("catalogo_meta")
	for meta.FindOne(ctx, bson.M{"_id": "demo-fotos"}).Err() != nil {
		if ctx.Err() != nil {
			return errors.New("the demo photos were not stored in time")
		}
		time.Sleep(20 * time.Millisecond)
	}
	return nil
}

func closeApp(t testing.TB, a *App) {
	t.Helper()
	if err := a.Close(context.Background()); err != nil {
		t.Error(err)
	}
}

func do(t testing.TB, h http.Handler, method, path, body string, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestServer(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), map[string]string{"BODY_LIMIT_BYTES": "4096"})
	defer closeApp(t, a)
	h := a.Handler()

	t.Run("health", func(t *testing.T) {
		rec := do(t, h, http.MethodGet, "/v1/health", "")
		if rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != `{"db":"ok","status":"ok","version":`+strconv.Quote(Version())+`}` {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		for path, want := range map[string]string{"/v1/health/live": `{"status":"ok","version":` + strconv.Quote(Version()) + `}`, "/v1/health/ready": `{"status":"ok"}`} {
			if rec := do(t, h, http.MethodGet, path, ""); rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != want {
				t.Errorf("%s: %d %s", path, rec.Code, rec.Body)
			}
		}
	})
	t.Run("deep links get index.html; unknown pages too, with a 404", func(t *testing.T) {
		for p, status := range map[string]int{"/": 200, "/corte/print": 200, "/usuarios/perfil": 200, "/product/123": 404, "/no/existe": 404} {
			rec := do(t, h, http.MethodGet, p, "")
			if rec.Code != status || !strings.Contains(rec.Body.String(), `<div id="root">`) {
				t.Errorf("%s: %d %q", p, rec.Code, rec.Body)
			}
			if rec.Header().Get("Cache-Control") != "no-cache" {
				t.Errorf("%s: Cache-Control %q", p, rec.Header().Get("Cache-Control"))
			}
		}
	})
	t.Run("hashed assets are cached for a year", func(t *testing.T) {
		rec := do(t, h, http.MethodGet, "/assets/index-abc123.js", "")
		if rec.Code != 200 || rec.Body.String() != `console.log("hola")` ||
			rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("%d %q %q", rec.Code, rec.Header().Get("Cache-Control"), rec.Body)
		}
	})
	t.Run("security headers", func(t *testing.T) {
		rec := do(t, h, http.MethodGet, "/", "")
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self' https://sdk.mercadopago.com") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("CSP %q", csp)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" || rec.Header().Get("X-Frame-Options") != "DENY" {
			t.Errorf("headers %v", rec.Header())
		}
		if rec.Header().Get("Access-Control-Allow-Origin") != "" {
			t.Error("CORS is open")
		}
	})
	t.Run("unknown API route is a JSON 404", func(t *testing.T) {
		rec := do(t, h, http.MethodGet, "/v1/no-existe", "")
		if rec.Code != 404 || httpxtest.DecodeError(t, rec).Code != "not_found" {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
	t.Run("body over the limit is a 413 in Spanish", func(t *testing.T) {
		body := `{"email":"` + strings.Repeat("a", 5000) + `@x.mx","password":"12345678"}`
		rec := do(t, h, http.MethodPost, "/v1/usuarios/login", body)
		e := httpxtest.DecodeError(t, rec)
		if rec.Code != 413 || e.Code != "too_large" || e.Message != "La solicitud es demasiado grande." {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
	t.Run("error shape for bad input", func(t *testing.T) {
		tests := []struct{ body, code, field string }{
			{`{`, "invalid", ""},
			{``, "invalid", ""},
			{`[]`, "invalid", ""},
			{`{"email":5,"password":"x"}`, "invalid", "email"},
			{`{"email":"no-es-correo","password":"x"}`, "invalid", "email"},
			{`{"email":"a@b.mx"}`, "invalid", "password"},
			{`{"email":"a@b.mx","password":"x"} {}`, "invalid", ""},
		}
		for _, tt := range tests {
			rec := do(t, h, http.MethodPost, "/v1/usuarios/login", tt.body)
			e := httpxtest.DecodeError(t, rec)
			if rec.Code != 400 || string(e.Code) != tt.code || (tt.field != "" && e.Fields[tt.field] == "") {
				t.Errorf("%q: %d %s", tt.body, rec.Code, rec.Body)
			}
		}
	})
	t.Run("public config", func(t *testing.T) {
		rec := do(t, h, http.MethodGet, "/v1/config", "")
		var c struct {
			Tienda  struct{ Nombre, Telefono, Mapa string }
			Version string
		}
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &c) != nil || c.Tienda.Telefono == "" || c.Tienda.Mapa == "" || c.Version != Version() {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
}

func TestPanicGivesA500WithTheErrorShapeAndNoStack(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), nil)
	defer closeApp(t, a)
	a.echo.GET("/v1/test/panic", func(*echo.Context) error { panic("secreto interno") })
	rec := do(t, a.Handler(), http.MethodGet, "/v1/test/panic", "")
	e := httpxtest.DecodeError(t, rec)
	if rec.Code != 500 || e.Code != "internal" || strings.Contains(rec.Body.String(), "secreto") || strings.Contains(rec.Body.String(), "goroutine") {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
}

func TestGracefulShutdownFinishesTheRequestInFlight(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), nil)
	defer closeApp(t, a)
	started := make(chan struct{})
	var readyDuring int
	a.echo.GET("/v1/test/slow", func(c *echo.Context) error {
		close(started)
		for a.draining.Load() == false {
			time.Sleep(5 * time.Millisecond)
		}
		// The shutdown began: a proxy asking now is told to send new requests elsewhere.
		readyDuring = do(t, a.Handler(), http.MethodGet, "/v1/health/ready", "").Code
		return c.String(http.StatusOK, "terminado")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- a.Serve(ctx, ln) }()

	type result struct {
		body string
		err  error
	}
	got := make(chan result, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/v1/test/slow")
		if err != nil {
			got <- result{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		got <- result{string(b), err}
	}()
	<-started
	cancel() // what SIGTERM does in Main
	r := <-got
	if r.err != nil || r.body != "terminado" {
		t.Fatalf("request in flight: %q %v", r.body, r.err)
	}
	if readyDuring != http.StatusServiceUnavailable {
		t.Fatalf("/v1/health/ready during the shutdown: %d, want 503", readyDuring)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if res, err := http.Get("http://" + ln.Addr().String() + "/v1/health"); err == nil {
		_ = res.Body.Close()
		t.Fatal("still accepting after shutdown")
	}
}

func storedProducts(t *testing.T, a *App) int {
	t.Helper()
	n, err := a.store.R.Collection("productos").CountDocuments(context.Background(), map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

func countProducts(t *testing.T, h http.Handler) int {
	t.Helper()
	rec := do(t, h, http.MethodGet, "/v1/productos?limit=100", "")
	var ans struct {
		Products []struct {
			ID string `json:"_id"`
		} `json:"products"`
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &ans) != nil {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	return len(ans.Products)
}

func TestDemoDataIsCreatedOnceAndSurvivesRestarts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	env := map[string]string{"DEMO_DATA": "true"}
	a := MustStart(t, dir, env)
	first := storedProducts(t, a)
	if first < 60 {
		t.Fatalf("demo catalogue has %d products, want at least 60", first)
	}
	for _, acc := range []string{`{"email":"admin@tienda.mx","password":"Admin#2026"}`, `{"email":"cliente@tienda.mx","password":"Cliente#2026"}`} {
		if rec := do(t, a.Handler(), http.MethodPost, "/v1/usuarios/login", acc); rec.Code != 200 {
			t.Fatalf("demo login %s: %d %s", acc, rec.Code, rec.Body)
		}
	}
	closeApp(t, a)

	b := MustStart(t, dir, env)
	defer closeApp(t, b)
	if n := storedProducts(t, b); n != first {
		t.Fatalf("after restart %d products, want %d (no duplicates)", n, first)
	}
	if rec := do(t, b.Handler(), http.MethodPost, "/v1/usuarios/login", `{"email":"admin@tienda.mx","password":"Admin#2026"}`); rec.Code != 200 {
		t.Fatalf("login after restart: %d %s", rec.Code, rec.Body)
	}
	secret1, err := os.ReadFile(filepath.Join(dir, "jwt-secret"))
	if err != nil || len(bytes.TrimSpace(secret1)) < 32 {
		t.Fatalf("jwt secret not kept in the data directory: %v", err)
	}
}

func TestFirstAdministratorFromConfig(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), map[string]string{"ADMIN_EMAIL": "Duena@Tienda.MX", "ADMIN_PASSWORD": "clave-segura-1"})
	defer closeApp(t, a)
	rec := do(t, a.Handler(), http.MethodPost, "/v1/usuarios/login", `{"email":"duena@tienda.mx","password":"clave-segura-1"}`)
	var ans struct {
		Data struct {
			Token    string
			DataUser struct {
				Admin bool
				Rol   string
			}
		}
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &ans) != nil || ans.Data.Token == "" || !ans.Data.DataUser.Admin || ans.Data.DataUser.Rol != "Administrador" {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if n := countProducts(t, a.Handler()); n != 0 {
		t.Fatalf("no demo data asked, got %d products", n)
	}
}

// TestMainRejectsBadConfiguration runs the real binary with a bad variable: it must stop at once
// with a one-line message that names the variable.
func TestMainRejectsBadConfiguration(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "tienda")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "PORT=ochenta", "DATA_DIR="+t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) || exitErr.ExitCode() != 2 {
		t.Fatalf("exit: %v", err)
	}
	msg := strings.TrimSpace(stderr.String())
	if !strings.Contains(msg, "PORT") || strings.Contains(msg, "\n") {
		t.Fatalf("message %q", msg)
	}
}

// storeServer starts a store server (FerretDB, standing in for MongoDB) on a free port for the
// test and answers its URI; it stops after the test's own cleanups (the apps' closes).
func storeServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	uri, stop, err := mongox.StartServer(t.TempDir(), addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stop() })
	return uri
}
