package sales

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
	"tienda/pkg/salestate"
)

// A sale records what happened to its money as movements inside its own document:
// its payment (Pagos, one at most) and each refund (Devoluciones). 'Pagado' is the sale having a
// payment; the cash cut counts each movement once (cuts.go) and 'Reporte de ventas' counts each on
// the day it happened (report.go). Every movement is written by one guarded update of the sale,
// with an _id chosen before the write, so a repeat or a concurrent second try records nothing.

// paymentOf is the payment movement of a sale paid in full, as recorded when it is marked paid.
func paymentOf(v Sale) Pago {
	p := Pago{ID: v.ID.Hex(), Monto: v.Total, Metodo: v.MetodoPago, Por: v.CobradoPor, Nombre: v.NombreCobro}
	switch {
	case v.PagadoEn != nil:
		p.Fecha = *v.PagadoEn
	default:
		p.Fecha = v.Fecha
	}
	if v.MercadoPago != nil {
		p.ID = "mp-" + v.MercadoPago.PaymentID
		p.TipoTarjeta = cardKind(v.MercadoPago.PaymentType)
	}
	return p
}

// cardKind is a card payment's kind as the CFDI needs it (forma de pago 28 or 04), from the
// payment provider's payment type; empty when not a card.
func cardKind(paymentType string) string {
	switch paymentType {
	case "debit_card", "prepaid_card":
		return "debito"
	case "credit_card":
		return "credito"
	}
	return ""
}

// ReturnLine is units of one cart line to bring back: the line's _id and its position.
type ReturnLine struct {
	IDOrden  string
	Indice   int
	Cantidad int
}

// ReturnRequest is a return to record: lines and units, how the money goes back, and why.
type ReturnRequest struct {
	Lineas []ReturnLine
	Metodo string
	Motivo string
}

var errReturnUnpaid = apperr.New(apperr.Conflict, "Solo se puede devolver una venta pagada.")

