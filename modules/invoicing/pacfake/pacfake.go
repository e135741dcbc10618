// Package pacfake is a fake Facturapi (the PAC the shop stamps CFDIs with) for tests and for trying
// invoicing by hand with no PAC account: the invoice endpoints the shop uses, in Facturapi's v2
// shapes (checked against its OpenAPI, FacturAPI/facturapi-docs api-es.yaml, and its error
// documentation), with the validations the PAC and the SAT make answered as Facturapi answers
// them, in Spanish. Amounts come from cfdi.Compute and the XML from cfdi.Comprobante.XML with a
// fake TimbreFiscalDigital, so a CFDI it stamps is what the shop's own arithmetic says.
//
// Point invoicing.NewFacturapi's baseURL (FACTURAPI_URL) at it; the key is the Bearer secret.
package pacfake

import (
	"bytes"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"tienda/pkg/cfdi"
)

// Test data of the emisor: the SAT's test taxpayer, as Facturapi's Test mode uses one.
const (
	EmisorRFC     = "EKU9003173C9"
	EmisorNombre  = "ESCUELA KEMPER URGATE"
	EmisorRegimen = "601"
	// RfcProvCertif is the RFC of the (fake) PAC in the TimbreFiscalDigital.
	RfcProvCertif = "SPR190613I52"
)

// Server is the fake PAC's state; it is an http.Handler serving Facturapi's /v2 paths.
type Server struct {
	Key string // the secret key it accepts as "Authorization: Bearer <key>"
	// LugarExpedicion is the organization's postal code, the CFDI's LugarExpedicion; a factura
	// global's receptor must have it as its DomicilioFiscalReceptor. Default "03100".
	LugarExpedicion string

	mu       sync.Mutex
	mux      *http.ServeMux
	delay    time.Duration
	failNext int
	// pendNext: the next invoices are answered 202 'pending', without a UUID, as Facturapi does
	// when the SAT is slow; FinishPending or FailPending settles them.
	pendNext int
	// totalSkew is added to the total the fake reports (SkewTotals): a PAC whose total differs
	// from the shop's.
	totalSkew float64
	// unregistered are RFCs the fake's SAT list lacks (Unregistered): a CFDI to them is refused.
	unregistered map[string]bool
	nextFolio    int64
	invoices     []*stored          // in the order they were stamped
	byID         map[string]*stored // by Facturapi id
	byKey        map[string]*stored // by idempotency_key
	now          func() time.Time   // the clock (UTC)
	location     *time.Location     // Mexico City, for the CFDI's Fecha
	emisor       cfdi.Emisor        // who issues every CFDI
}

// stored is an invoice with what the fake needs to render its XML and PDF.
type stored struct {
	inv    Invoice
	comp   cfdi.Comprobante
	timbre cfdi.Timbre
}

// New returns a fake PAC that accepts the given secret key.
func New(key string) *Server {
	loc, err := time.LoadLocation("America/Mexico_City")
	if err != nil {
		loc = time.FixedZone("CST", -6*60*60)
	}
	s := &Server{
		Key: key, LugarExpedicion: "03100", nextFolio: 1, mux: http.NewServeMux(),
		byID: map[string]*stored{}, byKey: map[string]*stored{}, unregistered: map[string]bool{},
		now:      func() time.Time { return time.Now().UTC().Truncate(time.Second) },
		location: loc,
		emisor:   cfdi.Emisor{RFC: EmisorRFC, Nombre: EmisorNombre, RegimenFiscal: EmisorRegimen},
	}
	s.mux.HandleFunc("POST /v2/invoices", s.createInvoice)
	s.mux.HandleFunc("GET /v2/invoices", s.listInvoices)
	s.mux.HandleFunc("GET /v2/invoices/{id}", s.getInvoice)
	s.mux.HandleFunc("DELETE /v2/invoices/{id}", s.cancelInvoice)
	s.mux.HandleFunc("GET /v2/invoices/{id}/{format}", s.downloadInvoice)
	s.mux.HandleFunc("GET /v2/organizations/me", s.organization)
	return s
}

// ServeHTTP answers a request: a failure queued by FailNext first, then the key check, then the
// endpoint. With a delay set (SetDelay) the endpoint does its work first and the answer waits,
// so a client that gives up meanwhile still leaves what it asked for done, as a real timeout does.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	fail := s.failNext > 0
	if fail {
		s.failNext--
	}
	delay := s.delay
	s.mu.Unlock()
	if fail {
		writeError(w, http.StatusInternalServerError, "internal_error", "",
			"Ocurrió un error inesperado. Por favor intenta de nuevo más tarde.")
		return
	}
	switch auth := r.Header.Get("Authorization"); {
	case auth == "":
		writeError(w, http.StatusUnauthorized, "missing_credentials", "",
			"No se encontró la llave secreta. Envía tu llave en el encabezado Authorization: Bearer <llave>.")
		return
	case auth != "Bearer "+s.Key:
		writeError(w, http.StatusUnauthorized, "api_key_invalid", "",
			"La llave secreta no es válida.")
		return
	}
	if delay <= 0 {
		s.mux.ServeHTTP(w, r)
		return
	}
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	s.mux.ServeHTTP(rec, r)
	t := time.NewTimer(delay)
	defer t.Stop()
	select {
	case <-t.C:
	case <-r.Context().Done():
		return // the client gave up; the work stays done
	}
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.status)
	_, _ = w.Write(rec.body.Bytes())
}

