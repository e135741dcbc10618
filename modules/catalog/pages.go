package catalog

import (
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
	"tienda/pkg/webpage"
)

// The storefront's pages as search engines and link previews read them: each product page and
// category page carries its own title, description, tags and JSON-LD (pkg/webpage writes them into
// the front end's HTML), built from the in-memory catalogue, without a query to the store. The
// sitemap lists the same pages.

// descriptionRunes bounds a page's description, about what search results show.
const descriptionRunes = 160

// ProductDataID is the id of the <script> that carries a product page's product, as
// GET /v1/productos/{id} answers it (frontend/src/features/catalog/producto-page-data.ts reads it).
const ProductDataID = "datos-producto"

// CategoryDataID is the id of the <script> that carries a category page's first screen: the
// category tree and the category's first products, as the API answers them
// (frontend/src/features/catalog/categoria-page-data.ts reads it).
const CategoryDataID = "datos-categoria"

// firstScreenCards are the cards of a phone's first screen on a category page (two rows of two,
// FIRST_SCREEN_CARDS in frontend/src/components/infinite-producto-list.tsx): their pictures are
// preloaded and drawn with the page's HTML.
const firstScreenCards = 4

var errPageNotFound = apperr.New(apperr.NotFound, "La página que buscas no existe.")

// ProductPage returns the page /product/{id}: the product's head tags, its JSON-LD (Product with
// its Offer, and a BreadcrumbList) and the product itself for the app's first paint. Errors:
// not_found.
func (s *Service) ProductPage(site webpage.Site, id string) (webpage.Page, error) {
	p, err := s.Product(id)
	if err != nil || p.Archivado {
		return webpage.Page{}, errPageNotFound
	}
	data, err := webpage.EncodeData(p.public())
	if err != nil {
		return webpage.Page{}, err
	}
	name := displayName(p.Nombre, p.Titulo)
	path := "/product/" + p.ID.Hex()
	page := webpage.Page{
		Title:       name,
		Description: productDescription(p, name),
		Path:        path,
		Type:        "product",
		DataID:      ProductDataID,
		Data:        data,
	}
	if img := productImageURL(p); img != "" {
		page.Image = &webpage.Image{URL: img, Alt: name}
		if set, ok := ImageSources(img); ok {
			// Link previews get the largest JPEG; the page preloads the size its screen takes.
			page.Image = &webpage.Image{URL: set.Src, Alt: name, Srcset: set.Srcset, Sizes: ProductMainImageSizes, Type: set.Type,
				FallbackSrcset: set.JPEGSrcset}
		}
	}
	low, high, inStock := priceRange(p)
	// The page says each price 'más IVA' and, beside it, the price with IVA (one unit priced as
	// the cart prices a line); the offer says both the same way.
	prices := []map[string]any{
		{"@type": "UnitPriceSpecification", "price": decimal(low), "priceCurrency": "MXN", "valueAddedTaxIncluded": false},
		{"@type": "UnitPriceSpecification", "price": decimal(withIVA(low)), "priceCurrency": "MXN", "valueAddedTaxIncluded": true},
	}
	offer := map[string]any{
		"@type":              "Offer",
		"url":                site.Absolute(path),
		"priceCurrency":      "MXN",
		"price":              decimal(low),
		"availability":       availability(inStock),
		"itemCondition":      "https://schema.org/NewCondition",
		"priceSpecification": prices,
	}
	if low != high {
		offer = map[string]any{
			"@type": "AggregateOffer", "url": site.Absolute(path), "priceCurrency": "MXN",
			"lowPrice": decimal(low), "highPrice": decimal(high), "offerCount": len(p.Variantes),
			"availability": availability(inStock), "itemCondition": "https://schema.org/NewCondition",
			"priceSpecification": prices, // of the lowest price
		}
	}
	if until := s.discountEnds(p); until != "" {
		offer["priceValidUntil"] = until
	}
	product := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "Product",
		"name":        name,
		"description": page.Description,
		"sku":         firstNonEmpty(p.SupplierProductID, p.ID.Hex()),
		"offers":      offer,
	}
	if page.Image != nil {
		product["image"] = []string{site.Absolute(page.Image.URL)}
	}
	if p.Marca != "" {
		product["brand"] = map[string]any{"@type": "Brand", "name": p.Marca}
	}
	if p.Modelo != "" {
		product["model"] = p.Modelo
		product["mpn"] = p.Modelo
	}
	crumbs := []crumb{{"Inicio", "/"}}
	if sc, ok := s.categories.current().productCategory(p); ok {
		product["category"] = sc.Nombre
		crumbs = append(crumbs, crumb{sc.Nombre, "/busqueda/" + url.PathEscape(sc.ID)})
	}
	crumbs = append(crumbs, crumb{name, path})
	page.JSONLD = []any{product, breadcrumbList(site, crumbs)}
	page.Offer = &webpage.Offer{Amount: decimal(low), Currency: "MXN", InStock: inStock}
	return page, nil
}

