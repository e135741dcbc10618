package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"tienda/pkg/shoptime"
)

// process is the real binary running on a data directory.
type process struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string
}

func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tienda")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

func startProcess(t *testing.T, bin, dir string) *process {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(bin)
	// With MONGODB_URI set, the binary gets a database of its own for dir (testMongoURI).
	cmd.Env = append(os.Environ(), "MONGODB_URI="+testMongoURI(t, dir), "DATA_DIR="+dir, fmt.Sprintf("PORT=%d", port), "DEMO_DATA=true", "LOG_LEVEL=error",
		"JWT_SECRET=crash-test-secret-0123456789abcdef0123")
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{t: t, cmd: cmd, base: fmt.Sprintf("http://127.0.0.1:%d", port)}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(p.base + "/v1/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return p
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("the shop did not start")
	return nil
}

func (p *process) call(token, method, path string, body any) (int, []byte) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.base+path, r)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

func (p *process) login(email, password string) string {
	code, b := p.call("", http.MethodPost, "/v1/usuarios/login", map[string]string{"email": email, "password": password})
	var ans struct{ Data struct{ Token string } }
	if code != 200 || json.Unmarshal(b, &ans) != nil {
		p.t.Fatalf("login %s: %d %s", email, code, b)
	}
	return ans.Data.Token
}

// TestKilledMidFlightKeepsEveryInvariant drives counter orders, payments and cash cuts from many
// goroutines against the real binary, kills it with SIGKILL in the middle, restarts it on the same
// data directory and checks: every order that got a 2xx exists; stock = initial - sold, never
// negative; no paid sale is in two cuts.
func TestKilledMidFlightKeepsEveryInvariant(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the real binary")
	}
	t.Parallel()
	bin, dir := buildBinary(t), t.TempDir()
	p := startProcess(t, bin, dir)
	admin, cliente, cajero := p.login("admin@tienda.mx", "Admin#2026"), p.login("cliente@tienda.mx", "Cliente#2026"), p.login("cajero@tienda.mx", "Cajero#2026")
	const initial = 40
	code, b := p.call(admin, http.MethodPost, "/v1/productos", map[string]any{"nombre": "Cámara del choque", "categoria": "Camaras IP y NVRs",
		"variantes": []map[string]any{{"talla": "Unico", "tamano": "1", "stock": initial, "precioCompra": 100, "precioVenta": 150, "descuento": 0}}})
	var prod product
	if code != 201 || json.Unmarshal(b, &prod) != nil {
		t.Fatalf("create: %d %s", code, b)
	}
	order := map[string]any{"cliente": "Juan", "carrito": []map[string]any{{"id": prod.Variantes[0].ID, "producto_id": prod.ID, "cantidad": 1}}}

	var mu sync.Mutex
	acknowledged := map[string]bool{}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				code, b := p.call(cliente, http.MethodPost, "/v1/ventas", order)
				if code == http.StatusCreated {
					var v sale
					_ = json.Unmarshal(b, &v)
					mu.Lock()
					acknowledged[v.ID] = true
					mu.Unlock()
					p.call(cajero, http.MethodPatch, "/v1/ventas/"+v.ID, map[string]string{"pago": "Pagado", "metodoPago": "Efectivo"})
				}
			}
		})
	}
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(150 * time.Millisecond):
				p.call(cajero, http.MethodPost, "/v1/ventas/corte", nil)
			}
		}
	})
	// Kill it in the middle: once some orders got through, while the others and the cuts are in
	// flight (the stock lasts for 40).
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		n := len(acknowledged)
		mu.Unlock()
		if n >= 12 {
			break
		}
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	close(stop)
	wg.Wait()
	_ = p.cmd.Wait()
	if len(acknowledged) == 0 {
		t.Fatal("no order got through before the kill")
	}

	q := startProcess(t, bin, dir)
	admin = q.login("admin@tienda.mx", "Admin#2026")
	for id := range acknowledged {
		if code, b := q.call(admin, http.MethodGet, "/v1/ventas/"+id, nil); code != 200 {
			t.Errorf("acknowledged order %s lost: %d %s", id, code, b)
		}
	}
	now := time.Now().In(shoptime.Zone) // the shop's days
	code, b = q.call(admin, http.MethodGet, "/v1/ventas/?startDate="+now.AddDate(0, 0, -1).Format(time.DateOnly)+"&endDate="+now.Format(time.DateOnly), nil)
	var all []sale
	if code != 200 || json.Unmarshal(b, &all) != nil {
		t.Fatalf("sales: %d %.300s", code, b)
	}
	sold := 0
	for _, v := range all {
		for _, it := range v.Carrito {
			sold += it.Cantidad
		}
	}
	_, b = q.call("", http.MethodGet, "/v1/productos/"+prod.ID, nil)
	var after product
	_ = json.Unmarshal(b, &after)
	// Orders the kill left between taking stock and saving hold their units until their
	// reservations are five minutes old (another replica could still be placing them).
	if after.Variantes[0].Stock > initial-sold || after.Variantes[0].Stock < 0 {
		t.Fatalf("stock %d, want at most %d - %d sold = %d", after.Variantes[0].Stock, initial, sold, initial-sold)
	}
	// Every paid sale is in at most one cut.
	code, b = q.call(admin, http.MethodGet, "/v1/cortes?page=1", nil)
	var list struct {
		Cortes []struct {
			ID string `json:"_id"`
		}
	}
	if code != 200 || json.Unmarshal(b, &list) != nil {
		t.Fatalf("cuts: %d %s", code, b)
	}
	inCut := map[string]int{}
	for _, c := range list.Cortes {
		_, b := q.call(admin, http.MethodGet, "/v1/cortes/"+c.ID, nil)
		var cut struct {
			Ventas []struct {
				ID string `json:"_id"`
			}
		}
		_ = json.Unmarshal(b, &cut)
		for _, v := range cut.Ventas {
			inCut[v.ID]++
		}
	}
	for id, n := range inCut {
		if n > 1 {
			t.Errorf("sale %s in %d cuts", id, n)
		}
	}
	t.Logf("%d orders acknowledged, %d saved, %d units sold, %d sales in %d cuts", len(acknowledged), len(all), sold, len(inCut), len(list.Cortes))

	// Five minutes later the reconciliation gives back what those orders held, and removes the
	// keys of the saved ones whose removal the kill lost: stock = initial - sold, nothing held.
	if err := q.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	_ = q.cmd.Wait()
	a := MustStart(t, dir, map[string]string{"JWT_SECRET": "crash-test-secret-0123456789abcdef0123"})
	defer closeApp(t, a)
	a.checkout.Service().SetClock(func() time.Time { return time.Now().Add(6 * time.Minute) })
	if err := a.checkout.Service().Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	waitForNoReservations(t, a, prod.ID)
	s := &shop{t: t, app: a, h: a.Handler(), toks: map[string]string{}}
	if got := s.product(prod.ID); got.Variantes[0].Stock != initial-sold || got.Stock != initial-sold {
		t.Fatalf("stock after the reconciliation %d (total %d), want %d - %d sold = %d", got.Variantes[0].Stock, got.Stock, initial, sold, initial-sold)
	}
}
