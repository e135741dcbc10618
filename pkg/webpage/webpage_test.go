package webpage

import (
	"encoding/json"
	"strings"
	"testing"
)

const template = `<!doctype html><html><head><meta name="description" content="Genérica" /><title>Tienda</title></head>` +
	`<body><div id="root" data-prerendered="">x</div></body></html>`

var site = Site{Name: "Tienda", Base: "https://tienda.example.mx"}

// mustEncode is EncodeData for a test's page.
func mustEncode(t *testing.T, v any) EncodedData {
	t.Helper()
	data, err := EncodeData(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestRenderWritesTheHeadTagsAndData(t *testing.T) {
	t.Parallel()
	out, err := Render([]byte(template), site, Page{
		Title: "Cámara | Tienda", Description: "Una cámara.", Path: "/product/1", Type: "product",
		Image:  &Image{URL: "/v1/imagenes/a/1200.jpg", Alt: "Cámara", Srcset: "/a/160.webp 160w, /a/480.webp 480w", Sizes: "100vw", Type: "image/webp"},
		Offer:  &Offer{Amount: "1234.50", Currency: "MXN", InStock: true},
		JSONLD: []any{map[string]any{"@context": "https://schema.org", "@type": "Product", "name": "Cámara"}},
		DataID: "datos", Data: mustEncode(t, map[string]any{"_id": "1"}),
		CardImages: []Image{{URL: "/v1/imagenes/b/1200.jpg", Srcset: "/b/160.webp 160w", Sizes: "50vw", Type: "image/webp"}, {URL: "/demo.svg"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	page := string(out)
	for _, want := range []string{
		`<title>Cámara | Tienda</title>`,
		`<meta name="description" content="Una cámara." />`,
		`<link rel="canonical" href="https://tienda.example.mx/product/1" />`,
		`<meta property="og:image" content="https://tienda.example.mx/v1/imagenes/a/1200.jpg" />`,
		`<meta property="product:price:amount" content="1234.50" />`,
		`<meta property="product:availability" content="in stock" />`,
		`<meta name="twitter:card" content="summary_large_image" />`,
		`<link rel="preload" as="image" href="/v1/imagenes/a/1200.jpg" fetchpriority="high" imagesrcset="/a/160.webp 160w, /a/480.webp 480w" imagesizes="100vw" type="image/webp" />`,
		`<script id="datos" type="application/json">{"_id":"1"}</script></body>`,
		// Other pictures of the first screen: preloaded at the browser's own priority.
		`<link rel="preload" as="image" href="/v1/imagenes/b/1200.jpg" imagesrcset="/b/160.webp 160w" imagesizes="50vw" type="image/webp" />` +
			`<link rel="preload" as="image" href="/demo.svg" /></head>`,
		`data-prerendered=""`, // Render leaves the page's markup alone
	} {
		if !strings.Contains(page, want) {
			t.Errorf("missing %s in\n%s", want, page)
		}
	}
	if strings.Count(page, "<title>") != 1 || strings.Count(page, `name="description"`) != 1 {
		t.Errorf("title or description twice:\n%s", page)
	}
}

func TestRenderEscapesEveryText(t *testing.T) {
	t.Parallel()
	evil := `"><script>alert(1)</script>` + "\u2028"
	out, err := Render([]byte(template), site, Page{
		Title: evil, Description: evil, Path: `/product/"x`, Image: &Image{URL: `/a"b`, Alt: evil},
		CardImages: []Image{{URL: evil, Srcset: evil, Sizes: evil, Type: evil}},
		JSONLD:     []any{map[string]string{"name": evil}}, DataID: "datos", Data: mustEncode(t, map[string]any{"nombre": evil,
			// An answer encoded elsewhere, carried as it is: escaped all the same.
			"lista": json.RawMessage(`{"nombre":"</script><script>alert(1)</script>\u2028"}`)}),
	})
	if err != nil {
		t.Fatal(err)
	}
	page := string(out)
	if strings.Contains(page, "<script>alert") || strings.Contains(page, `"><`) {
		t.Fatalf("unescaped text:\n%s", page)
	}
	// Inside scripts, the line separator too is escaped (it ends a line of JS).
	for _, script := range strings.Split(page, "<script")[1:] {
		if strings.Contains(script[:strings.Index(script, "</script>")], "\u2028") {
			t.Errorf("raw U+2028 in a script: %s", script)
		}
	}
	start := strings.Index(page, `<script id="datos" type="application/json">`) + len(`<script id="datos" type="application/json">`)
	var data struct{ Nombre string }
	if err := json.Unmarshal([]byte(page[start:strings.Index(page[start:], "</script>")+start]), &data); err != nil || data.Nombre != evil {
		t.Errorf("data %v %v", data, err)
	}
}

func TestRenderRefusesAPageItCannotFollow(t *testing.T) {
	t.Parallel()
	for _, tpl := range []string{
		`<html><head><title>x</title></head><body></body></html>`,                          // no description
		`<html><head><meta name="description" content="" /></head><body></body></html>`,    // no title
		`<html><title>x</title><meta name="description" content="" /><body></body></html>`, // no </head>
	} {
		if _, err := Render([]byte(tpl), site, Page{Title: "t"}); err == nil {
			t.Errorf("no error for %s", tpl)
		}
	}
}

func TestRenderDrawsTheMainPictureInItsSlot(t *testing.T) {
	t.Parallel()
	page := `<!doctype html><html><head><meta name="description" content="" /><title>t</title></head><body><div id="root">` +
		`<div class="p-4"><div data-imagen-principal="" class="aspect-square animate-pulse" aria-hidden="true"></div></div></div></body></html>`
	uploaded := &Image{URL: "/v1/imagenes/a/1200.jpg", Alt: `Cámara "4K"`, Srcset: "/a/480.webp 480w", Sizes: "100vw", Type: "image/webp", FallbackSrcset: "/a/480.jpg 480w"}
	out, err := Render([]byte(page), site, Page{Title: "t", Path: "/", Image: uploaded})
	if err != nil {
		t.Fatal(err)
	}
	want := `<div class="p-4"><picture class="contents"><source type="image/webp" sizes="100vw" srcset="/a/480.webp 480w" />` +
		`<img loading="eager" fetchpriority="high" decoding="async" sizes="100vw" srcset="/a/480.jpg 480w" src="/v1/imagenes/a/1200.jpg" ` +
		`width="480" height="480" alt="Cámara &#34;4K&#34;" class="object-contain aspect-square w-full" /></picture></div>`
	if !strings.Contains(string(out), want) || strings.Contains(string(out), MainImageSlot) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// Any other address is drawn as it is; a page without a picture keeps its placeholder.
	out, _ = Render([]byte(page), site, Page{Title: "t", Path: "/", Image: &Image{URL: "https://proveedor.mx/a.jpg", Alt: "a"}})
	if !strings.Contains(string(out), `<div class="p-4"><img loading="eager" fetchpriority="high" decoding="async" src="https://proveedor.mx/a.jpg" width="480"`) {
		t.Errorf("external picture:\n%s", out)
	}
	out, _ = Render([]byte(page), site, Page{Title: "t", Path: "/"})
	if !strings.Contains(string(out), MainImageSlot) {
		t.Errorf("a page without a picture lost its placeholder:\n%s", out)
	}
}

func TestRenderDrawsTheFirstCardsPicturesInTheirSlots(t *testing.T) {
	t.Parallel()
	slot := `<li><div class="p-3"><div data-imagen-tarjeta="" class="aspect-square animate-pulse"></div></div></li>`
	// A div that is marked but not empty is no slot: left as it is.
	notSlot := `<div data-imagen-tarjeta="" class="x">texto</div>`
	page := `<!doctype html><html><head><meta name="description" content="" /><title>t</title></head><body><div id="root">` + notSlot + `<ul>` +
		strings.Repeat(slot, 4) + `</ul></div></body></html>`
	cards := []Image{
		{URL: "/v1/imagenes/a/1200.jpg", Alt: `Cámara "4K"`, Srcset: "/a/320.webp 320w", Sizes: "50vw", Type: "image/webp", FallbackSrcset: "/a/320.jpg 320w"},
		{Alt: "Sin foto"}, // a card without a picture: its slot keeps its placeholder
		{URL: "https://proveedor.mx/c.jpg?a=1&b=2", Alt: "c"},
	}
	out, err := Render([]byte(page), site, Page{Title: "t", Path: "/", CardImages: cards})
	if err != nil {
		t.Fatal(err)
	}
	want := notSlot + `<ul><li><div class="p-3"><picture class="contents"><source type="image/webp" sizes="50vw" srcset="/a/320.webp 320w" />` +
		`<img loading="eager" fetchpriority="high" decoding="async" sizes="50vw" srcset="/a/320.jpg 320w" src="/v1/imagenes/a/1200.jpg" ` +
		`width="480" height="480" alt="Cámara &#34;4K&#34;" class="object-contain aspect-square w-full rounded-lg" /></picture></div></li>` +
		slot +
		`<li><div class="p-3"><img loading="eager" fetchpriority="high" decoding="async" src="https://proveedor.mx/c.jpg?a=1&amp;b=2" ` +
		`width="480" height="480" alt="c" class="object-contain aspect-square w-full rounded-lg" /></div></li>` +
		slot + `</ul>` // more slots than cards: the rest keep theirs
	if !strings.Contains(string(out), want) {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// Each is preloaded too, in the cards' order; the card without a picture is not.
	if !strings.Contains(string(out), `<link rel="preload" as="image" href="/v1/imagenes/a/1200.jpg" imagesrcset="/a/320.webp 320w" imagesizes="50vw" type="image/webp" />`+
		`<link rel="preload" as="image" href="https://proveedor.mx/c.jpg?a=1&amp;b=2" /></head>`) {
		t.Errorf("preloads:\n%s", out)
	}
}

func TestAPageWithoutPathHasNoCanonicalURL(t *testing.T) {
	t.Parallel()
	out, err := Render([]byte(template), site, Page{Title: "Página no encontrada | Tienda"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "canonical") || strings.Contains(string(out), "og:url") {
		t.Errorf("a page without a path names one:\n%s", out)
	}
}
