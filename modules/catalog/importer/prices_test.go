package importer

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/modules/catalog/catalogtest"
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
// its progress was saved, and a sale of a counted switch, then taken over by another replica:
// every product is edited once (one version, one entry of the trail), and the count in it made once
// (not again over the sale).
func TestImportOfPricesResumesAfterACrashEditingEachRowOnce(t *testing.T) {
	env := newEnv(t)
	const n = 7
	env.applyImport(priceFile(n, "20", nil))
	r := env.trail
	r.Take()

	im := env.m.imports
	im.stop()
	im.batch, im.crashAfter, im.crashedNow = 2, 4, make(chan struct{})
	im.start()
	j := env.startImport(priceFile(n, "25", map[int]int{2: 8}))
	catalogtest.WaitUntil(t, "the second batch written", func() bool { return env.byModelo("SW-3").Variantes[0].PrecioVenta == 25 })
	catalogtest.WaitUntil(t, "the crash, before any save of the second batch", func() bool { return closed(im.crashedNow) })
	if j = env.importJob(j.ID); j.Estado != ImportEnCurso || j.Hechos != 2 || j.Actualizados != 2 {
		t.Fatalf("after the crash %+v", j)
	}
	if p := env.byModelo("SW-4"); p.Variantes[0].PrecioVenta != 20 {
		t.Fatalf("a row after the crash was written: %+v", p.Variantes)
	}

	// A unit of the counted switch sold meanwhile: the count planned again is the one written.
	sold := env.byModelo("SW-2")
	if _, err := env.cat.Service().TakeStockFor(context.Background(), "venta1:0", catalog.OrderLine{ProductID: sold.ID.Hex(),
		VariantID: sold.Variantes[0].ID.Hex(), Cantidad: 1}, catalog.StockNote{}); err != nil {
		t.Fatal(err)
	}

	_, other := MustModule(t, env.db, env.trail)
	if _, err := env.db.W.Collection(importJobsColl).UpdateOne(context.Background(), bson.M{"_id": j.ID},
		bson.M{"$set": bson.M{"hasta": time.Now().Add(-time.Second)}}); err != nil {
		t.Fatal(err)
	}
	other.imports.poke()
	catalogtest.WaitUntil(t, "the import finished by the other replica", func() bool { j = env.importJob(j.ID); return j.Estado == ImportTerminada })
	if j.Hechos != j.Total || j.Total != n || j.NumErrores != 0 {
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
	if err != nil || moves != 1 || counted.Variantes[0].Stock != 7 || counted.Stock != 7 {
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

// A file of counts (a distributor's stock) applied in batches: each count a 'Conteo físico' of its
// own, under the id the import and its row give it, with the units before and after; the two
// variants of a product counted in one batch; a row that counts the units there are, nothing.
func TestImportOfCountsWritesEachCountAsItsOwnMovement(t *testing.T) {
	env := newEnv(t)
	env.applyImport(priceFile(4, "20", nil))       // 5 units each
	domo := catalogtest.FormProduct("Cámara domo") // 5 and 3 units
	domo["modelo"] = "DOMO-1"
	env.mustCreate(domo)
	im := env.m.imports
	im.stop()
	im.batch = 2
	im.start()
	file := append(priceFile(4, "20", map[int]int{0: 8, 1: 0, 3: 12}), // rows 2 to 5: SW-2 as it is
		"Cámara domo;Camaras IP y NVRs;;DOMO-1;Grande;32;9;;100;150\r\nCámara domo;Camaras IP y NVRs;;DOMO-1;Chico;100 g;1;;50;80\r\n"...)
	j := env.applyImport(file)
	if j.Total != 4 || j.Actualizados != 4 || j.Ajustes != 5 || j.SinCambios != 1 || j.NumErrores != 0 {
		t.Fatalf("job %+v", j)
	}
	for _, c := range []struct {
		modelo string
		rows   []int
		before []int
		units  []int
	}{
		{"SW-0", []int{2}, []int{5}, []int{8}}, {"SW-1", []int{3}, []int{5}, []int{0}}, {"SW-2", nil, nil, []int{5}},
		{"SW-3", []int{5}, []int{5}, []int{12}}, {"DOMO-1", []int{6, 7}, []int{5, 3}, []int{9, 1}},
	} {
		p := env.byModelo(c.modelo)
		sum := 0
		for k, units := range c.units {
			sum += units
			if p.Variantes[k].Stock != units {
				t.Errorf("%s: %d units of variant %d, want %d", c.modelo, p.Variantes[k].Stock, k, units)
			}
		}
		if p.Stock != sum || p.TotalExistencia != sum {
			t.Errorf("%s: %d units in all (%d), want %d", c.modelo, p.Stock, p.TotalExistencia, sum)
		}
		moves, err := mongox.FindAll[catalog.Movement](context.Background(), env.db.R.Collection(movementsCollection),
			bson.M{"productoId": p.ID.Hex(), "tipo": catalog.TipoConteo})
		if err != nil || len(moves) != len(c.rows) {
			t.Fatalf("%s: %d counts (%v), want %d", c.modelo, len(moves), err, len(c.rows))
		}
		for k, row := range c.rows {
			var m catalog.Movement
			for _, mv := range moves {
				if mv.ID == importMovementID(j.ID, row) {
					m = mv
				}
			}
			if m.ID.IsZero() || m.VarianteID != p.Variantes[k].ID.Hex() || m.Antes == nil || *m.Antes != c.before[k] || *m.Despues != c.units[k] ||
				m.Cantidad != c.units[k]-c.before[k] || m.Motivo != fmt.Sprintf("Importación de productos, fila %d", row) ||
				m.NombreUsuario != "Prueba Auxiliar" || m.Producto != p.Label() {
				t.Errorf("%s, row %d: movements %+v", c.modelo, row, moves)
			}
		}
	}
}
