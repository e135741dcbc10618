package invoicing

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"tienda/pkg/money"
)

// FacturapiURL is Facturapi's API host; the adapter calls its v2 paths (/v2/invoices...).
const FacturapiURL = "https://www.facturapi.io"

// facturapiTimeout bounds every call: stamping waits for the SAT, which is usually a few seconds.
const facturapiTimeout = 30 * time.Second

// maxFacturapiBody bounds what is read of an answer (a PDF is the largest: tens of KB).
const maxFacturapiBody = 20 << 20

// facturapi is the PAC adapter over Facturapi's REST API v2 (FacturAPI/facturapi-docs
// api-es.yaml): POST /v2/invoices stamps, DELETE /v2/invoices/{id} cancels, GET reads and
// downloads. The secret key (sk_live_... or sk_test_...) authenticates as a Bearer token and
// chooses both the environment and the emisor organization.
type facturapi struct {
	key    string
	base   string // scheme and host, without /v2
	client *http.Client
}

// NewFacturapi returns the Facturapi PAC with a secret key; baseURL is Facturapi's host
// (FacturapiURL when empty; a fake's address in tests and by hand, see scripts/fakepac).
func NewFacturapi(key, baseURL string) PAC {
	base := strings.TrimRight(strings.TrimSpace(baseURL), "/")
	base = strings.TrimSuffix(base, "/v2")
	if base == "" {
		base = FacturapiURL
	}
	return &facturapi{key: key, base: base, client: &http.Client{Timeout: facturapiTimeout}}
}

// Stamp creates the invoice with idempotency_key and external_id set to req.Key. Facturapi
// refuses a second invoice with a used idempotency_key (409 idempotency_key_in_use): the retry of a
// call whose answer was lost then finds the invoice the first call made through the list's
// external_id search, so a retry never stamps a second CFDI.
func (f *facturapi) Stamp(ctx context.Context, req StampRequest) (Stamped, error) {
	if req.Key == "" {
		return Stamped{}, errors.New("invoicing: facturapi: stamp without a key")
	}
	raw, err := f.do(ctx, http.MethodPost, "/v2/invoices", nil, stampBody(req))
	var ae *facturapiError
	if errors.As(err, &ae) && (ae.code == "idempotency_key_in_use" || ae.pac.Status == http.StatusConflict) {
		return f.findByKey(ctx, req.Key)
	}
	if err != nil {
		return Stamped{}, public(err)
	}
	return decodeStamped(raw)
}

// findByKey looks up the invoice a previous Stamp with the key made. Not finding it (the first
// call may still be stamping) is reported as unavailable: the caller retries later.
func (f *facturapi) findByKey(ctx context.Context, key string) (Stamped, error) {
	q := url.Values{"external_id": {key}, "limit": {"100"}}
	raw, err := f.do(ctx, http.MethodGet, "/v2/invoices", q, nil)
	if err != nil {
		// The key is in use, so a CFDI exists: whatever went wrong here, it is not a refusal,
		// which would free its sales for a second CFDI.
		return Stamped{}, fmt.Errorf("%w: facturapi: invoice search: %w", ErrPACUnavailable, err)
	}
	var page struct {
		Data []json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &page); err != nil {
		return Stamped{}, fmt.Errorf("%w: facturapi: invoice search: %w", ErrPACUnavailable, err)
	}
	for _, d := range page.Data {
		var ids struct {
			ExternalID     string `json:"external_id"`
			IdempotencyKey string `json:"idempotency_key"`
		}
		// The search is by external_id; the check here also holds if the filter were ignored.
		if json.Unmarshal(d, &ids) == nil && (ids.ExternalID == key || ids.IdempotencyKey == key) {
			return decodeStamped(d)
		}
	}
	return Stamped{}, fmt.Errorf("%w: facturapi: the key %s is in use but no invoice lists it yet", ErrPACUnavailable, key)
}

