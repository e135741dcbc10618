package catalog

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// BenchmarkMemorySearch finds the first page of a search (as GET productos/search/ does when its
// answer is not cached, before the JSON) in a memory of 5,000, 20,000 and 50,000 products, from 32
// clients at once, with 36 shoppers' queries in turn: through the word index, and by reading every
// entry as the memory did before it. Reports p50 and p99 in microseconds.
//
//	go test ./modules/catalog -run '^$' -bench MemorySearch
func BenchmarkMemorySearch(b *testing.B) {
	queries := []string{
		"camara", "cámara domo", "camara ip hikvision", "domo dahua", "dvr", "nvr epcom", "router mikrotik",
		"switch poe", "switch poe tp-link", "radio kenwood", "panel solar", "control de acceso zkteco",
		"cable utp", "detector de humo", "dron dji", "hikvision", "dahua", "ubiquiti", "modelo 123", "m-01234",
		"m-4", "4567", "bala", "portátil", "solar syscom", "acceso", "humo", "ip", "poe", "utp",
		"camara modelo 99", "xyz", "nvr 1000", "kenwood 77", "cable", "router",
	}
	for i, q := range queries {
		queries[i] = fold(q)
	}
	for _, n := range []int{5000, 20000, 50000} {
		m := &memory{}
		m.replace(benchProducts(n), nil)
		b.Run(fmt.Sprintf("%d/index", n), func(b *testing.B) {
			parallel32(b, func(i int) {
				m.searchPage(selection{words: queries[i%len(queries)]}, 1, 20)
			})
		})
		b.Run(fmt.Sprintf("%d/scan", n), func(b *testing.B) {
			parallel32(b, func(i int) { scanned(m, queries[i%len(queries)]) })
		})
	}
}

// benchProducts are n products named as a distributor's: 12 kinds of 10 brands, each its model.
func benchProducts(n int) []Product {
	brands := []string{"Hikvision", "Dahua", "Epcom", "Ubiquiti", "TP-Link", "MikroTik", "ZKTeco", "Syscom", "Kenwood", "DJI"}
	kinds := []string{"Cámara IP bala", "Cámara domo", "DVR", "NVR", "Router", "Switch PoE", "Radio portátil", "Panel solar", "Control de acceso", "Cable UTP", "Detector de humo", "Dron"}
	now := time.Now()
	out := make([]Product, n)
	for i := range out {
		name := fmt.Sprintf("%s %s modelo %d", kinds[i%len(kinds)], brands[i%len(brands)], i)
		out[i] = Product{ID: bson.NewObjectID(), Nombre: name, Titulo: name, Marca: brands[i%len(brands)], Modelo: fmt.Sprintf("M-%05d", i),
			Stock: (i * 7) % 25, Favorito: i%50 == 0, CreatedAt: now.Add(-time.Duration(i) * time.Minute)}
	}
	return out
}

// parallel32 calls fn b.N times from 32 goroutines and reports the p50 and p99 of a call.
func parallel32(b *testing.B, fn func(i int)) {
	b.SetParallelism(int(math.Ceil(32 / float64(runtime.GOMAXPROCS(0)))))
	var (
		mu   sync.Mutex
		all  []time.Duration
		next atomic.Int64
	)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			t := time.Now()
			fn(int(next.Add(1)))
			mine = append(mine, time.Since(t))
		}
		mu.Lock()
		all = append(all, mine...)
		mu.Unlock()
	})
	slices.Sort(all)
	b.ReportMetric(float64(all[len(all)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(all[min(len(all)-1, len(all)*99/100)].Microseconds()), "p99-µs")
}
