package catalog

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/httpx"
)

// maxQueryText bounds the search texts of the list and search calls.
const maxQueryText = 100

type listMeta struct {
	HasMore bool `json:"hasMore"`
	Page    int  `json:"page"`
	Limit   int  `json:"limit"`
	Total   *int `json:"total,omitempty"`
}

// listAnswer is a page of products: PublicProduct on the storefront, Product for staff.
type listAnswer[P any] struct {
	Products []P      `json:"products"`
	Meta     listMeta `json:"meta"`
}

// filter is what a list asks for.
type filter struct {
	titulo     string // folded
	inCategory func(Product) bool
	descuentos bool // only discounted products (the 'Descuentos' tab)
	favoritos  bool
	withStock  bool // the shop hides products without stock
	// archivados: staff lists show only the archived products (the 'Archivados' filter); every
	// other list, the shop's too, leaves them out.
	archivados bool
}

// selection is what the memory keeps of f, with prices of pr.
func (f filter) selection(pr pricing) selection {
	return selection{words: f.titulo, keep: func(e *entry) bool {
		if e.p.Archivado != f.archivados {
			return false
		}
		if f.withStock && !forSale(&e.p) {
			return false
		}
		if f.favoritos && !e.p.Favorito {
			return false
		}
		if f.inCategory != nil && !f.inCategory(e.p) {
			return false
		}
		return !f.descuentos || pr.discounted(&e.p)
	}}
}

// listFilter reads titulo, categoria and favorito. The texts are only ever compared in memory,
// never sent to the store, so no operator or pattern can be injected.
func listFilter(c *echo.Context, cats *categorySet) (filter, error) {
	var f filter
	titulo, err := textParam(c, "titulo")
	if err != nil {
		return f, err
	}
	f.titulo = fold(titulo)
	cat, err := textParam(c, "categoria")
	if err != nil {
		return f, err
	}
	switch fold(cat) {
	case "":
	case "descuentos", "ofertas":
		f.descuentos = true
	default:
		f.inCategory = cats.matcher(cat)
	}
	switch c.QueryParam("favorito") {
	case "", "0", "false":
	case "1", "true":
		f.favoritos = true
	default:
		return f, apperr.InvalidFields("Parámetro inválido.", map[string]string{"favorito": "Debe ser 1 o 0."})
	}
	return f, nil
}

func textParam(c *echo.Context, name string) (string, error) {
	v := strings.TrimSpace(c.QueryParam(name))
	if len([]rune(v)) > maxQueryText {
		return "", apperr.InvalidFields("La búsqueda es demasiado larga.",
			map[string]string{name: "Debe tener como máximo " + strconv.Itoa(maxQueryText) + " caracteres."})
	}
	return v, nil
}

// list answers GET productos?limit&page&compact&titulo&categoria&favorito from memory, without
// the products that have no stock and with only what a shopper may see.
func (m *Module) list(c *echo.Context) error {
	return m.serveCached(c, "list?"+c.QueryString(), func() (any, error) {
		page, meta, err := m.listPage(c, true)
		if err != nil {
			return nil, err
		}
		products := make([]PublicProduct, len(page))
		for i, p := range page {
			products[i] = p.public()
		}
		return listAnswer[PublicProduct]{Products: products, Meta: meta}, nil
	})
}

// adminList answers GET admin/productos: the same filters, every product (with or without
// stock, every field), the total count, and a sort (orden: adminOrders).
func (m *Module) adminList(c *echo.Context) error {
	products, meta, err := m.listPage(c, false)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, listAnswer[Product]{Products: products, Meta: meta})
}

// listPage reads the list's parameters and returns the priced products of the page asked for.
func (m *Module) listPage(c *echo.Context, shop bool) ([]Product, listMeta, error) {
	page, limit, err := pageParams(c, 24)
	if err != nil {
		return nil, listMeta{}, err
	}
	f, err := listFilter(c, m.service.categories.current())
	if err != nil {
		return nil, listMeta{}, err
	}
	f.withStock = shop
	if !shop {
		switch c.QueryParam("archivados") {
		case "", "0", "false":
		case "1", "true":
			f.archivados = true
		default:
			return nil, listMeta{}, apperr.InvalidFields("Parámetro inválido.", map[string]string{"archivados": "Debe ser 1 o 0."})
		}
	}
	compact := c.QueryParam("compact") != "0"
	pr := m.service.memory.pricing(m.service.now())
	keep := f.selection(pr)
	var products []Product
	var more bool
	if order, sorted, err := adminOrderParam(c, shop); err != nil {
		return nil, listMeta{}, err
	} else if sorted {
		var total int
		products, total = m.service.memory.sortedPage(keep, order, page, limit)
		more = page*limit < total
	} else {
		products, more = m.service.memory.page(keep, page, limit)
	}
	for i := range products {
		if compact {
			products[i] = products[i].compact()
		}
		products[i] = pr.priced(products[i])
	}
	meta := listMeta{HasMore: more, Page: page, Limit: limit}
	if !shop {
		total := m.service.memory.count(keep)
		meta.Total = &total
	}
	return products, meta, nil
}

