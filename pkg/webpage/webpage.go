// Package webpage writes what a storefront page's HTML carries for search engines, link previews
// (WhatsApp, Facebook, X) and the app's first paint into the page the front end's build produced:
// its own title and description, the canonical URL, Open Graph and Twitter tags, JSON-LD, a
// preload of its main picture and, for the app, the data the page draws first.
//
// Every text is escaped for where it goes: attribute values and the title as HTML, JSON inside
// <script> with <, > and & as \u escapes, so no product text can close a tag or a script.
package webpage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"
)

// Page is one page's own head and data.
type Page struct {
	Title       string // the whole <title>, e.g. "Cámara IP 4 MP | Tienda"
	Description string // one or two sentences, plain text
	Path        string // the canonical path, from the site's root: "/product/66..."; "" for none (a 404)
	Type        string // og:type: "website" (default) or "product"
	NoIndex     bool   // a page search engines must not list (a search's results): robots noindex
	Image       *Image
	// CardImages are the pictures of the first cards of the page's grid, in the cards' order (a
	// category's first screen). Each is preloaded, at the browser's own priority, so that it
	// downloads beside the app's code rather than after it, and drawn in the page's CardImageSlots
	// in turn, so that it paints with the HTML. A card without a picture has an Image without URL:
	// its slot keeps its placeholder.
	CardImages []Image
	Offer      *Offer // og's product:price tags; product pages only
	// JSONLD are schema.org objects, each written as its own application/ld+json script.
	JSONLD []any
	// Data is written as <script id="{DataID}" type="application/json">: what the app would
	// otherwise ask the API for before drawing the page (EncodeData).
	DataID string
	Data   EncodedData
}

// EncodedData is a page's data encoded for its <script>, by EncodeData only: a caller may keep it
// and give it to every page that carries the same data, which is then encoded once.
type EncodedData struct{ json string }

// EncodeData encodes v for a page's data script (scriptJSON).
func EncodeData(v any) (EncodedData, error) {
	data, err := scriptJSON(v)
	return EncodedData{json: data}, err
}

// Image is a page's main picture: the preload, og:image, and the picture drawn in the page's
// MainImageSlot.
type Image struct {
	URL    string // a path of the site ("/v1/imagenes/...") or an absolute http(s) URL
	Alt    string
	Srcset string // the picture's sizes, when it has them; the preload then carries them too
	Sizes  string
	Type   string // the srcset's media type ("image/webp"): browsers without it skip the preload
	// FallbackSrcset are the same sizes in a type every browser reads (JPEG), for the <img>
	// behind a <source> of Type.
	FallbackSrcset string
}

// MainImageSlot marks the element of a page of the build that the page's main picture replaces
// as the page is served, so that it paints with the HTML rather than after the app has run
// (frontend/src/features/catalog/components/producto-page.tsx draws the slot, in the picture's box).
const MainImageSlot = `data-imagen-principal=""`

// CardImageSlot marks, in a page of the build, the picture box of each of a grid's first cards,
// in which Render draws the page's CardImages in order (frontend/src/components/skeleton.tsx draws
// the slots in a card's picture box, ProductoCard's).
const CardImageSlot = `data-imagen-tarjeta=""`

// The classes of a picture drawn in a slot, as the app draws it there: the main picture as
// ImageCarousel does (a square), a card's as ProductoCard does (a square with rounded corners).
const (
	mainImageClass = "object-contain aspect-square w-full"
	cardImageClass = "object-contain aspect-square w-full rounded-lg"
)

// Offer is what a product sells for, as og's product: tags say it.
type Offer struct {
	Amount   string // "1234.50"
	Currency string // "MXN"
	InStock  bool
}

// Site is what every page shares.
type Site struct {
	Name string // og:site_name
	Base string // the public URL, without a trailing slash: "https://tienda.example.mx"
}

