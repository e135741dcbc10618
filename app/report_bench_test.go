package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cashcut"
	"tienda/modules/sales"
	"tienda/pkg/salestate"
	"tienda/pkg/shoptime"
)

// storeSizes are the numbers of sales the scale benchmarks put in the store: 10,000 and 30,000,
// and 100,000 too when BENCH_100K is set (its seed takes minutes):
//
//	BENCH_100K=1 go test ./app -run '^$' -bench 'SalesReport|OrderList|SalesExport' -benchtime 10x -timeout 2h
func storeSizes() []int {
	if os.Getenv("BENCH_100K") != "" {
		return []int{10_000, 30_000, 100_000}
	}
	return []int{10_000, 30_000}
}

// BenchmarkSalesReport asks for 'Reporte de ventas' of a month and of a day, and for the cash-cut
// screens, with 10,000 and 30,000 sales in the store (and 100,000: storeSizes), spread over 100
// days (a month is 30 % of the store), each paid on its day and every day but the last already in
// a cut. The reports add up the days' summaries (modules/sales/summary.go); the first, which
// computes them all, is timed once and logged.
//
//	go test ./app -run '^$' -bench SalesReport -benchtime 10x
func BenchmarkSalesReport(b *testing.B) {
	for _, n := range storeSizes() {
		b.Run(fmt.Sprintf("%d-sales", n), func(b *testing.B) {
			a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
			defer a.Close(context.Background())
			s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
			last := time.Date(2026, 11, 20, 0, 0, 0, 0, shoptime.Zone)
			seedReportSales(b, a, n, last)
			start := time.Now()
			settleDays(b, s, last.AddDate(0, 0, -100), last)
			b.Logf("%d sales: the first report of the 100 days, recomputing each, took %v", n, time.Since(start))
			for _, c := range []struct{ name, who, method, path, body string }{
				{"month", "admin@tienda.mx", http.MethodPost, "/v1/ventas/reporte", `{"startDate":"2026-10-22","endDate":"2026-11-20"}`},
				{"day", "admin@tienda.mx", http.MethodPost, "/v1/ventas/reporte", `{"startDate":"2026-11-20","endDate":"2026-11-20"}`},
				{"month-by-sale-date", "admin@tienda.mx", http.MethodPost, "/v1/ventas/reporte", `{"startDate":"2026-10-22","endDate":"2026-11-20","criterio":"venta"}`},
				{"cut-by-method", "cajero@tienda.mx", http.MethodGet, "/v1/ventas/reporte/metodo-pago", ""},
			} {
				b.Run(c.name, func(b *testing.B) {
					var body any
					if c.body != "" {
						body = c.body
					}
					for b.Loop() {
						rec := s.call(c.who, c.method, c.path, body)
						var got map[string]any
						if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &got) != nil {
							b.Fatalf("%d %.200s", rec.Code, rec.Body)
						}
					}
				})
			}
		})
	}
}

// seedReportSales writes n paid sales of two lines over the 100 days up to last, each paid on its
// day, all but last's in cut 1.
func seedReportSales(b *testing.B, a *App, n int, last time.Time) {
	b.Helper()
	docs := make([]sales.Sale, n)
	for i := range n {
		fecha := last.AddDate(0, 0, -(i % 100)).Add(time.Duration(9*3600+i%36000) * time.Second).UTC().Truncate(time.Millisecond)
		paid := fecha.Add(time.Minute)
		v := sales.Sale{ID: bson.NewObjectID(), Folio: fmt.Sprintf("F-%07d", i), Fecha: fecha,
			Carrito: []sales.Item{{ID: "v1", ProductID: "p1", Nombre: "Cámara IP", PrecioFinal: 1709.10, Cantidad: 1},
				{ID: "v2", ProductID: "p2", Nombre: "Cable UTP", PrecioFinal: 0.10, Cantidad: 3}},
			Historial: []sales.Cambio{}, Subtotal: 1709.40, IVA: 273.51, Total: 1982.91, Estado: salestate.Confirmada, Guardado: true,
			Pago: sales.PagoPagado, Entrega: sales.EntregaEntregado, MetodoPago: []string{"Efectivo", "Tarjeta"}[i%2],
			CobradoPor: "c", NombreCobro: "Caja", PagadoEn: &paid, Origen: sales.OrigenCaja, UsuarioID: "u"}
		if i%100 != 0 {
			v.Corte = 1
		}
		docs[i] = v
	}
	start := time.Now()
	if err := sales.SeedPaid(context.Background(), a.store, docs); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d sales stored in %v", n, time.Since(start))
}

