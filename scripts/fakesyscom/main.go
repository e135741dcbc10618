// Command fakesyscom runs the fake Syscom API (modules/catalog/supplier/syscom/syscomfake) on a
// local address, for browser tests and trying the supplier catalogue by hand with no distributor
// account:
//
//	go run ./scripts/fakesyscom -addr 127.0.0.1:18092 -client-id fake-id -client-secret fake-secret
//
// It generates its catalogue at start (-products, default 50,000, from -seed: the same pair gives
// the same catalogue) and serves it under /api/v1/, with the token call at /oauth/token. Its own
// controls, with no token:
//
//	POST /_fake/revocar              forget every token issued (the next call with one is refused)
//	POST /_fake/limitar {"n": 2}     the next n API calls answer 429 (Retry-After: 1)
//	POST /_fake/romper {"n": 3}      the next n API calls answer unreadable replies
//	GET  /_fake/estadisticas         tokens issued, calls refused, throttled and served
//	GET  /_fake/salud                200 once it listens (for health checks)
package main

import (
	"encoding/json"
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"tienda/modules/catalog/supplier/syscom/syscomfake"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18092", "address to listen on (loopback)")
	addrFile := flag.String("addr-file", "", "file to write the address listened on once listening (with -addr 127.0.0.1:0: a free port)")
	id := flag.String("client-id", "fake-id", "client id the token call accepts")
	secret := flag.String("client-secret", "fake-secret", "client secret the token call accepts")
	products := flag.Int("products", 50000, "how many products the generated catalogue holds")
	seed := flag.Uint64("seed", 1, "seed of the generated catalogue")
	limit := flag.Int("limit", 60, "requests a minute allowed per client")
	ttl := flag.Duration("token-ttl", 365*24*time.Hour, "life of a token")
	flag.Parse()
	if *products < 1 {
		log.Fatal("-products must be at least 1")
	}
	fake := syscomfake.New(syscomfake.Generate(*seed, *products), *id, *secret)
	fake.SetLimit(*limit, time.Minute)
	fake.SetTokenTTL(*ttl)
	mux := http.NewServeMux()
	mux.HandleFunc("POST /_fake/revocar", func(w http.ResponseWriter, _ *http.Request) {
		fake.RevokeTokens()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /_fake/limitar", count(fake.ThrottleNext))
	mux.HandleFunc("POST /_fake/romper", count(fake.BreakNext))
	mux.HandleFunc("GET /_fake/estadisticas", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, fake.Stats())
	})
	mux.HandleFunc("GET /_fake/salud", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, map[string]string{"estado": "ok"})
	})
	mux.Handle("/", fake)
	// Answers are made in memory at once: generous timeouts only stop a stuck client.
	srv := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	// The pictures too: an import downloads them from the fake, with no network.
	fake.ServePictures("http://" + ln.Addr().String())
	if *addrFile != "" {
		if err := os.WriteFile(*addrFile, []byte(ln.Addr().String()), 0o600); err != nil {
			log.Fatal(err)
		}
	}
	log.Printf("fake Syscom on http://%s (%d products)", ln.Addr(), *products)
	log.Fatal(srv.Serve(ln))
}

// count is a control taking {"n": k}.
func count(set func(int)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var req struct{ N int }
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.N < 0 {
			http.Error(w, `{"error":"n needed"}`, http.StatusBadRequest)
			return
		}
		set(req.N)
		w.WriteHeader(http.StatusNoContent)
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
