package importer

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/pkg/audit"
	"tienda/pkg/mongox"
)

// priceFile is an import of n switches SW-0… with their sale price, and units for those in counts.
func priceFile(n int, price string, counts map[int]int) []byte {
	var b strings.Builder
	b.WriteString(importHead)
	for i := range n {
		units := 5
		if c, ok := counts[i]; ok {
			units = c
		}
		fmt.Fprintf(&b, "Switch %d;Switches;;SW-%d;;;%d;;10;%s\r\n", i, i, units, price)
	}
	return []byte(b.String())
}

// byModelo reads the stored product of a modelo, failing when there is not exactly one.
func (env *testEnv) byModelo(modelo string) catalog.Product {
	env.t.Helper()
	ps, err := mongox.FindAll[catalog.Product](context.Background(), env.db.R.Collection(productsCollection), bson.M{"modelo": modelo})
	if err != nil || len(ps) != 1 {
		env.t.Fatalf("%s stored %d times: %v", modelo, len(ps), err)
	}
	return ps[0]
}

// A new price list applied in batches, with a crash after a batch's edits were written and before
// its progress was saved, then taken over by another replica: every product is edited once (one
// version, one entry of the trail), and the count in it made once.
func TestImportOfPricesResumesAfterACrashEditingEachRowOnce(t *testing.T) {
	env := newEnv(t)
	const n = 7
	env.applyImport(priceFile(n, "20", nil))
	r := env.trail
	r.Take()

	im := env.m.imports
	im.stop()
	im.batch, im.crashAfter = 2, 4
	im.start()
	j := env.startImport(priceFile(n, "25", map[int]int{2: 8}))
	waitUntil(t, "the second batch written", func() bool { return env.byModelo("SW-3").Variantes[0].PrecioVenta == 25 })
	time.Sleep(100 * time.Millisecond) // the crash comes before any save of the second batch
	if j = env.importJob(j.ID); j.Estado != ImportEnCurso || j.Hechos != 2 || j.Actualizados != 2 {
		t.Fatalf("after the crash %+v", j)
	}
	if p := env.byModelo("SW-4"); p.Variantes[0].PrecioVenta != 20 {
		t.Fatalf("a row after the crash was written: %+v", p.Variantes)
	}

	_, other := MustModule(t, env.db, env.trail)
	if _, err := env.db.W.Collection(importJobsColl).UpdateOne(context.Background(), bson.M{"_id": j.ID},
		bson.M{"$set": bson.M{"hasta": time.Now().Add(-time.Second)}}); err != nil {
		t.Fatal(err)
	}
	other.imports.poke()
	waitUntil(t, "the import finished by the other replica", func() bool { j = env.importJob(j.ID); return j.Estado == ImportTerminada })
	if j.Hechos != j.Total || j.Total != n || j.NumErrores != 0 { // its Ajustes: the count written before the crash is not counted
		t.Fatalf("finished %+v", j)
	}
	edits := map[string]int{}
	for _, e := range r.Take() {
		if e.Accion == audit.Actualizar {
			edits[e.RegistroID]++
		}
	}
	for i := range n {
		p := env.byModelo(fmt.Sprintf("SW-%d", i))
		if p.Variantes[0].PrecioVenta != 25 || p.Version != 2 || edits[p.ID.Hex()] != 1 {
			t.Errorf("SW-%d: price %v, version %d, %d entries of its edit", i, p.Variantes[0].PrecioVenta, p.Version, edits[p.ID.Hex()])
		}
		if p.CambiadoEn == nil || p.Revision < 2 {
			t.Errorf("SW-%d not stamped for the other replicas: %v %d", i, p.CambiadoEn, p.Revision)
		}
	}
	counted := env.byModelo("SW-2")
	moves, err := env.db.R.Collection(movementsCollection).CountDocuments(context.Background(), bson.M{"productoId": counted.ID.Hex(), "tipo": catalog.TipoConteo})
	if err != nil || moves != 1 || counted.Variantes[0].Stock != 8 {
		t.Fatalf("the count: %d movements (%v), %d units", moves, err, counted.Variantes[0].Stock)
	}
}

// Units sold between the preview of a new price list and its apply are kept (a sale between the
// batch's read of the products and its write: catalog's TestEditProductsKeepsSalesAndEditsBetweenReadAndWrite).
func TestImportOfPricesKeepsUnitsSoldSinceThePreview(t *testing.T) {
	env := newEnv(t)
	env.applyImport(priceFile(2, "20", nil))
	svc := env.cat.Service()
	ctx := context.Background()
	head := "Producto;Categoría;Marca;Modelo;Talla;Tamaño;Precio de compra;Precio de venta (sin IVA)\r\n" // no units: a price list
	file := []byte(head + "Switch 0;Switches;;SW-0;;;10;25\r\nSwitch 1;Switches;;SW-1;;;10;25\r\n")
	if plan := env.preview(file); len(plan.Cambios) != 2 {
		t.Fatalf("plan %+v", plan)
	}
	sold := env.byModelo("SW-0")
	if _, err := svc.TakeStockFor(ctx, "venta1:0", catalog.OrderLine{ProductID: sold.ID.Hex(), VariantID: sold.Variantes[0].ID.Hex(), Cantidad: 2}, catalog.StockNote{}); err != nil {
		t.Fatal(err)
	}
	if j := env.applyImport(file); j.Actualizados != 2 || j.NumErrores != 0 {
		t.Fatalf("job %+v", j)
	}
	for i, units := range []int{3, 5} {
		p := env.byModelo(fmt.Sprintf("SW-%d", i))
		if p.Variantes[0].Stock != units || p.Stock != units || p.Variantes[0].PrecioVenta != 25 || p.Version != 2 {
			t.Errorf("SW-%d: %d units (%d in all), price %v, version %d; want %d units", i, p.Variantes[0].Stock, p.Stock, p.Variantes[0].PrecioVenta, p.Version, units)
		}
		if m, ok := svc.Cached(p.ID); !ok || m.Variantes[0].Stock != units || m.Variantes[0].PrecioVenta != 25 {
			t.Errorf("SW-%d in memory: %+v", i, m.Variantes)
		}
	}
}
