package syscom

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Category is a category of the distributor, with its sub-categories when the answer had them.
type Category struct {
	ID            string
	Nombre        string
	Nivel         int // 1 (top) to 3
	Subcategorias []Category
}

// Brand is a brand of the distributor; ID is what the marca filter takes.
type Brand struct {
	ID, Nombre, Logo string
}

// Prices are a product's prices in US dollars, before IVA. Lista is the public list price,
// Descuento what the reseller pays after its discount; 0 where the answer had none.
type Prices struct {
	Precio1, Especial, Descuento, Lista USD
	Volumen                             []VolumePrice // by Desde, smallest first
}

// VolumePrice is the unit price from Desde units up.
type VolumePrice struct {
	Desde  int
	Precio USD
}

// Stock is the distributor's stock of a product: new units, and the 'asterisco' detail by
// warehouse letter when sent; Otros keeps any other count the answer carried.
type Stock struct {
	Nuevo     int
	Asterisco map[string]int
	Otros     map[string]int
}

// Unit is a product's unit of measure.
type Unit struct {
	Codigo, Nombre, ClaveSAT string
}

// Resource is a document of a product (a data sheet, a manual).
type Resource struct {
	Nombre, URL string
}

// Product is a product as the distributor describes it. The list answers (searches) leave the
// detail fields (DescripcionHTML, Caracteristicas, Imagenes, Recursos) empty.
type Product struct {
	ID, Modelo, Titulo, Marca, MarcaLogo, SatKey string
	ImgPortada, Link, LinkPrivado                string
	Categorias                                   []Category // the product's path, deepest first
	Precios                                      Prices
	TotalExistencia                              int
	Existencia                                   Stock
	Unidad                                       Unit
	Peso, Alto, Largo, Ancho, PesoVolumetrico    float64 // kg and cm
	Iconos                                       map[string]string
	// DescripcionHTML is the distributor's HTML, unsafe as sent (styles, iframes, scripts): it
	// must be sanitised before a browser sees it.
	DescripcionHTML string
	Caracteristicas []string
	Imagenes        []string // picture URLs in their order
	Recursos        []Resource
}

// Page is one page of a product search.
type Page struct {
	Cantidad, Pagina, Paginas int
	Productos                 []Product
}

// ExchangeRates are the distributor's selling rates, pesos per dollar: Normal for payment now,
// the others for credit terms.
type ExchangeRates struct {
	Normal, Preferencial, UnDia, UnaSemana, DosSemanas, TresSemanas, UnMes Rate
}

func (w wireCategory) category() Category {
	c := Category{ID: strings.TrimSpace(string(w.ID)), Nombre: w.Nombre, Nivel: int(w.Nivel)}
	for _, s := range w.Subcategorias {
		c.Subcategorias = append(c.Subcategorias, s.category())
	}
	return c
}

func (w wireProduct) product() (Product, error) {
	p := Product{
		ID: strings.TrimSpace(string(w.ID)), Modelo: string(w.Modelo), Titulo: w.Titulo, Marca: w.Marca,
		MarcaLogo: w.MarcaLogo, SatKey: string(w.SatKey), ImgPortada: w.ImgPortada, Link: w.Link,
		LinkPrivado: w.LinkPrivado, TotalExistencia: int(w.TotalExistencia), DescripcionHTML: w.Descripcion,
		Unidad: Unit{Codigo: string(w.Unidad.Codigo), Nombre: w.Unidad.Nombre, ClaveSAT: w.Unidad.ClaveSAT},
	}
	if p.ID == "" || !digits(p.ID) {
		return Product{}, fmt.Errorf("product without a valid producto_id: %q", p.ID)
	}
	for _, c := range w.Categorias {
		p.Categorias = append(p.Categorias, c.category())
	}
	// Deepest first, whatever order they came in.
	sort.SliceStable(p.Categorias, func(i, j int) bool { return p.Categorias[i].Nivel > p.Categorias[j].Nivel })
	var err error
	if p.Precios, err = w.Precios.prices(); err != nil {
		return Product{}, fmt.Errorf("product %s: %w", p.ID, err)
	}
	if p.Existencia, err = stock(w.Existencia); err != nil {
		return Product{}, fmt.Errorf("product %s: existencia: %w", p.ID, err)
	}
	for _, m := range []struct {
		dst *float64
		src text
	}{{&p.Peso, w.Peso}, {&p.Alto, w.Alto}, {&p.Largo, w.Largo}, {&p.Ancho, w.Ancho}, {&p.PesoVolumetrico, w.Pvol}} {
		if *m.dst, err = measure(m.src); err != nil {
			return Product{}, fmt.Errorf("product %s: %w", p.ID, err)
		}
	}
	p.Iconos = map[string]string{}
	for k, v := range w.Iconos {
		var t text
		if json.Unmarshal(v, &t) == nil && t != "" {
			p.Iconos[k] = string(t)
		}
	}
	for _, c := range w.Caracteristicas {
		if s := strings.TrimSpace(string(c)); s != "" {
			p.Caracteristicas = append(p.Caracteristicas, s)
		}
	}
	imgs := slices.Clone(w.Imagenes)
	sort.SliceStable(imgs, func(i, j int) bool { return imgs[i].Orden < imgs[j].Orden })
	for _, im := range imgs {
		if u := strings.TrimSpace(im.Imagen); u != "" {
			p.Imagenes = append(p.Imagenes, u)
		}
	}
	for _, r := range w.Recursos {
		if u := strings.TrimSpace(r.Path); u != "" {
			p.Recursos = append(p.Recursos, Resource{Nombre: strings.TrimSpace(r.Recurso), URL: u})
		}
	}
	return p, nil
}

