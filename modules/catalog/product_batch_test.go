package catalog

import (
	"context"
	"testing"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/audit"
)

// A batch of edits keeps what happens between its read of the products and its write: units sold
// (the edit writes no units, its guard holds) and an edit of the form (the guard fails, and the
// edit loop makes the batch's edit again on the product as it is then).
func TestEditProductsKeepsSalesAndEditsBetweenReadAndWrite(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	r := &trail{}
	env.m.service.audit = r
	svc := env.m.Service()
	ctx := context.Background()
	sold, edited := env.mustCreate(catalogtest.FormProduct("Cámara vendida")), env.mustCreate(catalogtest.FormProduct("Cámara editada"))
	r.Take()
	svc.batchRead = func() {
		svc.batchRead = nil
		if _, err := svc.TakeStockFor(ctx, "venta1:0", OrderLine{ProductID: sold.ID.Hex(), VariantID: sold.Variantes[0].ID.Hex(), Cantidad: 2}, StockNote{}); err != nil {
			t.Error(err)
		}
		name := "Cámara renombrada"
		if _, err := svc.UpdateProduct(ctx, edited.ID.Hex(), ProductInput{Nombre: &name}); err != nil {
			t.Error(err)
		}
	}
	marca := "Hikvision"
	refused := svc.EditProducts(ctx, []ProductEdit{{ID: sold.ID, In: ProductInput{Marca: &marca}}, {ID: edited.ID, In: ProductInput{Marca: &marca}}})
	if len(refused) != 0 {
		t.Fatalf("refused %v", refused)
	}
	for _, c := range []struct {
		p       Product
		name    string
		units   int
		version int64
	}{{sold, "Cámara vendida", 3, 2}, {edited, "Cámara renombrada", 5, 3}} {
		p := env.storedProduct(c.p.ID.Hex())
		if p.Marca != marca || p.Nombre != c.name || p.Variantes[0].Stock != c.units || p.Stock != c.units+3 || p.Version != c.version {
			t.Errorf("%s: marca %q, %q, %d units (%d in all), version %d; want %+v", c.name, p.Marca, p.Nombre, p.Variantes[0].Stock, p.Stock, p.Version, c)
		}
		if m, ok := svc.Cached(p.ID); !ok || m.Marca != marca || m.Variantes[0].Stock != c.units || m.Version != c.version {
			t.Errorf("%s in memory: %+v", c.name, m)
		}
	}
	edits := map[string]int{}
	for _, e := range r.Take() {
		if e.Accion == audit.Actualizar {
			edits[e.RegistroID]++
		}
	}
	if edits[sold.ID.Hex()] != 1 || edits[edited.ID.Hex()] != 2 {
		t.Fatalf("entries of the edits: %v", edits)
	}
}
