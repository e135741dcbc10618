// Package supplier turns a distributor's product into a draft of the shop's product, priced by
// the owner's rules (pricing.go) and with its description made safe (sanitize.go). It is pure:
// no store, no network, no clock; the catalogue module saves drafts as products (and downloads
// their pictures), and the syscom package under it fetches the distributor's products.
package supplier

import (
	"cmp"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"tienda/modules/catalog/supplier/syscom"
	"tienda/pkg/money"
)

// Proveedor is the supplier name drafts of Syscom's products carry.
const Proveedor = "Syscom"

// Recurso is a document of a product: a name and a link.
type Recurso struct {
	Nombre string
	URL    string
}

// Draft is what the shop's product is made from, in the catalogue's field names.
type Draft struct {
	ProductoID       string // the distributor's id
	Proveedor        string
	Nombre           string // the shop's name: the title's first part
	Titulo           string // the distributor's whole title
	Modelo           string
	Marca            string
	MarcaLogo        string   // a URL
	SatKey           string   // the SAT product key: 8 digits, or "" when the distributor's is not
	UnidadSAT        string   // the SAT unit key (H87...)
	Largo            float64  // cm
	Ancho            float64  // cm
	Alto             float64  // cm
	Peso             float64  // kg
	Caracteristicas  []string // plain text, one per feature
	Imagenes         []string // picture URLs to download, the cover first, without repeats
	Recursos         []Recurso
	Categorias       []string // the distributor's category ids, deepest first
	Categoria        string   // its top-level category id: the storefront strip's
	Descripcion      string   // sanitised HTML
	DescripcionCorta string   // plain text, at most 160 characters
	// Precio is the shop's price and how it was made (Precio.Precio is the variant's precioVenta,
	// Precio.CostoMXN its precioCompra; keep CostoUSD and TipoCambio to price it again);
	// PrecioListaMXN is the distributor's public list price converted at the same rate (0 when it
	// sends none), for comparison.
	Precio         Pricing
	PrecioListaMXN money.Cents
	// ExistenciaProveedor is what the distributor has ('disponible con proveedor'): never the
	// shop's own units.
	ExistenciaProveedor int
}

// FromSyscom drafts the shop's product from a distributor's product (with its detail, from
// Client.Product) at the exchange rate rate, priced by rules.
func FromSyscom(p syscom.Product, rate syscom.Rate, rules Rules) (Draft, error) {
	d := Draft{
		ProductoID: p.ID, Proveedor: Proveedor, Titulo: clean(p.Titulo), Modelo: clean(p.Modelo),
		Marca: clean(p.Marca), MarcaLogo: webURL(p.MarcaLogo), SatKey: satKey(p.SatKey),
		UnidadSAT: strings.ToUpper(clean(p.Unidad.ClaveSAT)),
		Largo:     p.Largo, Ancho: p.Ancho, Alto: p.Alto, Peso: p.Peso,
		Descripcion:         description(p.DescripcionHTML),
		ExistenciaProveedor: max(p.TotalExistencia, p.Existencia.Nuevo, 0),
	}
	d.Nombre = name(d.Titulo, d.Marca, d.Modelo)
	d.DescripcionCorta = truncate(PlainText(p.DescripcionHTML), 160)
	for _, c := range p.Caracteristicas {
		if s := PlainText(c); s != "" && len(d.Caracteristicas) < maxFeatures {
			d.Caracteristicas = append(d.Caracteristicas, truncate(s, maxFeature))
		}
	}
	for _, u := range append([]string{p.ImgPortada}, p.Imagenes...) {
		if u = webURL(u); u != "" && !slices.Contains(d.Imagenes, u) {
			d.Imagenes = append(d.Imagenes, u)
		}
	}
	for _, r := range p.Recursos {
		if u := webURL(r.URL); u != "" {
			d.Recursos = append(d.Recursos, Recurso{Nombre: truncate(cmp.Or(clean(r.Nombre), "Documento"), maxResourceName), URL: u})
		}
	}
	d.Recursos = append(d.Recursos, videos(p.DescripcionHTML)...)
	d.Recursos = d.Recursos[:min(len(d.Recursos), maxResources)]
	for _, c := range p.Categorias {
		if c.ID != "" {
			d.Categorias = append(d.Categorias, c.ID)
		}
		if c.Nivel == 1 {
			d.Categoria = c.ID
		}
	}
	if d.Categoria == "" && len(d.Categorias) > 0 {
		d.Categoria = d.Categorias[len(d.Categorias)-1]
	}
	var err error
	if d.Precio, err = rules.Price(Cost(p.Precios), rate, d.Marca, d.Categorias); err != nil {
		return Draft{}, err
	}
	d.PrecioListaMXN = p.Precios.Lista.MXN(rate)
	return d, nil
}

// Cost is what the shop pays the distributor for one unit: its discounted price, or the next
// price it sends when that one is missing.
func Cost(p syscom.Prices) syscom.USD {
	for _, c := range []syscom.USD{p.Descuento, p.Especial, p.Precio1, p.Lista} {
		if c > 0 {
			return c
		}
	}
	return 0
}

// name is the shop's name of a product: the title's part before its first ' / ' (the title
// lists features after it), or brand and model when there is no title; at most 120 characters.
func name(titulo, marca, modelo string) string {
	first, _, _ := strings.Cut(titulo, " / ")
	n := strings.TrimSpace(first)
	if n == "" {
		n = strings.TrimSpace(marca + " " + modelo)
	}
	return truncate(n, 120)
}

// clean collapses a text's spaces and takes out any markup.
func clean(s string) string {
	if strings.ContainsAny(s, "<>&") {
		s = PlainText(s)
	}
	return strings.Join(strings.Fields(s), " ")
}

// webURL keeps an absolute http or https URL, "" for anything else.
func webURL(s string) string {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return ""
	}
	return u.String()
}

// videoFrame finds the address of an embedded YouTube video in an iframe.
var videoFrame = regexp.MustCompile(`(?i)<iframe[^>]*\ssrc\s*=\s*["']?https?://(?:www\.)?youtube(?:-nocookie)?\.com/embed/([A-Za-z0-9_-]{6,20})`)

// videos are the YouTube videos a description embeds, as links: the sanitiser takes the iframes
// out, and the videos stay with the product as resources.
func videos(descripcion string) []Recurso {
	var out []Recurso
	for _, m := range videoFrame.FindAllStringSubmatch(descripcion, 5) {
		r := Recurso{Nombre: "Video", URL: "https://www.youtube.com/watch?v=" + m[1]}
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// satKey keeps a SAT product key of 8 digits.
func satKey(s string) string {
	s = strings.TrimSpace(s)
	if len(s) != 8 || strings.Trim(s, "0123456789") != "" {
		return ""
	}
	return s
}

// The product form's limits (catalog's DetailsInput): a draft within them is never refused for its
// size, however much the distributor sends.
const (
	maxFeatures     = 50
	maxFeature      = 300
	maxResources    = 20
	maxResourceName = 120
	maxDescription  = 10000
)

// description is the distributor's HTML made safe and cut to the form's limit; a cut text is
// made safe again, so that no tag is left half open.
func description(html string) string {
	safe := SanitizeHTML(html)
	for n := maxDescription; utf8.RuneCountInString(safe) > maxDescription && n > 0; n -= 500 {
		safe = SanitizeHTML(string([]rune(safe)[:n]))
	}
	return safe
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
