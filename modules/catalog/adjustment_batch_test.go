package catalog

import (
	"context"
	"errors"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/audit"
)

// count is a 'Conteo físico' of units of a product's variant, under the movement id once.
func count(p Product, variant bson.ObjectID, units float64, once bson.ObjectID) OnceAdjustment {
	return OnceAdjustment{In: AdjustInput{ProductID: p.ID.Hex(), VarianteID: variant.Hex(), Tipo: TipoConteo, Cantidad: &units,
		Motivo: "Importación de productos"}, Once: once}
}

// Counts in bulk (an import's): each its own movement under its id, a sale between the batch's read
// and its write kept (the product's guard fails, its counts are made again on its units then), a
// list stopped at its first failing count with AdjustStock's error and the other lists made, and
// the same lists asked again (a retry after a crash, another replica) counting nothing twice.
func TestAdjustStocksOnceKeepsSalesFailsAloneAndCountsOnce(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	svc := env.m.Service()
	ctx := audit.WithActor(context.Background(), audit.Actor{ID: "64b000000000000000000001", Name: "Prueba"})
	sold, counted := env.mustCreate(catalogtest.FormProduct("Cámara vendida")), env.mustCreate(catalogtest.FormProduct("Cámara contada")) // 5 and 3 units
	gone := Product{ID: bson.NewObjectID()}
	ids := make([]bson.ObjectID, 6)
	for i := range ids {
		ids[i] = bson.NewObjectID()
	}
	lists := [][]OnceAdjustment{
		{count(sold, sold.Variantes[0].ID, 9, ids[0]), count(sold, sold.Variantes[1].ID, 4, ids[1])},
		{count(counted, counted.Variantes[1].ID, 7, ids[2]), count(counted, bson.NewObjectID(), 1, ids[3]), count(counted, counted.Variantes[0].ID, 1, ids[4])},
		{count(gone, bson.NewObjectID(), 1, ids[5])},
		nil,
	}
	svc.batchRead = func() {
		svc.batchRead = nil
		if _, err := svc.TakeStockFor(ctx, "venta1:0", OrderLine{ProductID: sold.ID.Hex(), VariantID: sold.Variantes[0].ID.Hex(), Cantidad: 2}, StockNote{}); err != nil {
			t.Error(err)
		}
	}
	check := func(try string, made []Adjusted, soldUnits int) {
		t.Helper()
		var nf *apperr.Error
		if len(made) != 4 || made[0] != (Adjusted{Made: 2}) || made[1].Made != 1 || made[3] != (Adjusted{}) ||
			!errors.As(made[1].Err, &nf) || nf.Code != apperr.NotFound || nf.Message != "La variante ya no existe en Cámara contada." ||
			made[2].Made != 0 || !errors.Is(made[2].Err, errProductNotFound) {
			t.Fatalf("%s: %+v", try, made)
		}
		for _, c := range []struct {
			p      Product
			units  [2]int
			counts map[bson.ObjectID][3]int // antes, despues, cantidad
		}{
			{sold, [2]int{soldUnits, 4}, map[bson.ObjectID][3]int{ids[0]: {3, 9, 6}, ids[1]: {3, 4, 1}}},
			{counted, [2]int{5, 7}, map[bson.ObjectID][3]int{ids[2]: {3, 7, 4}}},
		} {
			p := env.storedProduct(c.p.ID.Hex())
			checkTotals(t, p, c.units[0])
			if p.Variantes[1].Stock != c.units[1] {
				t.Errorf("%s: %s has %d units of its second variant, want %d", try, p.Nombre, p.Variantes[1].Stock, c.units[1])
			}
			if m, ok := svc.Cached(p.ID); !ok || m.Variantes[0].Stock != c.units[0] || m.Variantes[1].Stock != c.units[1] {
				t.Errorf("%s: %s in memory: %+v", try, p.Nombre, m.Variantes)
			}
			n := 0
			for _, m := range env.storedMovements(p.ID.Hex()) {
				if m.Tipo != TipoConteo {
					continue
				}
				n++
				want, ok := c.counts[m.ID]
				if !ok || m.Antes == nil || m.Despues == nil || [3]int{*m.Antes, *m.Despues, m.Cantidad} != want ||
					m.Motivo != "Importación de productos" || m.UsuarioID != "64b000000000000000000001" || m.NombreUsuario != "Prueba" ||
					m.Producto != c.p.Nombre || m.ProductID != p.ID.Hex() {
					t.Errorf("%s: %s: movement %+v, want %v", try, p.Nombre, m, want)
				}
			}
			if n != len(c.counts) {
				t.Errorf("%s: %s: %d counts, want %d", try, p.Nombre, n, len(c.counts))
			}
		}
	}
	check("first", svc.AdjustStocksOnce(ctx, lists), 9)
	check("again", svc.AdjustStocksOnce(ctx, lists), 9)
	if err := env.m.service.flushSettled(ctx); err != nil { // the pending entries removed: found stored
		t.Fatal(err)
	}
	if _, err := svc.TakeStockFor(ctx, "venta2:0", OrderLine{ProductID: sold.ID.Hex(), VariantID: sold.Variantes[0].ID.Hex(), Cantidad: 1}, StockNote{}); err != nil {
		t.Fatal(err)
	}
	check("after a sale", svc.AdjustStocksOnce(ctx, lists), 8)
}

// A list that counts a variant twice, which the batch leaves to AdjustStock, one count at a time
// (the second from the first's units), and two lists of one product, each its own guarded write.
func TestAdjustStocksOnceMakesTwiceCountedVariantsInOrder(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	svc := env.m.Service()
	ctx := context.Background()
	a, b := env.mustCreate(catalogtest.FormProduct("Cámara A")), env.mustCreate(catalogtest.FormProduct("Cámara B")) // 5 and 3 units
	twice := []bson.ObjectID{bson.NewObjectID(), bson.NewObjectID()}
	made := svc.AdjustStocksOnce(ctx, [][]OnceAdjustment{
		{count(a, a.Variantes[0].ID, 2, twice[0]), count(a, a.Variantes[0].ID, 4, twice[1])},
		{count(b, b.Variantes[0].ID, 1, bson.NewObjectID())},
		{count(b, b.Variantes[1].ID, 6, bson.NewObjectID())},
	})
	if len(made) != 3 || made[0] != (Adjusted{Made: 2}) || made[1] != (Adjusted{Made: 1}) || made[2] != (Adjusted{Made: 1}) {
		t.Fatalf("made %+v", made)
	}
	if p := env.storedProduct(a.ID.Hex()); p.Variantes[0].Stock != 4 || p.Stock != 7 {
		t.Errorf("A: %+v", p.Variantes)
	}
	if p := env.storedProduct(b.ID.Hex()); p.Variantes[0].Stock != 1 || p.Variantes[1].Stock != 6 || p.Stock != 7 {
		t.Errorf("B: %+v", p.Variantes)
	}
	for _, m := range env.storedMovements(a.ID.Hex()) {
		if m.Tipo == TipoConteo && (m.ID == twice[0] && (*m.Antes != 5 || *m.Despues != 2) || m.ID == twice[1] && (*m.Antes != 2 || *m.Despues != 4)) {
			t.Errorf("A's counts: %+v", m)
		}
	}
}