// Cancel asks for the cancellation: the answer is the invoice, "canceled" at once or "valid"
// with cancellation_status "pending" while the receptor decides.
func (f *facturapi) Cancel(ctx context.Context, pacID, motivo, sustitucion string) (Stamped, error) {
	q := url.Values{"motive": {motivo}}
	if sustitucion != "" {
		q.Set("substitution", sustitucion)
	}
	raw, err := f.do(ctx, http.MethodDelete, "/v2/invoices/"+url.PathEscape(pacID), q, nil)
	if err != nil {
		return Stamped{}, public(err)
	}
	return decodeStamped(raw)
}

// Get reads the invoice, with the latest cancellation_status Facturapi knows.
func (f *facturapi) Get(ctx context.Context, pacID string) (Stamped, error) {
	raw, err := f.do(ctx, http.MethodGet, "/v2/invoices/"+url.PathEscape(pacID), nil, nil)
	if err != nil {
		return Stamped{}, public(err)
	}
	return decodeStamped(raw)
}

// Download returns the CFDI's PDF or XML.
func (f *facturapi) Download(ctx context.Context, pacID, format string) ([]byte, error) {
	if format != "pdf" && format != "xml" {
		return nil, fmt.Errorf("invoicing: facturapi: unknown download format %q", format)
	}
	raw, err := f.do(ctx, http.MethodGet, "/v2/invoices/"+url.PathEscape(pacID)+"/"+format, nil, nil)
	return raw, public(err)
}

// Account reads GET /v2/organizations/me: the organization the secret key belongs to, whose
// fiscal address's postal code is the LugarExpedicion of every CFDI it stamps.
func (f *facturapi) Account(ctx context.Context) (Account, error) {
	raw, err := f.do(ctx, http.MethodGet, "/v2/organizations/me", nil, nil)
	if err != nil {
		return Account{}, public(err)
	}
	var org struct {
		Legal struct {
			LegalName string `json:"legal_name"`
			TaxID     string `json:"tax_id"`
			Address   struct {
				Zip string `json:"zip"`
			} `json:"address"`
		} `json:"legal"`
	}
	if err := json.Unmarshal(raw, &org); err != nil {
		return Account{}, fmt.Errorf("%w: facturapi: unreadable organization: %w", ErrPACUnavailable, err)
	}
	return Account{RFC: org.Legal.TaxID, Nombre: org.Legal.LegalName, CodigoPostal: org.Legal.Address.Zip}, nil
}

// The request body of POST /v2/invoices (an invoice of type I, or E for a nota de crédito, in MXN).
type fpInvoiceInput struct {
	Type string `json:"type,omitempty"` // "E" for an egreso; Facturapi's default is "I"

	Customer       fpCustomer  `json:"customer"`
	Items          []fpItem    `json:"items"`
	PaymentForm    string      `json:"payment_form"`
	PaymentMethod  string      `json:"payment_method"`
	Use            string      `json:"use"`
	Global         *fpGlobal   `json:"global,omitempty"`
	Related        []fpRelated `json:"related_documents,omitempty"`
	IdempotencyKey string      `json:"idempotency_key"`
	ExternalID     string      `json:"external_id"`
}

type fpCustomer struct {
	LegalName string `json:"legal_name"`
	TaxID     string `json:"tax_id"`
	TaxSystem string `json:"tax_system"`
	Email     string `json:"email,omitempty"`
	Address   struct {
		Zip string `json:"zip"`
	} `json:"address"`
}

type fpItem struct {
	Quantity int64     `json:"quantity"`
	Discount float64   `json:"discount"` // the line's total discount, in pesos
	Product  fpProduct `json:"product"`
}

type fpProduct struct {
	Description string  `json:"description"`
	ProductKey  string  `json:"product_key"`
	UnitKey     string  `json:"unit_key"`
	UnitName    string  `json:"unit_name,omitempty"`
	SKU         string  `json:"sku,omitempty"`
	Price       float64 `json:"price"` // before IVA: tax_included is false
	TaxIncluded bool    `json:"tax_included"`
	Taxability  string  `json:"taxability"`
	Taxes       []fpTax `json:"taxes"`
}

