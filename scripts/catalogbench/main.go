// Command catalogbench measures the storefront's read path on the embedded store: 5,000 products,
// 32 concurrent clients, the first page, a category page and a search answered by the catalogue
// module over real HTTP, next to the same queries sent straight through the driver.
//
//	go run ./scripts/catalogbench [-products 5000] [-clients 32] [-duration 5s]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/modules/catalog"
	"tienda/pkg/httpx"
	"tienda/pkg/mongox"
)

func main() {
	n := flag.Int("products", 5000, "products in the store")
	clients := flag.Int("clients", 32, "concurrent clients")
	dur := flag.Duration("duration", 5*time.Second, "how long each HTTP scenario runs")
	driverMax := flag.Int("driver-requests", 64, "requests per driver scenario (each reads the whole collection); 0 skips them")
	flag.Parse()
	if err := run(*n, *clients, *dur, *driverMax); err != nil {
		log.Fatal(err)
	}
}

// scenario is one row of the table: fn called from clients goroutines for dur or until max
// requests (0: no max).
type scenario struct {
	name    string
	fn      func() (int, error)
	clients int
	max     int
	dur     time.Duration
}

func run(n, clients int, dur time.Duration, driverMax int) (err error) {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "catalogbench-")
	if err != nil {
		return err
	}
	defer func() {
		if rmErr := os.RemoveAll(dir); rmErr != nil && err == nil {
			err = fmt.Errorf("remove %s: %w", dir, rmErr)
		}
	}()
	store, err := mongox.Open(ctx, mongox.Options{DataDir: dir})
	if err != nil {
		return err
	}
	defer func() {
		if closeErr := store.Close(context.Background()); closeErr != nil && err == nil {
			err = fmt.Errorf("close the store: %w", closeErr)
		}
	}()

	start := time.Now()
	if err := seed(ctx, store, n); err != nil {
		return err
	}
	fmt.Printf("seeded %d products in %v\n", n, time.Since(start).Round(time.Millisecond))

	srv, err := serveCatalog(ctx, store)
	if err != nil {
		return err
	}
	defer srv.Close()

	scenarios := httpScenarios(srv.URL, clients, dur)
	if driverMax > 0 { // -driver-requests 0: HTTP only
		scenarios = append(scenarios, driverScenarios(ctx, store, clients, driverMax)...)
	}
	fmt.Printf("%-44s %8s %9s %9s %9s %9s %10s\n", "scenario", "clients", "requests", "req/s", "p50", "p99", "bytes")
	for _, sc := range scenarios {
		r, err := measure(sc.clients, sc.dur, sc.max, sc.fn)
		if err != nil {
			return fmt.Errorf("%s: %w", sc.name, err)
		}
		fmt.Printf("%-44s %8d %9d %9.1f %9s %9s %10d\n", sc.name, sc.clients, r.requests, r.rps, r.p50.Round(10*time.Microsecond),
			r.p99.Round(10*time.Microsecond), r.bytes)
	}
	return nil
}

// serveCatalog loads the catalogue module from store into memory and serves its routes under /v1
// on a loopback port, behind the shop's error handler and validator.
func serveCatalog(ctx context.Context, store *mongox.Store) (*httptest.Server, error) {
	m := catalog.New(catalog.Deps{Store: store, Log: zerolog.Nop(), ReloadEvery: -1})
	if err := store.BuildIndexes(ctx, m.Collections()...); err != nil {
		return nil, err
	}
	if err := m.Upgrade(ctx); err != nil {
		return nil, err
	}
	start := time.Now()
	if err := m.Start(ctx); err != nil {
		return nil, err
	}
	fmt.Printf("loaded the catalogue into memory in %v\n\n", time.Since(start).Round(time.Millisecond))

	e := echo.NewWithConfig(echo.Config{HTTPErrorHandler: httpx.ErrorHandler(nil), Validator: httpx.NewValidator()})
	m.Routes(e.Group("/v1"))
	return httptest.NewServer(e), nil
}

