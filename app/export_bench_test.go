package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"
	"time"

	"tienda/pkg/shoptime"
)

// BenchmarkSalesExport exports a month (GET /v1/ventas/exportar) through the real router on the
// embedded store, as CSV and as XLSX, and reports the time per export, per row, the bytes
// allocated (B/op) and the most the heap held live while it ran (sampled every 10 ms): a month of
// 20,000 sales, and stores of 10,000 and 30,000 sales (and 100,000: storeSizes) over 100 days,
// whose month (30 of the days) is 30 % of their sales, so that the time per row shows whether
// an export is linear in its rows whatever the store holds.
//
//	go test ./app -run '^$' -bench SalesExport -benchtime 3x
func BenchmarkSalesExport(b *testing.B) {
	b.Run("month-of-20000", func(b *testing.B) { salesExport(b, 20000, 30) })
	for _, n := range storeSizes() {
		b.Run(fmt.Sprintf("%d-sales", n), func(b *testing.B) { salesExport(b, n, 100) })
	}
}

// salesExport seeds n sales over days days from 2026-11-01 and exports November's.
func salesExport(b *testing.B, n, days int) {
	a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
	start := time.Date(2026, 11, 1, 0, 0, 0, 0, shoptime.Zone)
	end := start.AddDate(0, 0, 30)
	span := time.Duration(days) * 24 * time.Hour
	rows := 0
	seedSales(b, a, n, func(i int) (string, time.Time) {
		t := start.Add(time.Duration(i) * (span / time.Duration(n)))
		if t.Before(end) {
			rows++
		}
		return fmt.Sprintf("c%d", i%500), t
	})
	tok := s.token("admin@tienda.mx")
	for _, format := range []string{"csv", "xlsx"} {
		b.Run(format, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				req := httptest.NewRequest(http.MethodGet, "/v1/ventas/exportar?startDate=2026-11-01&endDate=2026-11-30&formato="+format, nil)
				req.Header.Set("Authorization", "Bearer "+tok)
				w := &discard{header: http.Header{}}
				stop := sampleHeap()
				t0 := time.Now()
				s.h.ServeHTTP(w, req)
				took := time.Since(t0)
				peak := stop()
				if w.code != http.StatusOK || w.header.Get("X-Total-Filas") != fmt.Sprint(rows) {
					b.Fatalf("%d %v, want %d rows", w.code, w.header, rows)
				}
				b.ReportMetric(float64(rows), "rows")
				b.ReportMetric(float64(took.Microseconds())/float64(rows), "µs/row")
				b.ReportMetric(float64(w.size)/(1<<20), "file-MiB")
				b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			}
		})
	}
}

// sampleHeap samples the heap in use every 10 ms until the function it answers is called, which
// answers the most seen.
func sampleHeap() func() uint64 {
	stop, most := make(chan struct{}), make(chan uint64)
	go func() {
		var m runtime.MemStats
		var peak uint64
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-stop:
				most <- peak
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	return func() uint64 { close(stop); return <-most }
}

// discard is a ResponseWriter that keeps only the status, the headers and the size of the body,
// so that the heap measured is the server's, not a copy of the file.
type discard struct {
	header http.Header
	code   int
	size   int
}

func (d *discard) Header() http.Header { return d.header }

func (d *discard) WriteHeader(code int) {
	if d.code == 0 {
		d.code = code
	}
}

func (d *discard) Write(p []byte) (int, error) {
	d.WriteHeader(http.StatusOK)
	d.size += len(p)
	return len(p), nil
}

func (d *discard) Flush() {}