// BenchmarkHacerCorteAtStoreSize makes 'Hacer corte' of a day's 1,000 paid sales with 10,000 and
// 30,000 sales in the store (and 100,000: storeSizes), all of them in earlier cuts, so that its
// time shows whether a cut grows with the store or only with what it closes.
//
//	go test ./app -run '^$' -bench HacerCorteAtStoreSize -benchtime 3x
func BenchmarkHacerCorteAtStoreSize(b *testing.B) {
	const day = 1000
	for _, n := range storeSizes() {
		b.Run(fmt.Sprintf("%d-sales", n), func(b *testing.B) {
			a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
			defer a.Close(context.Background())
			last := time.Date(2026, 11, 20, 0, 0, 0, 0, shoptime.Zone)
			seedReportSales(b, a, n, last)
			cut := func() cashcut.Cut {
				c, err := a.cashcut.Service().MakeCut(context.Background(), cashcut.Actor{ID: "x", Name: "Caja"}, nil, "")
				if err != nil {
					b.Fatal(err)
				}
				return c
			}
			s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
			cut() // the seed's own pending sales
			for b.Loop() {
				b.StopTimer()
				seedPaid(b, a, day, func(i int) float64 { return float64(100 + i%50) }, func(i int) string { return []string{"Efectivo", "Tarjeta"}[i%2] },
					func(int) (string, string) { return "c", "Caja" })
				settleDays(b, s, last.AddDate(0, 0, -100), time.Now()) // not beside the cut being timed
				b.StartTimer()
				if c := cut(); len(c.Ventas) != day {
					b.Fatalf("the cut closed %d sales, want %d", len(c.Ventas), day)
				}
			}
		})
	}
}

// BenchmarkCutViewWaiting answers the cut's view by method (GET /v1/ventas/reporte/metodo-pago)
// with 1,000 payments waiting for a cut, as many as a day of BenchmarkSalesReport's 100,000-sale
// store leaves: the view reads the payments waiting, whatever else the store holds.
//
//	go test ./app -run '^$' -bench CutViewWaiting -benchtime 10x
func BenchmarkCutViewWaiting(b *testing.B) {
	a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	// The demo's own payments, cut first (it may leave none).
	_, _ = a.cashcut.Service().MakeCut(context.Background(), cashcut.Actor{ID: "x", Name: "Caja"}, nil, "")
	seedPaid(b, a, 1000, func(i int) float64 { return float64(100 + i%50) }, func(i int) string { return []string{"Efectivo", "Tarjeta"}[i%2] },
		func(int) (string, string) { return "c", "Caja" })
	s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
	for b.Loop() {
		rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/reporte/metodo-pago", nil)
		var got cashcut.ByMethod
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got.TotalGeneral != 124500 {
			b.Fatalf("%d %.200s", rec.Code, rec.Body)
		}
	}
}

// settleDays asks for the report of the days from first to last, which recomputes the days' summaries
// a seed left to recompute, as the minute's sweep does once after it: what a benchmark times then
// runs in a shop's steady state.
func settleDays(b *testing.B, s *shop, first, last time.Time) {
	b.Helper()
	body := fmt.Sprintf(`{"startDate":%q,"endDate":%q}`, first.In(shoptime.Zone).Format(time.DateOnly), last.In(shoptime.Zone).Format(time.DateOnly))
	if rec := s.call("admin@tienda.mx", http.MethodPost, "/v1/ventas/reporte", body); rec.Code != http.StatusOK {
		b.Fatalf("%d %.200s", rec.Code, rec.Body)
	}
}
