// Package search folds texts for a case- and accent-insensitive substring search kept in a stored
// field: the embedded store has no collation and no text index, and on MongoDB a
// search of a folded field needs neither.
package search

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold is s lower-case, without accents (á → a, ñ → n, ü → u), with every character other than a
// letter, a digit or one of @ . _ + - turned into a space, and runs of spaces made one: "María
// O'Brien  López" → "maria o brien lopez". Folded texts never need an escape in JSON.
func Fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	out = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return unicode.ToLower(r)
		case strings.ContainsRune("@._+-", r):
			return r
		}
		return ' '
	}, out)
	return strings.Join(strings.Fields(out), " ")
}

// Digits keeps the digits of s: "55 1234-5678" → "5512345678".
func Digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// Text is the stored search text of a record: each part folded, and the digits of each of
// numbers (phones, folios) so that "55 1234 5678" and "5512345678" both find it, separated so that
// no search spans two parts.
func Text(parts []string, numbers []string) string {
	var out []string
	for _, p := range parts {
		if f := Fold(p); f != "" {
			out = append(out, f)
		}
	}
	for _, n := range numbers {
		if d := Digits(n); d != "" {
			out = append(out, d)
		}
	}
	return strings.Join(out, " | ")
}

// Needle is what a search q looks for in a Text: q folded; or, when q is only digits and the
// signs of a phone or a folio (spaces, - ( ) + .), only its digits. "" when q has nothing to look
// for.
func Needle(q string) string {
	if d := Digits(q); d != "" && strings.Trim(q, "0123456789 -()+.") == "" {
		return d
	}
	return Fold(q)
}
