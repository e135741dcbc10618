// Package mpfake is a fake MercadoPago API for tests: the few endpoints the shop uses, answering in
// the provider's shapes (checked against the official SDK), with controls to make payments and to
// take the provider down. Point MP_API_URL (or cartcheckout.NewMercadoPago's apiURL) at it.
package mpfake

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Server is the fake provider's state; it is an http.Handler.
type Server struct {
	Token string // the access token it accepts

	mu          sync.Mutex
	mux         *http.ServeMux
	down        bool
	nextPayment int
	preferences map[string]*Preference // by id
	byIdemKey   map[string]string      // idempotency key -> preference id
	payments    map[int]*Payment
}

// Preference is a stored checkout preference.
type Preference struct {
	ID                string  `json:"id"`
	ExternalReference string  `json:"external_reference"`
	Items             []Item  `json:"items"`
	NotificationURL   string  `json:"notification_url"`
	BackURLs          BackURL `json:"back_urls"`
	InitPoint         string  `json:"init_point"`
}

// Item is a preference item.
type Item struct {
	ID         string  `json:"id"`
	Title      string  `json:"title"`
	Quantity   int     `json:"quantity"`
	UnitPrice  float64 `json:"unit_price"`
	CurrencyID string  `json:"currency_id"`
}

// BackURL are the return addresses.
type BackURL struct {
	Success string `json:"success"`
	Failure string `json:"failure"`
	Pending string `json:"pending"`
}

// Payment is a payment in the provider's shape (the fields the shop reads).
type Payment struct {
	ID                int       `json:"id"`
	Status            string    `json:"status"`
	StatusDetail      string    `json:"status_detail"`
	PaymentTypeID     string    `json:"payment_type_id"`
	ExternalReference string    `json:"external_reference"`
	TransactionAmount float64   `json:"transaction_amount"`
	CurrencyID        string    `json:"currency_id"`
	DateCreated       time.Time `json:"date_created"`
	DateApproved      time.Time `json:"date_approved"`
	Order             struct {
		ID   string `json:"id"`
		Type string `json:"type"`
	} `json:"order"`
	Payer struct {
		FirstName string `json:"first_name"`
		LastName  string `json:"last_name"`
	} `json:"payer"`
}

// New returns a fake provider that accepts the given access token.
func New(token string) *Server {
	s := &Server{Token: token, nextPayment: 1319000000, preferences: map[string]*Preference{},
		byIdemKey: map[string]string{}, payments: map[int]*Payment{}, mux: http.NewServeMux()}
	s.mux.HandleFunc("POST /checkout/preferences", s.createPreference)
	s.mux.HandleFunc("GET /v1/payments/search", s.searchPayments)
	s.mux.HandleFunc("GET /v1/payments/{id}", s.getPayment)
	return s
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	down := s.down
	s.mu.Unlock()
	if down {
		writeJSON(w, http.StatusServiceUnavailable, apiError("service unavailable", "internal_error", 503))
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+s.Token {
		writeJSON(w, http.StatusUnauthorized, apiError("invalid access token", "unauthorized", 401))
		return
	}
	s.mux.ServeHTTP(w, r)
}

// SetDown makes every call answer 503 (true) or work again (false).
func (s *Server) SetDown(down bool) {
	s.mu.Lock()
	s.down = down
	s.mu.Unlock()
}

// Preferences returns the preferences created so far.
func (s *Server) Preferences() []Preference {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Preference, 0, len(s.preferences))
	for _, p := range s.preferences {
		out = append(out, *p)
	}
	return out
}

// PreferenceFor returns the preference of a reference.
func (s *Server) PreferenceFor(ref string) (Preference, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, p := range s.preferences {
		if p.ExternalReference == ref {
			return *p, true
		}
	}
	return Preference{}, false
}

// Charge is what the provider charges for a preference: unit price x quantity, summed.
func (p Preference) Charge() float64 {
	var cents int64
	for _, it := range p.Items {
		cents += int64(math.Round(it.UnitPrice*100)) * int64(it.Quantity)
	}
	return float64(cents) / 100
}

// Pay creates a payment for a reference with a status and an amount, as a buyer would; it
// returns the payment id.
func (s *Server) Pay(ref, status string, amount float64) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextPayment++
	now := time.Now().UTC().Truncate(time.Second)
	p := &Payment{ID: s.nextPayment, Status: status, StatusDetail: "accredited", PaymentTypeID: "credit_card",
		ExternalReference: ref, TransactionAmount: amount, CurrencyID: "MXN", DateCreated: now}
	if status == "approved" {
		p.DateApproved = now
	}
	p.Order.ID, p.Order.Type = strconv.Itoa(9000000+s.nextPayment%1000000), "mercadopago"
	p.Payer.FirstName, p.Payer.LastName = "Juan", "Pérez"
	s.payments[p.ID] = p
	return p.ID
}

// SetStatus changes a payment's status (a pending payment approved later, a refund).
func (s *Server) SetStatus(id int, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p, ok := s.payments[id]; ok {
		p.Status = status
		if status == "approved" {
			p.DateApproved = time.Now().UTC().Truncate(time.Second)
		}
	}
}

func (s *Server) createPreference(w http.ResponseWriter, r *http.Request) {
	var p Preference
	if err := json.NewDecoder(r.Body).Decode(&p); err != nil || len(p.Items) == 0 {
		writeJSON(w, http.StatusBadRequest, apiError("items needed", "bad_request", 400))
		return
	}
	for _, it := range p.Items {
		if it.Quantity < 1 || it.UnitPrice <= 0 || it.CurrencyID != "MXN" {
			writeJSON(w, http.StatusBadRequest, apiError("invalid item", "bad_request", 400))
			return
		}
	}
	key := r.Header.Get("X-Idempotency-Key")
	if key == "" {
		writeJSON(w, http.StatusBadRequest, apiError("missing idempotency key", "bad_request", 400))
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if id, ok := s.byIdemKey[key]; ok {
		writeJSON(w, http.StatusCreated, s.preferences[id])
		return
	}
	p.ID = fmt.Sprintf("123456789-%08d", len(s.preferences)+1)
	p.InitPoint = "https://checkout.invalid/init?pref_id=" + p.ID
	s.preferences[p.ID] = &p
	s.byIdemKey[key] = p.ID
	writeJSON(w, http.StatusCreated, p)
}

func (s *Server) getPayment(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	s.mu.Lock()
	p, ok := s.payments[id]
	var cp Payment
	if ok {
		cp = *p
	}
	s.mu.Unlock()
	if err != nil || !ok {
		writeJSON(w, http.StatusNotFound, apiError("Payment not found", "not_found", 404))
		return
	}
	writeJSON(w, http.StatusOK, cp)
}

func (s *Server) searchPayments(w http.ResponseWriter, r *http.Request) {
	ref := r.URL.Query().Get("external_reference")
	s.mu.Lock()
	results := []Payment{}
	for _, p := range s.payments {
		if ref == "" || strings.EqualFold(p.ExternalReference, ref) {
			results = append(results, *p)
		}
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"paging":  map[string]int{"total": len(results), "limit": 50, "offset": 0},
		"results": results,
	})
}

func apiError(msg, code string, status int) map[string]any {
	return map[string]any{"message": msg, "error": code, "status": status, "cause": []any{}}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
