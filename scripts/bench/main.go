// Command bench measures the shop's real binary over HTTP on loopback and prints a markdown table:
// the storefront's reads (each beside the same bytes served by a bare net/http handler), counter
// orders, the sales reports and 'Hacer corte' over many paid sales, and the server's memory.
//
//	go run ./scripts/bench [-bin path] [-products 5000] [-sales 10000] [-duration 10s | -n 2000]
//
// It starts the binary on the embedded store in a temporary data directory with the demo accounts,
// creates products through POST /v1/productos, and for the reports stops the binary, writes paid
// sales straight into the data directory and starts it again. The child is stopped and the
// temporary directory removed on exit, also on Ctrl-C.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"time"

	"tienda/modules/sales"
)

type options struct {
	bin        string
	products   int
	sales      int
	duration   time.Duration
	warmup     time.Duration
	n          int
	clients    int
	buyers     int
	creators   int
	runs       int
	reps       int
	logLevel   string
	storefront bool
	keep       bool
	detailPool int
}

func main() {
	var o options
	flag.StringVar(&o.bin, "bin", "", "the shop's binary; empty builds ./app into the temporary directory")
	flag.IntVar(&o.products, "products", 5000, "products in the store (created through POST /v1/productos)")
	flag.IntVar(&o.sales, "sales", 10000, "paid sales seeded before each report and cut run")
	flag.DurationVar(&o.duration, "duration", 10*time.Second, "how long each load scenario runs")
	flag.DurationVar(&o.warmup, "warmup", 2*time.Second, "unmeasured load before each storefront scenario, on both servers")
	flag.IntVar(&o.n, "n", 0, "requests per load scenario instead of -duration (0: use -duration)")
	flag.IntVar(&o.clients, "clients", 32, "concurrent storefront clients")
	flag.IntVar(&o.buyers, "buyers", 16, "concurrent counter-order buyers")
	flag.IntVar(&o.creators, "creators", 4, "concurrent product creators while seeding")
	flag.IntVar(&o.runs, "runs", 3, "seed-then-cut runs")
	flag.IntVar(&o.reps, "reps", 3, "requests per report in each run (one client)")
	flag.StringVar(&o.logLevel, "log-level", "info", "the server's LOG_LEVEL (its log goes to a file in the temporary directory)")
	flag.BoolVar(&o.storefront, "storefront", true, "measure the storefront's reads (-storefront=false goes straight to the counter orders)")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary directory (data and server log) and print its path")
	flag.IntVar(&o.detailPool, "detail-products", 64, "distinct products the product-detail scenario cycles through")
	bare := flag.Bool("bare", false, "serve recorded answers as the bare handler's process (the bench starts it itself)")
	flag.Parse()
	if *bare {
		if err := serveBare(); err != nil {
			fmt.Fprintln(os.Stderr, "bench -bare:", err)
			os.Exit(1)
		}
		return
	}
	if o.products < 1 || o.sales < 1 || o.clients < 1 || o.buyers < 1 || o.creators < 1 || o.runs < 0 || o.reps < 1 || o.detailPool < 1 {
		fmt.Fprintln(os.Stderr, "bench: -products, -sales, -clients, -buyers, -creators, -reps and -detail-products must be at least 1, -runs at least 0")
		os.Exit(2)
	}
	if o.n <= 0 && o.duration <= 0 {
		fmt.Fprintln(os.Stderr, "bench: give a positive -duration or -n")
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	go func() { <-ctx.Done(); stop() }() // a second Ctrl-C kills at once
	err := run(ctx, o)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// row is one line of the result table.
type row struct {
	name, rate, p50, p99, bareP99, ratio, target, met string
}

// bench holds what the scenarios share.
type bench struct {
	o                      options
	srv                    *server
	shop                   *api
	admin, cajero, cliente string
	rows                   []row
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s  %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
}

func run(ctx context.Context, o options) (err error) {
	tmp, err := os.MkdirTemp("", "tienda-bench-")
	if err != nil {
		return fmt.Errorf("make a temporary directory: %w", err)
	}
	defer func() {
		if o.keep {
			logf("kept %s (data, server.log)", tmp)
			return
		}
		if rmErr := os.RemoveAll(tmp); rmErr != nil && err == nil {
			err = fmt.Errorf("remove %s: %w", tmp, rmErr)
		}
	}()
	if o.bin == "" {
		logf("building ./app")
		if o.bin, err = buildBinary(ctx, tmp); err != nil {
			return err
		}
	} else if o.bin, err = filepath.Abs(o.bin); err != nil {
		return err
	}
	if st, statErr := os.Stat(o.bin); statErr != nil || st.IsDir() {
		return fmt.Errorf("no binary at %s", o.bin)
	}

	b := &bench{o: o, srv: &server{bin: o.bin, dataDir: filepath.Join(tmp, "data"), logPath: filepath.Join(tmp, "server.log")}}
	defer func() {
		if stopErr := b.srv.stop(); stopErr != nil && err == nil {
			err = stopErr
		}
	}()
	if err := b.restart(ctx); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "binary %s, %d CPUs, %s\n", o.bin, runtime.NumCPU(), runtime.Version())

	ids, err := b.seedProducts(ctx)
	if err != nil {
		return err
	}
	if o.storefront {
		if err := b.storefront(ctx, ids); err != nil {
			return err
		}
	}
	if err := b.counterOrders(ctx); err != nil {
		return err
	}
	b.memoryRow("server memory after the storefront and orders")
	for r := 1; r <= o.runs; r++ {
		if err := b.reportsAndCut(ctx, r); err != nil {
			return err
		}
	}
	if o.runs > 0 {
		b.memoryRow("server memory at the end (since its last start)")
	}
	b.print()
	return nil
}

// restart (re)starts the server and signs in the three demo accounts.
func (b *bench) restart(ctx context.Context) error {
	if b.srv.cmd != nil {
		if err := b.srv.stop(); err != nil {
			return err
		}
	}
	t0 := time.Now()
	if err := b.srv.start(ctx, b.o.logLevel); err != nil {
		return err
	}
	logf("server up on %s in %v (data %s)", b.srv.URL(), time.Since(t0).Round(time.Millisecond), b.srv.dataDir)
	b.shop = &api{base: b.srv.URL(), client: newClient(b.o.clients)}
	var err error
	if b.admin, err = b.shop.login(ctx, "admin@tienda.mx", "Admin#2026"); err != nil {
		return err
	}
	if b.cajero, err = b.shop.login(ctx, "cajero@tienda.mx", "Cajero#2026"); err != nil {
		return err
	}
	b.cliente, err = b.shop.login(ctx, "cliente@tienda.mx", "Cliente#2026")
	return err
}

// seedProducts creates products until the store holds -products, and returns some ids for the
// product-detail scenario.
func (b *bench) seedProducts(ctx context.Context) ([]string, error) {
	have, err := countProducts(ctx, b.shop, b.admin)
	if err != nil {
		return nil, err
	}
	need := b.o.products - have
	created := make([]product, max(need, 0))
	if need > 0 {
		logf("creating %d products through POST /v1/productos, %d at a time (the store holds %d)", need, b.o.creators, have)
		res := closedLoop(ctx, b.o.creators, 0, need, func(ctx context.Context, i int) error {
			body, err := b.shop.call(ctx, http.MethodPost, "/v1/productos", b.admin, newProduct(i, 100+i%50), http.StatusCreated)
			if err != nil {
				return err
			}
			if (i+1)%500 == 0 {
				logf("  %d of %d created", i+1, need)
			}
			return json.Unmarshal(body, &created[i])
		})
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if res.errs > 0 {
			return nil, fmt.Errorf("%d of %d products could not be created; first error: %w", res.errs, need, res.firstErr)
		}
		logf("created %d products in %v", need, res.elapsed.Round(time.Millisecond))
		b.rows = append(b.rows, row{name: fmt.Sprintf("create a product (POST /v1/productos, %d clients, store growing %d to %d)", b.o.creators, have, b.o.products),
			rate: fmt.Sprintf("%.1f", res.rate()), p50: ms(res.pct(50)), p99: ms(res.pct(99)), bareP99: "-", ratio: "-", target: "-", met: "-"})
	}
	if got, err := countProducts(ctx, b.shop, b.admin); err != nil || got < b.o.products {
		return nil, fmt.Errorf("the store holds %d products after seeding, want %d (%v)", got, b.o.products, err)
	}
	var ids []string
	for _, p := range created {
		if p.ID != "" {
			ids = append(ids, p.ID)
		}
	}
	if len(ids) == 0 { // nothing created this time: take ids from the first page
		body, err := b.shop.call(ctx, http.MethodGet, "/v1/productos?page=1&limit=100&compact=1", "", nil, http.StatusOK)
		if err != nil {
			return nil, err
		}
		var page struct{ Products []product }
		if err := json.Unmarshal(body, &page); err != nil || len(page.Products) == 0 {
			return nil, fmt.Errorf("no product ids for the detail scenario: %v", err)
		}
		for _, p := range page.Products {
			ids = append(ids, p.ID)
		}
	}
	rand.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	return ids[:min(len(ids), b.o.detailPool)], nil
}

// storefront measures the catalogue's public reads with the query strings the React app sends,
// each beside the same recorded answers served by a bare net/http handler.
func (b *bench) storefront(ctx context.Context, detailIDs []string) error {
	bare, err := startBare()
	if err != nil {
		return err
	}
	defer bare.close()
	detail := make([]string, len(detailIDs))
	for i, id := range detailIDs {
		detail[i] = "/v1/productos/" + id
	}
	scenarios := []struct {
		name string
		uris []string
	}{
		{"storefront first page", []string{"/v1/productos?page=1&limit=24&compact=1"}},
		{"category page (Videovigilancia)", []string{"/v1/productos?page=1&limit=24&compact=1&categoria=22"}},
		{"search 'camara'", []string{"/v1/productos/search/?q=camara"}},
		{fmt.Sprintf("product detail (%d products in turn)", len(detail)), detail},
	}
	for _, sc := range scenarios {
		recClient := newClient(1)
		var first recorded
		for i, uri := range sc.uris {
			rec, err := bare.record(ctx, recClient, b.shop.base, uri)
			if err != nil {
				return fmt.Errorf("%s: %w", sc.name, err)
			}
			if i == 0 {
				first = rec
			}
		}
		logf("%s: %s, %d clients", sc.name, first.describe(), b.o.clients)
		measure := func(base string) result {
			c := newClient(b.o.clients)
			defer c.CloseIdleConnections()
			get := func(ctx context.Context, i int) error {
				uri := sc.uris[i%len(sc.uris)]
				status, _, body, err := getBrowser(ctx, c, base+uri)
				if err == nil && status != http.StatusOK {
					err = fmt.Errorf("GET %s: status %d: %.200s", uri, status, body)
				}
				return err
			}
			if b.o.warmup > 0 {
				closedLoop(ctx, b.o.clients, b.o.warmup, 0, get)
			}
			return closedLoop(ctx, b.o.clients, b.o.duration, b.o.n, get)
		}
		shop := measure(b.shop.base)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		floor := measure(bare.url)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		ratio := float64(shop.pct(99)) / float64(max(floor.pct(99), time.Microsecond))
		b.rows = append(b.rows, row{name: sc.name, rate: fmt.Sprintf("%.0f (bare %.0f)", shop.rate(), floor.rate()),
			p50: ms(shop.pct(50)), p99: ms(shop.pct(99)), bareP99: ms(floor.pct(99)), ratio: fmt.Sprintf("%.2fx", ratio),
			target: "ratio <= 1.25x", met: yesNo(ratio <= 1.25, shop.errs+floor.errs)})
		reportErrors(sc.name, shop, floor)
	}
	return nil
}

// counterOrders places counter orders as the demo customer on one product with plenty of stock.
func (b *bench) counterOrders(ctx context.Context) error {
	body, err := b.shop.call(ctx, http.MethodPost, "/v1/productos", b.admin, map[string]any{"nombre": "Bobina de prueba", "categoria": "Cables",
		"variantes": []map[string]any{{"talla": "Unico", "tamano": "1", "stock": 1000000, "precioCompra": 1, "precioVenta": 2, "descuento": 0}}}, http.StatusCreated)
	if err != nil {
		return fmt.Errorf("create the counter-order product: %w", err)
	}
	var p product
	if err := json.Unmarshal(body, &p); err != nil || len(p.Variantes) == 0 {
		return fmt.Errorf("create the counter-order product: unexpected answer %.200s", body)
	}
	order := map[string]any{"cliente": "Juan", "carrito": []map[string]any{{"id": p.Variantes[0].ID, "producto_id": p.ID, "cantidad": 1}}}
	logf("counter orders: POST /v1/ventas as cliente@tienda.mx, %d buyers", b.o.buyers)
	c := &api{base: b.shop.base, client: newClient(b.o.buyers)}
	res := closedLoop(ctx, b.o.buyers, b.o.duration, b.o.n, func(ctx context.Context, _ int) error {
		_, err := c.call(ctx, http.MethodPost, "/v1/ventas", b.cliente, order, http.StatusCreated)
		return err
	})
	if ctx.Err() != nil {
		return ctx.Err()
	}
	b.rows = append(b.rows, row{name: fmt.Sprintf("counter order (POST /v1/ventas, %d buyers, %d orders)", b.o.buyers, len(res.lat)),
		rate: fmt.Sprintf("%.1f", res.rate()), p50: ms(res.pct(50)), p99: ms(res.pct(99)), bareP99: "-", ratio: "-",
		target: ">= 150/s, p99 < 150 ms", met: yesNo(res.rate() >= 150 && res.pct(99) < 150*time.Millisecond, res.errs)})
	reportErrors("counter order", res)
	return nil
}

// reportsAndCut stops the server, writes -sales paid sales into its data directory, starts it
// again and times the sales reports of today, the cash-cut reports and one 'Hacer corte'.
func (b *bench) reportsAndCut(ctx context.Context, run int) error {
	if err := b.srv.stop(); err != nil {
		return err
	}
	t0 := time.Now()
	if err := seedPaidSales(ctx, b.srv.dataDir, b.o.sales); err != nil {
		return err
	}
	logf("run %d: wrote %d paid sales into ventas in %v", run, b.o.sales, time.Since(t0).Round(time.Millisecond))
	if err := b.restart(ctx); err != nil {
		return err
	}
	if m, err := readMemory(b.srv.pid()); err == nil {
		logf("run %d: started: server VmHWM %d MB, VmRSS %d MB", run, m.HWM>>20, m.RSS>>20)
	}
	today := time.Now().In(sales.ShopZone).Format(time.DateOnly)
	calls := []struct {
		name, method, path, token string
		body                      any
	}{
		{"sales report screen: GET /v1/ventas/ (today)", http.MethodGet, "/v1/ventas/?startDate=" + today + "&endDate=" + today, b.admin, nil},
		{"sales report screen: POST /v1/ventas/reporte (today)", http.MethodPost, "/v1/ventas/reporte", b.admin, map[string]string{"startDate": today, "endDate": today}},
		{"cash-cut screen: GET /v1/ventas/reporte/metodo-pago", http.MethodGet, "/v1/ventas/reporte/metodo-pago", b.cajero, nil},
		{"cash-cut screen: GET /v1/ventas/reporte/usuario", http.MethodGet, "/v1/ventas/reporte/usuario", b.cajero, nil},
	}
	label := fmt.Sprintf("run %d, %d sales in store: ", run, run*b.o.sales)
	for _, c := range calls {
		res := closedLoop(ctx, 1, 0, b.o.reps, func(ctx context.Context, _ int) error {
			_, err := b.shop.call(ctx, c.method, c.path, c.token, c.body, http.StatusOK)
			return err
		})
		if ctx.Err() != nil {
			return ctx.Err()
		}
		b.rows = append(b.rows, row{name: label + c.name, rate: fmt.Sprintf("%.2f", res.rate()), p50: ms(res.pct(50)), p99: ms(res.pct(99)),
			bareP99: "-", ratio: "-", target: "-", met: errorsOnly(res.errs)})
		reportErrors(c.name, res)
		if m, err := readMemory(b.srv.pid()); err == nil {
			logf("run %d: %s: server VmHWM %d MB, VmRSS %d MB", run, c.name, m.HWM>>20, m.RSS>>20)
		}
	}
	var cut struct {
		Ventas []json.RawMessage `json:"ventas"`
	}
	t1 := time.Now()
	body, err := b.shop.call(ctx, http.MethodPost, "/v1/ventas/corte", b.cajero, map[string]any{}, http.StatusCreated)
	took := time.Since(t1)
	if err != nil {
		return fmt.Errorf("run %d: Hacer corte: %w", run, err)
	}
	if err := json.Unmarshal(body, &cut); err != nil {
		return fmt.Errorf("run %d: Hacer corte: unexpected answer: %w", run, err)
	}
	note := ""
	if len(cut.Ventas) != b.o.sales {
		note = fmt.Sprintf(" (the cut closed %d sales, want %d)", len(cut.Ventas), b.o.sales)
	}
	logf("run %d: Hacer corte closed %d sales in %v", run, len(cut.Ventas), took.Round(time.Millisecond))
	b.rows = append(b.rows, row{name: label + "'Hacer corte' POST /v1/ventas/corte" + note, rate: "-", p50: "-", p99: ms(took),
		bareP99: "-", ratio: "-", target: "-", met: "-"})
	return nil
}

// memoryRow records the server's resident memory now and at its peak.
func (b *bench) memoryRow(name string) {
	m, err := readMemory(b.srv.pid())
	if err != nil {
		logf("%v", err)
		return
	}
	b.rows = append(b.rows, row{name: fmt.Sprintf("%s: VmHWM %d MB, VmRSS %d MB", name, m.HWM>>20, m.RSS>>20),
		rate: "-", p50: "-", p99: "-", bareP99: "-", ratio: "-", target: "VmHWM < 150 MB", met: yesNo(m.HWM < 150<<20, 0)})
}

func (b *bench) print() {
	fmt.Printf("\n%d products, %d paid sales per run, %s per scenario, %d CPUs, %s\n\n", b.o.products, b.o.sales, span(b.o), runtime.NumCPU(), time.Now().Format(time.DateOnly))
	fmt.Println("| row | requests/s | p50 | p99 | bare p99 | ratio | target | met? |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, r := range b.rows {
		fmt.Printf("| %s | %s | %s | %s | %s | %s | %s | %s |\n", r.name, r.rate, r.p50, r.p99, r.bareP99, r.ratio, r.target, r.met)
	}
}

func span(o options) string {
	if o.n > 0 {
		return fmt.Sprintf("%d requests", o.n)
	}
	return o.duration.String()
}

func reportErrors(name string, results ...result) {
	for _, r := range results {
		if r.errs > 0 {
			logf("%s: %d requests failed; first: %v", name, r.errs, r.firstErr)
		}
	}
}

// errorsOnly fills the met? column of a row without a target.
func errorsOnly(errs int64) string {
	if errs > 0 {
		return fmt.Sprintf("%d errors", errs)
	}
	return "-"
}

func yesNo(ok bool, errs int64) string {
	switch {
	case errs > 0:
		return fmt.Sprintf("no (%d errors)", errs)
	case ok:
		return "yes"
	}
	return "no"
}

// ms prints a latency in milliseconds with a precision that suits its size.
func ms(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	switch {
	case v < 10:
		return fmt.Sprintf("%.2f ms", v)
	case v < 1000:
		return fmt.Sprintf("%.0f ms", v)
	}
	return fmt.Sprintf("%.2f s", v/1000)
}
