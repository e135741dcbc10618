package search

import (
	"strings"
	"testing"
)

func TestFoldAndNeedle(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"María Fernanda LÓPEZ":     "maria fernanda lopez",
		"  Ñandú   Güero ":         "nandu guero",
		"O'Brien & Hijos <S.A.>":   "o brien hijos s.a.",
		"ana.l+1@Tienda.MX":        "ana.l+1@tienda.mx",
		"20261123-153045-4821":     "20261123-153045-4821",
		"línea\u2028dos\ttres\x00": "linea dos tres",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
	text := Text([]string{"20261123-153045-4821", "Juan Pérez", "María López", "maria@correo.mx"}, []string{"55 1234-5678", "20261123-153045-4821"})
	if strings.ContainsAny(text, `"\`) {
		t.Errorf("the text needs escapes: %q", text)
	}
	for q, found := range map[string]bool{
		"perez": true, "PÉREZ": true, "juan p": true, "maría lóp": true, "MARIA@CORREO": true,
		"55 1234 5678": true, "(55) 1234-5678": true, "5512345678": true, "1234": true,
		"20261123-1530": true, "4821": true, "153045-4821": true, "juan maria": false, "lopez maria": false,
	} {
		n := Needle(q)
		if n == "" || strings.Contains(text, n) != found {
			t.Errorf("Needle(%q) = %q in %q: want %v", q, n, text, found)
		}
	}
	if Needle("  -- ") != "--" || Needle("¿?") != "" {
		t.Errorf("Needle of signs: %q %q", Needle("  -- "), Needle("¿?"))
	}
}
