package supplier

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"tienda/modules/catalog/supplier/syscom"
	"tienda/pkg/money"
)

func sample() syscom.Product {
	return syscom.Product{
		ID: "183694", Modelo: " C6N ", Titulo: "Cámara IP Wi-Fi 2 Megapixel / Robótica / Audio bidireccional / Visión nocturna",
		Marca: "EZVIZ", MarcaLogo: "https://ftp3.syscom.mx/logos/ezviz.png", SatKey: "46171610",
		ImgPortada:      "https://ftp3.syscom.mx/fotos/C6N-p.png",
		Categorias:      []syscom.Category{{ID: "1326", Nombre: "PTZ", Nivel: 3}, {ID: "214", Nombre: "Cámaras IP y NVRs", Nivel: 2}, {ID: "22", Nombre: "Videovigilancia", Nivel: 1}},
		Precios:         syscom.Prices{Precio1: 4725, Especial: 3483, Descuento: 2229, Lista: 4725},
		TotalExistencia: 502, Existencia: syscom.Stock{Nuevo: 500, Asterisco: map[string]int{"e": 2}},
		Unidad: syscom.Unit{Codigo: "1", Nombre: "Pieza", ClaveSAT: "h87"},
		Peso:   0.6, Alto: 12, Largo: 15.5, Ancho: 10,
		DescripcionHTML: `<div style="color:red"><h2>C6N</h2><p>Gira <b>360°</b> &amp; sigue el movimiento.</p>` +
			`<iframe width="560" src="https://www.youtube.com/embed/abc123"></iframe><iframe src='https://www.youtube.com/embed/abc123?x=1'></iframe><iframe src="https://evil.example/embed/abc123"></iframe><script>alert(1)</script></div>`,
		Caracteristicas: []string{"Resolución 1080p", "<b>IR</b> 10 m", "  "},
		Imagenes:        []string{"https://ftp3.syscom.mx/fotos/C6N-p.png", "https://ftp3.syscom.mx/fotos/C6N-2.png", "javascript:alert(1)", "/relativa.png"},
		Recursos:        []syscom.Resource{{Nombre: "Hoja de especificaciones", URL: "https://ftp3.syscom.mx/C6N.pdf"}, {Nombre: "", URL: "https://ftp3.syscom.mx/manual.pdf"}, {Nombre: "Mal", URL: "ftp://x"}},
	}
}

func TestFromSyscom(t *testing.T) {
	t.Parallel()
	rules := Rules{General: 3000, PorCategoria: map[string]Percent{"22": 2500}, Minimo: 1000, Redondeo: EndingIn(9)}
	d, err := FromSyscom(sample(), 172600, rules)
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		field     string
		got, want any
	}{
		{"ProductoID", d.ProductoID, "183694"},
		{"Proveedor", d.Proveedor, "Syscom"},
		{"Nombre", d.Nombre, "Cámara IP Wi-Fi 2 Megapixel"},
		{"Titulo", d.Titulo, sample().Titulo},
		{"Modelo", d.Modelo, "C6N"},
		{"Marca", d.Marca, "EZVIZ"},
		{"MarcaLogo", d.MarcaLogo, "https://ftp3.syscom.mx/logos/ezviz.png"},
		{"SatKey", d.SatKey, "46171610"},
		{"UnidadSAT", d.UnidadSAT, "H87"},
		{"dimensions", [4]float64{d.Largo, d.Ancho, d.Alto, d.Peso}, [4]float64{15.5, 10, 12, 0.6}},
		{"Caracteristicas", strings.Join(d.Caracteristicas, "|"), "Resolución 1080p|IR 10 m"},
		{"Imagenes", strings.Join(d.Imagenes, "|"), "https://ftp3.syscom.mx/fotos/C6N-p.png|https://ftp3.syscom.mx/fotos/C6N-2.png"},
		{"Recursos", d.Recursos, []Recurso{{"Hoja de especificaciones", "https://ftp3.syscom.mx/C6N.pdf"}, {"Documento", "https://ftp3.syscom.mx/manual.pdf"}, {"Video", "https://www.youtube.com/watch?v=abc123"}}},
		{"Categorias", strings.Join(d.Categorias, ","), "1326,214,22"},
		{"Categoria", d.Categoria, "22"},
		{"Descripcion", d.Descripcion, `<div><h2>C6N</h2><p>Gira <b>360°</b> &amp; sigue el movimiento.</p></div>`},
		{"DescripcionCorta", d.DescripcionCorta, "C6N Gira 360° & sigue el movimiento."},
		{"ExistenciaProveedor", d.ExistenciaProveedor, 502},
		// 22.29 x 17.26 = $384.73; +25% (category 22) = 480.9125 -> $480.92 -> ends in 9: $489.00.
		{"Precio", d.Precio, Pricing{CostoUSD: 2229, TipoCambio: 172600, CostoMXN: 38473, Margen: 2500, Regla: "categoría 22", Precio: 48900}},
		{"PrecioListaMXN", d.PrecioListaMXN, money.Cents(81554)}, // 47.25 x 17.26 = 815.535
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %#v, want %#v", c.field, c.got, c.want)
		}
	}
}

