package syscom

import (
	"encoding/json"
	"testing"

	"tienda/pkg/money"
)

func TestParseDecimal(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in     string
		places int
		want   int64
		bad    bool
	}{
		{"47.25", 2, 4725, false}, {"47.2", 2, 4720, false}, {"47", 2, 4700, false}, {"", 2, 0, false},
		{" 1,234.50 ", 2, 123450, false}, {"0.005", 2, 1, false}, {"0.0049", 2, 0, false}, {"-3.125", 2, -313, false},
		{".5", 2, 50, false}, {"17.26", 4, 172600, false}, {"17.2649", 4, 172649, false}, {"12", 0, 12, false},
		{"abc", 2, 0, true}, {"1.2.3", 2, 0, true}, {"1e5", 2, 0, true}, {".", 2, 0, true}, {"99999999999999", 2, 0, true},
	}
	for _, c := range cases {
		got, err := parseDecimal(c.in, c.places)
		if (err != nil) != c.bad || (!c.bad && got != c.want) {
			t.Errorf("parseDecimal(%q, %d) = %d, %v; want %d, bad=%v", c.in, c.places, got, err, c.want, c.bad)
		}
	}
}

func TestUSDToPesos(t *testing.T) {
	t.Parallel()
	cases := []struct {
		usd  USD
		rate Rate
		want money.Cents
	}{
		{4725, 172600, 81554},           // 47.25 x 17.26 = 815.535 -> 815.54
		{2229, 172600, 38473},           // 22.29 x 17.26 = 384.7254
		{100, 175100, 1751},             // a dollar at un_mes
		{123456789, 172649, 2131469116}, // 1,234,567.89 x 17.2649 = 21,314,691.1571...
	}
	for _, c := range cases {
		if got := c.usd.MXN(c.rate); got != c.want {
			t.Errorf("%v at %v = %v, want %v", c.usd, c.rate, got, c.want)
		}
	}
	if s := USD(4725).String(); s != "US$47.25" {
		t.Errorf("USD string %q", s)
	}
	if s := Rate(172600).String(); s != "17.26" {
		t.Errorf("rate string %q", s)
	}
}

// The shapes the notes warn of, written by hand: numbers where strings were, empty lists where
// objects were, missing fields; and what must be refused.
func TestDecodeProductShapes(t *testing.T) {
	t.Parallel()
	good := `{"producto_id": 183694, "modelo": "C6N", "titulo": "Cámara", "total_existencia": "12",
		"precios": {"precio_1": 47.25, "precio_descuento": "22.29", "precio_lista": "47.25", "volumen": []},
		"existencia": [], "iconos": {"sup_der": "https://x/i.png", "inf_izq": null}, "peso": 1.5, "alto": "",
		"categorias": [{"id": 22, "nombre": "Videovigilancia", "nivel": "1"}, {"id": "1326", "nombre": "PTZ", "nivel": 3}],
		"imagenes": [{"imagen": "b.jpg", "orden": "1"}, {"imagen": "a.jpg", "orden": 0}, {"imagen": "", "orden": 2}],
		"caracteristicas": ["uno", 2, " "], "extra": {"anything": true}}`
	var w wireProduct
	if err := json.Unmarshal([]byte(good), &w); err != nil {
		t.Fatal(err)
	}
	p, err := w.product()
	if err != nil {
		t.Fatal(err)
	}
	if p.ID != "183694" || p.TotalExistencia != 12 || p.Precios.Precio1 != 4725 || p.Precios.Descuento != 2229 || p.Precios.Especial != 0 {
		t.Errorf("ids, counts and prices: %+v", p)
	}
	if p.Categorias[0].ID != "1326" || p.Categorias[1].ID != "22" {
		t.Errorf("categories not deepest first: %+v", p.Categorias)
	}
	if len(p.Imagenes) != 2 || p.Imagenes[0] != "a.jpg" || len(p.Iconos) != 1 || p.Peso != 1.5 || p.Alto != 0 {
		t.Errorf("pictures, badges, measures: %+v", p)
	}
	if len(p.Caracteristicas) != 2 || p.Caracteristicas[1] != "2" {
		t.Errorf("features: %q", p.Caracteristicas)
	}
	bad := []string{
		`{"modelo": "sin id"}`,
		`{"producto_id": "12a"}`,
		`{"producto_id": "1", "precios": {"precio_lista": "cuarenta"}}`,
		`{"producto_id": "1", "precios": {"precio_lista": "-4"}}`,
		`{"producto_id": "1", "precios": {"volumen": {"muchos": "1.00"}}}`,
		`{"producto_id": "1", "existencia": {"nuevo": "varios"}}`,
		`{"producto_id": "1", "peso": "pesado"}`,
	}
	for _, b := range bad {
		var w wireProduct
		if err := json.Unmarshal([]byte(b), &w); err != nil {
			continue // refused while decoding
		}
		if _, err := w.product(); err == nil {
			t.Errorf("%s: accepted", b)
		}
	}
	for _, b := range []string{`{"producto_id": true}`, `{"producto_id": "1", "total_existencia": 1.5}`, `{"producto_id": "1", "iconos": "x"}`} {
		var w wireProduct
		if err := json.Unmarshal([]byte(b), &w); err == nil {
			t.Errorf("%s: decoded", b)
		}
	}
}
