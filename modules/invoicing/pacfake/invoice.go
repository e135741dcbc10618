package pacfake

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"tienda/pkg/cfdi"
	"tienda/pkg/money"
)

// Invoice is Facturapi's invoice object (the fields the shop reads, and those a test checks).
type Invoice struct {
	ID                 string    `json:"id"`
	CreatedAt          time.Time `json:"created_at"`
	Livemode           bool      `json:"livemode"`
	Status             string    `json:"status"`              // "pending", "valid", "canceled" or "failed"
	Message            string    `json:"message,omitempty"`   // why a pending invoice failed
	CancellationStatus string    `json:"cancellation_status"` // "none", "pending", "accepted" or "rejected"
	VerificationURL    string    `json:"verification_url"`
	Date               time.Time `json:"date"`
	Type               string    `json:"type"`
	Customer           Customer  `json:"customer"`
	Total              float64   `json:"total"`
	UUID               string    `json:"uuid"`
	FolioNumber        int64     `json:"folio_number"`
	Series             string    `json:"series"`
	ExternalID         string    `json:"external_id"`
	IdempotencyKey     string    `json:"idempotency_key"`
	PaymentForm        string    `json:"payment_form"`
	PaymentMethod      string    `json:"payment_method"`
	Use                string    `json:"use"`
	Currency           string    `json:"currency"`
	Exchange           float64   `json:"exchange"`
	Items              []Item    `json:"items"`
	Global             *Global   `json:"global,omitempty"`
	RelatedDocuments   []Related `json:"related_documents,omitempty"`
	Stamp              Stamp     `json:"stamp"`
}

// Customer is the receptor as the invoice shows it.
type Customer struct {
	LegalName string  `json:"legal_name"`
	TaxID     string  `json:"tax_id"`
	TaxSystem string  `json:"tax_system"`
	Email     string  `json:"email,omitempty"`
	Address   Address `json:"address"`
}

// Address is the receptor's fiscal address: the postal code is what CFDI 4.0 needs.
type Address struct {
	Zip     string `json:"zip"`
	Country string `json:"country,omitempty"`
}

// Related is a related_documents entry: a c_TipoRelacion and the related CFDIs' UUIDs.
type Related struct {
	Relationship string   `json:"relationship"`
	Documents    []string `json:"documents"`
}

// Item is a line of the invoice: quantity, the line's total discount and the product.
type Item struct {
	Quantity float64 `json:"quantity"`
	Discount float64 `json:"discount"`
	Product  Product `json:"product"`
}

// Product is what an item sells.
type Product struct {
	Description string  `json:"description"`
	ProductKey  string  `json:"product_key"`
	UnitKey     string  `json:"unit_key"`
	UnitName    string  `json:"unit_name"`
	SKU         string  `json:"sku,omitempty"`
	Price       float64 `json:"price"`
	TaxIncluded bool    `json:"tax_included"`
	Taxability  string  `json:"taxability"`
	Taxes       []Tax   `json:"taxes"`
}

// Tax is a tax of a product.
type Tax struct {
	Type        string  `json:"type"`
	Rate        float64 `json:"rate"`
	Factor      string  `json:"factor,omitempty"`
	Withholding bool    `json:"withholding"`
}

// Global is a factura global's period: periodicity day, week, fortnight, month or two_months.
type Global struct {
	Periodicity string `json:"periodicity"`
	Months      string `json:"months"`
	Year        int    `json:"year"`
}

// Stamp is the TimbreFiscalDigital's data as Facturapi reports it.
type Stamp struct {
	Date          time.Time `json:"date"`
	SatCertNumber string    `json:"sat_cert_number"`
	Signature     string    `json:"signature"`
	SatSignature  string    `json:"sat_signature"`
}

// Periodicities maps Facturapi's global.periodicity to c_Periodicidad.
var periodicities = map[string]string{
	"day": "01", "week": "02", "fortnight": "03", "month": "04", "two_months": "05",
}

