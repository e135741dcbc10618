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
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"
	"time"
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
