package catalog

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"tienda/pkg/httpx"
)

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

// newFilter is the filter of a list's titulo, categoria and favorito: categoria is a category of
// cats (its id, an alias or its name), or 'descuentos' ('ofertas') for the discounted products.
func newFilter(titulo, categoria string, favorito bool, cats *categorySet) filter {
	f := filter{titulo: fold(titulo), favoritos: favorito}
	switch fold(categoria) {
	case "":
	case "descuentos", "ofertas":
		f.descuentos = true
	default:
		f.inCategory = cats.matcher(categoria)
	}
	return f
}

// list answers GET productos?limit&page&compact&titulo&categoria&favorito from memory, without
// the products that have no stock and with only what a shopper may see.
func (m *Module) list(c *echo.Context) error {
	return m.serveCached(c, "list?"+c.QueryString(), func() (any, error) {
		p := newShopListParams()
		if err := httpx.BindQuery(c, &p); err != nil {
			return nil, err
		}
		return m.service.shopList(p), nil
	})
}

// shopList is the storefront's list that p asks for: the products for sale, as a shopper sees them.
func (s *Service) shopList(p shopListParams) listAnswer[PublicProduct] {
	f := newFilter(p.Titulo, p.Categoria, p.Favorito, s.categories.current())
	f.withStock = true
	page, meta := s.listPage(f, "", p.Page, p.Limit, p.Compact)
	products := make([]PublicProduct, len(page))
	for i, p := range page {
		products[i] = p.public()
	}
	return listAnswer[PublicProduct]{Products: products, Meta: meta}
}

// adminList answers GET admin/productos: the same filters, every product (with or without
// stock, every field), the total count, the archived ones (archivados) and a sort (orden).
func (m *Module) adminList(c *echo.Context) error {
	p := newAdminListParams()
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	f := newFilter(p.Titulo, p.Categoria, p.Favorito, m.service.categories.current())
	f.archivados = p.Archivados
	products, meta := m.service.listPage(f, p.Orden, p.Page, p.Limit, p.Compact)
	return c.JSON(http.StatusOK, listAnswer[Product]{Products: products, Meta: meta})
}

// listPage returns the priced products that f selects on the page asked for, sorted by orden
// (adminOrders; "" is the catalogue's own order). The storefront's list (f.withStock) has no
// total.
func (s *Service) listPage(f filter, orden string, page, limit int, compact bool) ([]Product, listMeta) {
	pr := s.memory.pricing(s.now())
	keep := f.selection(pr)
	var products []Product
	var more bool
	if order, sorted := adminOrderNamed(orden); sorted {
		var total int
		products, total = s.memory.sortedPage(keep, order, page, limit)
		more = page*limit < total
	} else {
		products, more = s.memory.page(keep, page, limit)
	}
	for i := range products {
		if compact {
			products[i] = products[i].compact()
		}
		products[i] = pr.priced(products[i])
	}
	meta := listMeta{HasMore: more, Page: page, Limit: limit}
	if !f.withStock {
		total := s.memory.count(keep)
		meta.Total = &total
	}
	return products, meta
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
	p := newSearchParams()
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	q, page, limit := fold(p.Q), p.Page, p.Limit
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
