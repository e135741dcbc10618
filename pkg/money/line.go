package money

// Line is a priced sale line: Base = unit price x quantity, IVA = 16 % of Base rounded half away
// from zero (per line, as the CFDI needs it) and Total = Base + IVA.
type Line struct {
	Unit      Cents
	Cantidad  int64
	Base, IVA Cents
	Total     Cents
}

// PriceLine prices cantidad units at unit, the final unit price (after discount, extras added).
func PriceLine(unit Cents, cantidad int64) Line {
	base := unit.Times(cantidad)
	iva := base.MulRatio(IVARate, 100)
	return Line{Unit: unit, Cantidad: cantidad, Base: base, IVA: iva, Total: base + iva}
}