func (w wirePrices) prices() (Prices, error) {
	var p Prices
	for _, f := range []struct {
		dst  *USD
		src  text
		name string
	}{{&p.Precio1, w.Precio1, "precio_1"}, {&p.Especial, w.Especial, "precio_especial"}, {&p.Descuento, w.Descuento, "precio_descuento"}, {&p.Lista, w.Lista, "precio_lista"}} {
		v, err := parseUSD(string(f.src))
		if err != nil || v < 0 {
			return Prices{}, fmt.Errorf("%s: not a price: %q", f.name, f.src)
		}
		*f.dst = v
	}
	for k, raw := range w.Volumen {
		desde, err := strconv.Atoi(strings.TrimSpace(k))
		var t text
		if err == nil {
			err = json.Unmarshal(raw, &t)
		}
		var price USD
		if err == nil {
			price, err = parseUSD(string(t))
		}
		if err != nil || desde < 1 || price <= 0 {
			return Prices{}, fmt.Errorf("volumen %q: not a quantity and a price", k)
		}
		p.Volumen = append(p.Volumen, VolumePrice{Desde: desde, Precio: price})
	}
	slices.SortFunc(p.Volumen, func(a, b VolumePrice) int { return a.Desde - b.Desde })
	return p, nil
}

// stock reads existencia: {"nuevo": 500, "asterisco": {"e": 2}} and any other counts.
func stock(m loose) (Stock, error) {
	s := Stock{Asterisco: map[string]int{}, Otros: map[string]int{}}
	for k, raw := range m {
		if k == "asterisco" {
			var a loose
			if err := a.UnmarshalJSON(raw); err != nil {
				return Stock{}, err
			}
			for wh, n := range a {
				var c count
				if err := c.UnmarshalJSON(n); err != nil {
					return Stock{}, fmt.Errorf("asterisco %q: %w", wh, err)
				}
				s.Asterisco[wh] = int(c)
			}
			continue
		}
		var c count
		if err := c.UnmarshalJSON(raw); err != nil {
			if k == "nuevo" {
				return Stock{}, fmt.Errorf("nuevo: %w", err)
			}
			continue // a detail of another shape: not a count we use
		}
		if k == "nuevo" {
			s.Nuevo = int(c)
		} else {
			s.Otros[k] = int(c)
		}
	}
	return s, nil
}

func (w wireRates) rates() (ExchangeRates, error) {
	var r ExchangeRates
	var errs []error
	for _, f := range []struct {
		dst  *Rate
		src  text
		name string
	}{{&r.Normal, w.Normal, "normal"}, {&r.Preferencial, w.Preferencial, "preferencial"}, {&r.UnDia, w.UnDia, "un_dia"}, {&r.UnaSemana, w.UnaSemana, "una_semana"}, {&r.DosSemanas, w.DosSemanas, "dos_semanas"}, {&r.TresSemanas, w.TresSemanas, "tres_semanas"}, {&r.UnMes, w.UnMes, "un_mes"}} {
		v, err := parseRate(string(f.src))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", f.name, err))
		}
		*f.dst = v
	}
	if r.Normal <= 0 && len(errs) == 0 {
		errs = append(errs, errors.New("no normal exchange rate"))
	}
	return r, errors.Join(errs...)
}