// adminOrderParam reads the staff list's sort (orden); sorted is false for the catalogue's own
// order, and always on the storefront.
func adminOrderParam(c *echo.Context, shop bool) (o adminOrder, sorted bool, err error) {
	v := c.QueryParam("orden")
	if shop || v == "" {
		return adminOrder{}, false, nil
	}
	o, ok := adminOrders[v]
	if !ok {
		return adminOrder{}, false, apperr.InvalidFields("Parámetro inválido.", map[string]string{"orden": "Debe ser nombre, stock, -stock o -updatedAt."})
	}
	return o, true, nil
}

// get answers GET productos/{id} with what a shopper may see of the product.
func (m *Module) get(c *echo.Context) error {
	id := c.Param("id")
	return m.serveCached(c, "get/"+id, func() (any, error) { return m.service.PublicProduct(id) })
}

// adminGet answers GET admin/productos/{id} with every field of the product, for the edit form.
func (m *Module) adminGet(c *echo.Context) error {
	p, err := m.service.Product(c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

// searchAnswer is a page of a search: its products and, in meta, the page, whether more follow
// and how many products match in all.
type searchAnswer struct {
	Productos []PublicProduct `json:"productos"`
	Meta      listMeta        `json:"meta"`
}

// search answers GET productos/search/?q=&page=&limit= with a page (20 unless asked) of the
// products whose name, brand or model hold every word (ignoring case and accents), the sold-out
// ones last, and the total; under 3 characters, none.
func (m *Module) search(c *echo.Context) error {
	raw, err := textParam(c, "q")
	if err != nil {
		return err
	}
	page, limit, err := pageParams(c, 20)
	if err != nil {
		return err
	}
	q := fold(raw)
	key := "search?" + q + "&page=" + strconv.Itoa(page) + "&limit=" + strconv.Itoa(limit)
	return m.serveCached(c, key, func() (any, error) {
		total := 0
		answer := searchAnswer{Productos: []PublicProduct{}, Meta: listMeta{Page: page, Limit: limit, Total: &total}}
		if len([]rune(q)) < 3 {
			return answer, nil
		}
		pr := m.service.memory.pricing(m.service.now())
		products, n := m.service.memory.searchPage(filter{titulo: q}.selection(pr), page, limit)
		for _, p := range products {
			answer.Productos = append(answer.Productos, pr.priced(p.compact()).public())
		}
		total = n
		answer.Meta.HasMore = page*limit < n
		return answer, nil
	})
}

// create answers POST productos with the stored product.
func (m *Module) create(c *echo.Context) error {
	var in ProductInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	p, err := m.service.CreateProduct(actorContext(c), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, p)
}

// update answers PATCH productos/{id} with the stored product.
func (m *Module) update(c *echo.Context) error {
	if _, err := parseProductID(c.Param("id")); err != nil {
		return err
	}
	var in ProductInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	p, err := m.service.UpdateProduct(actorContext(c), c.Param("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

// remove answers DELETE productos/{id}.
func (m *Module) remove(c *echo.Context) error {
	if err := m.service.DeleteProduct(actorContext(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// archive answers POST productos/{id}/archivar with the product, now hidden from the shop.
func (m *Module) archive(c *echo.Context) error {
	p, err := m.service.SetArchived(actorContext(c), c.Param("id"), true)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

// restore answers POST productos/{id}/restaurar with the product, shown in the shop again.
func (m *Module) restore(c *echo.Context) error {
	p, err := m.service.SetArchived(actorContext(c), c.Param("id"), false)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

type discountAnswer struct {
	Data Discount `json:"data"`
}

func (m *Module) listDiscounts(c *echo.Context) error {
	return c.JSON(http.StatusOK, map[string][]Discount{"data": m.service.Discounts()})
}

func (m *Module) getDiscount(c *echo.Context) error {
	d, err := m.service.Discount(c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, discountAnswer{d})
}

func (m *Module) createDiscount(c *echo.Context) error {
	var in DiscountInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	d, err := m.service.CreateDiscount(actorContext(c), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, discountAnswer{d})
}

func (m *Module) updateDiscount(c *echo.Context) error {
	if _, err := m.service.Discount(c.Param("id")); err != nil {
		return err
	}
	var in DiscountInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	d, err := m.service.UpdateDiscount(actorContext(c), c.Param("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, discountAnswer{d})
}

func (m *Module) deleteDiscount(c *echo.Context) error {
	if err := m.service.DeleteDiscount(actorContext(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// pageParams reads a list's page and limit (limit items a page unless asked), naming each bad one.
func pageParams(c *echo.Context, limit int) (int, int, error) {
	bad := apperr.Fields{}
	page := httpx.QueryInt(c, "page", 1, 1, 100000, bad)
	limit = httpx.QueryInt(c, "limit", limit, 1, 100, bad)
	if len(bad) > 0 {
		return 0, 0, apperr.InvalidFields("Parámetro inválido.", bad)
	}
	return page, limit, nil
}
