package supplier

import (
	"errors"
	"fmt"
	"strings"

	"tienda/modules/catalog/supplier/syscom"
	"tienda/pkg/apperr"
	"tienda/pkg/money"
)

// The shop's price of a distributor's product: its cost in dollars converted at the distributor's
// exchange rate, plus the owner's margin (percent over cost: a brand's rule first, else the
// deepest of its categories that has one, else the general one; never under the minimum), rounded
// up to the price ending the owner chose. Every step is in integer centavos. The price is the
// shop's precioVenta, before IVA, which is the price the storefront shows first ('más IVA'), so
// the ending is what the shopper reads.

// Percent is a percentage in hundredths: 35% is 3500, 12.5% is 1250.
type Percent int64

// String formats the percentage as 12.5%.
func (p Percent) String() string {
	s := fmt.Sprintf("%d.%02d", p/100, p%100)
	return strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(s, "0"), "0"), ".") + "%"
}

// Rounding is the ending of a price: the price is raised to the next amount that leaves
// Terminacion over a multiple of Multiplo. The zero Rounding leaves the price to the centavo.
type Rounding struct {
	Multiplo    money.Cents
	Terminacion money.Cents
}

// EndingIn is the rounding to prices ending in the given pesos: 9 gives $1,249.00, $1,259.00...;
// 99 gives $1,299.00, $1,399.00...; 0 gives multiples of ten pesos.
func EndingIn(pesos int) Rounding {
	m := money.Cents(1000)
	for p := pesos; p >= 10; p /= 10 {
		m *= 10
	}
	return Rounding{Multiplo: m, Terminacion: money.Cents(pesos) * 100}
}

// Apply raises c to the rounding's next ending (c itself when it already ends so).
func (r Rounding) Apply(c money.Cents) money.Cents {
	if r.Multiplo <= 0 {
		return c
	}
	rem := (c - r.Terminacion) % r.Multiplo
	if rem < 0 {
		rem += r.Multiplo
	}
	if rem == 0 {
		return c
	}
	return c + r.Multiplo - rem
}

// Rules are the owner's pricing rules.
type Rules struct {
	General      Percent            // margin of a product no other rule names
	PorCategoria map[string]Percent // by the distributor's category id, at any level
	PorMarca     map[string]Percent // by brand name, in any case; before categories
	Minimo       Percent            // no price is under cost plus this margin
	Redondeo     Rounding
}

// maxPercent bounds a margin: ten times the cost is already no price a shop asks.
const maxPercent = 100000

// Validate checks the rules as the owner typed them; its errors are for the owner to read (one
// per broken rule, joined).
func (r Rules) Validate() error {
	check := func(p Percent, what string) error {
		if p < 0 || p > maxPercent {
			return apperr.New(apperr.Invalid, "El margen "+what+" debe estar entre 0% y 1000%.")
		}
		return nil
	}
	errs := []error{check(r.General, "general"), check(r.Minimo, "mínimo")}
	for id, p := range r.PorCategoria {
		errs = append(errs, check(p, "de la categoría "+id))
	}
	for m, p := range r.PorMarca {
		errs = append(errs, check(p, "de la marca "+m))
	}
	if r.Redondeo != (Rounding{}) && (r.Redondeo.Multiplo <= 0 || r.Redondeo.Terminacion < 0 || r.Redondeo.Terminacion >= r.Redondeo.Multiplo) {
		errs = append(errs, apperr.New(apperr.Invalid, "La terminación del precio no es válida: elige, por ejemplo, precios que terminen en 9 o en 99 pesos."))
	}
	return errors.Join(errs...)
}

// Pricing is how a price was made, kept with the product so that a sync can price it again when
// the cost or the rate moves.
type Pricing struct {
	CostoUSD   syscom.USD  // what the shop pays the distributor
	TipoCambio syscom.Rate // the rate it was converted at
	CostoMXN   money.Cents
	Margen     Percent // the margin applied
	Regla      string  // which rule gave it: "marca EZVIZ", "categoría 22", "general" or "mínimo"
	Precio     money.Cents
}

// margin is the rule for a product of the brand marca in categories (deepest first).
func (r Rules) margin(marca string, categories []string) (Percent, string) {
	for name, p := range r.PorMarca {
		if strings.EqualFold(strings.TrimSpace(name), strings.TrimSpace(marca)) {
			return r.floor(p, "marca "+name)
		}
	}
	for _, id := range categories {
		if p, ok := r.PorCategoria[id]; ok {
			return r.floor(p, "categoría "+id)
		}
	}
	return r.floor(r.General, "general")
}

func (r Rules) floor(p Percent, rule string) (Percent, string) {
	if p < r.Minimo {
		return r.Minimo, "mínimo"
	}
	return p, rule
}

// ErrSinCosto is a product the distributor sends with no price: it cannot be priced.
var ErrSinCosto = apperr.New(apperr.Invalid, "Syscom no da precio para este producto.")

// ErrSinTipoCambio is a price asked for with no exchange rate.
var ErrSinTipoCambio = apperr.New(apperr.Unavailable, "Syscom no publicó el tipo de cambio: intenta más tarde.")

// Price prices a product costing cost dollars, of brand marca and categories (ids, deepest
// first), at rate.
func (r Rules) Price(cost syscom.USD, rate syscom.Rate, marca string, categories []string) (Pricing, error) {
	if cost <= 0 {
		return Pricing{}, ErrSinCosto
	}
	if rate <= 0 {
		return Pricing{}, ErrSinTipoCambio
	}
	if err := r.Validate(); err != nil {
		return Pricing{}, err
	}
	p := Pricing{CostoUSD: cost, TipoCambio: rate, CostoMXN: cost.MXN(rate)}
	p.Margen, p.Regla = r.margin(marca, categories)
	// Cost x (100% + margin), rounded up: the margin is never short of the rule by a centavo.
	p.Precio = r.Redondeo.Apply(ceilRatio(p.CostoMXN, 10000+int64(p.Margen), 10000))
	return p, nil
}

// ceilRatio is c x num / den rounded up, for c, num and den positive.
func ceilRatio(c money.Cents, num, den int64) money.Cents {
	n := int64(c) * num
	return money.Cents((n + den - 1) / den)
}
