package cfdi

import (
	"strings"
	"unicode/utf8"
)

// RFCError is why ParseRFC refuses an RFC; Message is the Spanish a user reads.
type RFCError struct{ Message string }

// Error returns the Spanish message.
func (e *RFCError) Error() string { return e.Message }

// The reasons ParseRFC refuses an RFC. Callers may compare with errors.Is: the SAT's own register
// holds a few RFCs whose check digit does not validate, so a caller may choose to let the PAC
// decide on ErrRFCDigito.
var (
	ErrRFCVacio    = &RFCError{"Escribe el RFC."}
	ErrRFCLongitud = &RFCError{"El RFC debe tener 13 caracteres (persona física) o 12 (persona moral)."}
	ErrRFCLetras   = &RFCError{"El RFC debe empezar con 4 letras (persona física) o 3 (persona moral)."}
	ErrRFCFecha    = &RFCError{"La fecha del RFC no es válida."}
	ErrRFCHomo     = &RFCError{"La homoclave del RFC (los 3 últimos caracteres) solo puede tener letras y dígitos."}
	ErrRFCDigito   = &RFCError{"El dígito verificador del RFC no es válido."}
)

// rfcAlphabet gives each character its value in the SAT's check-digit algorithm: its index.
const rfcAlphabet = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ"

// ParseRFC checks an RFC as the SAT forms it: 4 letters (persona física) or 3 (persona moral), the
// date YYMMDD, and a 3-character homoclave whose last character is the check digit. Case, spaces
// and hyphens around the parts are forgiven. The two generic RFCs are accepted with Generic set.
func ParseRFC(s string) (RFC, error) {
	v := strings.ToUpper(strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '\t' {
			return -1
		}
		return r
	}, s))
	if v == "" {
		return RFC{}, ErrRFCVacio
	}
	if v == RFCPublicoGeneral || v == RFCExtranjero {
		return RFC{Value: v, Generic: true}, nil
	}
	rs := []rune(v)
	if !utf8.ValidString(v) || (len(rs) != 12 && len(rs) != 13) {
		return RFC{}, ErrRFCLongitud
	}
	n := len(rs) - 9 // letters: 3 or 4
	for _, r := range rs[:n] {
		if !isRFCLetter(r) {
			return RFC{}, ErrRFCLetras
		}
	}
	if !validRFCDate(rs[n : n+6]) {
		return RFC{}, ErrRFCFecha
	}
	homo := rs[n+6:]
	for _, r := range homo[:2] {
		if !isDigit(r) && !(r >= 'A' && r <= 'Z') {
			return RFC{}, ErrRFCHomo
		}
	}
	if checkDigit(rs[:len(rs)-1]) != homo[2] {
		return RFC{}, ErrRFCDigito
	}
	return RFC{Value: v, Moral: len(rs) == 12}, nil
}

// checkDigit computes the SAT's check digit of the first 11 (moral) or 12 (física) characters: the
// value is padded on the left with spaces to 12, each character's value is weighted 13 down to 2,
// and the digit is 11 minus the sum modulo 11 (11 gives 0, 10 gives A).
func checkDigit(rs []rune) rune {
	sum := 0
	pad := 12 - len(rs)
	for i := 0; i < 12; i++ {
		r := ' '
		if i >= pad {
			r = rs[i-pad]
		}
		sum += rfcValue(r) * (13 - i)
	}
	d := (11 - sum%11) % 11
	if d == 10 {
		return 'A'
	}
	return rune('0' + d)
}

// rfcValue is a character's value in the check-digit table: its position in rfcAlphabet, counted
// in characters (Ñ is two bytes in UTF-8).
func rfcValue(r rune) int {
	i := 0
	for _, a := range rfcAlphabet {
		if a == r {
			return i
		}
		i++
	}
	return 0
}

func isRFCLetter(r rune) bool { return (r >= 'A' && r <= 'Z') || r == 'Ñ' || r == '&' }

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// validRFCDate reports whether six characters are a date YYMMDD. The century is not written, so
// 29 February is accepted in any year divisible by 4 (00 stands for 2000, a leap year).
func validRFCDate(d []rune) bool {
	for _, r := range d {
		if !isDigit(r) {
			return false
		}
	}
	yy := int(d[0]-'0')*10 + int(d[1]-'0')
	mm := int(d[2]-'0')*10 + int(d[3]-'0')
	dd := int(d[4]-'0')*10 + int(d[5]-'0')
	days := [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if yy%4 == 0 {
		days[2] = 29
	}
	return mm >= 1 && mm <= 12 && dd >= 1 && dd <= days[mm]
}
