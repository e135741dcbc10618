package invoicing

import (
	"context"
	"fmt"

	"tienda/pkg/apperr"
	"tienda/pkg/cfdi"
	"tienda/pkg/money"
	"tienda/pkg/mongox"
)

// A return of a sale that a stamped CFDI covers needs a CFDI de egreso (nota de crédito): type E,
// related with TipoRelacion 01 to the CFDI of the sale, one concepto per returned line with the
// refund's amounts. It is a saga whose durable record is the return itself: the sale
// records the return with its notaCredito {facturaId, estado 'timbrando'}, the factura's _id
// chosen then (the PAC's idempotency key). The steps, each idempotent, are: insert the factura
// with that _id (once), stamp it, record on the return where it stands ('valida' with its UUID,
// or 'rechazada'). The request that records the return runs them; the retry loop runs them again
// for every return still 'timbrando', so a crash or a PAC that does not answer only delays it.
//
// For a sale in a factura global the SAT's rule for the global applies: the egreso goes to
// PÚBLICO EN GENERAL (XAXX010101000, régimen 616, uso S01, with the global's InformacionGlobal)
// and is related with 01 to the global's UUID.

// The keys of a nota's conceptos: the SAT's guide to filling a CFDI de egreso names 84111506
// (servicios de facturación) with unit ACT for a return, discount or bonus; uso G02 is
// 'devoluciones, descuentos o bonificaciones'.
const (
	claveNota = "84111506"
	usoNota   = "G02"
)

var errReturnNotFound = apperr.New(apperr.NotFound, "No se encontró la devolución.")

// IssueCreditNote takes the nota de crédito of return returnID of sale saleID as far as it can
// go now, and answers where it stands. A PAC that cannot answer leaves it 'timbrando'; a refusal
// leaves it 'rechazada', the PAC's message on its factura.
func (s *Service) IssueCreditNote(ctx context.Context, saleID, returnID string) (CreditNote, error) {
	v, err := s.sales.Get(ctx, saleID)
	if err != nil {
		return CreditNote{}, err
	}
	for _, d := range v.Devoluciones {
		if d.ID == returnID {
			return s.creditNote(ctx, v, d)
		}
	}
	return CreditNote{}, errReturnNotFound
}

// creditNote moves return d's nota on from whatever step it stands at.
func (s *Service) creditNote(ctx context.Context, v Sale, d SaleReturn) (CreditNote, error) {
	if d.Nota == nil || d.Nota.Estado != NotaTimbrando {
		if d.Nota == nil {
			return CreditNote{}, nil
		}
		return *d.Nota, nil
	}
	if s.pac == nil {
		return *d.Nota, nil // it waits for a PAC to be set up
	}
	f, err := s.store.get(ctx, d.Nota.FacturaID)
	if apperr.Is(err, apperr.NotFound) {
		f, err = s.newCreditNote(ctx, v, d)
	}
	if err != nil {
		return *d.Nota, err
	}
	if f.Estado != EstadoTimbrando {
		return s.noteSettled(ctx, f) // a crash came before the return learnt it
	}
	// stamped and refused record it on the return (noteSettled).
	f, err = s.complete(ctx, f)
	if n := noteOf(f); n.Estado != "" {
		return n, nil
	}
	return *d.Nota, err
}

