package catalog

import (
	"context"
	"net/http"
	"testing"
	"time"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/httpx/httpxtest"
)

// An imported product with none of the shop's own units but the distributor's ('disponible con
// proveedor') is listed in the shop and can be ordered: the order takes the shop's own units first,
// then the distributor's availability, never the own units below 0; giving back returns each part
// where it came from.
func TestAProductAvailableFromTheSupplierIsListedAndOrdered(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	svc := env.m.Service()
	ctx := context.Background()
	p := env.mustCreate(catalogtest.FormProduct("Cámara del proveedor"))
	own := p.Variantes[0].Stock
	withDistributor(t, svc, p, "183694", 10)
	line := OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[0].ID.Hex()}
	// Sell every own unit of every variant: the product has no units of its own.
	for i, v := range p.Variantes {
		if v.Stock > 0 {
			if _, err := svc.TakeStockFor(ctx, "propias:"+v.ID.Hex(), OrderLine{ProductID: p.ID.Hex(), VariantID: v.ID.Hex(), Cantidad: v.Stock}, StockNote{}); err != nil {
				t.Fatalf("variant %d: %v", i, err)
			}
		}
	}
	if got, _ := svc.Product(p.ID.Hex()); got.Stock != 0 {
		t.Fatalf("stock %d", got.Stock)
	}
	list := httpxtest.Decode[listBody](t, env.do("", http.MethodGet, "/v1/productos?titulo=proveedor", nil))
	if len(list.Products) != 1 || list.Products[0].ID != p.ID {
		t.Fatalf("not listed in the shop: %+v", list.Products)
	}
	// A search puts it with the products for sale, before a sold-out match (newer, so first in the
	// catalogue's order), and its page offers it in stock.
	soldOut := env.mustCreate(catalogtest.FormProduct("Otra cámara del proveedor"))
	for _, v := range soldOut.Variantes {
		if v.Stock > 0 {
			if _, err := svc.TakeStockFor(ctx, "agotada:"+v.ID.Hex(), OrderLine{ProductID: soldOut.ID.Hex(), VariantID: v.ID.Hex(), Cantidad: v.Stock}, StockNote{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found, n := svc.memory.searchPage(selection{words: fold("proveedor")}, 1, 10); n != 2 || found[0].ID != p.ID || found[1].ID != soldOut.ID {
		t.Fatalf("search: %d found, first %q, want %q before the sold-out one", n, found[0].Nombre, p.Nombre)
	}
	if got, err := svc.Product(p.ID.Hex()); err != nil {
		t.Fatal(err)
	} else if _, _, inStock := priceRange(got); !inStock {
		t.Fatal("its page says it is sold out")
	}
	q, err := svc.Quote(ctx, []OrderLine{{ProductID: p.ID.Hex(), Cantidad: 3}})
	if err != nil || q[0].ConProveedor != 3 || q[0].Entrega != EntregaProveedor {
		t.Fatalf("quote: %+v %v", q, err)
	}
	line.Cantidad = 3
	if _, err := svc.TakeStockFor(ctx, "venta1:0", line, StockNote{Folio: "T-1"}); err != nil {
		t.Fatalf("order from the supplier: %v", err)
	}
	stored := env.storedProduct(p.ID.Hex())
	if stored.Variantes[0].Stock != 0 || stored.Stock != 0 || stored.Distribuidor.Existencia != 7 || stored.Apartados["venta1:0"].Proveedor != 3 {
		t.Fatalf("after the take: own %d, stock %d, distributor %d, reservation %+v", stored.Variantes[0].Stock, stored.Stock,
			stored.Distribuidor.Existencia, stored.Apartados["venta1:0"])
	}
	line.Cantidad = 8
	if _, err := svc.TakeStockFor(ctx, "venta2:0", line, StockNote{}); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("8 with 7 at the distributor: %v, want a shortage", err)
	}
	line.Cantidad = 3
	if err := svc.ReturnStockFor(ctx, "venta1:0", line, StockNote{}); err != nil {
		t.Fatal(err)
	}
	stored = env.storedProduct(p.ID.Hex())
	if stored.Variantes[0].Stock != 0 || stored.Distribuidor.Existencia != 10 {
		t.Fatalf("after giving back: own %d, distributor %d", stored.Variantes[0].Stock, stored.Distribuidor.Existencia)
	}
	// Own units first: 2 of the shop's own and 3 from the distributor.
	if err := svc.ReturnStockFor(ctx, "propias:"+p.Variantes[0].ID.Hex(), OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[0].ID.Hex(), Cantidad: own}, StockNote{}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.TakeStockFor(ctx, "propias:x", OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[0].ID.Hex(), Cantidad: own - 2}, StockNote{}); err != nil {
		t.Fatal(err)
	}
	line.Cantidad = 5
	if _, err := svc.TakeStockFor(ctx, "venta3:0", line, StockNote{}); err != nil {
		t.Fatal(err)
	}
	stored = env.storedProduct(p.ID.Hex())
	if stored.Variantes[0].Stock != 0 || stored.Distribuidor.Existencia != 7 || stored.Apartados["venta3:0"].Proveedor != 3 {
		t.Fatalf("own first: own %d, distributor %d, reservation %+v", stored.Variantes[0].Stock, stored.Distribuidor.Existencia, stored.Apartados["venta3:0"])
	}
	checkTotals(t, stored, 0)
}

// A cancelled order's units ordered from the distributor go back to its availability, not to the
// shop's own stock; a customer's return (units in the shop's hands) goes to the own stock.
func TestACancelledSupplierLineGoesBackToTheDistributor(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	svc := env.m.Service()
	ctx := context.Background()
	p := env.mustCreate(catalogtest.FormProduct("Radio del proveedor"))
	withDistributor(t, svc, p, "1", 10)
	own := p.Variantes[0].Stock
	line := OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[0].ID.Hex(), Cantidad: own + 4}
	if _, err := svc.TakeStockFor(ctx, "v:0", line, StockNote{}); err != nil {
		t.Fatal(err)
	}
	if err := svc.GiveBackStock(ctx, line, StockNote{Tipo: TipoCancelacion, ConProveedor: 4}); err != nil {
		t.Fatal(err)
	}
	stored := env.storedProduct(p.ID.Hex())
	if stored.Variantes[0].Stock != own || stored.Distribuidor.Existencia != 10 {
		t.Fatalf("after the cancellation: own %d (want %d), distributor %d", stored.Variantes[0].Stock, own, stored.Distribuidor.Existencia)
	}
	checkTotals(t, stored, own)
}

