package sales

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/salestate"
)

// StockLine is stock held by one line of a sale, and who gives it back, for the stock movement.
type StockLine struct {
	ProductID, VariantID string
	Cantidad             int
	Folio                string
	UserID, UserName     string // who cancelled the order or recorded the return
	Devolucion           bool   // units a customer brought back (a return), not a cancelled order's
	Motivo               string // the return's reason
	ConProveedor         int    // of a cancelled order's line: its units ordered from the distributor
	// Clave makes the give-back happen once: the sale, the cancellation or return, and the line.
	// Fecha is the sale's time, which the give-back's stock movement id carries.
	Clave string
	Fecha time.Time
}

// Stock gives back the stock of a cancelled order's or a return's line, once for each line.Clave
// however often it is asked (stock_giveback.go).
type Stock interface {
	GiveBackStock(ctx context.Context, line StockLine) error
}

// OrderChange is a change to an order's management fields; nil fields stay as they are.
type OrderChange struct {
	Pago          *string
	Entrega       *string
	Observaciones *string
	MetodoPago    *string
	TipoTarjeta   *string // 'debito' or 'credito': the card of a 'Tarjeta' payment, for the CFDI
	Envio         *Envio
}

// UpdateOrder applies a change made by a member of staff, records who made it, and gives the stock
// back exactly once when an unpaid order is cancelled. The caller has checked the actor's rights
// for each field. Errors: invalid (a value outside the lists), not_found, conflict.
func (s *Service) UpdateOrder(ctx context.Context, id bson.ObjectID, who Actor, ch OrderChange) (Sale, error) {
	if err := ch.check(); err != nil {
		return Sale{}, err
	}
	cur, err := s.store.get(ctx, id)
	if err == nil && ch.Entrega != nil && *ch.Entrega == EntregaDevuelto && cur.Entrega != EntregaDevuelto {
		return Sale{}, errReturnByHand
	}
	if err != nil {
		return Sale{}, err
	}
	if cur.Estado != salestate.Confirmada {
		return Sale{}, errSaleNotFound
	}
	now := s.now().UTC().Truncate(1e6)
	e := orderEdit{cur: cur, who: who, now: now, set: bson.M{}, unset: bson.M{}, stamp: bson.M{}, total: cur.Total}
	// A cash cut counted the payment of a sale it claimed: the payment cannot change after that.
	// Checked here for the message, and again in the write's guard, which a cut racing this
	// change cannot pass.
	unpaying := ch.Pago != nil && *ch.Pago != PagoPagado && cur.Pago == PagoPagado
	remethod := cur.Pago == PagoPagado && !unpaying && ch.MetodoPago != nil && *ch.MetodoPago != cur.MetodoPago
	guard := bson.M{"version": cur.Version}
	if unpaying && len(cur.Devoluciones) > 0 {
		return Sale{}, apperr.New(apperr.Conflict, "La venta tiene devoluciones registradas; su pago no puede cambiar.")
	}
	if unpaying || remethod {
		if cur.Corte != 0 {
			return Sale{}, paymentInCut(unpaying)
		}
		guard["corte"] = bson.M{"$exists": false}
	}
	// A CFDI declares a sale's payment, its forma de pago, and that it took place: none of them can
	// change while one covers the sale (invoices.go), or the shop would declare what did not
	// happen. Checked here for the message, and again in the write's guard, which a CFDI claiming
	// the sale meanwhile (a claim leaves the version as it is) cannot pass.
	invoiceBound := unpaying || remethod
	if invoiceBound {
		if cur.Factura != nil {
			return Sale{}, saleInvoiced(*cur.Factura)
		}
		guard["factura"] = bson.M{"$exists": false}
	}
	if ch.Envio != nil {
		if err := e.chargeShipping(*ch.Envio, guard); err != nil {
			return Sale{}, err
		}
	}
	e.apply(ch)
	if len(e.set) == 0 {
		return cur, nil
	}
	cancelling := ch.Entrega != nil && *ch.Entrega == EntregaCancelado && cur.Entrega != EntregaCancelado
	if cancelling && e.payAfter(ch) == PagoPagado {
		return Sale{}, apperr.New(apperr.Conflict, "No se puede cancelar una orden pagada; registra su devolución con «Devolución».")
	}
	v, err := s.store.update(ctx, id, guard, e.update())
	if apperr.Is(err, apperr.Conflict) && invoiceBound {
		if now, gerr := s.store.get(ctx, id); gerr == nil {
			switch {
			case now.Corte != 0 && (unpaying || remethod):
				return Sale{}, paymentInCut(unpaying) // a cut claimed it meanwhile
			case now.Factura != nil:
				return Sale{}, saleInvoiced(*now.Factura) // a CFDI claimed it meanwhile
			}
		}
	}
	if err != nil {
		return Sale{}, err
	}
	if err := s.store.bumpVersion(ctx, now); err != nil {
		s.log.Warn().Err(err).Msg("sales: version bump")
	}
	s.auditOrder(ctx, who, v, e.history)
	s.mailIfDue(v.ID, e.mail)
	if cancelling {
		if err := s.giveBackStock(ctx, v, who); err != nil {
			return Sale{}, err
		}
	}
	return v, nil
}

