package main

import (
	"context"
	"net/http"
	"testing"

	"github.com/rs/zerolog"

	"tienda/modules/catalog"
	"tienda/pkg/money"
	"tienda/pkg/mongox"
)

// Two replicas on one store. A price edited on replica B, then at once a counter order on replica
// A, whose catalogue has not polled the edit yet (it polls every 2 s): the sale is charged the new
// price, with totals that add up, as B quotes it.
func TestFenceACounterOrderOnAReplicaThatHasNotPolledIsChargedTheNewPrice(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := mongox.TestDB(t)
	env := map[string]string{"DEMO_DATA": "true", "JWT_SECRET": "fence-replicas-secret-0123456789abcdef"}
	dir := t.TempDir()
	start := func() *shop {
		t.Helper()
		a, err := NewOnStore(ctx, testConfig(t, dir, env), zerolog.Nop(), testWeb, store)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { closeApp(t, a) })
		return &shop{t: t, app: a, h: a.Handler(), toks: map[string]string{}}
	}
	a, b := start(), start()
	p := a.pick(false)
	old := p.Variantes[0].PrecioVenta

	for attempt := 1; ; attempt++ {
		price := old + float64(attempt)*100
		_, err := b.app.catalog.Service().UpdateProductWith(ctx, p.ID, func(cur catalog.Product) (catalog.ProductInput, bool) {
			vs := make([]catalog.VariantInput, len(cur.Variantes))
			for i, v := range cur.Variantes {
				stock, compra, venta, descuento := float64(v.Stock), v.PrecioCompra, v.PrecioVenta, v.Descuento
				if i == 0 {
					venta = price
				}
				vs[i] = catalog.VariantInput{ID: v.ID.Hex(), Talla: v.Talla, Stock: &stock, PrecioCompra: &compra, PrecioVenta: &venta, Descuento: &descuento}
			}
			return catalog.ProductInput{Variantes: vs}, true
		})
		if err != nil {
			t.Fatal(err)
		}
		if a.product(p.ID).Variantes[0].PrecioVenta != old+float64(attempt-1)*100 {
			if attempt == 3 {
				t.Fatal("replica A polled the edit three times before the order: the test proves nothing")
			}
			continue // A polled in between: edit again
		}
		rec := a.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(p, 2, false)}})
		if rec.Code != http.StatusCreated {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		v := decodeSale(t, rec)
		quoted, err := b.app.catalog.Service().Product(p.ID)
		if err != nil {
			t.Fatal(err)
		}
		final := money.MustFromPesos(quoted.Variantes[0].PrecioFinal)
		want := money.PriceLine(final, 2)
		if v.Carrito[0].Precio != price || v.Carrito[0].PrecioFinal != final.Pesos() || v.Subtotal != want.Base.Pesos() || v.IVA != want.IVA.Pesos() || v.Total != want.Total.Pesos() {
			t.Fatalf("charged %+v, want $%v a unit (%v after its discount): %+v", v.Carrito[0], price, final.Pesos(), want)
		}
		return
	}
}
