package catalog

import (
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

// Pricing: what a product sells for. Every price the catalogue answers (the storefront, the
// product page, a quote for a cart or a sale, the export, the supplier fields, the demo sales) is
// made here, in this order:
//
//  1. the variant's list price (precioVenta, before IVA);
//  2. its discount: the variant's own or the product's discount while it is active (discounts.go),
//     whichever is larger (effectivePercent), rounded to the cent by money.Cents.Discounted;
//  3. plus the chosen extras, never discounted (lineUnitPrice);
//  4. plus IVA, on the line (money.PriceLine; withIVA for one unit).
//
// The supplier's margin rules (cost in dollars to a list price) are another matter:
// modules/catalog/supplier/pricing.go.

// pricing prices products at one moment with one set of discounts.
type pricing struct {
	discounts map[bson.ObjectID]Discount
	today     string // AAAA-MM-DD in the shop's time zone
}

func (m *memory) pricing(now time.Time) pricing {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return pricing{discounts: m.discounts, today: now.In(shoptime.Zone).Format(time.DateOnly)}
}

// active reports whether a discount applies on the pricing's day (its expiry day included).
func (pr pricing) active(d Discount) bool { return d.ExpirationDate >= pr.today }

// productPercent is the percentage of the product's discount while it applies, else 0.
func (pr pricing) productPercent(p *Product) float64 {
	if p.DescuentoID == "" {
		return 0
	}
	id, err := bson.ObjectIDFromHex(p.DescuentoID)
	if err != nil {
		return 0
	}
	d, ok := pr.discounts[id]
	if !ok || !pr.active(d) {
		return 0
	}
	return d.Percentage
}

// effectivePercent is the discount a variant sells with: its own or the product's discount,
// whichever is larger. It counts only if above 0 and when it leaves a price below the list price.
func effectivePercent(own, product float64, price money.Cents) float64 {
	pct := max(own, product)
	if pct <= 0 || price <= 0 {
		return 0
	}
	return min(pct, 100)
}

// priced returns p with each variant's effective discount and final price filled in. The variants
// are copied, so the catalogue's own product is left alone.
func (pr pricing) priced(p Product) Product {
	prod := pr.productPercent(&p)
	vs := make([]Variante, len(p.Variantes))
	for i, v := range p.Variantes {
		price := money.MustFromPesos(v.PrecioVenta)
		v.DescuentoEfectivo = effectivePercent(v.Descuento, prod, price)
		v.PrecioFinal = finalPrice(price, v.DescuentoEfectivo).Pesos()
		vs[i] = v
	}
	p.Variantes = vs
	return p
}

// discounted reports whether the product's first variant sells with a discount.
func (pr pricing) discounted(p *Product) bool {
	if len(p.Variantes) == 0 {
		return false
	}
	v := p.Variantes[0]
	return effectivePercent(v.Descuento, pr.productPercent(p), money.MustFromPesos(v.PrecioVenta)) > 0
}

// finalPrice is a list price after a discount percentage.
func finalPrice(list money.Cents, percent float64) money.Cents { return list.Discounted(percent) }

// ownFinalPrice is a variant's price after its own discount only, the product's aside: the
// supplier fields' precio_descuento, and the demo sales' lines.
func ownFinalPrice(v Variante) money.Cents {
	list := money.MustFromPesos(v.PrecioVenta)
	return finalPrice(list, effectivePercent(v.Descuento, 0, list))
}

// lineUnitPrice is one unit of a cart's or a sale's line: the variant's price after its discount
// (percent, effectivePercent's), plus the chosen extras' prices.
func lineUnitPrice(list money.Cents, percent float64, extras []money.Cents) money.Cents {
	unit := finalPrice(list, percent)
	for _, e := range extras {
		unit += e
	}
	return unit
}

// withIVA is one unit's price with IVA, as the cart prices a line of one unit.
func withIVA(unit money.Cents) money.Cents { return money.PriceLine(unit, 1).Total }
