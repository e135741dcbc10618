package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"maps"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"tienda/modules/catalog"
	"tienda/pkg/money"
)

// demoProductID is the id of the first product of the storefront's list.
func demoProductID(t testing.TB, h http.Handler) string {
	t.Helper()
	rec := do(t, h, http.MethodGet, "/v1/productos?limit=1", "")
	var ans struct {
		Products []struct {
			ID string `json:"_id"`
		}
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &ans) != nil || len(ans.Products) == 0 {
		t.Fatalf("productos: %d %s", rec.Code, rec.Body)
	}
	return ans.Products[0].ID
}

// adminToken signs the demo administrator in (checkout_test.go's shop.token).
func adminToken(t *testing.T, a *App) string {
	t.Helper()
	return "Bearer " + (&shop{t: t, app: a, h: a.Handler(), toks: map[string]string{}}).token("admin@tienda.mx")
}

var (
	metaTag   = regexp.MustCompile(`<meta (property|name)="([^"]+)" content="([^"]*)" />`)
	ldScripts = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)
	dataTag   = regexp.MustCompile(`<script id="datos-producto" type="application/json">(.*?)</script>`)
)

// head reads a served page's title, canonical URL and meta tags (by property or name).
func head(t *testing.T, body string) (title, canonical string, meta map[string]string) {
	t.Helper()
	if m := regexp.MustCompile(`<title>([^<]*)</title>`).FindAllStringSubmatch(body, -1); len(m) == 1 {
		title = html.UnescapeString(m[0][1])
	} else {
		t.Fatalf("want one <title>, got %d", len(m))
	}
	if m := regexp.MustCompile(`<link rel="canonical" href="([^"]+)" />`).FindStringSubmatch(body); m != nil {
		canonical = html.UnescapeString(m[1])
	}
	meta = map[string]string{}
	for _, m := range metaTag.FindAllStringSubmatch(body, -1) {
		if _, dup := meta[m[2]]; dup {
			t.Errorf("meta %s twice", m[2])
		}
		meta[m[2]] = html.UnescapeString(m[3])
	}
	return title, canonical, meta
}

// jsonLD parses every JSON-LD script of a page, by @type.
func jsonLD(t *testing.T, body string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, m := range ldScripts.FindAllStringSubmatch(body, -1) {
		var v map[string]any
		if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
			t.Fatalf("JSON-LD does not parse: %v\n%s", err, m[1])
		}
		if v["@context"] != "https://schema.org" {
			t.Errorf("JSON-LD without the schema.org context: %s", m[1])
		}
		out[fmt.Sprint(v["@type"])] = v
	}
	return out
}