// check refuses values outside the lists, naming each field.
func (ch OrderChange) check() error {
	fields := map[string]string{}
	if ch.Pago != nil && !validValue(*ch.Pago, PagoValues) {
		fields["pago"] = apperr.MsgOneOf(PagoValues...)
	}
	if ch.Entrega != nil && !validValue(*ch.Entrega, EntregaValues) {
		fields["entrega"] = apperr.MsgOneOf(EntregaValues...)
	}
	if ch.MetodoPago != nil && !validValue(*ch.MetodoPago, MetodoValues) {
		fields["metodoPago"] = apperr.MsgOneOf(MetodoValues...)
	}
	if ch.TipoTarjeta != nil && !validValue(*ch.TipoTarjeta, []string{"", "debito", "credito"}) {
		fields["tipoTarjeta"] = apperr.MsgOneOf("debito", "credito")
	}
	if ch.Observaciones != nil && len([]rune(*ch.Observaciones)) > 1000 {
		fields["observaciones"] = apperr.MsgMaxChars(1000)
	}
	if ch.Envio != nil {
		for k, msg := range checkEnvio(*ch.Envio) {
			fields["envio."+k] = msg
		}
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(apperr.MsgCheckFields, fields)
	}
	return nil
}

// orderEdit gathers the update of an order for one change: the fields set, unset and stamped with
// the time of the write, and one history entry per field whose value changes.
type orderEdit struct {
	cur               Sale
	who               Actor
	now               time.Time
	set, unset, stamp bson.M
	history           []Cambio
	total             float64 // the sale's total once the change is made (a charged shipment adds to it)
	mail              *Correo // the order e-mail the change makes due (order_mails.go)
}

// record adds a history entry when the field's value changes.
func (e *orderEdit) record(field, from, to string) {
	if from != to {
		e.history = append(e.history, Cambio{Campo: field, De: from, A: to, Por: e.who.ID, Nombre: e.who.Name, Fecha: e.now})
	}
}

// apply sets each field the change names, and the order e-mail the change makes due. Marking a
// sale paid records its payment movement (who took how much, how and when); unpaying one no cut
// has counted takes that movement back.
func (e *orderEdit) apply(ch OrderChange) {
	cur := e.cur
	metodo := cur.MetodoPago
	if ch.MetodoPago != nil {
		metodo = *ch.MetodoPago
	}
	if ch.Pago != nil {
		e.set["pago"] = *ch.Pago
		e.record("pago", cur.Pago, *ch.Pago)
		if *ch.Pago == PagoPagado && cur.Pago != PagoPagado {
			e.stamp["pagadoEn"] = true
			e.set["cobradoPor"], e.set["nombreCobro"] = e.who.ID, e.who.Name
			e.set["pagos"] = []Pago{{ID: bson.NewObjectID().Hex(), Monto: e.total, Metodo: metodo, TipoTarjeta: cardOf(metodo, ch.TipoTarjeta),
				Fecha: e.now, Por: e.who.ID, Nombre: e.who.Name}}
		}
		if *ch.Pago == PagoPendiente && cur.Pago == PagoPagado {
			e.unset["pagadoEn"], e.unset["cobradoPor"], e.unset["nombreCobro"], e.unset["pagos"] = "", "", "", ""
		}
	}
	if ch.MetodoPago != nil {
		e.set["metodoPago"] = metodo
		e.record("metodoPago", cur.MetodoPago, metodo)
		if cur.Pago == PagoPagado && len(cur.Pagos) > 0 && (ch.Pago == nil || *ch.Pago == PagoPagado) {
			e.set["pagos.0.metodo"], e.set["pagos.0.tipoTarjeta"] = metodo, cardOf(metodo, ch.TipoTarjeta)
		}
	}
	if ch.Entrega != nil {
		e.set["entrega"] = *ch.Entrega
		e.record("entrega", cur.Entrega, *ch.Entrega)
		if *ch.Entrega == EntregaCancelado && cur.Entrega != EntregaCancelado && !cur.StockDevuelto {
			e.set[stockOwed] = true // recorded with the cancellation: its units are owed (stock_giveback.go)
		}
	}
	if ch.Observaciones != nil {
		e.set["observaciones"] = strings.TrimSpace(*ch.Observaciones)
		e.record("observaciones", cur.Observaciones, strings.TrimSpace(*ch.Observaciones))
	}
	if ch.Envio != nil {
		envio := *ch.Envio
		envio.Fecha = e.now
		e.set["envio"] = envio
		prev := ""
		if cur.Envio != nil {
			prev = cur.Envio.Status
		}
		e.record("envio", prev, envio.Status)
	}
	e.orderMail(ch)
}

// cardOf is the card kind a payment records: only a 'Tarjeta' payment has one.
func cardOf(metodo string, tipo *string) string {
	if metodo != "Tarjeta" || tipo == nil {
		return ""
	}
	return *tipo
}

