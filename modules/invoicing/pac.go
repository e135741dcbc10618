package invoicing

import (
	"context"
	"errors"
	"time"

	"tienda/pkg/cfdi"
	"tienda/pkg/money"
)

// PAC stamps, cancels and fetches CFDIs through a proveedor autorizado de certificación.
// Errors: *PACError when the PAC refuses (data it or the SAT rejects; Message is its Spanish
// text), or an error wrapping ErrPACUnavailable when it could not be reached, timed out or failed
// on its side: then the CFDI may or may not exist, and only a retry with the same key tells.
type PAC interface {
	// Stamp issues the CFDI of req. It is idempotent on req.Key: a retry returns the CFDI the
	// first call made, never a second one.
	Stamp(ctx context.Context, req StampRequest) (Stamped, error)
	// Cancel asks the SAT to cancel the CFDI with motivo (c_MotivoCancelacion); sustitucion is
	// the UUID of the CFDI that replaces it, for motivo 01 only.
	Cancel(ctx context.Context, pacID, motivo, sustitucion string) (Stamped, error)
	// Get reads the CFDI's current status.
	Get(ctx context.Context, pacID string) (Stamped, error)
	// Download returns the CFDI's file: format "pdf" or "xml".
	Download(ctx context.Context, pacID, format string) ([]byte, error)
	// Account reads the PAC account's emisor: its RFC and the postal code its CFDIs are issued
	// from (their LugarExpedicion).
	Account(ctx context.Context) (Account, error)
}

// Account is the emisor a PAC account stamps for.
type Account struct {
	RFC, Nombre, CodigoPostal string
}

// StampRequest is one CFDI to stamp; its amounts were computed by cfdi.Compute.
type StampRequest struct {
	Key       string // our factura's _id: the idempotency key and the external id
	Receptor  cfdi.Receptor
	Email     string
	FormaPago string
	Global    *cfdi.InformacionGlobal
	Conceptos []cfdi.Concepto
	// Sustituye is the UUID of the CFDI this one replaces (CfdiRelacionados, TipoRelacion 04:
	// sustitución de los CFDI previos); "" for none.
	Sustituye string
	// Egreso: a CFDI de egreso (nota de crédito) related with TipoRelacion 01 to the CFDI whose
	// UUID is Relacionado.
	Egreso      bool
	Relacionado string
}

// Stamped is a CFDI as the PAC reports it.
type Stamped struct {
	PACID, UUID, Serie, Folio string
	// Status is "valid", "canceled", "draft", "pending" (accepted, the SAT has not stamped it yet:
	// no UUID) or "failed" (the SAT refused it after a pending answer; Message says why).
	Status             string
	Message            string
	CancellationStatus string // "none", "pending", "accepted", "rejected" or "expired"
	Total              money.Cents
	FechaTimbrado      time.Time
	VerificationURL    string
}

// PACError is the PAC's refusal of a request.
type PACError struct {
	Status  int    // the HTTP status it answered
	Message string // its text, in Spanish
	Path    string // the field it names, when it names one
}

func (e *PACError) Error() string { return e.Message }

// ErrPACUnavailable is wrapped by every error of a PAC that could not answer.
var ErrPACUnavailable = errors.New("invoicing: PAC unavailable")
