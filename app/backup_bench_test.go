package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/backup"
	"tienda/pkg/mongox"
)

// BenchmarkBackupAndRestore takes a backup of an embedded store holding 5,000 products and 30,000
// sales while 4 buyers place counter orders and 4 shoppers read the storefront, then restores it
// into a fresh data directory; it reports both times, the backup's size and the orders' and the
// reads' p99 before and during the backup.
//
//	go test ./app -run '^$' -bench BackupAndRestore -benchtime 1x
func BenchmarkBackupAndRestore(b *testing.B) {
	ctx := context.Background()
	dir := b.TempDir()
	a := MustStart(b, dir, map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
	tok := s.token("cliente@tienda.mx")
	rec := s.call("admin@tienda.mx", http.MethodPost, "/v1/productos", map[string]any{"nombre": "Bobina de prueba", "categoria": "Cables",
		"variantes": []map[string]any{{"talla": "Unico", "tamano": "1", "stock": 1000000, "precioCompra": 1, "precioVenta": 2, "descuento": 0}}})
	var created product
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || rec.Code != 201 {
		b.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	var model bson.M
	products := a.store.W.Collection("productos")
	if err := products.FindOne(ctx, bson.M{"_id": mustOID(b, created.ID)}).Decode(&model); err != nil {
		b.Fatal(err)
	}
	n, err := products.CountDocuments(ctx, bson.D{})
	if err != nil {
		b.Fatal(err)
	}
	docs := make([]any, 0, 5000-n)
	for i := range int(5000 - n) {
		d := bson.M{}
		for k, v := range model {
			d[k] = v
		}
		d["_id"], d["nombre"] = bson.NewObjectID(), fmt.Sprintf("Producto de prueba %04d", i)
		docs = append(docs, d)
	}
	if _, err := products.InsertMany(ctx, docs); err != nil {
		b.Fatal(err)
	}
	day := time.Now().Add(-24 * time.Hour)
	seedSales(b, a, 30000, func(i int) (string, time.Time) { return "", day.Add(-time.Duration(i) * time.Minute) })

	body := fmt.Sprintf(`{"cliente":"Juan","carrito":[{"id":%q,"producto_id":%q,"cantidad":1}]}`, created.Variantes[0].ID, created.ID)
	// load runs call from clients goroutines until stop, answering their latencies.
	load := func(stop <-chan struct{}, clients int, call func() (int, string)) []time.Duration {
		var mu sync.Mutex
		var lat []time.Duration
		var wg sync.WaitGroup
		for range clients {
			wg.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					t0 := time.Now()
					code, answer := call()
					d := time.Since(t0)
					if code >= 300 {
						b.Errorf("%d %s", code, answer)
						return
					}
					mu.Lock()
					lat = append(lat, d)
					mu.Unlock()
				}
			})
		}
		<-stop
		wg.Wait()
		slices.Sort(lat)
		return lat
	}
	// orders: 4 buyers placing counter orders; reads: 4 shoppers reading the storefront.
	orders := func(stop <-chan struct{}) []time.Duration {
		return load(stop, 4, func() (int, string) {
			rec := do(b, a.Handler(), http.MethodPost, "/v1/ventas", body, "Authorization", tok)
			return rec.Code, rec.Body.String()
		})
	}
	reads := func(stop <-chan struct{}) []time.Duration {
		return load(stop, 4, func() (int, string) {
			rec := do(b, a.Handler(), http.MethodGet, "/v1/productos?compact=0&limit=24&categoria=22", "")
			return rec.Code, ""
		})
	}
	p99 := func(lat []time.Duration) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[len(lat)*99/100].Milliseconds())
	}

	p99us := func(lat []time.Duration) float64 {
		if len(lat) == 0 {
			return 0
		}
		return float64(lat[len(lat)*99/100].Microseconds())
	}

	for b.Loop() {
		stop := make(chan struct{})
		time.AfterFunc(10*time.Second, func() { close(stop) })
		var quiet, quietReads []time.Duration
		var wg sync.WaitGroup
		wg.Go(func() { quietReads = reads(stop) })
		quiet = orders(stop)
		wg.Wait()

		stop = make(chan struct{})
		var during, duringReads []time.Duration
		wg.Go(func() { during = orders(stop) })
		wg.Go(func() { duringReads = reads(stop) })
		t0 := time.Now()
		backups := b.TempDir()
		it, err := backup.Take(ctx, backup.Source{DataDir: dir}, backups, time.Now())
		took := time.Since(t0)
		close(stop)
		wg.Wait()
		if err != nil {
			b.Fatal(err)
		}

		target, err := mongox.Open(ctx, mongox.Options{DataDir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		t0 = time.Now()
		restored, err := backup.Restore(ctx, filepath.Join(backups, it.Name), target, false)
		restoreTook := time.Since(t0)
		_ = target.Close(ctx)
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("restored %v", restored)
		b.ReportMetric(took.Seconds(), "backup-s")
		b.ReportMetric(float64(it.Bytes)/(1<<20), "backup-MiB")
		b.ReportMetric(p99(quiet), "orders-p99-ms-before")
		b.ReportMetric(p99(during), "orders-p99-ms-during")
		b.ReportMetric(float64(len(during))/took.Seconds(), "orders/s-during")
		b.ReportMetric(float64(len(quiet))/10, "orders/s-before")
		b.ReportMetric(p99us(quietReads), "reads-p99-µs-before")
		b.ReportMetric(p99us(duringReads), "reads-p99-µs-during")
		b.ReportMetric(restoreTook.Seconds(), "restore-s")
	}
}
