package money

// Line is a priced sale line: Cantidad units at Unit each (the final unit price: list price after
// its discount, extras added), its Base before IVA, its IVA and its Total.
type Line struct {
	Unit     Cents
	Cantidad int64
	Base     Cents // Unit x Cantidad
	IVA      Cents // IVARate % of Base, rounded half away from zero, for this line alone
	Total    Cents // Base + IVA
}

// PriceLine prices cantidad units at unit each. It is the one place a sale's money is computed:
// the cart, the order, the payment preference, the ticket, the cut, the report, a return and the
// CFDI (whose conceptos carry IVA per concepto) all take their amounts from it, so they agree to
// the centavo. The IVA is rounded once per line, never on a sum of lines.
func PriceLine(unit Cents, cantidad int64) Line {
	base := unit.Times(cantidad)
	iva := base.MulRatio(IVARate, 100)
	return Line{Unit: unit, Cantidad: cantidad, Base: base, IVA: iva, Total: base + iva}
}

// Sub is what separates l from an earlier pricing o of the same line with fewer units: a partial
// return of k units after r returned before refunds PriceLine(u, r+k).Sub(PriceLine(u, r)), so
// returning every unit, in any pieces, refunds exactly the line.
func (l Line) Sub(o Line) Line {
	return Line{Unit: l.Unit, Cantidad: l.Cantidad - o.Cantidad, Base: l.Base - o.Base, IVA: l.IVA - o.IVA, Total: l.Total - o.Total}
}

// Totals are a sale's subtotal (before IVA), IVA and total.
type Totals struct {
	Subtotal, IVA, Total Cents
}

// Sum adds priced lines up: a sale's totals are the sums of its lines' bases, IVAs and totals.
func Sum(lines ...Line) Totals {
	var t Totals
	for _, l := range lines {
		t.Subtotal += l.Base
		t.IVA += l.IVA
		t.Total += l.Total
	}
	return t
}

// Refund is the money a return of k units of a line gives back when returned units were already
// returned before: the difference of the line priced with and without them (see Sub).
func Refund(unit Cents, returned, k int64) Line {
	return PriceLine(unit, returned+k).Sub(PriceLine(unit, returned))
}
