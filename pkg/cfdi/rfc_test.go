package cfdi

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// Real RFCs with valid check digits, published as such in python-stdnum's tests
// (tests/test_mx_rfc.doctest, "found online ... all have valid check digits").
var publishedRFCs = []struct {
	rfc   string
	moral bool
}{
	{"GODE561231GR8", false}, {"MAB9307148T4", true}, {"&&&030828PX7", true},
	{"AP&0305026J9", true}, {"B&D9605298Y3", true}, {"MUÑ110218LJ6", true},
	{"AAAA791128D63", false}, {"CCS8512024CA", true}, {"GOAJ7101257MA", false},
	{"HIAD7004306I3", false}, {"EDI000229CA3", true}, {"YAT000229588", true},
	{"ZENP8101128Y0", false}, {"VEFC6503094Q6", false}, {"AAA390128530", true},
}

func TestParseRFCPublished(t *testing.T) {
	t.Parallel()
	for _, tc := range publishedRFCs {
		got, err := ParseRFC(tc.rfc)
		if err != nil {
			t.Errorf("ParseRFC(%q): %v", tc.rfc, err)
			continue
		}
		if got != (RFC{Value: tc.rfc, Moral: tc.moral}) {
			t.Errorf("ParseRFC(%q) = %+v", tc.rfc, got)
		}
	}
}

func TestParseRFC(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, in string
		want     RFC
		err      error
	}{
		{"lower case", "gode561231gr8", RFC{Value: "GODE561231GR8"}, nil},
		{"spaces around and inside", "  GODE 561231 GR8 ", RFC{Value: "GODE561231GR8"}, nil},
		{"hyphens", "MAB-930714-8T4", RFC{Value: "MAB9307148T4", Moral: true}, nil},
		{"lower ñ", "muñ110218lj6", RFC{Value: "MUÑ110218LJ6", Moral: true}, nil},
		{"ampersand", "&&&030828px7", RFC{Value: "&&&030828PX7", Moral: true}, nil},
		// The SAT's public RFC; its last digit is not the computed one (4), it is accepted as generic.
		{"público en general", "xaxx010101000", RFC{Value: RFCPublicoGeneral, Generic: true}, nil},
		{"extranjero", "XEXX010101000", RFC{Value: RFCExtranjero, Generic: true}, nil},
		{"empty", "   ", RFC{}, ErrRFCVacio},
		{"too short", "GODE561231G", RFC{}, ErrRFCLongitud},
		{"too long", "GODE561231GR88", RFC{}, ErrRFCLongitud},
		{"digit among letters", "G0DE561231GR8", RFC{}, ErrRFCLetras},
		{"moral with a digit", "M4B9307148T4", RFC{}, ErrRFCLetras},
		{"month 13", "GODE561331GR8", RFC{}, ErrRFCFecha},
		{"month 00", "GODE560031GR8", RFC{}, ErrRFCFecha},
		{"day 00", "GODE561200GR8", RFC{}, ErrRFCFecha},
		{"30 February", "GODE560230GR8", RFC{}, ErrRFCFecha},
		{"29 February of a common year", "GODE570229GR8", RFC{}, ErrRFCFecha},
		{"31 April", "GODE560431GR8", RFC{}, ErrRFCFecha},
		{"letter in the date", "GODE56I231GR8", RFC{}, ErrRFCFecha},
		{"Ñ in the homoclave", "GODE561231ÑR8", RFC{}, ErrRFCHomo},
		{"symbol in the homoclave", "GODE561231G_8", RFC{}, ErrRFCHomo},
		{"wrong check digit", "GODE561231GR9", RFC{}, ErrRFCDigito},
		{"check digit A expected, 0 given", "CCS8512024C0", RFC{}, ErrRFCDigito},
		{"letter check digit", "GODE561231GRX", RFC{}, ErrRFCDigito},
		{"one character changed", "GODE561231GS8", RFC{}, ErrRFCDigito},
		{"generic look-alike", "XAXX010101001", RFC{}, ErrRFCDigito},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := ParseRFC(tc.in)
			if !errors.Is(err, tc.err) {
				t.Fatalf("ParseRFC(%q) error = %v, want %v", tc.in, err, tc.err)
			}
			if got != tc.want {
				t.Fatalf("ParseRFC(%q) = %+v, want %+v", tc.in, got, tc.want)
			}
		})
	}
}

// Leap days: the century is not written, 00 stands for 2000 (a leap year).
func TestParseRFCLeapDay(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"EDI000229CA3", "YAT000229588"} {
		if _, err := ParseRFC(in); err != nil {
			t.Errorf("ParseRFC(%q): %v", in, err)
		}
	}
	base := []rune("GODE960229GR")
	v := string(append(base, checkDigit(base)))
	if _, err := ParseRFC(v); err != nil {
		t.Errorf("ParseRFC(%q) (1996-02-29): %v", v, err)
	}
}

func TestCheckDigit(t *testing.T) {
	t.Parallel()
	// By hand, MAB9307148T4 (moral: padded with a space to 12 characters). Values of
	// " MAB9307148T" = 37 22 10 11 9 3 0 7 1 4 8 30, weights 13 down to 2:
	// 481+264+110+110+81+24+0+42+5+16+24+60 = 1217 = 11·110 + 7, digit 11−7 = 4.
	// GODE561231GR8: "GODE561231GR" = 16 25 13 14 5 6 1 2 3 1 16 28:
	// 208+300+143+140+45+48+7+12+15+4+48+56 = 1026 = 11·93 + 3, digit 11−3 = 8.
	// CCS8512024CA: " CCS8512024C" = 37 12 12 29 8 5 1 2 0 2 4 12:
	// 481+144+132+290+72+40+7+12+0+8+12+24 = 1222 = 11·111 + 1, 11−1 = 10, written A.
	hand := map[string]rune{"MAB9307148T": '4', "GODE561231GR": '8', "CCS8512024C": 'A'}
	for in, want := range hand {
		if got := checkDigit([]rune(in)); got != want {
			t.Errorf("checkDigit(%s) = %c, want %c", in, got, want)
		}
	}
	for _, tc := range publishedRFCs {
		rs := []rune(tc.rfc)
		if got := checkDigit(rs[:len(rs)-1]); got != rs[len(rs)-1] {
			t.Errorf("checkDigit(%s) = %c", tc.rfc, got)
		}
	}
}

func FuzzParseRFC(f *testing.F) {
	for _, tc := range publishedRFCs {
		f.Add(tc.rfc)
	}
	for _, s := range []string{"", "xaxx010101000", "GODE 561231-GR8", "GODE561231GR9", "ñññ000229ÑÑ0", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRFC(s)
		if err != nil {
			if r != (RFC{}) {
				t.Fatalf("ParseRFC(%q) = %+v with error %v", s, r, err)
			}
			return
		}
		if n := utf8.RuneCountInString(r.Value); n != 12 && n != 13 {
			t.Fatalf("ParseRFC(%q) accepted %q of %d characters", s, r.Value, n)
		}
		if r.Moral != (utf8.RuneCountInString(r.Value) == 12) {
			t.Fatalf("ParseRFC(%q) = %+v: Moral does not match the length", s, r)
		}
		again, err := ParseRFC(r.Value)
		if err != nil || again != r {
			t.Fatalf("ParseRFC(%q) = %+v, but ParseRFC(%q) = %+v, %v", s, r, r.Value, again, err)
		}
	})
}