// Absolute returns path on the site as an absolute URL; an absolute URL stays as it is.
func (s Site) Absolute(path string) string {
	if strings.HasPrefix(path, "https://") || strings.HasPrefix(path, "http://") {
		return path
	}
	return s.Base + path
}

var (
	titleTag       = regexp.MustCompile(`<title>[^<]*</title>`)
	descriptionTag = regexp.MustCompile(`<meta name="description" content="[^"]*"\s*/?>`)
)

// Render returns template, an HTML page of the front end's build, with p's title, description,
// head tags and data. A template without <title>, the description tag, </head> or </body> is an
// error: the build changed in a way this package must follow.
func Render(template []byte, site Site, p Page) ([]byte, error) {
	out := string(template)
	for _, need := range []string{"</head>", "</body>"} {
		if !strings.Contains(out, need) {
			return nil, fmt.Errorf("webpage: the page has no %s", need)
		}
	}
	if !titleTag.MatchString(out) || !descriptionTag.MatchString(out) {
		return nil, fmt.Errorf("webpage: the page has no <title> or description")
	}
	out = replaceFirst(titleTag, out, "<title>"+html.EscapeString(p.Title)+"</title>")
	out = replaceFirst(descriptionTag, out, `<meta name="description" content="`+attr(p.Description)+`" />`)

	head, err := headTags(site, p)
	if err != nil {
		return nil, err
	}
	out = strings.Replace(out, "</head>", head+"</head>", 1)
	if img := p.Image; img != nil && img.URL != "" {
		if start, end := slotAt(out, MainImageSlot, 0); start >= 0 {
			out = out[:start] + pictureTag(img, mainImageClass) + out[end:]
		}
	}
	out = drawCardImages(out, p.CardImages)
	if p.Data.json != "" {
		out = strings.Replace(out, "</body>", `<script id="`+attr(p.DataID)+`" type="application/json">`+p.Data.json+"</script></body>", 1)
	}
	return []byte(out), nil
}

// slotAt finds, in page from index from, the first element `<div {marker}...></div>` (an empty
// div whose first attribute is marker): its start and end, or -1, -1. A search for strings, not a
// regular expression: a page is some 15 KB, searched on every request.
func slotAt(page, marker string, from int) (start, end int) {
	open := "<div " + marker
	for {
		i := strings.Index(page[from:], open)
		if i < 0 {
			return -1, -1
		}
		start = from + i
		gt := start + strings.IndexByte(page[start:], '>') // the div's own '>' (attribute values escape it)
		if gt >= start && strings.HasPrefix(page[gt:], "></div>") {
			return start, gt + len("></div>")
		}
		from = start + len(open)
	}
}

// drawCardImages draws each card's picture in its CardImageSlot of page, in order, in one pass;
// a card without a picture leaves its slot, and so do slots beyond the cards.
func drawCardImages(page string, cards []Image) string {
	if len(cards) == 0 {
		return page
	}
	var b strings.Builder
	b.Grow(len(page) + 1500*len(cards)) // a picture tag with its sizes is about 1.5 KB
	next := 0
	for i := range cards {
		start, end := slotAt(page, CardImageSlot, next)
		if start < 0 {
			break
		}
		if cards[i].URL == "" {
			b.WriteString(page[next:end])
		} else {
			b.WriteString(page[next:start])
			b.WriteString(pictureTag(&cards[i], cardImageClass))
		}
		next = end
	}
	b.WriteString(page[next:])
	return b.String()
}

func replaceFirst(re *regexp.Regexp, s, with string) string {
	loc := re.FindStringIndex(s)
	return s[:loc[0]] + with + s[loc[1]:]
}