type fpTax struct {
	Type string  `json:"type"`
	Rate float64 `json:"rate"`
}

// fpRelated is a CfdiRelacionados node: the relationship (c_TipoRelacion) and the UUIDs.
type fpRelated struct {
	Relationship string   `json:"relationship"`
	Documents    []string `json:"documents"`
}

type fpGlobal struct {
	Periodicity string `json:"periodicity"`
	Months      string `json:"months"`
	Year        int    `json:"year"`
}

// fpPeriodicities maps c_Periodicidad to Facturapi's global.periodicity.
var fpPeriodicities = map[string]string{"01": "day", "02": "week", "03": "fortnight", "04": "month", "05": "two_months"}

// stampBody maps the request to Facturapi's: each concepto an item whose price is the
// ValorUnitario before IVA and whose discount is the line's Descuento, with IVA 16% trasladado,
// so Facturapi computes the Importe, Base and IVA cfdi.Compute did.
func stampBody(req StampRequest) fpInvoiceInput {
	in := fpInvoiceInput{
		PaymentForm: req.FormaPago, PaymentMethod: "PUE", Use: req.Receptor.UsoCFDI,
		IdempotencyKey: req.Key, ExternalID: req.Key,
		Customer: fpCustomer{LegalName: req.Receptor.Nombre, TaxID: req.Receptor.RFC,
			TaxSystem: req.Receptor.RegimenFiscal, Email: req.Email},
	}
	in.Customer.Address.Zip = req.Receptor.CodigoPostal
	for _, c := range req.Conceptos {
		in.Items = append(in.Items, fpItem{Quantity: c.Cantidad, Discount: c.Descuento.Pesos(), Product: fpProduct{
			Description: c.Descripcion, ProductKey: c.ClaveProdServ, UnitKey: c.ClaveUnidad, UnitName: c.Unidad,
			SKU: c.NoIdentificacion, Price: c.ValorUnitario.Pesos(), TaxIncluded: false, Taxability: "02",
			Taxes: []fpTax{{Type: "IVA", Rate: float64(money.IVARate) / 100}},
		}})
	}
	if req.Sustituye != "" {
		in.Related = []fpRelated{{Relationship: "04", Documents: []string{req.Sustituye}}}
	}
	if req.Egreso {
		in.Type = "E"
		in.Related = []fpRelated{{Relationship: "01", Documents: []string{req.Relacionado}}}
	}
	if g := req.Global; g != nil {
		in.Global = &fpGlobal{Periodicity: fpPeriodicities[g.Periodicidad], Months: g.Meses, Year: g.Anio}
	}
	return in
}

// decodeStamped reads Facturapi's invoice object.
func decodeStamped(raw []byte) (Stamped, error) {
	var inv struct {
		ID                 string   `json:"id"`
		UUID               string   `json:"uuid"`
		Series             string   `json:"series"`
		FolioNumber        *int64   `json:"folio_number"`
		Status             string   `json:"status"`
		Message            string   `json:"message"`
		CancellationStatus string   `json:"cancellation_status"`
		Total              *float64 `json:"total"`
		VerificationURL    string   `json:"verification_url"`
		Stamp              *struct {
			Date string `json:"date"`
		} `json:"stamp"`
	}
	if err := json.Unmarshal(raw, &inv); err != nil {
		return Stamped{}, fmt.Errorf("%w: facturapi: unreadable invoice: %w", ErrPACUnavailable, err)
	}
	if inv.ID == "" {
		return Stamped{}, fmt.Errorf("%w: facturapi: an invoice without id", ErrPACUnavailable)
	}
	st := Stamped{PACID: inv.ID, UUID: inv.UUID, Serie: inv.Series, Status: inv.Status, Message: inv.Message,
		CancellationStatus: inv.CancellationStatus, VerificationURL: inv.VerificationURL}
	if st.CancellationStatus == "" {
		st.CancellationStatus = "none"
	}
	if inv.FolioNumber != nil {
		st.Folio = strconv.FormatInt(*inv.FolioNumber, 10)
	}
	if inv.Total != nil {
		total, err := money.FromPesos(*inv.Total)
		if err != nil {
			return Stamped{}, fmt.Errorf("%w: facturapi: invoice total: %w", ErrPACUnavailable, err)
		}
		st.Total = total
	}
	if inv.Stamp != nil && inv.Stamp.Date != "" {
		if t, err := time.Parse(time.RFC3339Nano, inv.Stamp.Date); err == nil {
			st.FechaTimbrado = t
		}
	}
	return st, nil
}