func (s *Server) createInvoice(w http.ResponseWriter, r *http.Request) {
	var in invoiceInput
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 2<<20))
	if err := dec.Decode(&in); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_json", "",
			"El cuerpo de la solicitud no es un JSON válido.")
		return
	}
	key := strings.TrimSpace(ptr(in.IdempotencyKey))
	if key != "" {
		s.mu.Lock()
		_, used := s.byKey[key]
		s.mu.Unlock()
		if used {
			writeError(w, http.StatusConflict, "idempotency_key_in_use", "idempotency_key",
				"Ya existe una factura con la misma llave de idempotencia (idempotency_key).")
			return
		}
	}
	req, verr := s.validate(in)
	if verr != nil {
		writeError(w, http.StatusBadRequest, verr.code, verr.path, verr.message)
		return
	}
	s.mu.Lock()
	if s.unregistered[req.receptor.RFC] { // the SAT's list of taxpayers lacks it, as the real PAC checks
		s.mu.Unlock()
		writeError(w, http.StatusBadRequest, "invalid_tax_id", "customer.tax_id",
			"El RFC del receptor no se encuentra en la lista de RFC inscritos no cancelados del SAT.")
		return
	}
	if rel := req.sustituye + req.relacionado; rel != "" && !s.validUUIDLocked(rel) {
		s.mu.Unlock()
		writeError(w, http.StatusBadRequest, "invalid_related_documents", "related_documents",
			"El CFDI relacionado "+rel+" no es una factura vigente de esta organización.")
		return
	}
	if _, used := s.byKey[key]; key != "" && used { // a twin request won the race
		s.mu.Unlock()
		writeError(w, http.StatusConflict, "idempotency_key_in_use", "idempotency_key",
			"Ya existe una factura con la misma llave de idempotencia (idempotency_key).")
		return
	}
	st := s.stamp(req, key, ptr(in.ExternalID))
	status := http.StatusOK
	if s.pendNext > 0 {
		s.pendNext--
		st.inv.Status, st.inv.UUID = "pending", ""
		status = http.StatusAccepted
	}
	inv := st.inv
	s.mu.Unlock()
	writeJSON(w, status, inv)
}

// validateEgresoRelated takes an egreso's related_documents: as Facturapi, it refuses an egreso
// without them; the simulator supports one relationship 01 (nota de crédito de los documentos
// relacionados) with one UUID, checked with the invoices under the lock.
func validateEgresoRelated(rel []Related) ([]Related, string, *fieldError) {
	if len(rel) == 0 {
		return nil, "", &fieldError{"missing_related_documents", "related_documents",
			"Un comprobante de egreso debe relacionar al menos un CFDI (related_documents)."}
	}
	if len(rel) != 1 || rel[0].Relationship != "01" || len(rel[0].Documents) != 1 {
		return nil, "", invalid("related_documents",
			"Este simulador solo admite en un egreso related_documents con una relación 01 (nota de crédito) y un UUID.")
	}
	uuid := strings.ToUpper(strings.TrimSpace(rel[0].Documents[0]))
	return []Related{{Relationship: "01", Documents: []string{uuid}}}, uuid, nil
}

// validUUIDLocked reports whether uuid is an invoice of the fake not cancelled; s.mu is held.
func (s *Server) validUUIDLocked(uuid string) bool {
	for _, st := range s.invoices {
		if st.inv.UUID == uuid && st.inv.Status == "valid" {
			return true
		}
	}
	return false
}

// stamp makes the CFDI of a validated request; s.mu is held.
func (s *Server) stamp(req validRequest, key, externalID string) *stored {
	now := s.now()
	conceptos, sub, desc, iva, total := cfdi.Compute(req.lineas)
	folio := s.nextFolio
	s.nextFolio++
	t := cfdi.Timbre{
		UUID: newUUID(), FechaTimbrado: now, RfcProvCertif: RfcProvCertif,
		SelloCFD: randomB64(256), NoCertificadoSAT: "00001000000509846663",
		SelloSAT: randomB64(256), NoCertificado: "30001000000500003416",
	}
	comp := cfdi.Comprobante{
		Serie: req.series, Folio: strconv.FormatInt(folio, 10), Fecha: now.In(s.location),
		FormaPago: req.paymentForm, MetodoPago: req.paymentMethod, LugarExpedicion: s.LugarExpedicion,
		Tipo: req.tipo, Emisor: s.emisor, Receptor: req.receptor, Global: req.global, Sustituye: req.sustituye,
		Relacionado: req.relacionado,
		Conceptos:   conceptos, SubTotal: sub, Descuento: desc, IVA: iva, Total: total,
	}
	inv := Invoice{
		ID: newObjectID(), CreatedAt: now, Status: "valid", CancellationStatus: "none",
		VerificationURL: verificationURL(t, s.emisor.RFC, req.receptor.RFC, total),
		Date:            now, Type: req.tipo, Customer: req.customer, Total: total.Pesos() + s.totalSkew, UUID: t.UUID,
		FolioNumber: folio, Series: req.series, ExternalID: externalID, IdempotencyKey: key,
		PaymentForm: req.paymentForm, PaymentMethod: req.paymentMethod, Use: req.receptor.UsoCFDI,
		Currency: "MXN", Exchange: 1, Items: req.items, Global: req.globalOut, RelatedDocuments: req.related,
		Stamp: Stamp{Date: now, SatCertNumber: t.NoCertificadoSAT, Signature: t.SelloCFD, SatSignature: t.SelloSAT},
	}
	st := &stored{inv: inv, comp: comp, timbre: t}
	s.invoices = append(s.invoices, st)
	s.byID[inv.ID] = st
	if key != "" {
		s.byKey[key] = st
	}
	return st
}

