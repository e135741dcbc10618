package main

import (
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

// TestStoreDownAnswers503AndRecovers runs the shop on a store it does not own (MONGODB_URI), stops
// that store, and starts it again: meanwhile calls answer 503 with a Spanish message and the
// health endpoint says so; afterwards the shop works again without a restart.
func TestStoreDownAnswers503AndRecovers(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	storeDir := t.TempDir()
	uri, stop, err := mongox.StartServer(storeDir, addr)
	if err != nil {
		t.Fatal(err)
	}
	a := MustStart(t, t.TempDir(), map[string]string{"MONGODB_URI": uri, "JWT_SECRET": strings.Repeat("k", 32),
		"ADMIN_EMAIL": "admin@tienda.mx", "ADMIN_PASSWORD": "Admin#2026"})
	defer closeApp(t, a)
	h := a.Handler()
	login := `{"email":"admin@tienda.mx","password":"Admin#2026"}`
	if rec := do(t, h, http.MethodPost, "/v1/usuarios/login", login); rec.Code != 200 {
		t.Fatalf("before: %d %s", rec.Code, rec.Body)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	rec := do(t, h, http.MethodGet, "/v1/health", "")
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), `"db":"error"`) {
		t.Fatalf("health while down: %d %s", rec.Code, rec.Body)
	}
	rec = do(t, h, http.MethodPost, "/v1/usuarios/login", login)
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusServiceUnavailable || !strings.Contains(e.Message, "disponible") {
		t.Fatalf("a call while down: %d %s", rec.Code, rec.Body)
	}
	if rec := do(t, h, http.MethodGet, "/v1/productos", ""); rec.Code != 200 {
		t.Fatalf("the in-memory catalogue keeps answering: %d", rec.Code)
	}
	if _, stop, err = mongox.StartServer(storeDir, addr); err != nil {
		t.Fatal(err)
	}
	// The store stops after the shop has closed (the deferred closeApp): a shop closing on a
	// store that is gone waits out the driver's timeouts.
	t.Cleanup(func() { _ = stop() })
	deadline := time.Now().Add(30 * time.Second)
	for {
		rec := do(t, h, http.MethodPost, "/v1/usuarios/login", login)
		if rec.Code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no recovery: %d %s", rec.Code, rec.Body)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if rec := do(t, h, http.MethodGet, "/v1/health", ""); rec.Code != 200 {
		t.Fatalf("health after: %d %s", rec.Code, rec.Body)
	}
}
