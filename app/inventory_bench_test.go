package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/pkg/shoptime"
)

// BenchmarkStockMovements reads the stock movements (GET /v1/inventario/movimientos) as an
// Auxiliar through the real router, with 20,000 movements of 40 products in the store (a year of
// a busy shop's sales and adjustments): the newest page, a product's history, a product's
// history of one kind, a deep page, a month; and the export of them all as CSV. On the embedded
// store unless MONGODB_URI is set.
//
//	go test ./app -run '^$' -bench StockMovements -benchtime 20x
func BenchmarkStockMovements(b *testing.B) {
	a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
	const n = 20000
	products := seedMovements(b, a, n)
	month := time.Now().AddDate(0, -1, 0).In(shoptime.Zone).Format(time.DateOnly)
	for _, c := range []struct {
		name, path string
		total      int64
	}{
		{"newest-page", "/v1/inventario/movimientos", n},
		{"product-history", "/v1/inventario/movimientos?producto=" + products[7], -1},
		{"product-edits", "/v1/inventario/movimientos?tipo=edicion&producto=" + products[7], -1},
		{"deep-page", "/v1/inventario/movimientos?page=400&limit=25", n},
		{"last-month", "/v1/inventario/movimientos?desde=" + month, -1},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				rec := s.call("auxiliar@tienda.mx", http.MethodGet, c.path, nil)
				var p struct {
					Movimientos []json.RawMessage
					Meta        struct{ Total int64 }
				}
				if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &p) != nil || len(p.Movimientos) == 0 || c.total >= 0 && p.Meta.Total != c.total {
					b.Fatalf("%d, %d of %d: %.200s", rec.Code, len(p.Movimientos), p.Meta.Total, rec.Body)
				}
			}
		})
	}
	tok := s.token("auxiliar@tienda.mx")
	b.Run("export-csv", func(b *testing.B) {
		for b.Loop() {
			req := httptest.NewRequest(http.MethodGet, "/v1/inventario/movimientos/exportar?formato=csv", nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			w := &discard{header: http.Header{}}
			s.h.ServeHTTP(w, req)
			if w.code != http.StatusOK || w.header.Get("X-Total-Filas") != fmt.Sprint(n) {
				b.Fatalf("%d %v", w.code, w.header)
			}
			b.ReportMetric(float64(w.size)/(1<<20), "file-MiB")
		}
	})
}

// seedMovements stores n movements of 40 demo variants over the last year, and answers those
// variants' products.
func seedMovements(b *testing.B, a *App, n int) []string {
	b.Helper()
	lines := a.catalog.Service().DemoLines()[:40]
	ids := make([]string, len(lines))
	for i, l := range lines {
		ids[i] = l.ProductID
	}
	kinds := catalog.MovementKinds
	start := time.Now().AddDate(-1, 0, 0)
	docs := make([]any, 0, 1000)
	for i := range n {
		l := lines[i%len(lines)]
		before := 100 + i%7
		after := before - 1 - i%3
		docs = append(docs, catalog.Movement{
			ID: bson.NewObjectID(), ProductID: l.ProductID, VarianteID: l.VariantID, Producto: l.Nombre,
			Talla: l.Talla, Tamano: l.Tamano, Tipo: kinds[i%len(kinds)], Cantidad: after - before, Antes: &before, Despues: &after,
			Motivo: "Prueba de carga", UsuarioID: "u1", NombreUsuario: "Arturo Auxiliar",
			Fecha: start.Add(time.Duration(i) * (365 * 24 * time.Hour / time.Duration(n))).UTC().Truncate(time.Millisecond),
		})
		if len(docs) == cap(docs) || i == n-1 {
			if _, err := a.store.W.Collection("movimientos_inventario").InsertMany(context.Background(), docs); err != nil {
				b.Fatal(err)
			}
			docs = docs[:0]
		}
	}
	return ids
}