// headTags are the tags Render puts at the end of <head>.
func headTags(site Site, p Page) (string, error) {
	var b strings.Builder
	meta := func(attrName, key, value string) {
		if value != "" {
			fmt.Fprintf(&b, `<meta %s="%s" content="%s" />`, attrName, attr(key), attr(value))
		}
	}
	if p.NoIndex {
		b.WriteString(`<meta name="robots" content="noindex" />`)
	}
	url := ""
	if p.Path != "" {
		url = site.Absolute(p.Path)
		fmt.Fprintf(&b, `<link rel="canonical" href="%s" />`, attr(url))
	}
	kind := p.Type
	if kind == "" {
		kind = "website"
	}
	meta("property", "og:site_name", site.Name)
	meta("property", "og:locale", "es_MX")
	meta("property", "og:type", kind)
	meta("property", "og:title", p.Title)
	meta("property", "og:description", p.Description)
	meta("property", "og:url", url)
	card := "summary"
	if p.Image != nil && p.Image.URL != "" {
		card = "summary_large_image"
		meta("property", "og:image", site.Absolute(p.Image.URL))
		meta("property", "og:image:alt", p.Image.Alt)
	}
	if p.Offer != nil {
		meta("property", "product:price:amount", p.Offer.Amount)
		meta("property", "product:price:currency", p.Offer.Currency)
		availability := "out of stock"
		if p.Offer.InStock {
			availability = "in stock"
		}
		meta("property", "product:availability", availability)
	}
	meta("name", "twitter:card", card)
	meta("name", "twitter:title", p.Title)
	meta("name", "twitter:description", p.Description)
	if p.Image != nil && p.Image.URL != "" {
		meta("name", "twitter:image", site.Absolute(p.Image.URL))
	}
	for _, v := range p.JSONLD {
		data, err := scriptJSON(v)
		if err != nil {
			return "", err
		}
		b.WriteString(`<script type="application/ld+json">` + data + `</script>`)
	}
	if img := p.Image; img != nil && img.URL != "" {
		preloadTag(&b, *img, true)
	}
	for _, img := range p.CardImages {
		if img.URL != "" {
			preloadTag(&b, img, false)
		}
	}
	return b.String(), nil
}

// preloadTag writes the preload of img: its sizes when it has them (the browser takes the one it
// will draw, as from the <img>'s srcset), first among the pictures when high.
func preloadTag(b *strings.Builder, img Image, high bool) {
	fmt.Fprintf(b, `<link rel="preload" as="image" href="%s"`, attr(img.URL))
	if high {
		b.WriteString(` fetchpriority="high"`)
	}
	if img.Srcset != "" {
		fmt.Fprintf(b, ` imagesrcset="%s" imagesizes="%s"`, attr(img.Srcset), attr(img.Sizes))
	}
	if img.Type != "" {
		fmt.Fprintf(b, ` type="%s"`, attr(img.Type))
	}
	b.WriteString(" />")
}

// pictureTag draws img in its square box with the classes given, as the app's ProductoImage does
// for a picture of the first screen (components/producto-image.tsx: a 480x480 box, object-contain,
// loaded at once and first).
func pictureTag(img *Image, class string) string {
	tag := `<img loading="eager" fetchpriority="high" decoding="async"`
	if img.FallbackSrcset != "" {
		tag += ` sizes="` + attr(img.Sizes) + `" srcset="` + attr(img.FallbackSrcset) + `"`
	}
	tag += ` src="` + attr(img.URL) + `" width="480" height="480" alt="` + attr(img.Alt) + `" class="` + class + `" />`
	if img.Srcset == "" || img.Type == "" {
		return tag
	}
	return `<picture class="contents"><source type="` + attr(img.Type) + `" sizes="` + attr(img.Sizes) + `" srcset="` + attr(img.Srcset) + `" />` + tag + `</picture>`
}

// attr escapes s for a double-quoted attribute value.
func attr(s string) string { return html.EscapeString(s) }

// scriptJSON encodes v for inside a <script> element: encoding/json writes <, > and & (and the
// line separators U+2028 and U+2029) as \u escapes, so the text can never close the element.
func scriptJSON(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(true)
	if err := enc.Encode(v); err != nil {
		return "", fmt.Errorf("webpage: encode: %w", err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}
