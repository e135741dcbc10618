package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"syscall"
	"time"

	"tienda/frontend"
	"tienda/pkg/config"
	"tienda/pkg/logx"
)

// defaultMemoryLimit is the Go runtime's soft memory limit unless GOMEMLIMIT is set, over what
// the shop holds once started (the in-memory catalogue: some 100 MB at 50,000 products; a limit
// below it would keep the collector running without end).
const defaultMemoryLimit = 100 << 20

// startMemoryLimit is the soft memory limit while the shop starts, unless GOMEMLIMIT is set.
const startMemoryLimit = 300 << 20

// startedMemoryLimit is defaultMemoryLimit over the heap the started shop holds.
func startedMemoryLimit() int64 {
	runtime.GC()
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	if live[0].Value.Kind() != metrics.KindUint64 {
		return defaultMemoryLimit
	}
	return defaultMemoryLimit + int64(min(live[0].Value.Uint64(), 1<<40)) //nolint:gosec // bounded above
}

// defaultGCPercent is the collector's GOGC unless GOGC is set: the embedded store allocates a lot
// per write, and letting the heap grow to three times what is live before a collection, instead
// of twice, leaves more of the CPU to checkout (see the README's performance section); the memory
// limit still bounds the heap.
const defaultGCPercent = 200

// Main runs the verb its arguments name (cli.go), or else the shop until SIGTERM or SIGINT, and
// returns the process's exit code.
func Main() int {
	if code, ok := dispatch(os.Args[1:], os.Stdout, os.Stderr); ok {
		return code
	}
	cfg, err := config.FromProcess()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	log := logx.New(os.Stdout, cfg.LogLevel)
	if cfg.GoMemLimit == "" {
		// Reading thousands of sales (reports) makes much short-lived garbage, in the embedded
		// store above all; a soft limit makes the collector keep the process small instead of
		// letting the heap double. GOMEMLIMIT overrides it.
		// While the shop starts it reads the whole catalogue: room for 50,000 products and the
		// garbage of reading them. Set again once it has started (below).
		debug.SetMemoryLimit(startMemoryLimit)
	}
	if cfg.GoGC == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	startCtx, cancel := context.WithTimeout(ctx, 60*time.Second)
	a, err := New(startCtx, cfg, log, frontend.Dist())
	cancel()
	if err != nil {
		log.Error().Err(err).Msg("start failed")
		return 1
	}
	if cfg.GoMemLimit == "" {
		debug.SetMemoryLimit(startedMemoryLimit())
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port)))
	if err != nil {
		log.Error().Err(err).Msg("listen failed")
		_ = a.Close(context.Background())
		return 1
	}
	a.logStart(ctx, ln.Addr().String())
	// One line for a person starting the shop by hand; the JSON logs on standard output are for
	// machines.
	if cfg.DemoData {
		fmt.Fprintf(os.Stderr, "Tienda de DEMOSTRACIÓN lista en %s (DEMO_DATA=true: catálogo y cuentas de prueba; no es para vender)\n", cfg.PublicURL)
	} else {
		fmt.Fprintf(os.Stderr, "Tienda lista en %s\n", cfg.PublicURL)
	}
	code := 0
	if err := a.Serve(ctx, ln); err != nil {
		log.Error().Err(err).Msg("server stopped with an error")
		code = 1
	}
	closeCtx, cancelClose := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancelClose()
	if err := a.Close(closeCtx); err != nil {
		log.Error().Err(err).Msg("closing the store failed")
		code = 1
	}
	log.Info().Msg("stopped")
	return code
}

func main() { os.Exit(Main()) }
