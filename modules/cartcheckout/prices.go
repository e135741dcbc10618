package cartcheckout

import (
	"context"

	"tienda/pkg/money"
)

// price quotes the lines and totals them in centavos.
func (s *Service) price(ctx context.Context, lines []Line) ([]PricedLine, money.Totals, error) {
	priced, err := s.catalog.Quote(ctx, lines)
	if err != nil {
		return nil, money.Totals{}, err
	}
	return priced, totalsOf(priced), nil
}

// lineMoney is a priced line's money: its final unit price times its quantity, with its IVA.
func lineMoney(l PricedLine) money.Line { return money.PriceLine(l.PrecioFinal, int64(l.Cantidad)) }

// totalsOf is a sale's subtotal, IVA and total: the sums of its lines' (IVA per line).
func totalsOf(lines []PricedLine) money.Totals {
	each := make([]money.Line, len(lines))
	for i, l := range lines {
		each[i] = lineMoney(l)
	}
	return money.Sum(each...)
}

// samePrice reports whether two pricings of a line charge the same: list price, discount, final
// unit price and each extra's price.
func samePrice(a, b PricedLine) bool {
	if a.Precio != b.Precio || a.Descuento != b.Descuento || a.PrecioFinal != b.PrecioFinal || len(a.Extras) != len(b.Extras) {
		return false
	}
	for i := range a.Extras {
		if a.Extras[i].ID != b.Extras[i].ID || a.Extras[i].Precio != b.Extras[i].Precio {
			return false
		}
	}
	return true
}
