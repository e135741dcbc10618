package sales

import (
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
)

// A shipment's cost charged to the customer is money of the sale: a service line in carrito,
// marked envio, priced by money.PriceLine like every other line (staff type the cost before IVA;
// the line adds its 16 %). Its subtotal, IVA and total are recomputed from all the lines in the
// same guarded update that records the shipment. A cost not charged stays in envio.costoEnvio as
// the shop's own expense and adds no line.

// ShippingLineID is the _id of a sale's shipping line.
const ShippingLineID = "envio"

// errShippingPaid refuses to change what a paid sale charges for its shipment: its total was paid.
var errShippingPaid = apperr.New(apperr.Conflict,
	"La venta ya está pagada: su total no puede cambiar. Cobra el envío antes de registrar el pago, o regístralo como no cobrado al cliente.")

// errShippingNotDelivered refuses the delivered flag of a shipping line: a shipment has a status.
var errShippingNotDelivered = apperr.New(apperr.Conflict, "El envío no se marca como entregado; actualiza su estado con «Actualizar Envio».")

// shippingLine is the line that charges envio to the customer, or nil when it charges nothing.
func shippingLine(e Envio) *Item {
	if !e.CobrarEnvio || e.CostoEnvio <= 0 {
		return nil
	}
	nombre := "Envío"
	if empresa := strings.TrimSpace(e.Empresa); empresa != "" {
		nombre += " " + empresa
	}
	cost := money.MustFromPesos(e.CostoEnvio).Pesos() // two decimals, as every stored price
	return &Item{ID: ShippingLineID, Nombre: nombre, Precio: cost, PrecioFinal: cost, Cantidad: 1, Extras: []Extra{}, Envio: true}
}

// shippingIndex is the position of the sale's shipping line, -1 when it has none.
func shippingIndex(carrito []Item) int {
	return slices.IndexFunc(carrito, func(it Item) bool { return it.Envio })
}

// withShipping is the cart once envio is recorded: its shipping line added, changed or removed.
// changed is false when the cart stays as it is.
func withShipping(carrito []Item, e Envio) (out []Item, changed bool) {
	i, want := shippingIndex(carrito), shippingLine(e)
	switch {
	case i < 0 && want == nil:
		return carrito, false
	case i >= 0 && want != nil && carrito[i].Nombre == want.Nombre && carrito[i].PrecioFinal == want.PrecioFinal:
		return carrito, false
	}
	out = slices.Clone(carrito)
	switch {
	case i < 0:
		out = append(out, *want)
	case want == nil:
		out = slices.Delete(out, i, i+1)
	default:
		out[i] = *want
	}
	return out, true
}

// chargeShipping adds to e the update of the cart and the totals that envio makes, if any: only
// while the sale is unpaid (checked here for the message, and in the write's guard).
func (e *orderEdit) chargeShipping(envio Envio, guard bson.M) error {
	carrito, changed := withShipping(e.cur.Carrito, envio)
	if !changed {
		return nil
	}
	if e.cur.Pago == PagoPagado {
		return errShippingPaid
	}
	t, err := totalsOf(carrito)
	if err != nil {
		return apperr.Wrap(err, "sales: totals of %s", e.cur.Folio)
	}
	e.set["carrito"] = carrito
	e.set["subtotal"], e.set["iva"], e.set["total"] = t.Subtotal.Pesos(), t.IVA.Pesos(), t.Total.Pesos()
	if e.cur.MontoCobro != 0 {
		e.set["montoCobro"] = t.Total.Pesos()
	}
	e.total = t.Total.Pesos()
	guard["pago"] = bson.M{"$ne": PagoPagado}
	e.record("envío cobrado", shippingCharged(e.cur.Carrito), shippingCharged(carrito))
	e.record("total", money.MustFromPesos(e.cur.Total).String(), t.Total.String())
	return nil
}

// shippingCharged is what a cart charges for shipping as the order's Historial says it.
func shippingCharged(carrito []Item) string {
	i := shippingIndex(carrito)
	if i < 0 {
		return "No"
	}
	return money.MustFromPesos(carrito[i].PrecioFinal).String() + " + IVA"
}