// newCreditNote writes the factura of return d's nota, with the _id the return chose: a second
// writer finds it written and takes it.
func (s *Service) newCreditNote(ctx context.Context, v Sale, d SaleReturn) (Factura, error) {
	if v.Factura == nil {
		return Factura{}, fmt.Errorf("invoicing: return %s of %s needs a nota but the sale has no CFDI", d.ID, v.Folio)
	}
	orig, err := s.store.get(ctx, v.Factura.ID)
	if err != nil {
		return Factura{}, err
	}
	if orig.UUID == "" {
		return Factura{}, fmt.Errorf("invoicing: the CFDI %s of %s is not stamped", orig.ID, v.Folio)
	}
	r := orig.Receptor
	if orig.Tipo != TipoGlobal {
		r.UsoCFDI = usoNota
	}
	f := Factura{
		ID: d.Nota.FacturaID, Tipo: TipoEgreso, Estado: EstadoTimbrando, Fecha: s.now(), Receptor: r, Global: orig.Global,
		MetodoPago: "PUE", UsuarioID: orig.UsuarioID, CreadoPor: orig.CreadoPor, Relacionado: orig.UUID,
		Devolucion: &DevolucionRef{VentaID: v.ID, ID: d.ID},
		Ventas:     []VentaFactura{{ID: v.ID, Folio: v.Folio, Total: d.Monto.Pesos()}}, SinClaveSat: []string{},
		FormaPago: formaOf(Sale{MetodoPago: d.Metodo, TipoTarjeta: v.TipoTarjeta, PaymentType: v.PaymentType}),
	}
	f.setAmounts(noteLines(v.Folio, d))
	f.Busqueda = searchText(f)
	if err := s.store.insert(ctx, f); err != nil {
		if mongox.IsDuplicate(err) {
			return s.store.get(ctx, f.ID)
		}
		return Factura{}, err
	}
	return f, nil
}

// noteLines is one concepto per returned line, with the refund's amounts: its Base is the
// refund's subtotal of the line (the final unit price × the units returned, as money.Refund
// prices it) and its IVA 16 % of that Base per concepto. A free line refunds nothing and has no
// concepto.
func noteLines(folio string, d SaleReturn) []cfdi.Linea {
	out := make([]cfdi.Linea, 0, len(d.Lineas))
	for _, l := range d.Lineas {
		if l.Subtotal <= 0 || l.Cantidad <= 0 {
			continue
		}
		qty, unit := l.Cantidad, l.Subtotal/money.Cents(l.Cantidad)
		if unit.Times(qty) != l.Subtotal { // never for a refund of whole units; one concepto all the same
			qty, unit = 1, l.Subtotal
		}
		out = append(out, cfdi.Linea{
			ClaveProdServ: claveNota, NoIdentificacion: cfdi.Texto(folio, 100), Cantidad: qty, ClaveUnidad: unidadGlobal,
			Unidad: unidadGlobalNombre, Descripcion: cfdi.Texto("Devolución: "+l.Nombre, 1000), ValorUnitario: unit,
		})
	}
	return out
}

// noteOf is where the nota factura f stands, as its return records it; Estado "" while it is
// being stamped.
func noteOf(f Factura) CreditNote {
	n := CreditNote{FacturaID: f.ID}
	switch f.Estado {
	case EstadoValida, EstadoCancelacionPendiente, EstadoCancelada:
		n.Estado, n.UUID = NotaValida, f.UUID
	case EstadoError:
		n.Estado = NotaRechazada
	}
	return n
}

// noteSettled records on its return where the nota factura f stands, once stamped or refused.
func (s *Service) noteSettled(ctx context.Context, f Factura) (CreditNote, error) {
	n := noteOf(f)
	if f.Devolucion == nil || n.Estado == "" {
		return n, nil
	}
	return n, s.sales.SetCreditNote(context.WithoutCancel(ctx), f.Devolucion.VentaID, f.Devolucion.ID, n)
}

// retryCreditNotes takes on the notas of the returns recorded before `before` that are still
// 'timbrando'.
func (s *Service) retryCreditNotes(ctx context.Context, before func(Sale, SaleReturn) bool) error {
	list, err := s.sales.WithCreditNotesPending(ctx)
	if err != nil {
		return err
	}
	for _, v := range list {
		for _, d := range v.Devoluciones {
			if d.Nota == nil || d.Nota.Estado != NotaTimbrando || !before(v, d) {
				continue
			}
			if _, err := s.creditNote(ctx, v, d); err != nil {
				s.log.Warn().Err(err).Str("folio", v.Folio).Str("devolucion", d.ID).Msg("invoicing: nota de crédito not issued yet")
			}
		}
	}
	return nil
}
