package cfdi

import "tienda/pkg/money"

// Compute gives each línea its amounts and adds them up, all in centavos, as the PAC does:
// Importe = ValorUnitario × Cantidad, Base = Importe − Descuento, IVA = 16 % of the Base rounded
// half-up to the centavo, per concepto; then SubTotal = Σ Importe, Descuento = Σ Descuento,
// IVA = Σ IVA and Total = SubTotal − Descuento + IVA.
func Compute(lineas []Linea) (conceptos []Concepto, subTotal, descuento, iva, total money.Cents) {
	conceptos = make([]Concepto, 0, len(lineas))
	for _, l := range lineas {
		importe := l.ValorUnitario.Times(l.Cantidad)
		base := importe - l.Descuento
		// MulRatio rounds half away from zero: half-up for the positive bases a sale has.
		c := Concepto{Linea: l, Importe: importe, Base: base, IVA: base.IVA()}
		conceptos = append(conceptos, c)
		subTotal += c.Importe
		descuento += c.Descuento
		iva += c.IVA
	}
	return conceptos, subTotal, descuento, iva, subTotal - descuento + iva
}