// Return records a return of a paid sale, whole or in part: the units come back to the catalogue
// with a stock movement, and the refund is a movement the next cash cut counts as money out by its
// method. When every unit is back the sale is 'Devuelto'. A sale a stamped CFDI covers records
// with the return that it needs a nota de crédito (its factura's _id chosen now), which the
// CreditNotes port issues (invoices.go). It answers the sale. Errors: invalid (fields named),
// not_found, conflict (not paid, its CFDI still being stamped, or changed meanwhile).
func (s *Service) Return(ctx context.Context, id bson.ObjectID, who Actor, r ReturnRequest) (Sale, error) {
	cur, err := s.store.get(ctx, id)
	if err != nil {
		return Sale{}, err
	}
	if cur.Estado != salestate.Confirmada {
		return Sale{}, errSaleNotFound
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	d, err := refundOf(cur, r, who, now)
	if err != nil {
		return Sale{}, err
	}
	if cur.Pago != PagoPagado {
		return Sale{}, errReturnUnpaid
	}
	// A stamped CFDI no longer blocks a return (its nota de crédito follows); one being stamped
	// does, as its amounts are being fixed. The guard keeps the CFDI the sale had when read.
	guard := bson.M{"version": cur.Version, "pago": PagoPagado, "factura": bson.M{"$exists": false}}
	set := bson.M{"devolucionesPorCortar": true, "conDevoluciones": true}
	if f := cur.Factura; f != nil {
		if f.UUID == "" {
			return Sale{}, saleInvoiced(*f)
		}
		guard = bson.M{"version": cur.Version, "pago": PagoPagado, "factura.id": f.ID, "factura.uuid": f.UUID}
		if needsCreditNote(*f, d) {
			d.Nota = &NotaDeCredito{FacturaID: bson.NewObjectID().Hex(), Estado: NotaTimbrando}
			set[notesPending] = true
		}
	}
	inc := bson.M{"version": 1}
	returned := 0
	for _, l := range d.Lineas {
		inc[fmt.Sprintf("carrito.%d.devueltos", l.Indice)] = l.Cantidad
	}
	sold := 0
	for _, it := range cur.Carrito {
		if it.Envio {
			continue // a shipment is never returned
		}
		sold += it.Cantidad
		returned += it.Devueltos
	}
	for _, l := range d.Lineas {
		returned += l.Cantidad
	}
	history := []Cambio{{Campo: "devolución", De: "", A: d.summary(), Por: who.ID, Nombre: who.Name, Fecha: now}}
	if returned == sold && cur.Entrega != EntregaDevuelto {
		set["entrega"] = EntregaDevuelto
		history = append(history, Cambio{Campo: "entrega", De: cur.Entrega, A: EntregaDevuelto, Por: who.ID, Nombre: who.Name, Fecha: now})
	}
	set[stockOwed] = true // recorded with the return: its units are owed (stock_giveback.go)
	v, err := s.store.update(ctx, id, guard, withMail(bson.M{
		"$set": set, "$inc": inc,
		"$push": bson.M{"devoluciones": d, "historial": bson.M{"$each": history}},
	}, newMail(eventoDevolucion+"-"+d.ID, now)))
	if err != nil {
		return Sale{}, err
	}
	s.changedSoon()
	s.mailSoon(id)
	s.auditOrder(ctx, who, v, history)
	if err := s.restock(ctx, v, len(v.Devoluciones)-1, who); err != nil {
		return Sale{}, err
	}
	s.log.Info().Str("folio", v.Folio).Float64("monto", d.Monto).Str("metodo", d.Metodo).Msg("return recorded")
	if d.Nota != nil {
		return s.issueCreditNote(ctx, v, d.ID)
	}
	return v, nil
}

// refundOf checks a return against the sale and prices it: each line's refund is what its units
// cost within the line (PriceLine of the units returned with it, less that of those returned
// before), so that a line returned in pieces refunds exactly what it cost.
func refundOf(v Sale, r ReturnRequest, who Actor, now time.Time) (Devolucion, error) {
	fields := map[string]string{}
	if !validValue(r.Metodo, MetodoValues) {
		fields["metodo"] = apperr.MsgOneOf(MetodoValues...)
	}
	motivo := strings.TrimSpace(r.Motivo)
	switch n := len([]rune(motivo)); {
	case n == 0:
		fields["motivo"] = "Escribe el motivo de la devolución."
	case n > 200:
		fields["motivo"] = apperr.MsgMaxChars(200)
	}
	if len(r.Lineas) == 0 {
		fields["lineas"] = "Elige al menos un artículo a devolver."
	}
	d := Devolucion{ID: bson.NewObjectID().Hex(), Metodo: r.Metodo, Motivo: motivo, Fecha: now, Por: who.ID, Nombre: who.Name,
		Lineas: make([]LineaDevuelta, 0, len(r.Lineas))}
	seen := map[int]bool{}
	var sub, iva money.Cents
	for i, l := range r.Lineas {
		key := fmt.Sprintf("lineas.%d.cantidad", i)
		if l.Indice < 0 || l.Indice >= len(v.Carrito) || v.Carrito[l.Indice].ID != l.IDOrden || seen[l.Indice] {
			fields[fmt.Sprintf("lineas.%d.idOrden", i)] = "Ese artículo no está en la venta."
			continue
		}
		seen[l.Indice] = true
		it := v.Carrito[l.Indice]
		if it.Envio {
			fields[fmt.Sprintf("lineas.%d.idOrden", i)] = "El envío no se devuelve: solo los artículos."
			continue
		}
		left := it.Cantidad - it.Devueltos
		if l.Cantidad < 1 || l.Cantidad > left {
			fields[key] = fmt.Sprintf("Solo quedan %d por devolver.", left)
			continue
		}
		unit, err := money.FromPesos(it.PrecioFinal)
		if err != nil {
			return Devolucion{}, apperr.Wrap(err, "sales: price of %s", v.Folio)
		}
		back := money.Refund(unit, int64(it.Devueltos), int64(l.Cantidad))
		ls, li := back.Base, back.IVA
		sub, iva = sub+ls, iva+li
		d.Lineas = append(d.Lineas, LineaDevuelta{IDOrden: it.ID, Indice: l.Indice, Nombre: it.Nombre, Cantidad: l.Cantidad,
			Subtotal: ls.Pesos(), IVA: li.Pesos(), Monto: (ls + li).Pesos()})
	}
	if len(fields) > 0 {
		return Devolucion{}, apperr.InvalidFields(apperr.MsgCheckFields, fields)
	}
	d.Subtotal, d.IVA, d.Monto = sub.Pesos(), iva.Pesos(), (sub + iva).Pesos()
	return d, nil
}

// summary is a return as its history entry says it: '2 × Cámara IP, 1 × Cable UTP · $1,234.00 en
// Efectivo · motivo'.
func (d Devolucion) summary() string {
	parts := make([]string, len(d.Lineas))
	for i, l := range d.Lineas {
		parts[i] = fmt.Sprintf("%d × %s", l.Cantidad, l.Nombre)
	}
	return fmt.Sprintf("%s · %s en %s · %s", strings.Join(parts, ", "), money.MustFromPesos(d.Monto), d.Metodo, d.Motivo)
}

// paymentsJob is the one-off job that gave the paid sales stored before payment movements existed
// their one payment.
const paymentsJob = "pagos-v1"

// fillPayments gives each paid sale stored before payment movements existed its payment: the
// sale's total, method, who took it and when, as the sale itself says. It can be repeated: a sale
// that has its payment keeps it.
func (s store) fillPayments(ctx context.Context) (int, error) {
	if done, err := s.jobDone(ctx, paymentsJob); err != nil || done {
		return 0, err
	}
	payments := map[bson.ObjectID]any{}
	filter := bson.M{"pago": PagoPagado, "pagos": bson.M{"$exists": false}}
	fields := bson.M{"total": 1, "metodoPago": 1, "cobradoPor": 1, "nombreCobro": 1, "pagadoEn": 1, "fecha": 1, "mercadoPago": 1}
	err := s.each(ctx, filter, fields, func(doc bson.Raw) error {
		var v Sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return err
		}
		payments[v.ID] = []Pago{paymentOf(v)}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("sales: payments: %w", err)
	}
	if _, err := s.db.SetEach(ctx, collection, "pagos", payments); err != nil {
		return 0, fmt.Errorf("sales: payments: %w", err)
	}
	if err := s.markJobDone(ctx, paymentsJob); err != nil {
		return 0, err
	}
	return len(payments), nil
}