func TestAProductPageCarriesItsOwnTagsJSONLDAndData(t *testing.T) {
	t.Parallel()
	h := shopWithWeb(t, prerenderedWeb).Handler()
	id := demoProductID(t, h)
	api := do(t, h, http.MethodGet, "/v1/productos/"+id, "")
	var p struct {
		Nombre, Marca, Modelo, Imagen string
		Variantes                     []struct {
			Stock       int
			PrecioFinal float64
		}
	}
	if err := json.Unmarshal(api.Body.Bytes(), &p); err != nil {
		t.Fatal(err)
	}
	rec := do(t, h, http.MethodGet, "/product/"+id, "")
	body := rec.Body.String()
	url := "https://tienda.example.mx/product/" + id
	// A link preview gets the picture itself, or the largest JPEG of an uploaded one (the first
	// demo product shows a photo); the page preloads the sizes its screen takes.
	preload := `<link rel="preload" as="image" href="` + html.EscapeString(p.Imagen) + `"`
	image := "https://tienda.example.mx" + p.Imagen
	if set, ok := catalog.ImageSources(p.Imagen); ok {
		preload = `<link rel="preload" as="image" href="` + html.EscapeString(set.Src) + `" fetchpriority="high" imagesrcset="` +
			html.EscapeString(set.Srcset) + `" imagesizes="` + html.EscapeString(catalog.ProductMainImageSizes) + `" type="image/webp" />`
		image = "https://tienda.example.mx" + set.Src
	}

	title, canonical, meta := head(t, body)
	if title != p.Nombre+" | Tienda de Seguridad y Redes" || canonical != url {
		t.Errorf("title %q canonical %q", title, canonical)
	}
	low := p.Variantes[0].PrecioFinal
	for _, v := range p.Variantes {
		low = min(low, v.PrecioFinal)
	}
	want := map[string]string{
		"og:type": "product", "og:title": title, "og:url": url, "og:image": image,
		"og:locale": "es_MX", "og:site_name": "Tienda de Seguridad y Redes", "og:description": meta["description"],
		"product:price:amount": fmt.Sprintf("%.2f", low), "product:price:currency": "MXN", "product:availability": "in stock",
		"twitter:card": "summary_large_image", "twitter:title": title, "twitter:image": image,
	}
	for k, v := range want {
		if meta[k] != v {
			t.Errorf("meta %s = %q, want %q", k, meta[k], v)
		}
	}
	if d := meta["description"]; d == "" || d == p.Nombre || len([]rune(d)) > 160 {
		t.Errorf("description %q", d)
	}
	if !strings.Contains(body, preload) {
		t.Errorf("the main image is not preloaded as %s", preload)
	}

	// What Google's product snippet needs: name, image, and an offer with price, currency and
	// availability (https://developers.google.com/search/docs/appearance/structured-data/product-snippet).
	ld := jsonLD(t, body)
	prod := ld["Product"]
	if prod == nil || prod["name"] != p.Nombre || fmt.Sprint(prod["image"]) != "["+image+"]" {
		t.Fatalf("Product: %v", prod)
	}
	if brand, _ := prod["brand"].(map[string]any); p.Marca != "" && (brand["@type"] != "Brand" || brand["name"] != p.Marca) {
		t.Errorf("brand: %v", prod["brand"])
	}
	if p.Modelo != "" && prod["model"] != p.Modelo {
		t.Errorf("model: %v", prod["model"])
	}
	offer, _ := prod["offers"].(map[string]any)
	price := offer["price"]
	if offer["@type"] == "AggregateOffer" {
		price = offer["lowPrice"]
	}
	if offer["priceCurrency"] != "MXN" || price != fmt.Sprintf("%.2f", low) || offer["availability"] != "https://schema.org/InStock" || offer["url"] != url {
		t.Errorf("offer: %v", offer)
	}
	// The page says the price 'más IVA' and with IVA, as the cart prices one unit; so does the offer.
	withIVA := money.PriceLine(money.MustFromPesos(low), 1).Total
	specs, _ := json.Marshal(offer["priceSpecification"])
	if wantSpecs := fmt.Sprintf(`[{"@type":"UnitPriceSpecification","price":"%.2f","priceCurrency":"MXN","valueAddedTaxIncluded":false},`+
		`{"@type":"UnitPriceSpecification","price":"%d.%02d","priceCurrency":"MXN","valueAddedTaxIncluded":true}]`,
		low, withIVA/100, withIVA%100); string(specs) != wantSpecs {
		t.Errorf("priceSpecification %s, want %s", specs, wantSpecs)
	}
	crumbs, _ := ld["BreadcrumbList"]["itemListElement"].([]any)
	if len(crumbs) < 2 {
		t.Fatalf("BreadcrumbList: %v", ld["BreadcrumbList"])
	}
	last, _ := crumbs[len(crumbs)-1].(map[string]any)
	if first, _ := crumbs[0].(map[string]any); first["item"] != "https://tienda.example.mx/" || last["name"] != p.Nombre || last["item"] != url {
		t.Errorf("BreadcrumbList: %v", crumbs)
	}

	// The product travels in the page as the API answers it, and the app draws the page anew.
	m := dataTag.FindStringSubmatch(body)
	var inPage, fromAPI any
	if m == nil || json.Unmarshal([]byte(m[1]), &inPage) != nil || json.Unmarshal(api.Body.Bytes(), &fromAPI) != nil || !reflect.DeepEqual(inPage, fromAPI) {
		t.Errorf("the page's product differs from the API's")
	}
	if strings.Contains(body, "data-prerendered") {
		t.Errorf("a product page must not be adopted as prerendered: the prerender is its loading state")
	}
}

