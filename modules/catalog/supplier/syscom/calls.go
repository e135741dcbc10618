package syscom

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// maxPages bounds a walk through a search's pages, against an answer that never says it is done.
const maxPages = 5000

// Categories returns the top-level categories.
func (c *Client) Categories(ctx context.Context) ([]Category, error) {
	var w []wireCategory
	if err := c.get(ctx, "categorias", nil, &w); err != nil {
		return nil, err
	}
	out := make([]Category, 0, len(w))
	for _, x := range w {
		cat := x.category()
		if cat.ID == "" {
			return nil, fmt.Errorf("syscom GET categorias: a category without an id: %w", ErrRespuesta)
		}
		out = append(out, cat)
	}
	return out, nil
}

// Category returns one category with its sub-categories.
func (c *Client) Category(ctx context.Context, id string) (Category, error) {
	var w wireCategory
	if err := c.get(ctx, "categorias/"+url.PathEscape(id), nil, &w); err != nil {
		return Category{}, err
	}
	cat := w.category()
	if cat.ID == "" {
		return Category{}, fmt.Errorf("syscom GET categorias/%s: no id in the answer: %w", id, ErrRespuesta)
	}
	return cat, nil
}

// Tree returns every category, levels 1 to 3: the top level, then each top category with its
// sub-categories; a level-2 category that came without its own is asked for.
func (c *Client) Tree(ctx context.Context) ([]Category, error) {
	tops, err := c.Categories(ctx)
	if err != nil {
		return nil, err
	}
	for i := range tops {
		if tops[i], err = c.Category(ctx, tops[i].ID); err != nil {
			return nil, err
		}
		for j, sub := range tops[i].Subcategorias {
			if sub.Nivel < 3 && len(sub.Subcategorias) == 0 {
				if tops[i].Subcategorias[j], err = c.Category(ctx, sub.ID); err != nil {
					return nil, err
				}
			}
		}
	}
	return tops, nil
}

// Brands returns every brand.
func (c *Client) Brands(ctx context.Context) ([]Brand, error) {
	var w []wireBrand
	if err := c.get(ctx, "marcas", nil, &w); err != nil {
		return nil, err
	}
	out := make([]Brand, 0, len(w))
	for _, b := range w {
		out = append(out, Brand{ID: string(b.ID), Nombre: b.Nombre, Logo: b.Logo})
	}
	return out, nil
}

// Brand returns one brand.
func (c *Client) Brand(ctx context.Context, id string) (Brand, error) {
	var w wireBrand
	if err := c.get(ctx, "marcas/"+url.PathEscape(id), nil, &w); err != nil {
		return Brand{}, err
	}
	return Brand{ID: string(w.ID), Nombre: w.Nombre, Logo: w.Logo}, nil
}

// Query is a product search: any of a category id, a brand id and words, in an order the
// distributor knows ("" for its own).
type Query struct {
	Categoria, Marca, Busqueda, Orden string
}

func (q Query) values(pagina int) url.Values {
	v := url.Values{"pagina": {strconv.Itoa(pagina)}}
	for k, s := range map[string]string{"categoria": q.Categoria, "marca": q.Marca, "busqueda": q.Busqueda, "orden": q.Orden} {
		if s = strings.TrimSpace(s); s != "" {
			v.Set(k, s)
		}
	}
	return v
}

// Search returns one page (from 1) of the products matching q.
func (c *Client) Search(ctx context.Context, q Query, pagina int) (Page, error) {
	return c.page(ctx, "productos", q.values(max(pagina, 1)))
}

// BrandProducts returns one page (from 1) of a brand's products.
func (c *Client) BrandProducts(ctx context.Context, brandID string, pagina int) (Page, error) {
	return c.page(ctx, "marcas/"+url.PathEscape(brandID)+"/productos", url.Values{"pagina": {strconv.Itoa(max(pagina, 1))}})
}

func (c *Client) page(ctx context.Context, path string, v url.Values) (Page, error) {
	var w wirePage
	if err := c.get(ctx, path, v, &w); err != nil {
		return Page{}, err
	}
	p := Page{Cantidad: int(w.Cantidad), Pagina: int(w.Pagina), Paginas: int(w.Paginas)}
	if p.Cantidad < 0 || p.Paginas < 0 || p.Pagina < 0 {
		return Page{}, fmt.Errorf("syscom GET %s: negative counts: %w", path, ErrRespuesta)
	}
	for _, wp := range w.Productos {
		pr, err := wp.product()
		if err != nil {
			return Page{}, fmt.Errorf("syscom GET %s: %w: %w", path, ErrRespuesta, err)
		}
		p.Productos = append(p.Productos, pr)
	}
	return p, nil
}

// Each calls fn with every product matching q, page after page, until the last page, an empty
// page, or fn's error (returned as is).
func (c *Client) Each(ctx context.Context, q Query, fn func(Product) error) error {
	for pagina := 1; pagina <= maxPages; pagina++ {
		p, err := c.Search(ctx, q, pagina)
		if err != nil {
			return err
		}
		for _, pr := range p.Productos {
			if err := fn(pr); err != nil {
				return err
			}
		}
		if len(p.Productos) == 0 || pagina >= p.Paginas {
			return nil
		}
	}
	return fmt.Errorf("syscom GET productos: more than %d pages: %w", maxPages, ErrRespuesta)
}

// Product returns one product with its detail (description, pictures, resources).
func (c *Client) Product(ctx context.Context, id string) (Product, error) {
	var w wireProduct
	if err := c.get(ctx, "productos/"+url.PathEscape(id), nil, &w); err != nil {
		return Product{}, err
	}
	p, err := w.product()
	if err != nil {
		return Product{}, fmt.Errorf("syscom GET productos/%s: %w: %w", id, ErrRespuesta, err)
	}
	return p, nil
}

// Related returns a product's related products.
func (c *Client) Related(ctx context.Context, id string) ([]Product, error) {
	return c.list(ctx, "productos/"+url.PathEscape(id)+"/relacionados")
}

// Accessories returns a product's accessories.
func (c *Client) Accessories(ctx context.Context, id string) ([]Product, error) {
	return c.list(ctx, "productos/"+url.PathEscape(id)+"/accesorios")
}

func (c *Client) list(ctx context.Context, path string) ([]Product, error) {
	var w []wireProduct
	if err := c.get(ctx, path, nil, &w); err != nil {
		return nil, err
	}
	out := make([]Product, 0, len(w))
	for _, wp := range w {
		p, err := wp.product()
		if err != nil {
			return nil, fmt.Errorf("syscom GET %s: %w: %w", path, ErrRespuesta, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// ExchangeRates returns the distributor's exchange rates of the day.
func (c *Client) ExchangeRates(ctx context.Context) (ExchangeRates, error) {
	var w wireRates
	if err := c.get(ctx, "tipocambio", nil, &w); err != nil {
		return ExchangeRates{}, err
	}
	r, err := w.rates()
	if err != nil {
		return ExchangeRates{}, fmt.Errorf("syscom GET tipocambio: %w: %w", ErrRespuesta, err)
	}
	return r, nil
}