// facturapiError is a refusal with Facturapi's root code, which Stamp reads; public methods
// return its *PACError.
type facturapiError struct {
	pac  *PACError
	code string
}

func (e *facturapiError) Error() string { return e.pac.Error() }
func (e *facturapiError) Unwrap() error { return e.pac }

func public(err error) error {
	var ae *facturapiError
	if errors.As(err, &ae) {
		return ae.pac
	}
	return err
}

// do makes one call and returns the answer's body. Network errors, timeouts, 429 and 5xx wrap
// ErrPACUnavailable, and so do 401, 403 and 404 (the shop's key, not the data); any other 4xx
// is a *facturapiError with Facturapi's message.
func (f *facturapi) do(ctx context.Context, method, path string, q url.Values, body any) ([]byte, error) {
	u := f.base + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, fmt.Errorf("invoicing: facturapi: %w", err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return nil, fmt.Errorf("invoicing: facturapi: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+f.key)
	req.Header.Set("Accept", "application/json, application/pdf, application/xml")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: facturapi: %s %s: %w", ErrPACUnavailable, method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxFacturapiBody))
	if err != nil {
		return nil, fmt.Errorf("%w: facturapi: %s %s: reading the answer: %w", ErrPACUnavailable, method, path, err)
	}
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return raw, nil
	case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
		return nil, fmt.Errorf("%w: facturapi: %s %s: HTTP %d: %s", ErrPACUnavailable, method, path,
			resp.StatusCode, errorMessage(raw))
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden || resp.StatusCode == http.StatusNotFound:
		// A wrong or revoked key, or a test key reading a live invoice: the shop's setup, not the
		// customer's data, so not a refusal that would blame the SAT and free the sales.
		return nil, fmt.Errorf("%w: facturapi: %s %s: HTTP %d (check FACTURAPI_KEY): %s", ErrPACUnavailable, method, path,
			resp.StatusCode, errorMessage(raw))
	}
	return nil, refusal(resp.StatusCode, raw)
}

// refusal reads Facturapi's error body: {"ok": false, "message", "status", "code", "path",
// "errors": [{"message", "code", "path"}]} (older answers carry only message).
func refusal(status int, raw []byte) *facturapiError {
	var body struct {
		Message string `json:"message"`
		Code    string `json:"code"`
		Path    string `json:"path"`
		Errors  []struct {
			Message string `json:"message"`
			Path    string `json:"path"`
		} `json:"errors"`
	}
	_ = json.Unmarshal(raw, &body)
	pe := &PACError{Status: status, Message: strings.TrimSpace(body.Message), Path: body.Path}
	if len(body.Errors) > 0 {
		if pe.Message == "" {
			pe.Message = body.Errors[0].Message
		}
		if pe.Path == "" {
			pe.Path = body.Errors[0].Path
		}
	}
	if pe.Message == "" {
		pe.Message = fmt.Sprintf("El proveedor de facturación rechazó la solicitud (HTTP %d).", status)
	}
	return &facturapiError{pac: pe, code: body.Code}
}

func errorMessage(raw []byte) string {
	var body struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(raw, &body) == nil && body.Message != "" {
		return body.Message
	}
	if len(raw) > 200 {
		raw = raw[:200]
	}
	return string(raw)
}
