package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tienda/pkg/httpx/httpxtest"
)

// tinyFilesystem mounts a tmpfs of size bytes and returns its folder; it is unmounted when the
// test ends. Mounting needs root (or CAP_SYS_ADMIN): without it the test is skipped, saying so.
func tinyFilesystem(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tiny filesystem here (needs root): %v %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount %s: %v %s", dir, err, out)
		}
	})
	return dir
}

// TestFullDiskAnswers503AndFailsTheReadinessCheck runs the shop on the embedded store in a tiny
// filesystem, fills that filesystem, and registers customers: a write that cannot be stored
// answers 503 with a Spanish message (not 500) and /v1/health answers 503; once space is freed,
// both work again without a restart.
func TestFullDiskAnswers503AndFailsTheReadinessCheck(t *testing.T) {
	if os.Getenv("MONGODB_URI") != "" {
		t.Skip("the embedded store's disk: not with MONGODB_URI")
	}
	dir := tinyFilesystem(t, "24m")
	a := MustStart(t, dir, nil)
	defer closeApp(t, a)
	h := a.Handler()
	if rec := do(t, h, http.MethodGet, "/v1/health", ""); rec.Code != 200 {
		t.Fatalf("health before: %d %s", rec.Code, rec.Body)
	}
	// Fill the filesystem: a file that takes every free byte.
	filler := filepath.Join(dir, "relleno")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte{'x'}, 64<<10)
	for {
		if _, err := f.Write(chunk); err != nil {
			break
		}
	}
	for {
		if _, err := f.Write(chunk[:512]); err != nil {
			break
		}
	}
	f.Close()

	var refused bool
	for i := range 200 {
		body := fmt.Sprintf(`{"name":"Cliente %d %s","email":"lleno%d@example.mx","password":"Lleno#2026x","phone":"5512345678","address":"%s"}`,
			i, strings.Repeat("n", 50), i, strings.Repeat("Calle larga 123 ", 15))
		rec := do(t, h, http.MethodPost, "/v1/usuarios", body)
		if rec.Code == http.StatusCreated {
			continue
		}
		e := httpxtest.DecodeError(t, rec)
		if rec.Code != http.StatusServiceUnavailable || !strings.Contains(e.Message, "espacio") {
			t.Fatalf("a write on a full disk: %d %s, want 503 with a Spanish message about space", rec.Code, rec.Body)
		}
		refused = true
		break
	}
	if !refused {
		t.Fatal("200 registrations on a full disk all succeeded")
	}
	rec := do(t, h, http.MethodGet, "/v1/health", "")
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "espacio") {
		t.Fatalf("health on a full disk: %d %s, want 503 naming the space", rec.Code, rec.Body)
	}

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if rec := do(t, h, http.MethodGet, "/v1/health", ""); rec.Code != 200 {
		t.Fatalf("health after freeing space: %d %s", rec.Code, rec.Body)
	}
	body := `{"name":"Cliente después","email":"despues@example.mx","password":"Lleno#2026x","phone":"5512345678","address":"Calle 1"}`
	if rec := do(t, h, http.MethodPost, "/v1/usuarios", body); rec.Code != http.StatusCreated {
		t.Fatalf("a write after freeing space: %d %s", rec.Code, rec.Body)
	}
}
