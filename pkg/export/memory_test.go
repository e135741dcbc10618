package export

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

// saleCols are the columns of a sales export (modules/sales/export.go), to measure a real width.
var saleCols = func() []Column {
	cols := []Column{{Title: "Folio", Kind: KindText}, {Title: "Fecha", Kind: KindTime}}
	for _, t := range []string{"Quien Ordena", "Comprador", "Correo", "Método", "Pago", "Entrega", "Productos", "Atendió"} {
		cols = append(cols, Column{Title: t, Kind: KindText})
	}
	cols = append(cols, Column{Title: "Artículos", Kind: KindInt})
	for _, t := range []string{"Subtotal", "IVA", "Total"} {
		cols = append(cols, Column{Title: t, Kind: KindMoney})
	}
	return append(cols, Column{Title: "Pagada el", Kind: KindTime}, Column{Title: "Corte", Kind: KindInt})
}()

func saleRow(i int, at time.Time) []Cell {
	return []Cell{Text(fmt.Sprintf("20261115-103059-%04d", i)), Time(at), Text("María José Hernández"),
		Text("Cliente de mostrador"), Text("cliente@tienda.mx"), Text("Efectivo"), Text("Pagado"), Text("Entregado"),
		Text("2 × Cámara IP 4 MP (Grande); 1 × Cable UTP Cat 6 305 m"), Text("Cajero Uno"), Int(3),
		Money(money.Cents(i) * 1001), Money(money.Cents(i) * 160), Money(money.Cents(i) * 1161), Time(at.Add(time.Hour)), Int(int64(i / 100))}
}

// liveHeap tracks the most the heap held live (after a collection) at the points it is sampled.
type liveHeap struct{ base, most uint64 }

func (h *liveHeap) sample() {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	h.most = max(h.most, m.HeapAlloc-min(m.HeapAlloc, h.base))
}

// sampledDiscard discards what is written, sampling the live heap every 256 KiB: while an XLSX
// is zipped out on Close.
type sampledDiscard struct {
	heap    *liveHeap
	written int
}

func (d *sampledDiscard) Write(p []byte) (int, error) {
	if d.written/(256<<10) != (d.written+len(p))/(256<<10) {
		d.heap.sample()
	}
	d.written += len(p)
	return len(p), nil
}

// writeSales writes n sales to nowhere and answers the most the heap held live beyond what it held
// before (sampled every 1,000 rows and every 256 KiB of output), and the bytes allocated.
func writeSales(t testing.TB, f Format, n int) (peak, allocated uint64, size int) {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	heap := &liveHeap{base: before.HeapAlloc}
	out := &sampledDiscard{heap: heap}
	w, err := newWriter(out, f, "Ventas", saleCols)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 1, 9, 0, 0, 0, shoptime.Zone)
	for i := range n {
		if err := w.Write(saleRow(i, at.Add(time.Duration(i)*time.Minute))...); err != nil {
			t.Fatal(err)
		}
		if i%1000 == 999 {
			heap.sample()
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	return heap.most, after.TotalAlloc - before.TotalAlloc, out.written
}

// TestLargeExportsStream writes 20,000 sales: the CSV writer holds nothing but the row it writes;
// excelize's StreamWriter holds at most its 16 MiB chunk of sheet XML (then a temporary file) and
// the zip writer's buffers.
func TestLargeExportsStream(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 20,000 rows twice")
	}
	var mu sync.Mutex // one at a time: the heap is the process's
	for _, c := range []struct {
		f     Format
		limit uint64
	}{{CSV, 4 << 20}, {XLSX, 64 << 20}} {
		mu.Lock()
		start := time.Now()
		peak, alloc, size := writeSales(t, c.f, 20000)
		mu.Unlock()
		t.Logf("%s, 20,000 sales: %.1f MiB file, %v, live heap at most +%.1f MiB, %.1f MiB allocated", c.f, float64(size)/(1<<20),
			time.Since(start).Round(time.Millisecond), float64(peak)/(1<<20), float64(alloc)/(1<<20))
		if peak > c.limit {
			t.Errorf("%s: the heap grew by %d bytes, more than %d", c.f, peak, c.limit)
		}
	}
}

func BenchmarkSalesCSV(b *testing.B)  { benchmark(b, CSV) }
func BenchmarkSalesXLSX(b *testing.B) { benchmark(b, XLSX) }

// benchmark writes 20,000 sales per operation.
func benchmark(b *testing.B, f Format) {
	b.ReportAllocs()
	for b.Loop() {
		peak, _, _ := writeSales(b, f, 20000)
		b.ReportMetric(float64(peak)/(1<<20), "peak-MiB")
	}
}