// CategoryPage returns the page /busqueda/{id} of a category (its id, name or an alias, as
// categorySet.resolve takes them): its head tags, a BreadcrumbList, and what its first screen
// draws (categoryScreen), so that the app draws the grid without asking the API first and the
// first cards' pictures download beside the app's code. Errors: not_found for any other id.
func (s *Service) CategoryPage(site webpage.Site, id string) (webpage.Page, error) {
	cat, ok := s.categories.current().resolve(id)
	if !ok {
		return webpage.Page{}, errPageNotFound
	}
	screen, err := cached(s, &s.categoryScreens, id, func() (categoryScreen, error) { return s.categoryScreen(id) })
	if err != nil {
		return webpage.Page{}, err
	}
	name := cat.Nombre
	path := "/busqueda/" + url.PathEscape(cat.ID) // an old link or name: the category's own page is canonical
	return webpage.Page{
		Title:       name,
		Description: fmt.Sprintf("%s: precios en pesos mexicanos, existencias al día y envío gratis en compras mayores a $9999.", name),
		Path:        path,
		JSONLD:      []any{breadcrumbList(site, []crumb{{"Inicio", "/"}, {name, path}})},
		CardImages:  screen.cardImages,
		DataID:      CategoryDataID,
		Data:        screen.data,
	}, nil
}

// categoryScreen is a category page's first screen, built once for each state of the catalogue
// (Service.categoryScreens): the data its page carries, encoded, and its first cards' pictures.
type categoryScreen struct {
	data       webpage.EncodedData
	cardImages []webpage.Image
}

// categoryScreen builds the first screen of the category id names, as the API answers: the
// category as the page's address names it, GET categorias's tree and the first page of
// GET productos?categoria=.
func (s *Service) categoryScreen(id string) (categoryScreen, error) {
	first := newShopListParams()
	first.Categoria = id
	products := s.shopList(first)
	data, err := webpage.EncodeData(struct {
		Categoria  string                    `json:"categoria"`
		Categorias []Category                `json:"categorias"`
		Productos  listAnswer[PublicProduct] `json:"productos"`
	}{id, nonNilCategories(s.Categories()), products})
	if err != nil {
		return categoryScreen{}, err
	}
	screen := categoryScreen{data: data}
	for _, p := range products.Products[:min(firstScreenCards, len(products.Products))] {
		// As the card draws it (components/producto-card.tsx): its picture (lib/producto.ts
		// productImage) at the card's sizes, with the card's title as its text.
		img := webpage.Image{URL: firstNonEmpty(p.Imagen, p.ImgPortada), Alt: displayName(p.Nombre, p.Titulo)}
		if set, ok := ImageSources(img.URL); ok {
			img = webpage.Image{URL: set.Src, Alt: img.Alt, Srcset: set.Srcset, Sizes: ProductCardImageSizes, Type: set.Type, FallbackSrcset: set.JPEGSrcset}
		}
		screen.cardImages = append(screen.cardImages, img)
	}
	return screen, nil
}

// SitemapPage is one page of the sitemap.
type SitemapPage struct {
	Path    string
	Changed time.Time // zero when unknown
}

