package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"tienda/modules/cashcut"
)

// BenchmarkCounterOrder places counter orders from 16 concurrent buyers through the real router on
// the embedded store and reports orders per second and p50/p99 latency.
//
//	go test ./app -run '^$' -bench CounterOrder -benchtime 400x
func BenchmarkCounterOrder(b *testing.B) {
	a := MustStart(&testing.T{}, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	s := &shop{t: &testing.T{}, app: a, h: a.Handler(), toks: map[string]string{}}
	tok := s.token("cliente@tienda.mx")
	// Plenty of stock so that no order is refused.
	rec := s.call("admin@tienda.mx", http.MethodPost, "/v1/productos", map[string]any{"nombre": "Bobina de prueba", "categoria": "Cables",
		"variantes": []map[string]any{{"talla": "Unico", "tamano": "1", "stock": 1000000, "precioCompra": 1, "precioVenta": 2, "descuento": 0}}})
	var created product
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || rec.Code != 201 {
		b.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	body := fmt.Sprintf(`{"cliente":"Juan","carrito":[{"id":%q,"producto_id":%q,"cantidad":1}]}`, created.Variantes[0].ID, created.ID)
	const workers = 16
	lat := make([]time.Duration, b.N)
	next := make(chan int, b.N)
	for i := range b.N {
		next <- i
	}
	close(next)
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				t0 := time.Now()
				rec := do(&testing.T{}, a.Handler(), http.MethodPost, "/v1/ventas", body, "Authorization", tok)
				lat[i] = time.Since(t0)
				if rec.Code != http.StatusCreated {
					b.Errorf("%d %s", rec.Code, rec.Body)
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "orders/s")
	b.ReportMetric(float64(lat[len(lat)/2].Milliseconds()), "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Milliseconds()), "p99-ms")
}

// BenchmarkHacerCorte makes a cash cut over 10,000 paid sales on the embedded store.
//
//	go test ./app -run '^$' -bench HacerCorte -benchtime 3x
func BenchmarkHacerCorte(b *testing.B) {
	a := MustStart(&testing.T{}, b.TempDir(), nil)
	defer a.Close(context.Background())
	tt := &testing.T{}
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		seedPaid(tt, a, 10000, func(i int) float64 { return float64(100 + i%50) }, func(i int) string { return []string{"Efectivo", "Tarjeta"}[i%2] },
			func(i int) (string, string) { return "c", "Caja" })
		time.Sleep(5 * time.Millisecond) // the cut's period ends after the seeded payments
		b.StartTimer()
		c, err := a.cashcut.Service().MakeCut(context.Background(), cashcut.Actor{ID: "x", Name: "Caja"}, nil, "")
		if err != nil || len(c.Ventas) != 10000 {
			b.Fatalf("cut: %d sales, %v", len(c.Ventas), err)
		}
	}
}

// BenchmarkStorefrontPage answers the storefront's first page through the real router and
// middleware, from many goroutines, as a browser asks for it (gzip).
//
//	go test ./app -run '^$' -bench StorefrontPage
func BenchmarkStorefrontPage(b *testing.B) {
	a := MustStart(&testing.T{}, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	h := a.Handler()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest(http.MethodGet, "/v1/productos?page=1&limit=12", nil)
			req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Errorf("%d", rec.Code)
			}
		}
	})
}
