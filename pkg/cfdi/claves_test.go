package cfdi

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The embedded c_ClaveUnidad is the schema's, key for key.
func TestClaveUnidadMatchesTheSchema(t *testing.T) {
	t.Parallel()
	xsd, err := os.ReadFile("testdata/xsd/catCFDI.xsd")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile(`(?s)<xs:simpleType name="c_ClaveUnidad">(.*?)</xs:simpleType>`).FindSubmatch(xsd)
	if block == nil {
		t.Fatal("no c_ClaveUnidad in catCFDI.xsd")
	}
	var want []string
	for _, m := range regexp.MustCompile(`<xs:enumeration value="([^"]*)"/>`).FindAllSubmatch(block[1], -1) {
		want = append(want, string(m[1]))
	}
	got := strings.Fields(claveUnidadText)
	slices.Sort(want)
	slices.Sort(got)
	if len(want) < 2000 || !slices.Equal(got, want) {
		t.Fatalf("c_claveunidad.txt has %d keys, the schema %d", len(got), len(want))
	}
	for k, ok := range map[string]bool{"H87": true, "E48": true, "ACT": true, "KGM": true, "PZA": false, "h87": false, "": false, "pieza": false} {
		if ValidClaveUnidad(k) != ok || (CheckClaveUnidad(k) == "") != ok {
			t.Errorf("ValidClaveUnidad(%q) = %v", k, !ok)
		}
	}
}

func TestCheckClaveProdServ(t *testing.T) {
	t.Parallel()
	for k, ok := range map[string]bool{
		"43222610": true, "46171610": true, "01010101": true, "78102203": true, "53102000": true,
		"4617": false, "4617161O": false, "461716100": false, " 46171610": false, "00000000": false,
		"99999999": false, "43002610": false, "01010102": false, "": false,
	} {
		if got := CheckClaveProdServ(k); (got == "") != ok {
			t.Errorf("CheckClaveProdServ(%q) = %q, want ok %v", k, got, ok)
		}
	}
}

func TestTextoFitsTheSchemasPattern(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Cable | UTP":             "Cable / UTP",
		"  Cámara\tIP\n\r 4K  ":   "Cámara IP 4K",
		"a\x00b\x1fc":             "a b c",
		"|||":                     "///",
		" \t\n":                   "",
		"Taza \"Niño\" <M> & más": "Taza \"Niño\" <M> & más",
	} {
		if got := Texto(in, 1000); got != want {
			t.Errorf("Texto(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Texto(strings.Repeat("ñ", 1200), 1000); len([]rune(got)) != 1000 {
		t.Errorf("not cut to 1000 characters: %d", len([]rune(got)))
	}
}
