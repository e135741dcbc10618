package main

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"tienda/pkg/mongox"
)

// BenchmarkCatalogueSearch starts the shop on a store of 5,000, 20,000 and 50,000 products (stored
// straight into the collection, in the shape and size of a distributor's) and, from 32 clients at
// once through the real router:
//
//   - search-miss: searches the answer cache does not hold (36 shoppers' queries, each asked with
//     2 pages and 33 page sizes: 2,376 different answers, more than the cache keeps, asked in
//     turn, so that every one is built again);
//   - storefront: the first page, a category page and a search as the cache answers them, beside
//     the same bytes written by a bare handler in the same process (p99 and its ratio).
//
// Each reports requests a second, p50 and p99 in milliseconds.
//
//	go test ./app -run '^$' -bench CatalogueSearch -benchtime 20000x
func BenchmarkCatalogueSearch(b *testing.B) {
	for _, n := range []int{5000, 20000, 50000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			h := startWithProducts(b, n)
			b.Run("search-miss", func(b *testing.B) {
				var next atomic.Int64
				stats := clients32(b, func() {
					i := int(next.Add(1) - 1)
					q := shopperQueries[i%len(shopperQueries)]
					page, limit := 1+i/len(shopperQueries)%2, 8+i/(2*len(shopperQueries))%33
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet,
						fmt.Sprintf("/v1/productos/search/?q=%s&page=%d&limit=%d", url.QueryEscape(q), page, limit), nil))
					if rec.Code != http.StatusOK {
						b.Errorf("%s: %d %.200s", q, rec.Code, rec.Body)
					}
				})
				stats.report(b, "")
			})
			b.Run("storefront", func(b *testing.B) {
				paths := []string{"/v1/productos?page=1&limit=12", "/v1/productos?categoria=22&page=1&limit=24", "/v1/productos/search/?q=camara"}
				bodies := make([][]byte, len(paths))
				for i, p := range paths {
					req := httptest.NewRequest(http.MethodGet, p, nil)
					req.Header.Set("Accept-Encoding", "gzip")
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						b.Fatalf("%s: %d", p, rec.Code)
					}
					bodies[i] = rec.Body.Bytes()
				}
				bare := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					i := slices.Index(paths, r.URL.RequestURI())
					w.Header().Set("Content-Type", "application/json")
					w.Header().Set("Content-Encoding", "gzip")
					_, _ = w.Write(bodies[i])
				})
				run := func(h http.Handler) latencies {
					var next atomic.Int64
					return clients32(b, func() {
						p := paths[int(next.Add(1))%len(paths)]
						req := httptest.NewRequest(http.MethodGet, p, nil)
						req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
						rec := httptest.NewRecorder()
						h.ServeHTTP(rec, req)
						if rec.Code != http.StatusOK {
							b.Errorf("%s: %d", p, rec.Code)
						}
					})
				}
				shop, plain := run(h), run(bare)
				shop.report(b, "")
				plain.report(b, "bare-")
				b.ReportMetric(float64(shop.p99)/float64(max(plain.p99, 1)), "p99-ratio")
			})
		})
	}
}

// shopperQueries are what shoppers type in the search box, from a kind or a brand to a model.
var shopperQueries = []string{
	"camara", "cámara domo", "camara ip hikvision", "domo dahua", "dvr", "nvr epcom", "router mikrotik",
	"switch poe", "switch poe tp-link", "radio kenwood", "panel solar", "control de acceso zkteco",
	"cable utp", "detector de humo", "dron dji", "hikvision", "dahua", "ubiquiti", "modelo 123", "m-01234",
	"m-4", "4567", "bala", "portátil", "solar syscom", "acceso", "humo", "ip", "poe", "utp",
	"camara modelo 99", "xyz", "nvr 1000", "kenwood 77", "cable", "router",
}

// latencies are the timings of a run from 32 clients.
type latencies struct {
	rps      float64
	p50, p99 time.Duration
}

func (l latencies) report(b *testing.B, prefix string) {
	b.ReportMetric(l.rps, prefix+"req/s")
	b.ReportMetric(float64(l.p50.Microseconds())/1000, prefix+"p50-ms")
	b.ReportMetric(float64(l.p99.Microseconds())/1000, prefix+"p99-ms")
}

// clients32 calls fn b.N times in all from 32 goroutines and times each call.
func clients32(b *testing.B, fn func()) latencies {
	b.SetParallelism(int(math.Ceil(32 / float64(runtime.GOMAXPROCS(0)))))
	var (
		mu  sync.Mutex
		all []time.Duration
	)
	start := time.Now()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			t := time.Now()
			fn()
			mine = append(mine, time.Since(t))
		}
		mu.Lock()
		all = append(all, mine...)
		mu.Unlock()
	})
	b.StopTimer()
	elapsed := time.Since(start)
	slices.Sort(all)
	at := func(p float64) time.Duration { return all[min(len(all)-1, int(float64(len(all))*p))] }
	return latencies{rps: float64(len(all)) / elapsed.Seconds(), p50: at(0.5), p99: at(0.99)}
}

// startWithProducts stores n products and starts the shop on them, answering its handler.
func startWithProducts(b testing.TB, n int) http.Handler {
	b.Helper()
	ctx := context.Background()
	dir := b.TempDir()
	cfg := testConfig(b, dir, nil)
	store, err := mongox.Open(ctx, mongox.Options{URI: cfg.MongoURI, DataDir: dir})
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	seedProducts(b, store, n)
	if err := store.Close(ctx); err != nil {
		b.Fatal(err)
	}
	stored := time.Since(start)
	start = time.Now()
	a, err := New(ctx, cfg, zerolog.Nop(), testWeb)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { a.Close(context.Background()) })
	b.Logf("%d products stored in %v, the shop started in %v", n, stored.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	return a.Handler()
}
