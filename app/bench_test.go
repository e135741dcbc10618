package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/frontend"
	"tienda/modules/cashcut"
	"tienda/modules/sales"
	"tienda/pkg/salestate"
	"tienda/pkg/shoptime"
)

// BenchmarkCounterOrder places counter orders from 16 concurrent buyers through the real router on
// the embedded store and reports orders per second and p50/p99 latency. BENCH_STORE_SALES=n
// seeds n paid sales of the 30 days before first (as the backup benchmark does), so that the
// orders run in a store of that size.
//
//	go test ./app -run '^$' -bench CounterOrder -benchtime 400x
//	BENCH_STORE_SALES=30000 go test ./app -run '^$' -bench CounterOrder -benchtime 400x
func BenchmarkCounterOrder(b *testing.B) {
	a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
	if n, _ := strconv.Atoi(os.Getenv("BENCH_STORE_SALES")); n > 0 {
		day := time.Now().Add(-24 * time.Hour)
		seedSales(b, a, n, func(i int) (string, time.Time) {
			return "", day.Add(-time.Duration(i) * 30 * 24 * time.Hour / time.Duration(n))
		})
		settleDays(b, s, day.AddDate(0, 0, -31), time.Now()) // not beside the orders being timed
	}
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
				rec := do(b, a.Handler(), http.MethodPost, "/v1/ventas", body, "Authorization", tok)
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

// BenchmarkHacerCorte makes cash cuts over 1,000 and over 10,000 paid sales on the embedded store,
// each in a store holding the sales of the cuts before it.
//
//	go test ./app -run '^$' -bench HacerCorte -benchtime 3x
func BenchmarkHacerCorte(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("%d-sales", n), func(b *testing.B) {
			a := MustStart(b, b.TempDir(), nil)
			defer a.Close(context.Background())

			for i := 0; i < b.N; i++ {
				b.StopTimer()
				seedPaid(b, a, n, func(i int) float64 { return float64(100 + i%50) }, func(i int) string { return []string{"Efectivo", "Tarjeta"}[i%2] },
					func(i int) (string, string) { return "c", "Caja" })
				b.StartTimer()
				c, err := a.cashcut.Service().MakeCut(context.Background(), cashcut.Actor{ID: "x", Name: "Caja"}, nil, "")
				if err != nil || len(c.Ventas) != n || c.Numero != int64(i+1) {
					b.Fatalf("cut: %d sales, number %d, %v", len(c.Ventas), c.Numero, err)
				}
			}
		})
	}
}

// BenchmarkStorefrontPage answers the storefront's first page through the real router and
// middleware, from many goroutines, as a browser asks for it (gzip).
//
//	go test ./app -run '^$' -bench StorefrontPage
func BenchmarkStorefrontPage(b *testing.B) {
	a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
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

// BenchmarkProductPage serves a product page's and a category page's HTML (GET /product/{id},
// GET /busqueda/22) as a shopper's browser, search engines and link previews read them: the
// build's page with its head, JSON-LD, preloads and data. With the front end built, its real pages;
// otherwise the tests' stand-ins.
//
//	go test ./app -run '^$' -bench ProductPage
func BenchmarkProductPage(b *testing.B) {
	web := fs.FS(prerenderedWeb)
	if _, err := fs.Stat(frontend.Dist(), "prerender/product.html"); err == nil {
		web = frontend.Dist()
	}
	t := b
	ctx := context.Background()
	a, err := New(ctx, testConfig(t, b.TempDir(), map[string]string{"DEMO_DATA": "true"}), zerolog.Nop(), web)
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close(ctx)
	h := a.Handler()
	for _, page := range []struct{ name, path string }{{"product", "/product/" + demoProductID(t, h)}, {"category", "/busqueda/22"}} {
		b.Run(page.name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, page.path, nil))
					if rec.Code != http.StatusOK {
						b.Errorf("%s: %d", page.path, rec.Code)
					}
				}
			})
		})
	}
}

