package syscom

import (
	"fmt"
	"strings"

	"tienda/pkg/money"
)

// USD is an amount of US dollars in cents, as the distributor prices its products.
type USD int64

// String formats the amount as US$12.34.
func (u USD) String() string {
	s := money.Cents(u).String() // the same digits and separators as pesos
	if u < 0 {
		return "-US" + s[1:]
	}
	return "US" + s
}

// MXN converts the amount at rate, rounded half away from zero to the centavo.
func (u USD) MXN(r Rate) money.Cents { return money.Cents(u).MulRatio(int64(r), RateScale) }

// Rate is an exchange rate in pesos per dollar, in ten-thousandths (17.26 is 172600).
type Rate int64

// RateScale is the number of Rate units in one peso per dollar.
const RateScale = 10000

// String formats the rate as the distributor does: 17.26.
func (r Rate) String() string {
	s := fmt.Sprintf("%d.%04d", r/RateScale, r%RateScale)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}

// parseDecimal reads a decimal number ("47.25", "1,234.5", "17", "-3.125") as an integer count of
// 10^-places, rounding half away from zero beyond that, with no floating point on the way. An
// empty text is 0; anything else (letters, two points, an exponent) is an error.
func parseDecimal(s string, places int) (int64, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	if t == "" {
		return 0, nil
	}
	neg := strings.HasPrefix(t, "-")
	t = strings.TrimPrefix(strings.TrimPrefix(t, "-"), "+")
	whole, frac, _ := strings.Cut(t, ".")
	if whole == "" && frac == "" || !digits(whole) || !digits(frac) || len(whole) > 13 {
		return 0, fmt.Errorf("not a decimal number: %q", s)
	}
	var v int64
	for _, ch := range whole {
		v = v*10 + int64(ch-'0')
	}
	for i := range places {
		v *= 10
		if i < len(frac) {
			v += int64(frac[i] - '0')
		}
	}
	if len(frac) > places && frac[places] >= '5' {
		v++
	}
	if neg {
		v = -v
	}
	return v, nil
}

func digits(s string) bool {
	for _, ch := range s {
		if ch < '0' || ch > '9' {
			return false
		}
	}
	return true
}

// parseUSD reads a dollar price.
func parseUSD(s string) (USD, error) {
	v, err := parseDecimal(s, 2)
	return USD(v), err
}

// parseRate reads an exchange rate.
func parseRate(s string) (Rate, error) {
	v, err := parseDecimal(s, 4)
	if err == nil && v < 0 {
		err = fmt.Errorf("negative exchange rate: %q", s)
	}
	return Rate(v), err
}