// httpScenarios ask the catalogue served at base for the first page, a category page and a search,
// each for dur.
func httpScenarios(base string, clients int, dur time.Duration) []scenario {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	get := func(path string) func() (int, error) {
		return func() (int, error) {
			resp, err := client.Get(base + path)
			if err != nil {
				return 0, err
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			if resp.StatusCode != 200 {
				return 0, fmt.Errorf("%s: %d %s", path, resp.StatusCode, b)
			}
			return len(b), err
		}
	}
	return []scenario{
		{"HTTP  first page (GET /productos)", get("/v1/productos"), clients, 0, dur},
		{"HTTP  category page (categoria=22&page=2)", get("/v1/productos?categoria=22&page=2"), clients, 0, dur},
		{"HTTP  search (search/?q=camara)", get("/v1/productos/search/?q=camara"), clients, 0, dur},
	}
}

// driverScenarios send the same three queries straight through the driver, requests times each
// (each reads the whole collection, so they are counted rather than timed).
func driverScenarios(ctx context.Context, store *mongox.Store, clients, requests int) []scenario {
	coll := store.R.Collection("productos")
	order := bson.D{{Key: "favorito", Value: -1}, {Key: "createdAt", Value: -1}}
	compact := bson.M{"details": 0}
	find := func(filter bson.M, skip, limit int64) func() (int, error) {
		return func() (int, error) {
			cur, err := coll.Find(ctx, filter, options.Find().SetSort(order).SetSkip(skip).SetLimit(limit).SetProjection(compact))
			if err != nil {
				return 0, err
			}
			var docs []bson.Raw
			if err := cur.All(ctx, &docs); err != nil {
				return 0, err
			}
			size := 0
			for _, d := range docs {
				size += len(d)
			}
			return size, nil
		}
	}
	inStock := bson.M{"stock": bson.M{"$gt": 0}}
	cat22 := bson.M{"stock": bson.M{"$gt": 0}, "$or": bson.A{
		bson.M{"categorias": "22"}, bson.M{"categoria": bson.M{"$in": bson.A{"Camaras y DVRs HD", "Camaras IP y NVRs", "Almacenamiento"}}}}}
	search := bson.M{"stock": bson.M{"$gt": 0}, "$or": bson.A{
		bson.M{"nombre": bson.Regex{Pattern: "cámara", Options: "i"}}, bson.M{"marca": bson.Regex{Pattern: "cámara", Options: "i"}},
		bson.M{"modelo": bson.Regex{Pattern: "cámara", Options: "i"}}}}

	// The reader client's pool has 16 connections, and each driver query holds one for seconds:
	// more than 16 driver clients only wait in the pool's queue (and time out there).
	clients = min(clients, 16)
	return []scenario{
		{"driver first page (find+sort+limit)", find(inStock, 0, 24), clients, requests, time.Hour},
		{"driver category page (find $or+sort+skip)", find(cat22, 24, 24), clients, requests, time.Hour},
		{"driver search (regex 'cámara' /i, limit 20)", find(search, 0, 20), clients, requests, time.Hour},
	}
}

type result struct {
	requests int
	rps      float64
	p50, p99 time.Duration
	bytes    int // of the last answer
}

// measure runs fn from clients goroutines until dur passes or max requests were made (0: no max).
func measure(clients int, dur time.Duration, max int, fn func() (int, error)) (result, error) {
	var (
		mu        sync.Mutex
		latencies []time.Duration
		lastSize  atomic.Int64
		issued    atomic.Int64
		firstErr  error
		wg        sync.WaitGroup
	)
	deadline := time.Now().Add(dur)
	start := time.Now()
	for range clients {
		wg.Go(func() {
			var mine []time.Duration
			for time.Now().Before(deadline) {
				if max > 0 && issued.Add(1) > int64(max) {
					break
				}
				t := time.Now()
				size, err := fn()
				if err != nil {
					mu.Lock()
					firstErr = err
					mu.Unlock()
					return
				}
				mine = append(mine, time.Since(t))
				lastSize.Store(int64(size))
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if firstErr != nil {
		return result{}, firstErr
	}
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	pct := func(p float64) time.Duration {
		if len(latencies) == 0 {
			return 0
		}
		return latencies[min(len(latencies)-1, int(float64(len(latencies))*p))]
	}
	return result{requests: len(latencies), rps: float64(len(latencies)) / elapsed.Seconds(), p50: pct(0.50), p99: pct(0.99), bytes: int(lastSize.Load())}, nil
}

var (
	brands     = []string{"Hikvision", "Dahua", "Epcom", "Ubiquiti", "TP-Link", "MikroTik", "ZKTeco", "Syscom", "Kenwood", "DJI"}
	kinds      = []string{"Cámara IP bala", "Cámara domo", "DVR", "NVR", "Router", "Switch PoE", "Radio portátil", "Panel solar", "Control de acceso", "Cable UTP", "Detector de humo", "Dron"}
	adminCats  = []string{"Camaras IP y NVRs", "Camaras y DVRs HD", "Camaras y DVRs HD", "Camaras IP y NVRs", "Routers", "Switches", "Otros", "Energia Solar", "Otros", "Cables", "Otros", "Otros"}
	storeCats  = []string{"22", "22", "22", "22", "26", "26", "25", "30", "37", "65811", "38", "66630"}
	sampleText = "Equipo profesional con garantía del fabricante, factura y soporte técnico en tienda. Ideal para instalaciones residenciales y comerciales. "
)

// seed inserts n supplier-and-shop-shaped products of a realistic size (about 2 KB each).
func seed(ctx context.Context, store *mongox.Store, n int) error {
	coll := store.W.Collection("productos")
	now := time.Now().UTC()
	batch := make([]any, 0, 500)
	for i := range n {
		k := i % len(kinds)
		b := brands[i%len(brands)]
		name := fmt.Sprintf("%s %s modelo %d", kinds[k], b, i)
		price := float64(200 + (i*37)%20000)
		stock := (i * 7) % 25 // some at 0
		img := fmt.Sprintf("/v1/imagenes/demo/producto-%03d.svg", i%66)
		p := catalog.Product{
			ID: bson.NewObjectID(), SupplierProductID: fmt.Sprint(100000 + i), Titulo: name, Marca: b, Modelo: fmt.Sprintf("M-%05d", i),
			Garantia: "1 año", SatKey: "46171610", UnidadDeMedida: catalog.UnidadMedida{ClaveUnidadSat: "H87"},
			TotalExistencia: stock, ImgPortada: img, Largo: 10, Ancho: 8, Alto: 5,
			Precios:    catalog.Precios{PrecioLista: price, Precio1: price, PrecioDescuento: price, PrecioOferta: price},
			Categorias: []string{storeCats[k]},
			Details: &catalog.Details{Caracteristicas: []string{"Marca " + b, "Resolución 4 MP", "IP67", "PoE", "Garantía 1 año"},
				Recursos: []catalog.Recurso{}, ImgPortada: img, Imagenes: []string{img, img, img}, Descripcion: sampleText + sampleText + sampleText},
			Nombre: name, Descripcion: sampleText + sampleText, DescripcionCorta: kinds[k], Categoria: adminCats[k], Proveedor: "Bench",
			Favorito: i%50 == 0, Imagen: img, Stock: stock, Version: 1,
			Variantes: []catalog.Variante{{ID: bson.NewObjectID(), Talla: "Unico", Tamano: "1 pieza", Stock: stock, PrecioCompra: price * 0.7, PrecioVenta: price, Descuento: float64(i % 3 * 5)}},
			Extras:    []catalog.Extra{},
			CreatedAt: now.Add(-time.Duration(i) * time.Minute), UpdatedAt: now,
		}
		batch = append(batch, p)
		if len(batch) == cap(batch) || i == n-1 {
			if _, err := coll.InsertMany(ctx, batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return nil
}
