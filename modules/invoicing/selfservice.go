package invoicing

import (
	"context"
	"errors"
	"math"
	"strings"
	"time"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
)

// VentaFacturable is what a customer sees of a sale they may want to invoice.
type VentaFacturable struct {
	ID         string       `json:"_id"`
	Folio      string       `json:"folio"`
	Fecha      time.Time    `json:"fecha"`
	Total      float64      `json:"total"`
	MetodoPago string       `json:"metodoPago"`
	Factura    *SaleInvoice `json:"factura,omitempty"`
	Facturable bool         `json:"facturable"`
	Motivo     string       `json:"motivo,omitempty"` // why it cannot be invoiced
	Plazo      string       `json:"plazo"`            // the last day it may be, AAAA-MM-DD
}

// facturable tells whether a customer may invoice v now, and why not.
func (s *Service) facturable(ctx context.Context, v Sale) (VentaFacturable, error) {
	out := VentaFacturable{
		ID: v.ID, Folio: v.Folio, Fecha: v.Fecha, Total: v.Total.Pesos(),
		MetodoPago: v.MetodoPago, Factura: v.Factura, Plazo: s.deadline(v.Fecha).Format("2006-01-02"),
	}
	why, err := s.whyNotNow(ctx, v)
	out.Motivo, out.Facturable = why, why == ""
	return out, err
}

// whyVoided is why a sale whose CFDI was cancelled with motivo 03 cannot be invoiced again.
const whyVoided = "La factura de esta compra se canceló porque la operación no se llevó a cabo (motivo 03); ya no se puede facturar."

// whyNotNow is whyNot, and whyVoided for a sale a CFDI cancelled with motivo 03 covered.
func (s *Service) whyNotNow(ctx context.Context, v Sale) (string, error) {
	if why := s.whyNot(v); why != "" || v.Factura != nil {
		return why, nil
	}
	voided, err := s.store.voided(ctx, []string{v.ID})
	if err != nil || !voided[v.ID] {
		return "", err
	}
	return whyVoided, nil
}

// whyNot is the reason a customer may not invoice v now, "" when they may, as the sale itself
// tells (whyNotNow also asks the facturas).
func (s *Service) whyNot(v Sale) string {
	switch {
	case v.Factura != nil && v.Factura.Tipo == TipoGlobal:
		return "Esta compra ya está incluida en la factura global de la tienda."
	case v.Factura != nil:
		return "Esta compra ya está facturada."
	case v.Cancelada:
		return "Esta compra fue cancelada; no se puede facturar."
	case !v.Pagada:
		return "Solo se pueden facturar compras pagadas."
	case v.Subtotal <= 0:
		return "Esta compra no tiene importe que facturar: todos sus productos fueron sin costo."
	case !s.inWindow(v.Fecha):
		return "El plazo para facturar esta compra terminó el " + dayText(s.deadline(v.Fecha)) + "."
	}
	return ""
}

// InvoiceOwnSale issues the CFDI of one of the customer's sales to one of their tax profiles.
// Errors: not_found, conflict (with the reason), unavailable (not set up), invalid (the SAT's
// refusal). A factura still 'timbrando' means the PAC did not answer in time.
func (s *Service) InvoiceOwnSale(ctx context.Context, userID, saleID, perfilID string) (Factura, error) {
	v, err := s.sales.Get(ctx, saleID)
	if err != nil || v.UsuarioID != userID {
		return Factura{}, apperr.New(apperr.NotFound, "No se encontró la compra.")
	}
	pid, err := profileID(perfilID)
	if err != nil {
		return Factura{}, err
	}
	p, err := s.profile(ctx, userID, pid)
	if err != nil {
		return Factura{}, err
	}
	r, err := checkReceptor(p.Receptor) // the SAT's rules may have changed since it was saved
	if err != nil {
		return Factura{}, err
	}
	return s.invoiceSale(ctx, v, r, userID, userID)
}

// PublicInput is the body of POST facturas/publica: the ticket's folio and total and the fiscal
// data of a customer without an account.
type PublicInput struct {
	Folio         string  `json:"folio"`
	Total         float64 `json:"total"`
	RFC           string  `json:"rfc"`
	RazonSocial   string  `json:"razonSocial"`
	RegimenFiscal string  `json:"regimenFiscal"`
	CodigoPostal  string  `json:"codigoPostal"`
	UsoCFDI       string  `json:"usoCfdi"`
	Email         string  `json:"email"`
}

var errNoSuchTicket = apperr.New(apperr.NotFound, "No encontramos una compra con ese folio y total.")

// FindTicket returns the sale of a ticket by its folio and total; a wrong pair answers the same
// not_found whether or not the folio exists.
func (s *Service) FindTicket(ctx context.Context, folio string, total float64) (Sale, error) {
	want, err := money.FromPesos(total)
	if err != nil || total <= 0 || math.IsNaN(total) {
		return Sale{}, errNoSuchTicket
	}
	v, err := s.sales.ByFolio(ctx, strings.ToUpper(strings.TrimSpace(folio)))
	if apperr.Is(err, apperr.NotFound) || (err == nil && v.Total != want) {
		return Sale{}, errNoSuchTicket
	}
	return v, err
}

// LookupTicket answers what a customer may do with a ticket. Errors: not_found.
func (s *Service) LookupTicket(ctx context.Context, folio string, total float64) (VentaFacturable, error) {
	v, err := s.FindTicket(ctx, folio, total)
	if err != nil {
		return VentaFacturable{}, err
	}
	return s.facturable(ctx, v)
}

// InvoiceTicket issues the CFDI of a ticket for a customer without an account.
func (s *Service) InvoiceTicket(ctx context.Context, in PublicInput) (Factura, error) {
	r, err := checkReceptor(Receptor{RFC: in.RFC, RazonSocial: in.RazonSocial, RegimenFiscal: in.RegimenFiscal, CodigoPostal: in.CodigoPostal, UsoCFDI: in.UsoCFDI, Email: in.Email})
	if err != nil {
		return Factura{}, err
	}
	v, err := s.FindTicket(ctx, in.Folio, in.Total)
	if err != nil {
		return Factura{}, err
	}
	return s.invoiceSale(ctx, v, r, "", "")
}

// invoiceSale issues the individual CFDI of sale v to r.
func (s *Service) invoiceSale(ctx context.Context, v Sale, r Receptor, usuarioID, creadoPor string) (Factura, error) {
	if why, err := s.whyNotNow(ctx, v); err != nil || why != "" {
		if err != nil {
			return Factura{}, err
		}
		return Factura{}, apperr.New(apperr.Conflict, why)
	}
	f, err := s.issue(ctx, draft{tipo: TipoIndividual, receptor: r, saleIDs: []string{v.ID}, usuarioID: usuarioID, creadoPor: creadoPor})
	if errors.Is(err, errNothingClaimed) {
		// Another request claimed it first (or a cancellation with motivo 03 voided it): say why.
		if again, gerr := s.sales.Get(ctx, v.ID); gerr == nil {
			if why := s.whyNot(again); why != "" {
				return Factura{}, apperr.New(apperr.Conflict, why)
			}
		}
		return Factura{}, apperr.New(apperr.Conflict, "Esta compra ya está facturada.")
	}
	if err != nil {
		return f, err
	}
	return s.withToken(s.awaitMail(ctx, f)), nil
}