// payAfter is the order's payment once the change is made.
func (e *orderEdit) payAfter(ch OrderChange) string {
	if ch.Pago != nil {
		return *ch.Pago
	}
	return e.cur.Pago
}

// update is the store's update document, raising the order's version.
func (e *orderEdit) update() bson.M {
	update := bson.M{"$set": e.set, "$inc": bson.M{"version": 1}}
	if len(e.stamp) > 0 {
		update["$currentDate"] = e.stamp
	}
	if len(e.unset) > 0 {
		update["$unset"] = e.unset
	}
	if len(e.history) > 0 {
		update["$push"] = bson.M{"historial": bson.M{"$each": e.history}}
	}
	if e.mail != nil {
		withMail(update, *e.mail)
	}
	return update
}

// errReturnByHand refuses 'Devuelto' set by hand: a return has its units and its refund.
var errReturnByHand = apperr.New(apperr.Conflict, "Registra la devolución con «Devolución».")

// paymentInCut is the refusal to change the payment of a sale a cash cut claimed.
func paymentInCut(unpaying bool) error {
	if unpaying {
		return apperr.New(apperr.Conflict, "La venta ya está en un corte de caja; su pago no puede cambiar.")
	}
	return apperr.New(apperr.Conflict, "La venta ya está en un corte de caja; su método de pago no puede cambiar.")
}

// saleInvoiced says why a sale a CFDI covers keeps its payment and cannot be returned, and what
// staff do first: cancel the CFDI in 'Facturas', which frees the sale.
func saleInvoiced(f InvoiceRef) error {
	switch {
	case f.UUID == "":
		return apperr.New(apperr.Conflict, "La venta se está facturando; inténtalo de nuevo en un momento.")
	case f.Tipo == FacturaGlobal:
		return apperr.New(apperr.Conflict, fmt.Sprintf("La venta está en la factura global %s. Cancela primero esa factura en Facturas y emítela de nuevo sin esta venta.", f.UUID))
	}
	return apperr.New(apperr.Conflict, fmt.Sprintf("La venta está facturada (%s). Cancela primero su factura en Facturas.", f.UUID))
}

func checkEnvio(e Envio) map[string]string {
	f := map[string]string{}
	if len([]rune(e.Status)) > 40 {
		f["status"] = apperr.MsgMaxChars(40)
	}
	if len([]rune(e.Empresa)) > 80 {
		f["empresa"] = apperr.MsgMaxChars(80)
	}
	if len([]rune(e.Guia)) > 80 {
		f["guia"] = apperr.MsgMaxChars(80)
	}
	if len([]rune(e.Observaciones)) > 1000 {
		f["observaciones"] = apperr.MsgMaxChars(1000)
	}
	if e.CostoEnvio < 0 || e.CostoEnvio > 1e6 {
		f["costoEnvio"] = "Debe ser un importe entre 0 y 1,000,000."
	}
	return f
}

// siNo is a delivered flag as the order's Historial says it: 'Sí' or 'No'.
func siNo(b bool) string {
	if b {
		return "Sí"
	}
	return "No"
}

// ToggleDelivered flips one item's delivered flag. The item is found by its id (and name, when
// given) and updated by its index, under a guard on that element (no positional operator).
func (s *Service) ToggleDelivered(ctx context.Context, id bson.ObjectID, who Actor, itemID, nombre string) (Sale, error) {
	cur, err := s.store.get(ctx, id)
	if err != nil {
		return Sale{}, err
	}
	idx := -1
	for i, it := range cur.Carrito {
		if it.ID == itemID && (nombre == "" || it.Nombre == nombre) {
			idx = i
			break
		}
	}
	if idx < 0 || cur.Estado != salestate.Confirmada {
		return Sale{}, apperr.New(apperr.NotFound, "No se encontró ese artículo en la orden.")
	}
	if cur.Carrito[idx].Envio {
		return Sale{}, errShippingNotDelivered
	}
	was := cur.Carrito[idx].Entregado
	now := s.now().UTC().Truncate(1e6)
	path := fmt.Sprintf("carrito.%d", idx)
	v, err := s.store.update(ctx, id, bson.M{path + "._id": itemID, path + ".entregado": was}, bson.M{
		"$set":  bson.M{path + ".entregado": !was},
		"$inc":  bson.M{"version": 1},
		"$push": bson.M{"historial": Cambio{Campo: "entregado " + cur.Carrito[idx].Nombre, De: siNo(was), A: siNo(!was), Por: who.ID, Nombre: who.Name, Fecha: now}},
	})
	if err != nil {
		return Sale{}, err
	}
	if err := s.store.bumpVersion(ctx, now); err != nil {
		s.log.Warn().Err(err).Msg("sales: version bump")
	}
	s.auditOrder(ctx, who, v, []Cambio{{Campo: "entregado " + cur.Carrito[idx].Nombre, De: audit.YesNo(was), A: audit.YesNo(!was)}})
	return v, nil
}