func TestFromSyscomGaps(t *testing.T) {
	t.Parallel()
	p := syscom.Product{ID: "1", Marca: "Epcom", Modelo: "X-1", SatKey: "4617", Precios: syscom.Prices{Lista: 1000}, TotalExistencia: -3,
		Categorias: []syscom.Category{{ID: "500", Nivel: 3}, {ID: "400", Nivel: 2}}}
	d, err := FromSyscom(p, 172600, Rules{General: 2000})
	if err != nil {
		t.Fatal(err)
	}
	// No title: brand and model; a key that is not 8 digits is left for staff; the cost falls back
	// to the list price; no level-1 category: the shallowest one sent.
	if d.Nombre != "Epcom X-1" || d.SatKey != "" || d.Precio.CostoUSD != 1000 || d.Categoria != "400" || d.ExistenciaProveedor != 0 || d.Imagenes != nil {
		t.Errorf("draft of a sparse product: %+v", d)
	}
	long := strings.Repeat("Cámara ", 40)
	if d, _ := FromSyscom(syscom.Product{ID: "2", Titulo: long, Precios: syscom.Prices{Descuento: 100}}, 172600, Rules{}); len([]rune(d.Nombre)) > 120 || !strings.HasSuffix(d.Nombre, "…") {
		t.Errorf("long name: %q", d.Nombre)
	}
	if _, err := FromSyscom(syscom.Product{ID: "3"}, 172600, Rules{}); !errors.Is(err, ErrSinCosto) {
		t.Errorf("no price: %v", err)
	}
	if got := Cost(syscom.Prices{Especial: 300, Precio1: 400}); got != 300 {
		t.Errorf("cost fallback: %v", got)
	}
}

// A distributor's product larger than the form allows is cut to the form's limits, never refused.
func TestADraftStaysWithinTheFormsLimits(t *testing.T) {
	long := strings.Repeat("Cámara IP de 4 MP con visión nocturna. ", 40)
	html := "<p>" + strings.Repeat(`<a href="https://example.com/x">enlace</a> texto largo de la descripción `, 400) + "</p>"
	p := syscom.Product{ID: "123", Titulo: "Cámara", DescripcionHTML: html, Precios: syscom.Prices{Descuento: 100}}
	for range 70 {
		p.Caracteristicas = append(p.Caracteristicas, long)
	}
	for i := range 30 {
		p.Recursos = append(p.Recursos, syscom.Resource{Nombre: long, URL: fmt.Sprintf("https://example.com/%d.pdf", i)})
	}
	d, err := FromSyscom(p, 172600, Rules{General: 2000})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Caracteristicas) != maxFeatures || utf8.RuneCountInString(d.Caracteristicas[0]) > maxFeature {
		t.Errorf("features: %d, first %d runes", len(d.Caracteristicas), utf8.RuneCountInString(d.Caracteristicas[0]))
	}
	if len(d.Recursos) != maxResources || utf8.RuneCountInString(d.Recursos[0].Nombre) > maxResourceName {
		t.Errorf("resources: %d, first name %d runes", len(d.Recursos), utf8.RuneCountInString(d.Recursos[0].Nombre))
	}
	if n := utf8.RuneCountInString(d.Descripcion); n > maxDescription || n < maxDescription/2 || strings.Count(d.Descripcion, "<a ") != strings.Count(d.Descripcion, "</a>") {
		t.Errorf("description: %d runes, %d links opened, %d closed", n, strings.Count(d.Descripcion, "<a "), strings.Count(d.Descripcion, "</a>"))
	}
}