func TestPageTextsAreEscaped(t *testing.T) {
	t.Parallel()
	a := shopWithWeb(t, prerenderedWeb)
	h := a.Handler()
	hostile := `Cámara "4K" </script><script>alert(1)</script> & <b>más</b>`
	body, _ := json.Marshal(map[string]any{
		"nombre": hostile, "descripcionCorta": hostile, "categoria": "Camaras IP y NVRs", "imagen": `https://img.example.mx/a.jpg?x="><script>`,
		"variantes": []map[string]any{{"talla": "Única", "tamano": "1", "stock": 2, "precioCompra": 10, "precioVenta": 20, "descuento": 0}},
	})
	rec := do(t, h, http.MethodPost, "/v1/productos", string(body), "Authorization", adminToken(t, a))
	if rec.Code != http.StatusCreated && rec.Code != http.StatusBadRequest {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	if rec.Code == http.StatusBadRequest { // the URL with quotes is refused: keep the rest
		body, _ = json.Marshal(map[string]any{
			"nombre": hostile, "descripcionCorta": hostile, "categoria": "Camaras IP y NVRs",
			"variantes": []map[string]any{{"talla": "Única", "tamano": "1", "stock": 2, "precioCompra": 10, "precioVenta": 20, "descuento": 0}},
		})
		rec = do(t, h, http.MethodPost, "/v1/productos", string(body), "Authorization", adminToken(t, a))
	}
	var created struct {
		ID string `json:"_id"`
	}
	if json.Unmarshal(rec.Body.Bytes(), &created) != nil || created.ID == "" {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	page := do(t, h, http.MethodGet, "/product/"+created.ID, "").Body.String()
	if strings.Contains(page, "<script>alert") || strings.Contains(page, "<b>") || strings.Count(page, "</script>") != strings.Count(page, "<script") {
		t.Fatalf("a product's text escaped its element:\n%s", page)
	}
	title, _, meta := head(t, page)
	if title != hostile+" | Tienda de Seguridad y Redes" || meta["og:title"] != title {
		t.Errorf("title %q og:title %q", title, meta["og:title"])
	}
	if got := jsonLD(t, page)["Product"]["name"]; got != hostile {
		t.Errorf("JSON-LD name %q", got)
	}
	var data struct{ Nombre string }
	if m := dataTag.FindStringSubmatch(page); m == nil || json.Unmarshal([]byte(m[1]), &data) != nil || data.Nombre != hostile {
		t.Errorf("page data: %v", m)
	}
}

func TestCategoryPagesHaveTheirOwnHead(t *testing.T) {
	t.Parallel()
	h := shopWithWeb(t, prerenderedWeb).Handler()
	body := do(t, h, http.MethodGet, "/busqueda/22", "").Body.String()
	title, canonical, meta := head(t, body)
	if title != "Videovigilancia | Tienda de Seguridad y Redes" || canonical != "https://tienda.example.mx/busqueda/22" ||
		meta["og:title"] != title || !strings.HasPrefix(meta["description"], "Videovigilancia") {
		t.Errorf("title %q canonical %q meta %v", title, canonical, meta)
	}
	if crumbs, _ := jsonLD(t, body)["BreadcrumbList"]["itemListElement"].([]any); len(crumbs) != 2 {
		t.Errorf("BreadcrumbList: %v", crumbs)
	}
	// The menu's old link is the same category, whose own page is the canonical one.
	if title, canonical, _ := head(t, do(t, h, http.MethodGet, "/busqueda/video-vigilancia", "").Body.String()); title != "Videovigilancia | Tienda de Seguridad y Redes" ||
		canonical != "https://tienda.example.mx/busqueda/22" {
		t.Errorf("menu tile title %q canonical %q", title, canonical)
	}
}

// A category page carries its first screen as the API answers it (the category tree and the
// category's first products), so the app draws the grid without two calls first; it preloads the
// first cards' pictures at the sizes the cards take and draws them in the cards' skeletons; after a
// change, the page carries the new list.
func TestACategoryPageCarriesItsFirstScreen(t *testing.T) {
	t.Parallel()
	// The category page of the build: its grid's skeletons, the first four with a slot for their
	// card's picture (components/skeleton.tsx), then one without.
	slot := `<li><div class="p-3"><div data-imagen-tarjeta="" class="aspect-square animate-pulse"></div></div></li>`
	web := maps.Clone(prerenderedWeb)
	web["prerender/category.html"] = page(`<ul>`+strings.Repeat(slot, 4)+`<li><div class="p-3"><div class="aspect-square"></div></div></li></ul>`, true)
	a := shopWithWeb(t, web)
	h := a.Handler()
	carried := func(path string) (data struct {
		Categoria  string
		Categorias json.RawMessage
		Productos  json.RawMessage
	}, body string) {
		t.Helper()
		body = do(t, h, http.MethodGet, path, "").Body.String()
		m := regexp.MustCompile(`<script id="datos-categoria" type="application/json">(.*?)</script>`).FindStringSubmatch(body)
		if m == nil || json.Unmarshal([]byte(m[1]), &data) != nil {
			t.Fatalf("%s carries no first screen: %s", path, body)
		}
		return data, body
	}
	// The API's answers, as the app asks for them (lib/categorias.ts, features/catalog/api.ts).
	answer := func(path string) any {
		t.Helper()
		var v any
		if rec := do(t, h, http.MethodGet, path, ""); rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &v) != nil {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
		return v
	}
	decode := func(raw json.RawMessage) (v any) {
		if err := json.Unmarshal(raw, &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	products := func(v any) []any { return v.(map[string]any)["products"].([]any) }

	data, body := carried("/busqueda/video-vigilancia") // an old link: the address's own name is the key
	list := answer("/v1/productos?page=1&limit=24&compact=1&categoria=video-vigilancia")
	if data.Categoria != "video-vigilancia" || !reflect.DeepEqual(decode(data.Productos), list) {
		t.Errorf("categoria %q, products %s, want the API's %v", data.Categoria, data.Productos, list)
	}
	if want := answer("/v1/categorias").(map[string]any)["categorias"]; !reflect.DeepEqual(decode(data.Categorias), want) {
		t.Errorf("categorias %s, want %v", data.Categorias, want)
	}
	first := products(list)
	if len(first) < 5 {
		t.Fatalf("the demo category has %d products", len(first))
	}
	// The first four cards' pictures, each as its card draws it (components/producto-image.tsx).
	var want []string
	for _, p := range first[:4] {
		img := p.(map[string]any)["imagen"].(string)
		tag := `<link rel="preload" as="image" href="` + html.EscapeString(img) + `" />`
		if set, ok := catalog.ImageSources(img); ok {
			tag = `<link rel="preload" as="image" href="` + html.EscapeString(set.Src) + `" imagesrcset="` + html.EscapeString(set.Srcset) +
				`" imagesizes="` + html.EscapeString(catalog.ProductCardImageSizes) + `" type="image/webp" />`
		}
		want = append(want, tag)
	}
	if got := regexp.MustCompile(`<link rel="preload" as="image" href="/v1/imagenes/[^>]*>`).FindAllString(body, -1); !reflect.DeepEqual(got, want) {
		t.Errorf("preloads\n%q\nwant\n%q", got, want)
	}
	// Each drawn in its card's slot, in the cards' order, with the card's title as its text; the
	// fifth card's skeleton is left as it is.
	drawn := regexp.MustCompile(`<div class="p-3">(<picture class="contents"><source type="image/webp" [^>]*>)?<img [^>]*>(</picture>)?</div>`).FindAllString(body, -1)
	if len(drawn) != 4 || !strings.Contains(body, `<li><div class="p-3"><div class="aspect-square"></div></div></li></ul>`) || strings.Contains(body, "data-imagen-tarjeta") {
		t.Fatalf("the first cards' pictures are not drawn in their four slots:\n%s", body)
	}
	for i, p := range first[:4] {
		card := p.(map[string]any)
		src, srcset := card["imagen"].(string), ""
		if set, ok := catalog.ImageSources(src); ok {
			src, srcset = set.Src, ` srcset="`+html.EscapeString(set.JPEGSrcset)+`"`
		}
		for _, want := range []string{` src="` + html.EscapeString(src) + `"`, ` alt="` + html.EscapeString(card["nombre"].(string)) + `"`, srcset, `class="object-contain aspect-square w-full rounded-lg"`} {
			if !strings.Contains(drawn[i], want) {
				t.Errorf("card %d: %s lacks %s", i, drawn[i], want)
			}
		}
	}

	// The first product archived: the page's list follows, as the API's does.
	id := first[0].(map[string]any)["_id"].(string)
	if rec := do(t, h, http.MethodPost, "/v1/productos/"+id+"/archivar", "", "Authorization", adminToken(t, a)); rec.Code != 200 {
		t.Fatalf("archivar: %d %s", rec.Code, rec.Body)
	}
	data, _ = carried("/busqueda/video-vigilancia")
	if got := products(decode(data.Productos)); got[0].(map[string]any)["_id"] == id ||
		!reflect.DeepEqual(got, products(answer("/v1/productos?page=1&limit=24&compact=1&categoria=video-vigilancia"))) {
		t.Errorf("after archiving %s the page carries %v", id, got)
	}
}

func TestTheSearchPageNamesTheQueryAndIsNotIndexed(t *testing.T) {
	t.Parallel()
	h := shopWithWeb(t, prerenderedWeb).Handler()
	for query, want := range map[string]string{
		"?q=c%C3%A1mara+ip":              "Resultados para «cámara ip» | Tienda de Seguridad y Redes",
		"?q=%3C%2Ftitle%3E%3Cb%3Ex%22":   "Resultados para «</title><b>x\"» | Tienda de Seguridad y Redes",
		"":                               "Búsqueda | Tienda de Seguridad y Redes",
		"?q=" + strings.Repeat("a", 300): "Resultados para «" + strings.Repeat("a", 100) + "…» | Tienda de Seguridad y Redes",
	} {
		rec := do(t, h, http.MethodGet, "/busqueda"+query, "")
		body := rec.Body.String()
		title, canonical, meta := head(t, body)
		if rec.Code != http.StatusOK || title != want || meta["og:title"] != want || meta["robots"] != "noindex" || canonical != "" {
			t.Errorf("%q: %d title %q canonical %q meta %v", query, rec.Code, title, canonical, meta)
		}
		if strings.Contains(body, "<b>") {
			t.Errorf("%q: the query escaped the title", query)
		}
	}
	// Other pages stay indexable.
	if _, _, meta := head(t, do(t, h, http.MethodGet, "/busqueda/22", "").Body.String()); meta["robots"] != "" {
		t.Errorf("a category page says robots %q", meta["robots"])
	}
}

func TestRobotsAndSitemapFollowTheCatalogue(t *testing.T) {
	t.Parallel()
	a := shopWithWeb(t, prerenderedWeb)
	h := a.Handler()
	robots := do(t, h, http.MethodGet, "/robots.txt", "").Body.String()
	for _, line := range []string{"Sitemap: https://tienda.example.mx/sitemap.xml", "Allow: /v1/productos", "Allow: /v1/imagenes/", "Disallow: /ventas", "Disallow: /productos\n"} {
		if !strings.Contains(robots, line) {
			t.Errorf("robots.txt lacks %q:\n%s", line, robots)
		}
	}

	sitemap := func() []string {
		rec := do(t, h, http.MethodGet, "/sitemap.xml", "")
		var set struct {
			URLs []struct {
				Loc string `xml:"loc"`
			} `xml:"url"`
		}
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/xml") || xml.Unmarshal(rec.Body.Bytes(), &set) != nil {
			t.Fatalf("sitemap: %d %s", rec.Code, rec.Body)
		}
		var locs []string
		for _, u := range set.URLs {
			locs = append(locs, u.Loc)
		}
		return locs
	}
	locs := strings.Join(sitemap(), "\n")
	for _, want := range []string{"https://tienda.example.mx/\n", "https://tienda.example.mx/busqueda/22", "https://tienda.example.mx/product/" + demoProductID(t, h)} {
		if !strings.Contains(locs+"\n", want) {
			t.Errorf("sitemap lacks %s", want)
		}
	}
	// A new product is in the sitemap at once; a deleted one leaves it.
	body, _ := json.Marshal(map[string]any{"nombre": "Switch nuevo", "categoria": "Switches",
		"variantes": []map[string]any{{"talla": "Única", "tamano": "1", "stock": 0, "precioCompra": 10, "precioVenta": 20, "descuento": 0}}}) // no stock: it may be deleted
	tok := adminToken(t, a)
	rec := do(t, h, http.MethodPost, "/v1/productos", string(body), "Authorization", tok)
	var created struct {
		ID string `json:"_id"`
	}
	if json.Unmarshal(rec.Body.Bytes(), &created) != nil || created.ID == "" {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	if !strings.Contains(strings.Join(sitemap(), "\n"), "/product/"+created.ID) {
		t.Errorf("the new product is not in the sitemap")
	}
	if rec := do(t, h, http.MethodDelete, "/v1/productos/"+created.ID, "", "Authorization", tok); rec.Code >= 300 {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body)
	}
	if strings.Contains(strings.Join(sitemap(), "\n"), "/product/"+created.ID) {
		t.Errorf("the deleted product is still in the sitemap")
	}
}

// internalFields are the JSON names of what only staff may read of a product: the fields of
// catalog.Product and catalog.Variante that catalog.PublicProduct and catalog.PublicVariant lack.
func internalFields() map[string]bool {
	names := func(v any) map[string]bool {
		out := map[string]bool{}
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if name != "" && name != "-" {
				out[name] = true
			}
		}
		return out
	}
	internal := map[string]bool{}
	for _, pair := range [][2]any{{catalog.Product{}, catalog.PublicProduct{}}, {catalog.Variante{}, catalog.PublicVariant{}}} {
		public := names(pair[1])
		for name := range names(pair[0]) {
			if !public[name] {
				internal[name] = true
			}
		}
	}
	return internal
}

// publicReads are the requests that TestPublicAnswersShowNoInternalField makes of each public
// GET route; every public GET route must be here. {id} is a demo product's id.
var publicReads = map[string][]string{
	"/v1/health":              {"/v1/health"},
	"/v1/health/live":         {"/v1/health/live"},
	"/v1/health/ready":        {"/v1/health/ready"},
	"/v1/config":              {"/v1/config"},
	"/v1/openapi.yaml":        nil, // the API's description, not data
	"/v1/productos":           {"/v1/productos", "/v1/productos?compact=0&limit=100", "/v1/productos?categoria=22&compact=0", "/v1/productos?categoria=descuentos&compact=0", "/v1/productos?favorito=1&compact=0"},
	"/v1/productos/search/":   {"/v1/productos/search/?q=camara", "/v1/productos/search/?q=cable"},
	"/v1/productos/search":    {"/v1/productos/search?q=router"},
	"/v1/productos/:id":       {"/v1/productos/{id}"},
	"/v1/imagenes/:id":        nil, // picture bytes
	"/v1/imagenes/:id/:file":  nil,
	"/v1/imagenes/demo/:name": nil,
	"/v1/facturas/catalogos":  {"/v1/facturas/catalogos"},
	"/v1/categorias":          {"/v1/categorias"},
	"/v1/facturas/:id/pdf":    nil, // a CFDI's file, to its download token's holder
	"/v1/facturas/:id/xml":    nil,
	"/*":                      {"/", "/product/{id}", "/busqueda/22", "/carrito", "/sitemap.xml", "/robots.txt"},
	"/robots.txt":             {"/robots.txt"},
	"/sitemap.xml":            {"/sitemap.xml"},
	"/sitemap-:parte":         nil, // the files of a split sitemap: the demo catalogue fits in one (sitemap_test.go)
	"/manifest.webmanifest":   {"/manifest.webmanifest"},
}

func TestPublicAnswersShowNoInternalField(t *testing.T) {
	t.Parallel()
	a := shopWithWeb(t, prerenderedWeb)
	h := a.Handler()
	id := demoProductID(t, h)
	internal := internalFields()
	for _, want := range []string{"precioCompra", "proveedor", "fechaCompra", "descuentoId", "version"} {
		if !internal[want] {
			t.Fatalf("%s should be internal: %v", want, internal)
		}
	}
	// The shop's own version ('tienda version') is public in the health check and the config; a
	// product's document version is not.
	shopVersion := map[string]bool{"/v1/health": true, "/v1/health/live": true, "/v1/config": true}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if internal[k] && !(k == "version" && shopVersion[path]) {
					t.Errorf("%s shows %q", path, k)
				}
				walk(path, x)
			}
		case []any:
			for _, x := range v {
				walk(path, x)
			}
		}
	}
	for _, r := range a.echo.Router().Routes() {
		if r.Method != http.MethodGet || strings.HasPrefix(r.Path, "/v1/") && permissionTable["GET "+r.Path].perm != public {
			continue
		}
		reads, ok := publicReads[r.Path]
		if !ok {
			t.Errorf("public route GET %s is not in publicReads: say how to read it", r.Path)
		}
		for _, path := range reads {
			path = strings.ReplaceAll(path, "{id}", id)
			rec := do(t, h, http.MethodGet, path, "")
			if rec.Code != 200 {
				t.Errorf("GET %s: %d", path, rec.Code)
				continue
			}
			body := rec.Body.String()
			if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
				var v any
				if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
					t.Fatalf("GET %s: %v", path, err)
				}
				walk(path, v)
				continue
			}
			for name := range internal {
				if strings.Contains(body, `"`+name+`"`) {
					t.Errorf("GET %s shows %q", path, name)
				}
			}
		}
	}
}

