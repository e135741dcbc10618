package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/pkg/mongox"
)

// BenchmarkCatalogAtScale measures the catalogue's writes and the shop's start with 5,000, 20,000
// and 50,000 products, stored straight into the embedded store (not through the API):
//
//   - a product created, and a product edited, through the real router by an Administrador, 4 at a
//     time (create-p50-ms, create-p99-ms, edit-p50-ms, edit-p99-ms);
//
//   - the real binary started on that data directory: the time from its launch to its first answer
//     of the storefront's first page (start-s), and its peak memory (VmHWM) after that answer and
//     after 100 creates over HTTP, 4 at a time (peak-MB).
//
//     go test ./app -run '^$' -bench CatalogAtScale -benchtime 1x
//     go test ./app -run '^$' -bench CatalogAtScale/50000 -benchtime 1x -cpuprofile cpu.out
func BenchmarkCatalogAtScale(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "tienda")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	for _, n := range []int{5000, 20000, 50000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			dir := b.TempDir()
			env := map[string]string{"DEMO_DATA": "false", "ADMIN_EMAIL": "admin@tienda.mx", "ADMIN_PASSWORD": "Admin#2026"}
			a := MustStart(b, dir, env)
			began := time.Now()
			ids := seedProducts(b, a.store, n)
			b.Logf("%d products stored in %v", n, time.Since(began).Round(time.Millisecond))
			closeApp(b, a)

			began = time.Now()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // the binary's own start is timed below
			a, err := New(ctx, testConfig(b, dir, env), zerolog.Nop(), testWeb)
			cancel()
			if err != nil {
				b.Fatal(err)
			}
			b.Logf("started in-process in %v", time.Since(began).Round(time.Millisecond))
			s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
			var creates, edits []time.Duration
			for i := 0; b.Loop(); i++ {
				creates = append(creates, fourAtATime(b, 100, func(j int) (int, string) {
					rec := s.call("admin@tienda.mx", http.MethodPost, "/v1/productos", scaleProductForm(fmt.Sprintf("Cámara nueva %d-%d", i, j)))
					return rec.Code, rec.Body.String()
				}, http.StatusCreated)...)
				edits = append(edits, fourAtATime(b, 100, func(j int) (int, string) {
					id := ids[(i*100+j)*7919%len(ids)]
					rec := s.call("admin@tienda.mx", http.MethodPatch, "/v1/productos/"+id.Hex(), map[string]any{"nombre": fmt.Sprintf("Cámara editada %d-%d", i, j)})
					return rec.Code, rec.Body.String()
				}, http.StatusOK)...)
			}
			closeApp(b, a)
			b.ReportMetric(ms(percentile(creates, 50)), "create-p50-ms")
			b.ReportMetric(ms(percentile(creates, 99)), "create-p99-ms")
			b.ReportMetric(ms(percentile(edits, 50)), "edit-p50-ms")
			b.ReportMetric(ms(percentile(edits, 99)), "edit-p99-ms")
			b.Logf("create p50 %v p99 %v, edit p50 %v p99 %v", percentile(creates, 50), percentile(creates, 99), percentile(edits, 50), percentile(edits, 99))

			start, peak := startBinary(b, bin, dir, env)
			b.ReportMetric(start.Seconds(), "start-s")
			b.ReportMetric(float64(peak>>20), "peak-MB")
		})
	}
}

