package sales

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/salestate"
)

// A CFDI claims each sale it covers the way a cash cut does (cuts.go): the sale's `factura` field
// goes from absent to the invoice's reference in one guarded single-document update, so a sale is
// in at most one CFDI however many requests race for it. The invoicing module owns the invoices;
// the sale only records which one covers it.

// Kinds of CFDI that may cover a sale.
const (
	FacturaIndividual = "individual"
	FacturaGlobal     = "global"
)

// InvoiceRef is the CFDI that covers a sale.
type InvoiceRef struct {
	ID   string `bson:"id" json:"id"`
	Tipo string `bson:"tipo" json:"tipo"`
	UUID string `bson:"uuid,omitempty" json:"uuid,omitempty"`
}

// invoiceable selects the sales a CFDI may cover: saved, paid, neither cancelled nor returned,
// and not covered by another CFDI.
func invoiceable() bson.M {
	return bson.M{
		"estado": salestate.Confirmada, "pago": PagoPagado,
		"entrega": bson.M{"$nin": []string{EntregaCancelado, EntregaDevuelto}},
		"factura": bson.M{"$exists": false},
	}
}

// ByFolio returns the saved sale with that folio. Errors: not_found.
func (s *Service) ByFolio(ctx context.Context, folio string) (Sale, error) {
	folio = strings.TrimSpace(folio)
	if folio == "" || len(folio) > 64 {
		return Sale{}, errSaleNotFound
	}
	list, err := s.store.find(ctx, bson.M{"folio": folio, "estado": salestate.Confirmada})
	if err != nil {
		return Sale{}, err
	}
	if len(list) == 0 {
		return Sale{}, errSaleNotFound
	}
	return list[0], nil
}

// ClaimForInvoice puts ref on every sale of ids paid in [from, to) (zero times: any time) that
// a CFDI may still cover, each by a guarded update of its own, and answers how many it claimed.
// A factura global covers the sales paid in its period: the money it declares came in then.
func (s *Service) ClaimForInvoice(ctx context.Context, ref InvoiceRef, ids []bson.ObjectID, from, to time.Time) (int64, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	filter := invoiceable()
	filter["_id"] = bson.M{"$in": ids}
	if !from.IsZero() {
		filter["pagadoEn"] = bson.M{"$gte": from, "$lt": to}
	}
	n, err := s.store.updateMany(ctx, filter, bson.M{"$set": bson.M{"factura": ref}})
	if err != nil {
		return 0, fmt.Errorf("sales: claim for invoice %s: %w", ref.ID, err)
	}
	if n > 0 {
		s.changedSoon()
	}
	return n, nil
}

// TransferInvoice moves the sales CFDI fromID covers to the CFDI to (a substitute of it), each
// by a guarded update of its own, and answers how many it moved.
func (s *Service) TransferInvoice(ctx context.Context, fromID string, to InvoiceRef) (int64, error) {
	n, err := s.store.updateMany(ctx, bson.M{"factura.id": fromID}, bson.M{"$set": bson.M{"factura": to}})
	if err != nil {
		return 0, fmt.Errorf("sales: move invoice %s to %s: %w", fromID, to.ID, err)
	}
	if n > 0 {
		s.changedSoon()
	}
	return n, nil
}

// ReleaseInvoice frees the sales that CFDI facturaID claimed (it was refused or cancelled), so
// another CFDI may cover them.
func (s *Service) ReleaseInvoice(ctx context.Context, facturaID string) error {
	n, err := s.store.updateMany(ctx, bson.M{"factura.id": facturaID}, bson.M{"$unset": bson.M{"factura": ""}})
	if err != nil {
		return fmt.Errorf("sales: release invoice %s: %w", facturaID, err)
	}
	if n > 0 {
		s.changedSoon()
	}
	return nil
}

// MarkInvoiceStamped records the UUID of CFDI facturaID on the sales it covers.
func (s *Service) MarkInvoiceStamped(ctx context.Context, facturaID, uuid string) error {
	_, err := s.store.updateMany(ctx, bson.M{"factura.id": facturaID}, bson.M{"$set": bson.M{"factura.uuid": uuid}})
	if err != nil {
		return fmt.Errorf("sales: invoice %s stamped: %w", facturaID, err)
	}
	s.changedSoon()
	return nil
}

// InvoicedBy lists the sales CFDI facturaID claimed, oldest first.
func (s *Service) InvoicedBy(ctx context.Context, facturaID string) ([]Sale, error) {
	list, err := s.store.find(ctx, bson.M{"factura.id": facturaID})
	if err != nil {
		return nil, err
	}
	sortOldestFirst(list)
	return list, nil
}

