package pacfake

import (
	"net/http"
	"strings"

	"tienda/pkg/cfdi"
	"tienda/pkg/money"
)

// acceptanceThreshold is the total above which the SAT asks the receptor to accept a
// cancellation (Regla 2.7.1.35 of the RMF: up to $1,000 it is cancelled without acceptance, as is
// any CFDI to the generic RFCs).
var acceptanceThreshold = money.Cents(100000)

var motives = map[string]bool{"01": true, "02": true, "03": true, "04": true}

// cancelInvoice is DELETE /v2/invoices/{id}?motive=&substitution=. Facturapi answers the invoice:
// status "canceled" when it was cancelled at once, or status "valid" with cancellation_status
// "pending" when the receptor must accept it (see AcceptCancellations).
func (s *Server) cancelInvoice(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	motive := r.URL.Query().Get("motive")
	sub := strings.TrimSpace(r.URL.Query().Get("substitution"))
	s.mu.Lock()
	defer s.mu.Unlock()
	st, ok := s.byID[id]
	if !ok {
		notFound(w, id)
		return
	}
	if ferr := s.checkCancellation(st, motive, sub); ferr != nil {
		status := http.StatusBadRequest
		if ferr.code == "invoice_not_cancelable" {
			status = http.StatusConflict
		}
		writeError(w, status, ferr.code, ferr.path, ferr.message)
		return
	}
	if st.inv.CancellationStatus != "pending" { // asking again while pending changes nothing
		total, _ := money.FromPesos(st.inv.Total)
		generic := st.inv.Customer.TaxID == cfdi.RFCPublicoGeneral || st.inv.Customer.TaxID == cfdi.RFCExtranjero
		if total > acceptanceThreshold && !generic {
			st.inv.CancellationStatus = "pending"
		} else {
			st.inv.Status, st.inv.CancellationStatus = "canceled", "accepted"
		}
	}
	writeJSON(w, http.StatusOK, st.inv)
}

// checkCancellation holds s.mu.
func (s *Server) checkCancellation(st *stored, motive, sub string) *fieldError {
	switch {
	case st.inv.Status == "canceled":
		return &fieldError{"invoice_not_cancelable", "", "La factura ya está cancelada."}
	case st.inv.Status != "valid":
		return &fieldError{"invoice_not_cancelable", "", "La factura no está timbrada: no se puede cancelar."}
	case motive == "":
		return required("motive")
	case !motives[motive]:
		return invalid("motive", "El motivo de cancelación (motive) debe ser 01, 02, 03 o 04.")
	case motive != "01":
		return nil
	case sub == "":
		return &fieldError{"substitution_invoice_required", "substitution",
			"El motivo 01 requiere la factura que sustituye a la cancelada (substitution): su id o su folio fiscal (UUID)."}
	}
	var found *stored
	for _, other := range s.invoices {
		if other.inv.ID == sub || strings.EqualFold(other.inv.UUID, sub) {
			found = other
		}
	}
	switch {
	case found == nil:
		return &fieldError{"substitution_invoice_not_found", "substitution",
			"No se encontró la factura que sustituye a la cancelada (substitution)."}
	case found == st:
		return invalid("substitution", "Una factura no puede sustituirse a sí misma (substitution).")
	case found.inv.Status != "valid":
		return &fieldError{"substitution_invoice_canceled", "substitution",
			"La factura que sustituye a la cancelada (substitution) no está vigente."}
	}
	return nil
}
