package money

import (
	"math/rand/v2"
	"testing"
)

// PriceLine by hand: IVA is 16 % of the line's base, rounded to the nearest centavo (half away
// from zero), once per line.
func TestPriceLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		unit          Cents
		n             int64
		base, iva, to Cents
	}{
		{10001, 1, 10001, 1600, 11601},     // 1,600.16 -> 1,600
		{3, 1, 3, 0, 3},                    // 0.48 -> 0
		{4, 1, 4, 1, 5},                    // 0.64 -> 1
		{215910, 2, 431820, 69091, 500911}, // 69,091.2 -> 69,091
		{14999, 3, 44997, 7200, 52197},     // 7,199.52 -> 7,200
		{1, 50, 50, 8, 58},                 // 8 exactly
		{0, 7, 0, 0, 0},                    // a free line
	}
	for _, tt := range tests {
		l := PriceLine(tt.unit, tt.n)
		if l != (Line{Unit: tt.unit, Cantidad: tt.n, Base: tt.base, IVA: tt.iva, Total: tt.to}) {
			t.Errorf("PriceLine(%v, %d) = %+v, want base %v iva %v total %v", tt.unit, tt.n, l, tt.base, tt.iva, tt.to)
		}
	}
}

// The sale's IVA is the sum of its lines' IVA, not 16 % of the subtotal: two lines of $0.03 have
// no IVA (0.48 centavos each rounds to 0) though 16 % of $0.06 would round to 1 centavo.
func TestSumAddsTheLinesIVA(t *testing.T) {
	t.Parallel()
	got := Sum(PriceLine(3, 1), PriceLine(3, 1))
	if got != (Totals{Subtotal: 6, IVA: 0, Total: 6}) {
		t.Fatalf("Sum = %+v, want $0.06 $0.00 $0.06", got)
	}
	got = Sum(PriceLine(215910, 2), PriceLine(14999, 3))
	if got != (Totals{Subtotal: 476817, IVA: 69091 + 7200, Total: 476817 + 76291}) {
		t.Fatalf("Sum = %+v", got)
	}
	if Sum() != (Totals{}) {
		t.Fatal("no lines must sum to nothing")
	}
}

// Returning a line's units in random pieces refunds, in base, IVA and total, exactly the line.
func TestRefundsInPiecesAddUpToTheLine(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(23, 6))
	for range 20000 {
		unit := Cents(r.Int64N(9_999_999) + 1)
		n := r.Int64N(50) + 1
		line := PriceLine(unit, n)
		var back Totals
		for returned := int64(0); returned < n; {
			k := r.Int64N(n-returned) + 1
			piece := Refund(unit, returned, k)
			if piece.Cantidad != k || piece.Base != unit.Times(k) || piece.Total != piece.Base+piece.IVA || piece.IVA < 0 {
				t.Fatalf("refund of %d after %d of %v x %d = %+v", k, returned, unit, n, piece)
			}
			back = Totals{Subtotal: back.Subtotal + piece.Base, IVA: back.IVA + piece.IVA, Total: back.Total + piece.Total}
			returned += k
		}
		if back != Sum(line) {
			t.Fatalf("%v x %d: refunds %+v, line %+v", unit, n, back, line)
		}
	}
}