// verificationURL is the SAT's CFDI check address, as on the PDF's QR code.
func verificationURL(t cfdi.Timbre, emisor, receptor string, total money.Cents) string {
	fe := t.SelloCFD
	if len(fe) > 8 {
		fe = fe[len(fe)-8:]
	}
	return fmt.Sprintf("https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=%s&re=%s&rr=%s&tt=%.6f&fe=%s",
		t.UUID, emisor, receptor, total.Pesos(), fe)
}

func (s *Server) getInvoice(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	st, ok := s.byID[r.PathValue("id")]
	var inv Invoice
	if ok {
		inv = st.inv
	}
	s.mu.Unlock()
	if !ok {
		notFound(w, r.PathValue("id"))
		return
	}
	writeJSON(w, http.StatusOK, inv)
}

// listInvoices is GET /v2/invoices: q matches id, uuid, customer.tax_id and folio_number exactly
// and customer.legal_name and items' descriptions partly, as Facturapi documents; external_id
// filters by the external id. Newest first, page and limit (at most 100).
func (s *Server) listInvoices(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	ext := r.URL.Query().Get("external_id")
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit < 1 || limit > 100 {
		limit = 50
	}
	page, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || page < 1 {
		page = 1
	}
	s.mu.Lock()
	var found []Invoice
	for _, st := range slices.Backward(s.invoices) {
		if (ext == "" || st.inv.ExternalID == ext) && (q == "" || matches(st.inv, q)) {
			found = append(found, st.inv)
		}
	}
	s.mu.Unlock()
	from, to := min((page-1)*limit, len(found)), min(page*limit, len(found))
	writeJSON(w, http.StatusOK, map[string]any{
		"page": page, "total_pages": (len(found) + limit - 1) / limit, "total_results": len(found),
		"data": append([]Invoice{}, found[from:to]...),
	})
}

func matches(inv Invoice, q string) bool {
	if q == inv.ID || strings.EqualFold(q, inv.UUID) || strings.EqualFold(q, inv.Customer.TaxID) ||
		q == strconv.FormatInt(inv.FolioNumber, 10) {
		return true
	}
	lq := strings.ToLower(q)
	if strings.Contains(strings.ToLower(inv.Customer.LegalName), lq) {
		return true
	}
	for _, it := range inv.Items {
		if strings.Contains(strings.ToLower(it.Product.Description), lq) {
			return true
		}
	}
	return false
}

func (s *Server) downloadInvoice(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	st, ok := s.byID[r.PathValue("id")]
	var cp stored
	if ok {
		cp = *st
	}
	s.mu.Unlock()
	if !ok {
		notFound(w, r.PathValue("id"))
		return
	}
	if cp.inv.Status == "pending" || cp.inv.Status == "failed" {
		writeError(w, http.StatusBadRequest, "invoice_not_stamped", "",
			"La factura no está timbrada: no tiene archivos que descargar.")
		return
	}
	var (
		body        []byte
		err         error
		contentType string
	)
	switch r.PathValue("format") {
	case "xml":
		body, err = cp.comp.XML(&cp.timbre)
		contentType = "application/xml"
	case "pdf":
		body, err = renderPDF(cp)
		contentType = "application/pdf"
	default:
		writeError(w, http.StatusBadRequest, "invalid_request", "format",
			"El formato de descarga debe ser pdf o xml.")
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal_error", "",
			"No se pudo generar el archivo de la factura: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.%s"`, cp.inv.UUID, r.PathValue("format")))
	_, _ = w.Write(body)
}

func notFound(w http.ResponseWriter, id string) {
	writeError(w, http.StatusNotFound, "invoice_not_found", "",
		fmt.Sprintf("No se encontró la factura con el id %q.", id))
}

// newUUID is a random UUID v4, upper-cased as the SAT writes it.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := strings.ToUpper(hex.EncodeToString(b[:]))
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// newObjectID is an id shaped as Facturapi's (a MongoDB ObjectID: 24 hex digits).
func newObjectID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func randomB64(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

func ptr[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
