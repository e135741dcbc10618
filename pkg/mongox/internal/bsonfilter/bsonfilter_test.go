package bsonfilter

import (
	"regexp"
	"testing"
)

// literal reads back exactly the texts regexp.QuoteMeta writes, and nothing else.
func TestLiteralPatterns(t *testing.T) {
	t.Parallel()
	for _, x := range []string{"", "folio-2026", `a.b*c+d?e(f)g|h[i]j{k}l^m$n\o`, "ñandú @ 55 12", "Mercado Pago"} {
		if got, ok := literal(regexp.QuoteMeta(x)); !ok || got != x {
			t.Errorf("%q: %q %v", x, got, ok)
		}
	}
	for _, p := range []string{"a.b", "^a", "a$", `\d`, `\v`, `a\`, "a\x00", "(a)", `\-`} {
		if _, ok := literal(p); ok {
			t.Errorf("%q was taken as a plain text", p)
		}
	}
}