// BenchmarkCustomerHistory answers a customer's 'Historial de compras' (GET /v1/ventas/usuario/{id})
// with 10,000 sales of other customers in the store and 20 of theirs.
//
//	go test ./app -run '^$' -bench CustomerHistory
func BenchmarkCustomerHistory(b *testing.B) {
	a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
	me := s.call("cliente@tienda.mx", http.MethodPost, "/v1/usuarios/login", `{"email":"cliente@tienda.mx","password":"Cliente#2026"}`)
	var login struct {
		Data struct{ DataUser struct{ ID string } }
	}
	if err := json.Unmarshal(me.Body.Bytes(), &login); err != nil || login.Data.DataUser.ID == "" {
		b.Fatalf("login: %d %s", me.Code, me.Body)
	}
	customer := login.Data.DataUser.ID
	now := time.Now()
	seedSales(b, a, 10000, func(i int) (string, time.Time) {
		if i%500 == 0 {
			return customer, now
		}
		return fmt.Sprintf("otro-%d", i%300), now
	})
	b.ResetTimer()
	for b.Loop() {
		rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/usuario/"+customer, nil)
		var got []struct{ Folio string }
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &got) != nil || len(got) != 20 {
			b.Fatalf("%d, %d sales: %.200s", rec.Code, len(got), rec.Body)
		}
	}
}

// BenchmarkSalesOfADay answers the sales report screen's list (GET /v1/ventas/?startDate&endDate)
// for a day of 200 sales, with 10,000 sales of the 50 days before it in the store.
//
//	go test ./app -run '^$' -bench SalesOfADay
func BenchmarkSalesOfADay(b *testing.B) {
	a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	s := &shop{t: b, app: a, h: a.Handler(), toks: map[string]string{}}
	noon := time.Date(2026, 11, 20, 12, 0, 0, 0, shoptime.Zone)
	seedSales(b, a, 10200, func(i int) (string, time.Time) {
		return "c", noon.AddDate(0, 0, -(i % 51)).Add(time.Duration(i) * time.Second)
	})
	b.ResetTimer()
	for b.Loop() {
		rec := s.call("admin@tienda.mx", http.MethodGet, "/v1/ventas/?startDate=2026-11-20&endDate=2026-11-20", nil)
		var got []struct{ Folio string }
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &got) != nil || len(got) != 200 {
			b.Fatalf("%d, %d sales: %.200s", rec.Code, len(got), rec.Body)
		}
	}
}

// seedSales writes n paid counter sales, sale i bought by the customer and on the date that
// customer(i) gives, and paid then, as a counter sale is: a day's payments are that day's sales,
// not all n on the day of the seed (whose list of sales every order of that day would then add to).
func seedSales(t testing.TB, a *App, n int, customer func(i int) (string, time.Time)) {
	t.Helper()
	docs := make([]sales.Sale, n)
	for i := range n {
		id, fecha := customer(i)
		fecha = fecha.UTC().Truncate(time.Millisecond)
		docs[i] = sales.Sale{ID: bson.NewObjectID(), Folio: "F-" + bson.NewObjectID().Hex(), Fecha: fecha,
			Carrito: []sales.Item{{ID: "v", ProductID: "p", Nombre: "Algo", Cantidad: 1}}, Historial: []sales.Cambio{},
			Total: 100, Estado: salestate.Confirmada, Guardado: true, Pago: sales.PagoPagado, Entrega: sales.EntregaPendiente,
			MetodoPago: "Efectivo", CobradoPor: "c", NombreCobro: "Caja", PagadoEn: &fecha, Origen: sales.OrigenCaja, UsuarioID: id}
	}
	if err := sales.SeedPaid(context.Background(), a.store, docs); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkSignIn signs a customer in (POST /v1/usuarios/login) with 5,000 accounts in the store;
// most of its time is bcrypt's, by design.
//
//	go test ./app -run '^$' -bench SignIn
func BenchmarkSignIn(b *testing.B) {
	a := MustStart(b, b.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer a.Close(context.Background())
	ctx := context.Background()
	users := a.store.W.Collection("usuarios")
	var model bson.M
	if err := users.FindOne(ctx, bson.M{"email": "cliente@tienda.mx"}).Decode(&model); err != nil {
		b.Fatal(err)
	}
	docs := make([]any, 5000)
	for i := range docs {
		d := bson.M{}
		for k, v := range model {
			d[k] = v
		}
		d["_id"], d["email"] = bson.NewObjectID(), fmt.Sprintf("cliente%04d@tienda.mx", i)
		docs[i] = d
	}
	if _, err := users.InsertMany(ctx, docs); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		rec := do(b, a.Handler(), http.MethodPost, "/v1/usuarios/login", `{"email":"cliente4999@tienda.mx","password":"Cliente#2026"}`)
		if rec.Code != http.StatusOK {
			b.Fatalf("%d %s", rec.Code, rec.Body)
		}
	}
}