// SitemapPages lists the storefront's category pages and every product page (products without
// stock too: their pages say so; archived ones not), products newest first.
func (s *Service) SitemapPages() []SitemapPage {
	cats := s.categories.current().list
	pages := make([]SitemapPage, 0, len(cats)+s.memory.count(selection{}))
	for _, c := range cats {
		if c.Tarjeta {
			pages = append(pages, SitemapPage{Path: "/busqueda/" + url.PathEscape(c.ID), Changed: c.UpdatedAt})
		}
	}
	s.memory.each(func(p *Product) {
		if !p.Archivado {
			pages = append(pages, SitemapPage{Path: "/product/" + p.ID.Hex(), Changed: p.UpdatedAt})
		}
	})
	return pages
}

// Generation changes whenever the in-memory catalogue does: what was built from it before is stale.
func (s *Service) Generation() uint64 {
	return s.memory.generation() + s.categories.generation()
}

type crumb struct{ name, path string }

func breadcrumbList(site webpage.Site, crumbs []crumb) map[string]any {
	items := make([]map[string]any, len(crumbs))
	for i, c := range crumbs {
		items[i] = map[string]any{"@type": "ListItem", "position": i + 1, "name": c.name, "item": site.Absolute(c.path)}
	}
	return map[string]any{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
}

// displayName is a product's name, from its nombre and titulo, as the storefront shows it
// (lib/producto.ts productoTitle).
func displayName(nombre, titulo string) string {
	if n := strings.TrimSpace(firstNonEmpty(nombre, titulo)); n != "" {
		return n
	}
	return "Producto sin nombre"
}

// productImageURL is the product's main picture (lib/producto.ts productImage).
func productImageURL(p Product) string { return firstNonEmpty(p.Imagen, p.ImgPortada) }

// productDescription is the page's description: the product's own short description, else its
// description (a text that only repeats the name does not count), else one made of its name,
// brand and model; on one line, cut at a word.
func productDescription(p Product, name string) string {
	texts := []string{p.DescripcionCorta, p.Descripcion}
	if p.Details != nil {
		texts = append(texts, p.Details.Descripcion)
	}
	for _, t := range texts {
		if t = strings.Join(strings.Fields(stripTags(t)), " "); t != "" && t != name {
			return cutAtWord(t, descriptionRunes)
		}
	}
	text := name
	if p.Marca != "" {
		text += " de " + p.Marca
	}
	if p.Modelo != "" {
		text += ", modelo " + p.Modelo
	}
	return cutAtWord(text+".", descriptionRunes)
}

// stripTags drops what looks like HTML markup from supplier descriptions.
func stripTags(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>' && in:
			in = false
			b.WriteRune(' ')
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// cutAtWord shortens s to at most n runes, at a word boundary, ending in '…'.
func cutAtWord(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	cut := n - 1
	for i := cut; i > n/2; i-- {
		if unicode.IsSpace(r[i]) {
			cut = i
			break
		}
	}
	return strings.TrimRightFunc(string(r[:cut]), func(c rune) bool { return unicode.IsSpace(c) || unicode.IsPunct(c) }) + "…"
}

// priceRange is the lowest and highest final price of the product's variants and whether it can
// be ordered (units of its own, or the distributor's: forSale); a product without variants has
// its supplier list price.
func priceRange(p Product) (low, high money.Cents, inStock bool) {
	if len(p.Variantes) == 0 {
		c := money.MustFromPesos(p.Precios.PrecioLista)
		return c, c, forSale(&p)
	}
	for i, v := range p.Variantes {
		c := money.MustFromPesos(v.PrecioFinal)
		if i == 0 || c < low {
			low = c
		}
		if i == 0 || c > high {
			high = c
		}
	}
	return low, high, forSale(&p)
}

// discountEnds is the last day the product's discount applies (AAAA-MM-DD), when one does.
func (s *Service) discountEnds(p Product) string {
	if p.DescuentoID == "" {
		return ""
	}
	pr := s.memory.pricing(s.now())
	for _, d := range s.memory.discountList() {
		if d.ID.Hex() == p.DescuentoID && pr.active(d) && pr.productPercent(&p) > 0 {
			return d.ExpirationDate
		}
	}
	return ""
}

func availability(inStock bool) string {
	if inStock {
		return "https://schema.org/InStock"
	}
	return "https://schema.org/OutOfStock"
}

// decimal writes an amount as schema.org and Open Graph expect it: "1234.50".
func decimal(c money.Cents) string { return fmt.Sprintf("%d.%02d", int64(c)/100, int64(c)%100) }

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
