package supplier

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"tienda/modules/catalog/supplier/syscom"
	"tienda/modules/catalog/supplier/syscom/syscomfake"
)

// From the fake distributor to drafts: a category's first page, each product's detail, the day's
// rate and the owner's rules. Every description comes out safe, every price over its cost by the
// rule's margin and ending as chosen.
func TestDraftsFromTheFake(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(syscomfake.New(syscomfake.Generate(11, 600), "id", "secreto"))
	defer srv.Close()
	c, err := syscom.New(syscom.Config{BaseURL: srv.URL, ClientID: "id", ClientSecret: "secreto", RequestsPerMinute: -1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rates, err := c.ExchangeRates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	page, err := c.Search(ctx, syscom.Query{Categoria: "22"}, 1)
	if err != nil || len(page.Productos) < 20 {
		t.Fatalf("search: %d products, %v", len(page.Productos), err)
	}
	rules := Rules{General: 3000, PorCategoria: map[string]Percent{"22": 2500}, Minimo: 1500, Redondeo: EndingIn(99)}
	scripts, videos := 0, 0
	for _, listed := range page.Productos[:20] {
		p, err := c.Product(ctx, listed.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(unsafe(p.DescripcionHTML)) > 0 {
			scripts++ // the fake sends what must be taken out
		}
		d, err := FromSyscom(p, rates.Normal, rules)
		if err != nil {
			t.Fatalf("product %s: %v", p.ID, err)
		}
		if bad := unsafe(d.Descripcion); len(bad) > 0 {
			t.Errorf("product %s: unsafe description %q: %q", p.ID, d.Descripcion, bad)
		}
		if d.Categoria != "22" || d.Precio.Regla != "categoría 22" || d.Precio.Precio%10000 != 9900 {
			t.Errorf("product %s: category %q, rule %q, price %v", p.ID, d.Categoria, d.Precio.Regla, d.Precio.Precio)
		}
		if int64(d.Precio.Precio)*100 < int64(d.Precio.CostoMXN)*125 {
			t.Errorf("product %s: %v is under cost %v + 25%%", p.ID, d.Precio.Precio, d.Precio.CostoMXN)
		}
		if d.Nombre == "" || d.Modelo == "" || d.SatKey == "" || d.UnidadSAT != "H87" || len(d.Imagenes) < 2 || d.Precio.CostoUSD != p.Precios.Descuento {
			t.Errorf("product %s: draft %+v", p.ID, d)
		}
		for _, r := range d.Recursos {
			if r.Nombre == "Video" {
				videos++
			}
		}
	}
	if scripts == 0 || videos == 0 {
		t.Errorf("of 20 products, %d with unsafe HTML and %d with a video: the fake should send both", scripts, videos)
	}
}
