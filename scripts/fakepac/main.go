// Command fakepac runs the fake Facturapi (modules/invoicing/pacfake) on a local address, for
// browser tests and trying CFDI invoicing by hand with no PAC account:
//
//	go run ./scripts/fakepac -addr 127.0.0.1:18091 -key sk_test_fake
//
// Start the shop with FACTURAPI_KEY=sk_test_fake FACTURAPI_URL=http://127.0.0.1:18091 (and
// SHOP_CP=03100, the fake's lugar de expedición, which a factura global's receptor must carry;
// -cp sets another, which the shop then reports as not matching its SHOP_CP).
// Invoices are kept in memory until it stops. Its own controls, with no key:
//
//	POST /_fake/aceptar-cancelaciones  the receptors accept every pending cancellation: {"aceptadas": n}
//	POST /_fake/rechazar-cancelaciones the receptors reject them: {"rechazadas": n}
//	POST /_fake/fallar {"n": 2}         the next n API calls answer 500 without doing anything
//	POST /_fake/demora {"ms": 40000}    every answer waits that long after its work (a PAC timeout)
//	POST /_fake/pendientes {"n": 1}     the next n invoices are answered 202 'pending', without a UUID
//	POST /_fake/timbrar-pendientes      the SAT stamps the pending invoices: {"timbradas": n}
//	GET  /_fake/facturas               the invoices stamped so far
//	GET  /_fake/salud                  200 once it listens (for Playwright's and Task's health checks)
package main

import (
	"encoding/json"
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"tienda/modules/invoicing/pacfake"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18091", "address to listen on (loopback)")
	key := flag.String("key", "sk_test_fake", "secret key the fake accepts as Bearer token")
	cp := flag.String("cp", "03100", "postal code of the fake account's fiscal address (GET /v2/organizations/me)")
	addrFile := flag.String("addr-file", "", "file to write the address listened on once listening (with -addr 127.0.0.1:0: a free port)")
	flag.Parse()
	fake := pacfake.New(*key)
	fake.LugarExpedicion = *cp
	mux := http.NewServeMux()
	mux.HandleFunc("POST /_fake/aceptar-cancelaciones", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, map[string]int{"aceptadas": fake.AcceptCancellations()})
	})
	mux.HandleFunc("POST /_fake/rechazar-cancelaciones", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, map[string]int{"rechazadas": fake.RejectCancellations()})
	})
	mux.HandleFunc("POST /_fake/fallar", func(w http.ResponseWriter, r *http.Request) {
		var req struct{ N int }
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.N < 0 {
			http.Error(w, `{"error":"n needed"}`, http.StatusBadRequest)
			return
		}
		fake.FailNext(req.N)
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /_fake/demora", func(w http.ResponseWriter, r *http.Request) {
		var req struct{ Ms int }
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Ms < 0 {
			http.Error(w, `{"error":"ms needed"}`, http.StatusBadRequest)
			return
		}
		fake.SetDelay(time.Duration(req.Ms) * time.Millisecond)
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /_fake/pendientes", func(w http.ResponseWriter, r *http.Request) {
		var req struct{ N int }
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.N < 0 {
			http.Error(w, `{"error":"n needed"}`, http.StatusBadRequest)
			return
		}
		fake.PendNext(req.N)
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /_fake/timbrar-pendientes", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, map[string]int{"timbradas": fake.FinishPending()})
	})
	mux.HandleFunc("GET /_fake/facturas", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, fake.Invoices())
	})
	mux.HandleFunc("GET /_fake/salud", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, map[string]string{"estado": "ok"})
	})
	mux.Handle("/", fake)
	// Answers are made in memory, unless a delay is asked for: the write timeout leaves room for
	// a delay past the shop's 30 s PAC timeout.
	srv := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	if *addrFile != "" {
		if err := os.WriteFile(*addrFile, []byte(ln.Addr().String()), 0o600); err != nil {
			log.Fatal(err)
		}
	}
	log.Printf("fake Facturapi on http://%s", ln.Addr())
	log.Fatal(srv.Serve(ln))
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
