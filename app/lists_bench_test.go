package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/sales"
	"tienda/pkg/shoptime"
)

// BenchmarkOrderList answers 'Lista de ordenes' (GET /v1/ventas/ordenes) as a Cajero, through the
// real router, with 10,000 and 30,000 demo sales in the store (and 100,000: storeSizes), of which
// 2,000 are open (20,000 with 2,000 open under BENCH_SALES_20000, as measured before): the first page, a
// search by folio and one by a customer's name (both through every sale, whatever its state), a
// filter with a sort, a deep page, a page of 100, and the sales list
// (GET /v1/ventas/lista) of a month searched by a customer's name; and, for comparison, the
// original shop's plain list of every open order. On the embedded store unless MONGODB_URI is set.
//
//	go test ./app -run '^$' -bench OrderList -benchtime 50x
func BenchmarkOrderList(b *testing.B) {
	sizes := storeSizes()
	if os.Getenv("BENCH_SALES_20000") != "" {
		sizes = []int{20_000}
	}
	for _, n := range sizes {
		b.Run(fmt.Sprintf("%d-sales", n), func(b *testing.B) { orderLists(b, n) })
	}
}

func orderLists(b *testing.B, n int) {
	a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	now := time.Now()
	list := sales.DemoSales(2000, n-2000, demoItems(a.catalog.Service()), now)
	start := time.Now()
	if err := sales.Seed(context.Background(), a.store, list); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d sales stored in %v", n, time.Since(start))
	s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
	var open sales.Sale
	for _, v := range list[len(list)/2:] {
		if v.Entrega == sales.EntregaPendiente {
			open = v
			break
		}
	}
	month := now.AddDate(0, 0, -30).In(shoptime.Zone).Format(time.DateOnly)
	for _, c := range []struct {
		name, who, path string
		total           int64
	}{
		{"first-page", "cajero@tienda.mx", "/v1/ventas/ordenes", 2000},
		{"folio", "cajero@tienda.mx", "/v1/ventas/ordenes?q=" + url.QueryEscape(open.Folio), 1},
		{"name", "cajero@tienda.mx", "/v1/ventas/ordenes?q=" + url.QueryEscape("hernández"), -1},
		{"filter-sort", "cajero@tienda.mx", "/v1/ventas/ordenes?pago=Pendiente&metodo=Efectivo&orden=-total", -1},
		{"deep-page", "cajero@tienda.mx", "/v1/ventas/ordenes?orden=fecha&page=79", 2000},
		{"page-of-100", "cajero@tienda.mx", "/v1/ventas/ordenes?limit=100&page=7", 2000},
		{"month-by-name", "admin@tienda.mx", "/v1/ventas/lista?desde=" + month + "&q=" + url.QueryEscape("hernández"), -1},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				rec := s.call(c.who, http.MethodGet, c.path, nil)
				var p struct {
					Ventas []json.RawMessage
					Meta   struct{ Total int64 }
				}
				if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &p) != nil || len(p.Ventas) == 0 || c.total >= 0 && p.Meta.Total != c.total {
					b.Fatalf("%d, %d of %d: %.200s", rec.Code, len(p.Ventas), p.Meta.Total, rec.Body)
				}
			}
		})
	}
	// For comparison: the original shop's plain list of every open order, which the screen read before.
	b.Run("spec-pendientes", func(b *testing.B) {
		for b.Loop() {
			rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/ordenes/pendientes", nil)
			var all []json.RawMessage
			if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &all) != nil || len(all) != 2000 {
				b.Fatalf("%d, %d: %.200s", rec.Code, len(all), rec.Body)
			}
		}
	})
}

// BenchmarkUsersList answers 'Usuarios' (GET /v1/usuarios/lista) with 5,000 accounts in the store:
// the first page, and a search by name.
//
//	go test ./app -run '^$' -bench UsersList
func BenchmarkUsersList(b *testing.B) {
	a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	ctx := context.Background()
	docs := make([]any, 5000)
	names := []string{"María", "José", "Guadalupe", "Óscar", "Lucía"}
	for i := range docs {
		docs[i] = bson.M{"_id": bson.NewObjectID(), "name": fmt.Sprintf("%s Cliente %04d", names[i%len(names)], i), "email": fmt.Sprintf("cliente%04d@tienda.mx", i),
			"password": "$2a$10$abcdefghijklmnopqrstuv", "phone": fmt.Sprintf("55%08d", i), "address": "CDMX", "rol": "Cliente", "status": i%10 != 0,
			"admin": false, "createdAt": time.Now().Add(-time.Duration(i) * time.Hour)}
	}
	if _, err := a.store.W.Collection("usuarios").InsertMany(ctx, docs); err != nil {
		b.Fatal(err)
	}
	s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
	for name, path := range map[string]string{"first-page": "/v1/usuarios/lista", "search": "/v1/usuarios/lista?q=lucia+cliente+04&status=activo"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if rec := s.call("admin@tienda.mx", http.MethodGet, path, nil); rec.Code != http.StatusOK {
					b.Fatalf("%d %.200s", rec.Code, rec.Body)
				}
			}
		})
	}
}