// Uninvoiced lists the sales paid in [from, to) that a CFDI may still cover, first paid first.
func (s *Service) Uninvoiced(ctx context.Context, from, to time.Time) ([]Sale, error) {
	if !from.Before(to) {
		return nil, apperr.New(apperr.Invalid, "El periodo no es válido.")
	}
	filter := invoiceable()
	filter["pagadoEn"] = bson.M{"$gte": from, "$lt": to}
	list, err := s.store.find(ctx, filter)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(list, func(a, b Sale) int {
		if c := paidAt(a).Compare(paidAt(b)); c != 0 {
			return c
		}
		return newestFirst(b, a)
	})
	return list, nil
}

func paidAt(v Sale) time.Time {
	if v.PagadoEn == nil {
		return time.Time{}
	}
	return *v.PagadoEn
}

func sortOldestFirst(list []Sale) {
	slices.SortFunc(list, func(a, b Sale) int { return newestFirst(b, a) })
}

// A return of a sale that a stamped CFDI covers needs a CFDI de egreso (nota de crédito). The
// return records it (money.go): its notaCredito {facturaId chosen then, estado 'timbrando'} and the
// sale's top-level notasPorTimbrar, so the invoicing module's retry loop finds, by an index, every
// return whose nota is not settled, also after a crash right after the return.

// States of a return's nota de crédito.
const (
	NotaTimbrando = "timbrando"
	NotaValida    = "valida"
	NotaRechazada = "rechazada"
)

// notesPending is the top-level flag of a sale with a nota de crédito still 'timbrando'.
const notesPending = "notasPorTimbrar"

// CreditNotes issues the nota de crédito of a return: the invoicing module, through app/.
type CreditNotes interface {
	// IssueCreditNote takes the nota of return returnID of sale saleID as far as it goes now
	// (stamped, refused, or still 'timbrando' for the retry loop).
	IssueCreditNote(ctx context.Context, saleID, returnID string) error
}

// SetCreditNotes sets who issues the notas de crédito (the invoicing module is built after sales).
func (s *Service) SetCreditNotes(n CreditNotes) { s.notes = n }

// needsCreditNote reports whether return d of a sale that CFDI f covers needs a nota de crédito:
// f is stamped and d refunds money. (A CFDI cancelled in any way, motivo 03 included, no longer
// covers its sales: a sale it covered has no factura then.)
func needsCreditNote(f InvoiceRef, d Devolucion) bool {
	return f.UUID != "" && d.Monto > 0
}

// issueCreditNote asks for the nota of return returnID of v and answers the sale as it then
// stands. The return is recorded whatever happens: a failure is left to the retry loop.
func (s *Service) issueCreditNote(ctx context.Context, v Sale, returnID string) (Sale, error) {
	if s.notes == nil {
		return v, nil
	}
	if err := s.notes.IssueCreditNote(context.WithoutCancel(ctx), v.ID.Hex(), returnID); err != nil {
		s.log.Warn().Err(err).Str("folio", v.Folio).Msg("nota de crédito not issued yet; it will be retried")
		return v, nil
	}
	if now, err := s.store.get(ctx, v.ID); err == nil {
		return now, nil
	}
	return v, nil
}

// WithCreditNotesPending lists the sales with a return whose nota de crédito is still 'timbrando'.
func (s *Service) WithCreditNotesPending(ctx context.Context) ([]Sale, error) {
	return s.store.find(ctx, bson.M{notesPending: true})
}

// SetCreditNote records on return returnID of sale id where its nota de crédito stands, by a
// guarded update of that return at its index (its _id and its nota's facturaId); once no nota of
// the sale is 'timbrando', the sale leaves the retry loop's list. Errors: not_found.
func (s *Service) SetCreditNote(ctx context.Context, id bson.ObjectID, returnID string, n NotaDeCredito) error {
	v, err := s.store.get(ctx, id)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(v.Devoluciones, func(d Devolucion) bool { return d.ID == returnID })
	if i < 0 || v.Devoluciones[i].Nota == nil || v.Devoluciones[i].Nota.FacturaID != n.FacturaID {
		return apperr.New(apperr.NotFound, "No se encontró la devolución.")
	}
	path := fmt.Sprintf("devoluciones.%d", i)
	if *v.Devoluciones[i].Nota != n {
		v, err = s.store.update(ctx, id, bson.M{path + "._id": returnID, path + ".notaCredito.facturaId": n.FacturaID},
			bson.M{"$set": bson.M{path + ".notaCredito": n}})
		if err != nil {
			return err
		}
		s.changedSoon()
	}
	for _, d := range v.Devoluciones {
		if d.Nota != nil && d.Nota.Estado == NotaTimbrando {
			return nil
		}
	}
	// A return recorded meanwhile changes the version and keeps the flag.
	_, err = s.store.update(ctx, id, bson.M{"version": v.Version, notesPending: true}, bson.M{"$unset": bson.M{notesPending: ""}})
	if apperr.Is(err, apperr.Conflict) {
		return nil
	}
	return err
}
