package sales

import (
	"context"
	"errors"
	"fmt"
	"maps"
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
//
// A CFDI's claim of several sales is a saga: the invoicing module records on its factura the exact
// sales it means to cover before any is claimed, and runs the steps below over that list until
// each one has run to its end. Each step is an updateMany whose filter names the state each sale
// must still be in, so running it again after a failover cut it half way changes only the sales
// the last run missed, and never a sale twice. Once a CFDI's claim is over (it covers what it
// got, or it was given up, refused or cancelled), its _id goes into facturasCerradas of every
// sale it listed, and its claims and moves require their sale not to carry it there: a claim of a
// replica that stalled past that point can never land.

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

// anyOf is the filter of the sales whose _id is one of ids.
func anyOf(ids []bson.ObjectID) bson.M {
	list := make(bson.A, len(ids))
	for i, id := range ids {
		list[i] = id
	}
	return bson.M{"$in": list}
}

// stillOpenTo is the filter of the sales CFDI facturaID may still claim or take.
func stillOpenTo(facturaID string) bson.M { return bson.M{"$ne": facturaID} }

// ClaimForInvoice puts ref on every sale of ids paid in [from, to) (zero times: any time) that a
// CFDI may still cover and that ref's claim is not over on, and answers how many it claimed. Run
// again, it claims only what a run cut short left. A factura global covers the sales paid in its
// period: the money it declares came in then.
func (s *Service) ClaimForInvoice(ctx context.Context, ref InvoiceRef, ids []bson.ObjectID, from, to time.Time) (int64, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	filter := invoiceable()
	filter["_id"] = anyOf(ids)
	filter["facturasCerradas"] = stillOpenTo(ref.ID)
	if !from.IsZero() {
		filter["pagadoEn"] = bson.M{"$gte": from, "$lt": to}
	}
	n, err := s.invoiceStep(ctx, "claim", filter, bson.M{"$set": bson.M{"factura": ref}})
	if err != nil {
		return n, fmt.Errorf("sales: claim for invoice %s: %w", ref.ID, err)
	}
	return n, nil
}

// TransferInvoice moves to the CFDI to (a substitute of CFDI fromID) each sale of ids that fromID
// covers and that to's claim is not over on, and answers how many it moved. Run again, it moves
// only what a run cut short left.
func (s *Service) TransferInvoice(ctx context.Context, ids []bson.ObjectID, fromID string, to InvoiceRef) (int64, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	filter := bson.M{"_id": anyOf(ids), "factura.id": fromID, "facturasCerradas": stillOpenTo(to.ID)}
	n, err := s.invoiceStep(ctx, "transfer", filter, bson.M{"$set": bson.M{"factura": to}})
	if err != nil {
		return n, fmt.Errorf("sales: move invoice %s to %s: %w", fromID, to.ID, err)
	}
	return n, nil
}

// CloseInvoiceClaim ends CFDI facturaID's claim on the sales of ids it does not cover by now:
// they can no longer be claimed or taken by it, so the sales it covers are final.
func (s *Service) CloseInvoiceClaim(ctx context.Context, facturaID string, ids []bson.ObjectID) error {
	return s.closeInvoiceClaim(ctx, facturaID, ids, bson.M{"factura.id": bson.M{"$ne": facturaID}})
}

// ReleaseInvoice gives back the sales CFDI facturaID covers (it was given up, refused or
// cancelled): freed for another CFDI when to is nil, or back to the CFDI to (the one a refused
// substitute was to replace). First it ends facturaID's claim on every sale of ids (its recorded
// list), so that no claim or move of it still in flight can land after the release. Run again,
// it does only what a run cut short left.
func (s *Service) ReleaseInvoice(ctx context.Context, facturaID string, ids []bson.ObjectID, to *InvoiceRef) error {
	if err := s.closeInvoiceClaim(ctx, facturaID, ids, bson.M{}); err != nil {
		return err
	}
	back := bson.M{"$unset": bson.M{"factura": ""}}
	if to != nil {
		back = bson.M{"$set": bson.M{"factura": *to}}
	}
	if _, err := s.invoiceStep(ctx, "release", bson.M{"factura.id": facturaID}, back); err != nil {
		return fmt.Errorf("sales: release invoice %s: %w", facturaID, err)
	}
	return nil
}

// closeInvoiceClaim puts facturaID in facturasCerradas of the sales of ids that filter selects.
func (s *Service) closeInvoiceClaim(ctx context.Context, facturaID string, ids []bson.ObjectID, filter bson.M) error {
	if len(ids) == 0 {
		return nil
	}
	filter["_id"] = anyOf(ids)
	filter["facturasCerradas"] = stillOpenTo(facturaID)
	if _, err := s.invoiceStep(ctx, "close", filter, bson.M{"$addToSet": bson.M{"facturasCerradas": facturaID}}); err != nil {
		return fmt.Errorf("sales: close the claim of invoice %s: %w", facturaID, err)
	}
	return nil
}

// errInvoiceStepCut is the failure cutInvoiceStep asks for.
var errInvoiceStepCut = errors.New("sales: the invoice step was cut half way (test)")

// invoiceStep applies update to the sales filter selects (one updateMany) and answers how many
// changed. In tests cutInvoiceStep may cut it after a few sales, as a failover would.
func (s *Service) invoiceStep(ctx context.Context, step string, filter, update bson.M) (int64, error) {
	var n int64
	var err error
	if after, cut := s.cutAfter(step); cut {
		n, err = s.cutInvoiceStepAfter(ctx, filter, update, after)
	} else {
		n, err = s.store.updateMany(ctx, filter, update)
	}
	if n > 0 {
		s.changedSoon()
	}
	return n, err
}

// cutAfter asks cutInvoiceStep, when a test set it, whether to cut step and after how many sales.
func (s *Service) cutAfter(step string) (int, bool) {
	if s.cutInvoiceStep == nil {
		return 0, false
	}
	return s.cutInvoiceStep(step)
}

// cutInvoiceStepAfter applies update to the sales filter selects one by one, in the order of their
// _id, and fails once `after` of them changed.
func (s *Service) cutInvoiceStepAfter(ctx context.Context, filter, update bson.M, after int) (int64, error) {
	scan := maps.Clone(filter)
	delete(scan, "facturasCerradas") // an array the embedded store's own matcher does not compare; each write checks it
	list, err := s.store.find(ctx, scan)
	if err != nil {
		return 0, err
	}
	slices.SortFunc(list, func(a, b Sale) int { return strings.Compare(a.ID.Hex(), b.ID.Hex()) })
	var n int64
	for _, v := range list {
		if n >= int64(after) {
			break
		}
		one := maps.Clone(filter)
		one["_id"] = v.ID
		m, err := s.store.updateMany(ctx, one, update)
		if err != nil {
			return n, err
		}
		n += m
	}
	return n, errInvoiceStepCut
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

// CreditNotes issues the nota de crédito of a return: the invoicing module, through the desk app
// passes to both modules (pkg/creditnotes).
type CreditNotes interface {
	// IssueCreditNote takes the nota of return returnID of sale saleID as far as it goes now
	// (stamped, refused, or still 'timbrando' for the retry loop).
	IssueCreditNote(ctx context.Context, saleID, returnID string) error
}

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
