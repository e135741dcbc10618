package catalog

import (
	"context"
	"net/http"
	"testing"
	"time"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/auth"
)

func TestASecondReplicaSeesAnEditWithinSeconds(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	other := MustModule(t, env.db, 100*time.Millisecond)
	p := env.mustCreate(catalogtest.FormProduct("Cámara vista por otra réplica"))
	env.mustCreate(catalogtest.FormProduct("Otra cámara")) // the poll selects one product of two: through the store's indexes
	if _, err := env.db.IndexIDs(context.Background()); err != nil {
		t.Fatal(err)
	}
	catalogtest.WaitUntil(t, "the other replica sees the new product", func() bool { _, err := other.Service().Product(p.ID.Hex()); return err == nil })
	hidden := hiddenProduct(t, env)

	rec := env.do(auth.Administrador, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"nombre": "Cámara renombrada"})
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	catalogtest.WaitUntil(t, "the other replica sees the new name", func() bool { q, _ := other.Service().Product(p.ID.Hex()); return q.Nombre == "Cámara renombrada" })

	if _, err := env.m.Service().TakeStockFor(context.Background(), "venta:0", OrderLine{ProductID: p.ID.Hex(), Cantidad: 5}, StockNote{}); err != nil {
		t.Fatal(err)
	}
	catalogtest.WaitUntil(t, "the other replica sees the sale", func() bool { q, _ := other.Service().Product(p.ID.Hex()); return q.Variantes[0].Stock == 0 })
	if _, err := env.m.Service().TakeStockFor(context.Background(), "venta:1", OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[1].ID.Hex(), Cantidad: 1}, StockNote{}); err != nil {
		t.Fatal(err)
	}
	catalogtest.WaitUntil(t, "the other replica sees a second sale", func() bool {
		q, _ := other.Service().Product(p.ID.Hex())
		return q.Variantes[1].Stock == 2 && q.Stock == 2
	})
	if err := env.m.Service().ReturnStockFor(context.Background(), "venta:0", OrderLine{ProductID: p.ID.Hex()}, StockNote{}); err != nil {
		t.Fatal(err)
	}
	catalogtest.WaitUntil(t, "the other replica sees the units given back", func() bool {
		q, _ := other.Service().Product(p.ID.Hex())
		return q.Variantes[0].Stock == 5 && q.Stock == 7
	})

	// A product with sales is archived, not deleted: the other replica hides it from its shop too.
	if rec := env.do(auth.Administrador, http.MethodPost, "/v1/productos/"+p.ID.Hex()+"/archivar", nil); rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	catalogtest.WaitUntil(t, "the other replica sees the archiving", func() bool { _, err := other.Service().PublicProduct(p.ID.Hex()); return err != nil })

	// None of these writes made the other replica read the whole catalogue again: each stamped its
	// product, which the poll reads.
	notReloaded(t, other.Service(), hidden)
}