func TestTheShopIsInstallable(t *testing.T) {
	t.Parallel()
	h := shopWithWeb(t, prerenderedWeb).Handler()
	rec := do(t, h, http.MethodGet, "/manifest.webmanifest", "")
	var m struct {
		Name, ShortName, StartURL, Display, ThemeColor string
		Icons                                          []struct{ Src, Sizes, Type, Purpose string }
	}
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/manifest+json" {
		t.Fatalf("%d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	raw := strings.NewReplacer(`"short_name"`, `"ShortName"`, `"start_url"`, `"StartURL"`, `"theme_color"`, `"ThemeColor"`).Replace(rec.Body.String())
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "Tienda de Seguridad y Redes" || m.ShortName == "" || len([]rune(m.ShortName)) > 12 || m.StartURL != "/" || m.Display != "standalone" || m.ThemeColor == "" {
		t.Errorf("manifest %+v", m)
	}
	// What Chrome asks of an installable app: a 192 and a 512 icon, and a maskable one for Android.
	has := map[string]bool{}
	for _, i := range m.Icons {
		has[i.Sizes+" "+i.Purpose] = true
		if i.Type != "image/png" || !strings.HasPrefix(i.Src, "/icons/") {
			t.Errorf("icon %+v", i)
		}
	}
	if !has["192x192 any"] || !has["512x512 any"] || !has["512x512 maskable"] {
		t.Errorf("icons %+v", m.Icons)
	}
}
