package cfdi

import (
	_ "embed"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// c_claveunidad.txt is the SAT's c_ClaveUnidad, one key a line, taken once from catCFDI.xsd
// (testdata/xsd; TestClaveUnidadMatchesTheSchema keeps them equal).
//
//go:embed c_claveunidad.txt
var claveUnidadText string

var clavesUnidad = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range strings.Fields(claveUnidadText) {
		m[k] = true
	}
	return m
}()

// ClaveProdServGenerica is c_ClaveProdServ 01010101, "No existe en el catálogo": the key the shop
// puts on a line whose product has none, and on the conceptos of a factura global.
const ClaveProdServGenerica = "01010101"

// claveProdServShape is c_ClaveProdServ's shape: 8 digits, segment (2), family (2), class (2)
// and product (2) of the UNSPSC classification the SAT's catalogue is built on.
var claveProdServShape = regexp.MustCompile(`^[0-9]{8}$`)

// segmentos are the UNSPSC segments c_ClaveProdServ has keys in (its first two digits; 01 only
// in 01010101). The catalogue has some 52,000 keys and the schema checks only their shape, so the
// shop checks the shape, the segment and that the family is set: what a typo usually breaks.
var segmentos = map[string]bool{}

func init() {
	for _, r := range [][2]int{{10, 15}, {20, 27}, {30, 32}, {39, 56}, {60, 60}, {64, 64}, {70, 73}, {76, 86}, {90, 95}} {
		for s := r[0]; s <= r[1]; s++ {
			segmentos[strconv.Itoa(s)] = true
		}
	}
}

// ValidClaveUnidad reports whether k is a key of the SAT's c_ClaveUnidad.
func ValidClaveUnidad(k string) bool { return clavesUnidad[k] }

// CheckClaveUnidad is the Spanish reason k is not a unit key the SAT accepts, "" when it is.
func CheckClaveUnidad(k string) string {
	if ValidClaveUnidad(k) {
		return ""
	}
	return "«" + k + "» no está en el catálogo de unidades del SAT (c_ClaveUnidad). Usa, por ejemplo, H87 (Pieza), E48 (Unidad de servicio), KGM (Kilogramo) o SET (Conjunto)."
}

// CheckClaveProdServ is the Spanish reason k is not a product or service key the SAT accepts,
// "" when it is: 8 digits of a segment of c_ClaveProdServ with its family set. The generic
// 01010101 is accepted here; whether a product may carry it is the catalogue's rule.
func CheckClaveProdServ(k string) string {
	switch {
	case !claveProdServShape.MatchString(k):
		return "La clave SAT tiene 8 dígitos, sin espacios ni guiones (catálogo c_ClaveProdServ), por ejemplo 43222610."
	case k == ClaveProdServGenerica:
		return ""
	case !segmentos[k[:2]] || k[2:4] == "00":
		return "«" + k + "» no es una clave del catálogo de productos y servicios del SAT (c_ClaveProdServ). Búscala en el catálogo del SAT."
	}
	return ""
}

// Texto makes s fit an attribute of the schema's [^|]{1,max} kind (Descripcion, NoIdentificacion,
// Unidad, Nombre): a '|' becomes '/', control characters and runs of spaces become one space,
// the ends are trimmed and it is cut to max characters. It answers "" when nothing is left.
func Texto(s string, max int) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case r == '|':
			r = '/'
		case r == utf8.RuneError || unicode.IsControl(r) || unicode.IsSpace(r) || !validXMLChar(r):
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	out := b.String()
	if utf8.RuneCountInString(out) > max {
		out = strings.TrimSpace(string([]rune(out)[:max]))
	}
	return out
}

// validXMLChar reports whether XML 1.0 admits r in a document.
func validXMLChar(r rune) bool {
	return r == 0x9 || r == 0xA || r == 0xD || (r >= 0x20 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF)
}