// A take answers the units it took from the distributor, not those its quote expected: another
// order took the shop's own units in between, so the order's line (what staff order from the
// distributor) says all of them; a repeat of the key answers the same.
func TestATakeAnswersTheUnitsItTookFromTheSupplier(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	svc := env.m.Service()
	ctx := context.Background()
	p := env.mustCreate(catalogtest.FormProduct("Grabador del proveedor"))
	v := p.Variantes[0]
	if v.Stock < 1 {
		t.Fatalf("the form's first variant has %d units", v.Stock)
	}
	// The distributor has just what the order needs once the own units are gone: after its take,
	// none is left, and a repeat must still answer what the first take took.
	withDistributor(t, svc, p, "200100", v.Stock+2)
	line := OrderLine{ProductID: p.ID.Hex(), VariantID: v.ID.Hex(), Cantidad: v.Stock + 2}
	q, err := svc.Quote(ctx, []OrderLine{line})
	if err != nil || q[0].ConProveedor != 2 || q[0].Entrega != EntregaProveedor {
		t.Fatalf("quote: %+v %v", q, err)
	}
	own := OrderLine{ProductID: p.ID.Hex(), VariantID: v.ID.Hex(), Cantidad: v.Stock}
	if got, err := svc.TakeStockFor(ctx, "otra:0", own, StockNote{}); err != nil || got.ConProveedor != 0 || got.Entrega != "" {
		t.Fatalf("the own units: %+v %v", got, err)
	}
	for _, key := range []string{"venta:0", "venta:0"} { // the second: a repeat
		got, err := svc.TakeStockFor(ctx, key, line, StockNote{})
		if err != nil || got.ConProveedor != line.Cantidad || got.Entrega != EntregaProveedor {
			t.Fatalf("%s: %d from the distributor (%q), want %d: %v", key, got.ConProveedor, got.Entrega, line.Cantidad, err)
		}
	}
	if stored := env.storedProduct(p.ID.Hex()); stored.Apartados["venta:0"].Proveedor != line.Cantidad {
		t.Fatalf("reservation %+v", stored.Apartados["venta:0"])
	}
}

// withDistributor gives p the distributor's code and availability, as the Syscom sync writes them.
func withDistributor(t *testing.T, svc *Service, p Product, code string, units int) {
	t.Helper()
	if _, err := svc.UpdateProductWith(context.Background(), p.ID.Hex(), func(Product) (ProductInput, bool) {
		return ProductInput{Distribuidor: &Distribuidor{Nombre: "Syscom", ProductoID: code, Existencia: units, Actualizado: time.Now()}}, true
	}); err != nil {
		t.Fatal(err)
	}
}
