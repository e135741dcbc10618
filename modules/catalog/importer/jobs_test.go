package importer

import (
	"context"
	"net/http"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

// A crash half way (after a batch's products are written, before its progress is saved), a sale
// of the counted variant meanwhile, then another replica takes the job over once the lease
// expired: every row is applied, each product exists once and the count's movement once.
func TestImportJobResumesAfterACrashWritingEachRowOnce(t *testing.T) {
	env := newEnv(t)
	kept := catalogtest.FormProduct("Cámara domo")
	kept["modelo"] = "DOMO-1"
	cur := env.mustCreate(kept)
	file := []byte(importHead +
		"Switch A;Switches;;SW-A;;;1;;10;20\r\n" +
		"Switch B;Switches;;SW-B;;;1;;10;20\r\n" + // first batch: written and saved
		"Cámara domo;Camaras IP y NVRs;;DOMO-1;Grande;32;9;;100;150\r\n" + // a count: 5 -> 9
		"Switch C;Switches;;SW-C;;;1;;10;20\r\n" + // second batch: written, then the crash
		"Switch D;Switches;;SW-D;;;1;;10;20\r\n" +
		"Switch E;Switches;;SW-E;;;1;;10;20\r\n")

	im := env.m.imports
	im.stop()
	im.batch, im.crashAfter, im.crashedNow = 2, 4, make(chan struct{})
	im.start()
	j := env.startImport(file)
	catalogtest.WaitUntil(t, "the second batch written", func() bool { return env.storedCount() == 4 })
	catalogtest.WaitUntil(t, "the crash, before any save of the second batch", func() bool { return closed(im.crashedNow) })
	if j = env.importJob(j.ID); j.Estado != ImportEnCurso || j.Total != 6 || j.Hechos != 2 || j.Creados != 2 {
		t.Fatalf("after the crash %+v", j)
	}
	if p := env.storedProduct(cur.ID.Hex()); p.Variantes[0].Stock != 9 {
		t.Fatalf("the count was not written before the crash: %+v", p.Variantes)
	}
	// The crash came between the batch's writes: its new product is stored, its movement not.
	swC := importProductID(j.ID, 5)
	if _, err := env.db.W.Collection(movementsCollection).DeleteMany(context.Background(), bson.M{"productoId": swC.Hex()}); err != nil {
		t.Fatal(err)
	}
	one := 1.0
	if _, err := env.cat.Service().AdjustStock(context.Background(), catalog.AdjustInput{ProductID: cur.ID.Hex(), VarianteID: cur.Variantes[0].ID.Hex(),
		Tipo: catalog.TipoEntrada, Cantidad: &one, Motivo: "Llegó una pieza"}); err != nil {
		t.Fatal(err)
	}

	// Another replica, once the crashed one's lease expired.
	_, other := MustModule(t, env.db, env.trail)
	if _, err := env.db.W.Collection(importJobsColl).UpdateOne(context.Background(), bson.M{"_id": j.ID},
		bson.M{"$set": bson.M{"hasta": time.Now().Add(-time.Second)}}); err != nil {
		t.Fatal(err)
	}
	other.imports.poke()
	catalogtest.WaitUntil(t, "the import finished by the other replica", func() bool { j = env.importJob(j.ID); return j.Estado == ImportTerminada })
	if j.Hechos != j.Total || j.Creados != 5 || j.NumErrores != 0 || j.Terminada == nil {
		t.Fatalf("finished %+v", j)
	}
	if n := env.storedCount(); n != 6 {
		t.Fatalf("%d products, want 6: the first one and 5 new", n)
	}
	for _, m := range []string{"SW-A", "SW-B", "SW-C", "SW-D", "SW-E"} {
		ps, err := mongox.FindAll[catalog.Product](context.Background(), env.db.R.Collection(productsCollection), bson.M{"modelo": m})
		if err != nil || len(ps) != 1 {
			t.Fatalf("%s stored %d times: %v", m, len(ps), err)
		}
		// Its first unit's movement, once (SW-C's made again after the crash lost it).
		moves, _ := env.db.R.Collection(movementsCollection).CountDocuments(context.Background(), bson.M{"productoId": ps[0].ID.Hex(), "cantidad": 1})
		if moves != 1 {
			t.Errorf("%s: %d movements of its first unit", m, moves)
		}
	}
	if p := env.storedProduct(cur.ID.Hex()); p.Variantes[0].Stock != 10 {
		t.Fatalf("the count was made again over the sale: %+v", p.Variantes)
	}
	catalogtest.WaitUntil(t, "the movements stored", func() bool { return env.storedProduct(cur.ID.Hex()).MovimientosPendientes == nil })
	rec := env.do(auth.Administrador, http.MethodGet, "/v1/inventario/movimientos?producto="+cur.ID.Hex()+"&tipo=conteo", nil)
	if moves := httpxtest.Decode[struct{ Movimientos []catalog.Movement }](t, rec).Movimientos; len(moves) != 1 || moves[0].ID != importMovementID(j.ID, 4) {
		t.Fatalf("count movements %s", rec.Body)
	}
	if n, _ := env.db.R.Collection(importFilesColl).CountDocuments(context.Background(), bson.M{}); n != 0 {
		t.Fatalf("the file of a finished import is kept")
	}
}

func TestImportJobsRoutes(t *testing.T) {
	env := newEnv(t)
	j := env.applyImport([]byte(importHead + "Switch A;Switches;;SW-A;;;1;;10;20\r\nCable;Inventada;;CAB;;;1;;10;20\r\n"))
	if j.Creados != 1 || j.NumRechazados != 1 || j.Rechazados[0].Fila != 3 || j.Rechazados[0].Columna != "Categoría" || j.Usuario != "Prueba Auxiliar" || j.Archivo != "productos.csv" {
		t.Fatalf("job %+v", j)
	}
	rec := env.do(auth.Auxiliar, http.MethodGet, "/v1/productos/importaciones", nil)
	list := httpxtest.Decode[struct{ Importaciones []ImportJob }](t, rec).Importaciones
	if rec.Code != http.StatusOK || len(list) != 1 || list[0].ID != j.ID {
		t.Fatalf("list %d %s", rec.Code, rec.Body)
	}
	for path, want := range map[string]int{"/v1/productos/importaciones/nada": http.StatusNotFound, "/v1/productos/importaciones/" + bson.NewObjectID().Hex(): http.StatusNotFound} {
		if rec := env.do(auth.Auxiliar, http.MethodGet, path, nil); rec.Code != want {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}
	if rec := env.do(auth.Cliente, http.MethodGet, "/v1/productos/importaciones", nil); rec.Code != http.StatusForbidden {
		t.Errorf("a client listed the imports: %d", rec.Code)
	}
	if rec := env.upload(auth.Auxiliar, "/v1/productos/importar", "x.csv", []byte("a;b\n1;2\n")); rec.Code != http.StatusBadRequest {
		t.Errorf("a file without titles began an import: %d %s", rec.Code, rec.Body)
	}
}
