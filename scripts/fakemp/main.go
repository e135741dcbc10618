// Command fakemp runs the fake MercadoPago API (modules/cartcheckout/mpfake) on a local address,
// for browser tests and trying online payments by hand with no provider account:
//
//	go run ./scripts/fakemp -addr 127.0.0.1:18090 -token TEST-token
//
// Start the shop with MP_ACCESS_TOKEN=TEST-token MP_PUBLIC_KEY=TEST-pk MP_API_URL=http://127.0.0.1:18090.
// POST /_fake/pay {"ref": "<sale id>", "status": "approved", "amount": 123.45} makes a payment as
// a buyer would and answers {"id": <payment id>}; GET /_fake/preferences lists the preferences.
package main

import (
	"encoding/json"
	"flag"
	"log"
	"net/http"
	"time"

	"tienda/modules/cartcheckout/mpfake"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:18090", "address to listen on (loopback)")
	token := flag.String("token", "TEST-token", "access token the fake accepts")
	flag.Parse()
	fake := mpfake.New(*token)
	mux := http.NewServeMux()
	mux.HandleFunc("POST /_fake/pay", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Ref, Status string
			Amount      float64
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Ref == "" {
			http.Error(w, `{"error":"ref, status and amount needed"}`, http.StatusBadRequest)
			return
		}
		if req.Status == "" {
			req.Status = "approved"
		}
		if req.Amount == 0 {
			if p, ok := fake.PreferenceFor(req.Ref); ok {
				req.Amount = p.Charge()
			}
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]int{"id": fake.Pay(req.Ref, req.Status, req.Amount)})
	})
	mux.HandleFunc("GET /_fake/preferences", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(fake.Preferences())
	})
	mux.Handle("/", fake)
	// Every answer is made in memory at once: generous timeouts only stop a stuck client holding
	// a connection for ever.
	srv := &http.Server{
		Addr:              *addr,
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	log.Printf("fake MercadoPago on http://%s", *addr)
	log.Fatal(srv.ListenAndServe())
}