// seedProducts inserts n products of a distributor's shape and size (about 2 KB each), straight
// into the collection: 12 kinds of 10 brands, each with its own model, some sold out. It answers
// their ids.
func seedProducts(t testing.TB, store *mongox.Store, n int) []bson.ObjectID {
	t.Helper()
	brands := []string{"Hikvision", "Dahua", "Epcom", "Ubiquiti", "TP-Link", "MikroTik", "ZKTeco", "Syscom", "Kenwood", "DJI"}
	kinds := []string{"Cámara IP bala", "Cámara domo", "DVR", "NVR", "Router", "Switch PoE", "Radio portátil", "Panel solar", "Control de acceso", "Cable UTP", "Detector de humo", "Dron"}
	storeCats := []string{"22", "22", "22", "22", "26", "26", "25", "30", "37", "65811", "38", "66630"}
	text := "Equipo profesional con garantía del fabricante, factura y soporte técnico en tienda. Ideal para instalaciones residenciales y comerciales. "
	coll := store.W.Collection("productos")
	now := time.Now().UTC().Truncate(time.Millisecond)
	ids := make([]bson.ObjectID, 0, n)
	batch := make([]any, 0, 1000)
	for i := range n {
		k, brand := i%len(kinds), brands[i%len(brands)]
		name := fmt.Sprintf("%s %s modelo %d", kinds[k], brand, i)
		price := float64(200 + (i*37)%20000)
		stock := (i * 7) % 25
		img := fmt.Sprintf("/v1/imagenes/demo/producto-%03d.svg", i%66)
		p := catalog.Product{
			ID: bson.NewObjectID(), SupplierProductID: strconv.Itoa(100000 + i), Titulo: name, Marca: brand, Modelo: fmt.Sprintf("M-%05d", i),
			Garantia: "1 año", SatKey: "46171610", UnidadDeMedida: catalog.UnidadMedida{ClaveUnidadSat: "H87"},
			TotalExistencia: stock, ImgPortada: img, Largo: 10, Ancho: 8, Alto: 5,
			Precios:    catalog.Precios{PrecioLista: price, Precio1: price, PrecioDescuento: price, PrecioOferta: price},
			Categorias: []string{storeCats[k]},
			Details: &catalog.Details{Caracteristicas: []string{"Marca " + brand, "Resolución 4 MP", "IP67", "PoE"},
				Recursos: []catalog.Recurso{}, ImgPortada: img, Imagenes: []string{img, img}, Descripcion: text + text + text},
			Nombre: name, Descripcion: text + text, DescripcionCorta: kinds[k], Categoria: "Otros", Proveedor: "Bench",
			Favorito: i%50 == 0, Imagen: img, Stock: stock, Version: 1, Revision: 1,
			Variantes: []catalog.Variante{{ID: bson.NewObjectID(), Talla: "Unico", Tamano: "1 pieza", Stock: stock, PrecioCompra: price * 0.7, PrecioVenta: price}},
			Extras:    []catalog.Extra{},
			CreatedAt: now.Add(-time.Duration(i) * time.Minute), UpdatedAt: now,
		}
		ids = append(ids, p.ID)
		batch = append(batch, p)
		if len(batch) == cap(batch) || i == n-1 {
			if _, err := coll.InsertMany(context.Background(), batch); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	return ids
}

// scaleProductForm is the body of a create from 'Nuevo Producto'.
func scaleProductForm(name string) map[string]any {
	return map[string]any{
		"nombre": name, "descripcion": "Descripción de " + name, "descripcionCorta": "Cámara", "marca": "Hikvision", "modelo": "DS-2CD",
		"categoria": "Camaras IP y NVRs", "proveedor": "Syscom", "favorito": false, "stock": 0,
		"variantes": []map[string]any{{"talla": "Unico", "tamano": "1 pieza", "stock": 5, "precioCompra": 700, "precioVenta": 1000, "descuento": 0}},
		"extras":    []map[string]any{},
	}
}

// fourAtATime runs n calls of fn from 4 goroutines and returns each call's duration; fn answers
// the status and body, which must be want.
func fourAtATime(t testing.TB, n int, fn func(i int) (int, string), want int) []time.Duration {
	t.Helper()
	var mu sync.Mutex
	var took []time.Duration
	var wg sync.WaitGroup
	next := make(chan int)
	for range 4 {
		wg.Go(func() {
			for i := range next {
				began := time.Now()
				code, body := fn(i)
				d := time.Since(began)
				if code != want {
					t.Errorf("%d: %.300s", code, body)
				}
				mu.Lock()
				took = append(took, d)
				mu.Unlock()
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return took
}

func percentile(ds []time.Duration, p int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// startBinary starts the built shop on dir and returns the time from its launch to its first answer
// of the storefront's first page, and its peak memory (VmHWM) after that answer and 100 creates over
// HTTP, 4 at a time.
func startBinary(t testing.TB, bin, dir string, env map[string]string) (time.Duration, int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer // what the shop logs, told when it does not answer
	cmd := exec.Command(bin)
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Env = append(os.Environ(), "DATA_DIR="+dir, "PORT="+port, "HOST=127.0.0.1", "LOG_LEVEL=warn", "JWT_SECRET=bench-secret-0123456789abcdef0123456789")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	began := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	}()
	base := "http://127.0.0.1:" + port
	client := &http.Client{Timeout: 30 * time.Second}
	for {
		resp, err := client.Get(base + "/v1/productos")
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Since(began) > 2*time.Minute {
			t.Fatalf("the shop did not answer within 2 minutes: %v\n%s", err, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	start := time.Since(began)

	resp, err := client.Post(base+"/v1/usuarios/login", "application/json", strings.NewReader(`{"email":"admin@tienda.mx","password":"Admin#2026"}`))
	if err != nil {
		t.Fatal(err)
	}
	var ans struct{ Data struct{ Token string } }
	if err := json.NewDecoder(resp.Body).Decode(&ans); err != nil || ans.Data.Token == "" {
		t.Fatalf("login: %d %v", resp.StatusCode, err)
	}
	_ = resp.Body.Close()
	fourAtATime(t, 100, func(i int) (int, string) {
		body, _ := json.Marshal(scaleProductForm(fmt.Sprintf("Cámara del binario %d", i)))
		req, _ := http.NewRequest(http.MethodPost, base+"/v1/productos", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+ans.Data.Token)
		resp, err := client.Do(req)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		return resp.StatusCode, ""
	}, http.StatusCreated)
	return start, vmHWM(t, cmd.Process.Pid)
}

// vmHWM reads a process's peak resident memory, in bytes.
func vmHWM(t testing.TB, pid int) int64 {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/status")
	return 0
}