// SetDelay makes every answer wait d after its work is done (0: answer at once).
func (s *Server) SetDelay(d time.Duration) {
	s.mu.Lock()
	s.delay = d
	s.mu.Unlock()
}

// FailNext makes the next n requests answer 500 without doing anything.
func (s *Server) FailNext(n int) {
	s.mu.Lock()
	s.failNext = n
	s.mu.Unlock()
}

// Unregistered makes the fake's list of the SAT's taxpayers lack rfc (true) or have it again
// (false): the real PAC refuses a CFDI to an RFC that is not in it.
func (s *Server) Unregistered(rfc string, missing bool) {
	s.mu.Lock()
	s.unregistered[rfc] = missing
	s.mu.Unlock()
}

// PendNext makes the next n invoices be answered 202 with status "pending" and no UUID: they
// stay so, for GET too, until FinishPending or FailPending.
func (s *Server) PendNext(n int) {
	s.mu.Lock()
	s.pendNext = n
	s.mu.Unlock()
}

// FinishPending stamps the pending invoices (status "valid" with their UUID); it returns how many.
func (s *Server) FinishPending() int { return s.settlePending("valid", "") }

// FailPending makes the SAT refuse the pending invoices (status "failed" and the reason in
// message, which Facturapi's invoice object then carries); it returns how many.
func (s *Server) FailPending(message string) int { return s.settlePending("failed", message) }

func (s *Server) settlePending(status, message string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, st := range s.invoices {
		if st.inv.Status == "pending" {
			st.inv.Status, st.inv.Message = status, message
			if status == "valid" {
				st.inv.UUID = st.timbre.UUID
			}
			n++
		}
	}
	return n
}

// SkewTotals makes the fake report every invoice's total plus pesos (0: the true total), as a PAC
// that computed another total would.
func (s *Server) SkewTotals(pesos float64) {
	s.mu.Lock()
	s.totalSkew = pesos
	s.mu.Unlock()
}

// organization is GET /v2/organizations/me: the organization of the secret key, with the postal
// code of its fiscal address, the LugarExpedicion of every CFDI it stamps.
func (s *Server) organization(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	zip := s.LugarExpedicion
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"id": "fake-organization", "is_production_ready": true,
		"legal": map[string]any{
			"name": s.emisor.Nombre, "legal_name": s.emisor.Nombre, "tax_id": s.emisor.RFC,
			"tax_system": s.emisor.RegimenFiscal, "address": map[string]string{"zip": zip, "country": "MEX"},
		},
	})
}

// StampedXML returns the XML of every CFDI stamped so far (not those pending or failed), oldest
// first: tests validate each against the SAT's schema.
func (s *Server) StampedXML() ([][]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out [][]byte
	for _, st := range s.invoices {
		if st.inv.UUID == "" {
			continue
		}
		doc, err := st.comp.XML(&st.timbre)
		if err != nil {
			return nil, err
		}
		out = append(out, doc)
	}
	return out, nil
}

// Invoices returns the CFDIs stamped so far, oldest first, as the API shows them now.
func (s *Server) Invoices() []Invoice {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Invoice, 0, len(s.invoices))
	for _, st := range s.invoices {
		out = append(out, st.inv)
	}
	return out
}

// AcceptCancellations makes every receptor accept the cancellations waiting for them: those
// invoices become "canceled" with cancellation_status "accepted". It returns how many.
func (s *Server) AcceptCancellations() int {
	return s.settleCancellations("canceled", "accepted")
}

// RejectCancellations makes every receptor reject the cancellations waiting for them: those
// invoices stay "valid" with cancellation_status "rejected". It returns how many.
func (s *Server) RejectCancellations() int {
	return s.settleCancellations("valid", "rejected")
}

func (s *Server) settleCancellations(status, cancellation string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, st := range s.invoices {
		if st.inv.CancellationStatus == "pending" {
			st.inv.Status, st.inv.CancellationStatus = status, cancellation
			n++
		}
	}
	return n
}

// apiError is Facturapi's error body (docs.facturapi.io, "Manejo de errores"): ok is always
// false, message is for people (Spanish), code is the stable root code, path the field's path.
type apiError struct {
	OK      bool   `json:"ok"`
	Message string `json:"message"`
	Status  int    `json:"status"`
	Code    string `json:"code"`
	Path    string `json:"path,omitempty"`
}

func writeError(w http.ResponseWriter, status int, code, path, message string) {
	writeJSON(w, status, apiError{Message: message, Status: status, Code: code, Path: path})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// recorder keeps an answer to send after the delay.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
func (r *recorder) WriteHeader(status int)      { r.status = status }
