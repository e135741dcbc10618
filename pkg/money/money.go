// Package money does all price arithmetic on integer centavos. Documents and JSON carry pesos with
// two decimals; conversion happens at the edges with FromPesos and Pesos.
package money

import (
	"fmt"
	"math"
)

// Cents is an amount of Mexican pesos in centavos.
type Cents int64

// IVARate is the value-added tax rate, in percent, added on top of each line (PriceLine).
const IVARate = 16

// FromPesos converts a peso amount to centavos, rounding half away from zero. It rejects NaN,
// infinities and amounts beyond a trillion pesos.
func FromPesos(p float64) (Cents, error) {
	if math.IsNaN(p) || math.IsInf(p, 0) || math.Abs(p) > 1e12 {
		return 0, fmt.Errorf("money: amount out of range: %v", p)
	}
	// Round the centavos to 6 decimals first so that 0.285*100 = 28.499999 becomes 28.5.
	c := math.Round(p*100*1e6) / 1e6
	return Cents(math.Round(c)), nil
}

// MustFromPesos is FromPesos for constants and trusted data; it panics on an invalid amount.
func MustFromPesos(p float64) Cents {
	c, err := FromPesos(p)
	if err != nil {
		panic(err)
	}
	return c
}

// Pesos returns the amount in pesos, for documents and JSON.
func (c Cents) Pesos() float64 { return float64(c) / 100 }

// String formats the amount as the shop shows it: $1,234.50.
func (c Cents) String() string {
	sign := ""
	v := int64(c)
	if v < 0 {
		sign, v = "-", -v
	}
	whole, frac := v/100, v%100
	s := fmt.Sprintf("%d", whole)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return fmt.Sprintf("%s$%s.%02d", sign, s, frac)
}

// MulRatio returns c x num / den rounded half away from zero, in integer arithmetic.
func (c Cents) MulRatio(num, den int64) Cents {
	p := int64(c) * num
	q, r := p/den, p%den
	if 2*abs(r) >= abs(den) {
		if (p < 0) != (den < 0) {
			q--
		} else {
			q++
		}
	}
	return Cents(q)
}

// Discounted returns the price after a discount in percent (0-100), rounded once.
func (c Cents) Discounted(percent float64) Cents {
	if percent <= 0 {
		return c
	}
	if percent >= 100 {
		return 0
	}
	// Percent may carry decimals (12.5%): work in hundredths of a percent.
	hundredths := int64(math.Round(percent * 100))
	return c.MulRatio(10000-hundredths, 10000)
}

// Times returns c x n.
func (c Cents) Times(n int64) Cents { return c * Cents(n) }

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
