package catalog

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
)

func TestHeldStockIsTakenAndGivenBackOncePerKey(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(formProduct("Cámara con reservas"))
	svc := env.m.Service()
	ctx := context.Background()
	line := OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[1].ID.Hex(), Cantidad: 2} // stock 3

	if err := svc.TakeStockFor(ctx, "venta1:0", line); err != nil {
		t.Fatal(err)
	}
	if err := svc.TakeStockFor(ctx, "venta1:0", line); err != nil { // a repeat takes nothing
		t.Fatal(err)
	}
	if err := svc.TakeStockFor(ctx, "venta2:0", line); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("only 1 left, want a shortage: %v", err)
	}
	got, _ := svc.Product(p.ID.Hex())
	if got.Variantes[1].Stock != 1 || got.Stock != 6 || got.TotalExistencia != 6 {
		t.Fatalf("after taking: variant %d, stock %d, total %d", got.Variantes[1].Stock, got.Stock, got.TotalExistencia)
	}
	// An admin edit keeps the holds.
	if rec := env.do(auth.Administrador, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"nombre": "Cámara renombrada"}); rec.Code != http.StatusOK {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	for range 3 {
		if err := svc.ReturnStockFor(ctx, "venta1:0", line); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.ReturnStockFor(ctx, "nunca-tomada:0", line); err != nil {
		t.Fatal(err)
	}
	got, _ = svc.Product(p.ID.Hex())
	if got.Variantes[1].Stock != 3 || got.Stock != 8 || len(got.Holds) != 0 {
		t.Fatalf("after giving back: variant %d, stock %d, holds %v", got.Variantes[1].Stock, got.Stock, got.Holds)
	}
}

func TestFiftyBuyersUnderKeysSellExactlyTheStock(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := formProduct("Último lote")
	body["variantes"] = []map[string]any{{"talla": "Unico", "tamano": "1", "stock": 20, "precioCompra": 10, "precioVenta": 20, "descuento": 0}}
	p := env.mustCreate(body)
	svc := env.m.Service()
	var sold atomic.Int32
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			err := svc.TakeStockFor(context.Background(), fmt.Sprintf("v%d:0", i), OrderLine{ProductID: p.ID.Hex(), Cantidad: 1})
			if err == nil {
				sold.Add(1)
			} else if !apperr.Is(err, apperr.Conflict) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got, _ := svc.Product(p.ID.Hex())
	if sold.Load() != 20 || got.Variantes[0].Stock != 0 || got.Stock != 0 || len(got.Holds) != 20 {
		t.Fatalf("sold %d, stock %d/%d, holds %d", sold.Load(), got.Variantes[0].Stock, got.Stock, len(got.Holds))
	}
}
