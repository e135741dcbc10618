package importer

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"tienda/pkg/audit"
	"tienda/pkg/mongox"
)

// importBenchRows is the size of the benchmarks' file: 20,000 products of one variant each.
const importBenchRows = 20000

// benchImportFile is a file of n new products, as the template lays them out.
func benchImportFile(n int) []byte { return benchImportPrices(n, "1.299,50") }

// benchImportPrices is that file with every sale price set to price.
func benchImportPrices(n int, price string) []byte { return benchImportRows(n, price, 0) }

// benchImportRows is that file with every sale price set to price and more units in each row.
func benchImportRows(n int, price string, more int) []byte {
	var b strings.Builder
	b.WriteString(importHead)
	for i := range n {
		fmt.Fprintf(&b, "Cámara IP %d;Camaras IP y NVRs;Hikvision;DS-%06d;;;%d;1;850;%s\r\n", i, i, i%50+more, price)
	}
	return []byte(b.String())
}

// benchApply imports data into m and waits for the job, failing tb on any error or refusal.
func benchApply(tb testing.TB, m *Module, data []byte) ImportJob {
	tb.Helper()
	ctx := audit.WithActor(context.Background(), audit.Actor{ID: "64b000000000000000000001", Name: "Prueba"})
	m.imports.stop() // the benchmark runs the job itself
	j, err := m.imports.startImport(ctx, "productos.csv", data)
	if err != nil {
		tb.Fatal(err)
	}
	for m.imports.runNext(ctx) {
	}
	if j, err = m.imports.job(ctx, j.ID.Hex()); err != nil || j.Estado != ImportTerminada || j.NumRechazados+j.NumErrores != 0 {
		tb.Fatalf("import: %v %+v", err, j)
	}
	return j
}

// The preview of 20,000 rows: on an empty catalogue (all new), then, with -bench
// 'Preview20000/unchanged', on the catalogue they made (a re-import of the same file: each row
// matched, nothing changed; its set-up applies the 20,000 rows first).
func BenchmarkImportPreview20000(b *testing.B) {
	data := benchImportFile(importBenchRows)
	_, m := MustModule(b, mongox.TestDB(b), nil)
	preview := func(b *testing.B, want func(ImportPlan) bool) {
		for b.Loop() {
			plan, err := m.service.PreviewImport(data)
			if err != nil || !want(plan) {
				b.Fatalf("preview: %v %d new %d unchanged %d refused", err, len(plan.Nuevos), len(plan.SinCambios), len(plan.Rechazados))
			}
		}
	}
	b.Run("new", func(b *testing.B) {
		preview(b, func(p ImportPlan) bool { return len(p.Nuevos) == importBenchRows })
	})
	b.Run("unchanged", func(b *testing.B) {
		benchApply(b, m, data)
		b.ResetTimer()
		preview(b, func(p ImportPlan) bool { return len(p.SinCambios) == importBenchRows })
	})
}

// The apply of new products on an empty catalogue, in the background job, at 2,000 and 20,000
// rows; rows/s reported.
func BenchmarkImportApply(b *testing.B) {
	for _, n := range []int{2000, importBenchRows} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			data := benchImportFile(n)
			for b.Loop() {
				b.StopTimer()
				_, m := MustModule(b, mongox.TestDB(b), nil)
				b.StartTimer()
				if j := benchApply(b, m, data); j.Creados != n {
					b.Fatalf("created %d", j.Creados)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}

// The apply of a new price for each of 2,000 products (a distributor's price list imported again):
// each edited as UpdateProduct edits it (its guarded write, version, movements and entry), a batch of
// them in one write (editProducts); rows/s reported.
func BenchmarkImportApplyPrices2000(b *testing.B) {
	const n = 2000
	for b.Loop() {
		b.StopTimer()
		_, m := MustModule(b, mongox.TestDB(b), nil)
		benchApply(b, m, benchImportFile(n))
		b.StartTimer()
		if j := benchApply(b, m, benchImportPrices(n, "1.349,50")); j.Actualizados != n {
			b.Fatalf("updated %d", j.Actualizados)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "rows/s")
}

// The apply of a count of units for each of 1,000 and 10,000 products (a distributor's file of
// stock imported again, nothing else changed): each row a 'Conteo físico' with its stock movement,
// under the id the import and the row give it; rows/s reported.
func BenchmarkImportApplyCounts(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				_, m := MustModule(b, mongox.TestDB(b), nil)
				benchApply(b, m, benchImportFile(n))
				b.StartTimer()
				if j := benchApply(b, m, benchImportRows(n, "1.299,50", 1)); j.Actualizados != n || j.Ajustes != n {
					b.Fatalf("updated %d, %d counts", j.Actualizados, j.Ajustes)
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
