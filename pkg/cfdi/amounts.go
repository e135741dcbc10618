package cfdi

import "tienda/pkg/money"

// Compute gives each línea its amounts and adds them up, all in centavos, as the PAC does:
// Importe = ValorUnitario × Cantidad, Base = Importe − Descuento, IVA = 16 % of the Base rounded
// half-up to the centavo, per concepto; then SubTotal = Σ Importe, Descuento = Σ Descuento,
// IVA = Σ IVA and Total = SubTotal − Descuento + IVA. The Base and its IVA are money.PriceLine's,
// the function that prices the sale's line: a sale line's Base (its final unit price × cantidad)
// is the concepto's, so the concepto's IVA and the sale's agree to the centavo.
func Compute(lineas []Linea) (conceptos []Concepto, subTotal, descuento, iva, total money.Cents) {
	conceptos = make([]Concepto, 0, len(lineas))
	for _, l := range lineas {
		importe := l.ValorUnitario.Times(l.Cantidad)
		// The Base priced as one unit: IVA depends on the Base alone (rounded half away from
		// zero: half-up for the positive bases a sale has).
		priced := money.PriceLine(importe-l.Descuento, 1)
		c := Concepto{Linea: l, Importe: importe, Base: priced.Base, IVA: priced.IVA}
		conceptos = append(conceptos, c)
		subTotal += c.Importe
		descuento += c.Descuento
		iva += c.IVA
	}
	return conceptos, subTotal, descuento, iva, subTotal - descuento + iva
}
