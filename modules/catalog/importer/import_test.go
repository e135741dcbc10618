package importer

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
)

// upload sends a file to an import route as a role.
func (env *testEnv) upload(role auth.Role, path, name string, data []byte) *httptest.ResponseRecorder {
	env.t.Helper()
	return env.srv.Upload(path, env.srv.RoleToken(role), "archivo", name, data)
}

func (env *testEnv) preview(data []byte) ImportPlan {
	env.t.Helper()
	rec := env.upload(auth.Auxiliar, "/v1/productos/importar?vista=1", "productos.csv", data)
	if rec.Code != http.StatusOK {
		env.t.Fatalf("preview: %d %s", rec.Code, rec.Body)
	}
	return httpxtest.Decode[ImportPlan](env.t, rec)
}

// startImport confirms an import: the job begun.
func (env *testEnv) startImport(data []byte) ImportJob {
	env.t.Helper()
	rec := env.upload(auth.Auxiliar, "/v1/productos/importar", "productos.csv", data)
	if rec.Code != http.StatusAccepted {
		env.t.Fatalf("apply: %d %s", rec.Code, rec.Body)
	}
	return httpxtest.Decode[ImportJob](env.t, rec)
}

// importJob reads a job through its route.
func (env *testEnv) importJob(id bson.ObjectID) ImportJob {
	env.t.Helper()
	rec := env.do(auth.Auxiliar, http.MethodGet, "/v1/productos/importaciones/"+id.Hex(), nil)
	if rec.Code != http.StatusOK {
		env.t.Fatalf("import job: %d %s", rec.Code, rec.Body)
	}
	return httpxtest.Decode[ImportJob](env.t, rec)
}

// applyImport confirms an import and waits for the worker to finish it.
func (env *testEnv) applyImport(data []byte) ImportJob {
	env.t.Helper()
	j := env.startImport(data)
	catalogtest.WaitUntil(env.t, "the import finished", func() bool { j = env.importJob(j.ID); return j.Estado == ImportTerminada })
	return j
}

func TestImportReadsCSVAsExcelInSpanishWritesIt(t *testing.T) {
	want := map[string]string{colProducto: "Cámara bala", colCategoria: "Camaras IP y NVRs", colVenta: "1.299,50", colExistencias: "7"}
	files := map[string][]byte{
		"BOM and ';'":  []byte("\ufeffProducto;Categoría;Precio de venta (sin IVA);Existencias\r\nCámara bala;Camaras IP y NVRs;1.299,50;7\r\n"),
		"no BOM, ','":  []byte("Producto,Categoría,Precio de venta (sin IVA),Existencias\nCámara bala,Camaras IP y NVRs,\"1.299,50\",7\n"),
		"Windows-1252": []byte("Producto;Categor\xeda;Precio de venta (sin IVA);Existencias\r\nC\xe1mara bala;Camaras IP y NVRs;1.299,50;7\r\n"),
	}
	for name, data := range files {
		f, err := parseImport(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(f.rows) != 1 || f.rows[0].n != 2 {
			t.Fatalf("%s: rows %+v", name, f.rows)
		}
		for c, v := range want {
			if f.rows[0].cells[c] != v {
				t.Errorf("%s: %s = %q, want %q", name, c, f.rows[0].cells[c], v)
			}
		}
	}
	for in, want := range map[string]float64{"1.299,50": 1299.5, "1,299.50": 1299.5, "12,5": 12.5, "$ 850": 850, "1.234.567": 1234567, "7": 7} {
		if got, ok := parseNumber(in); !ok || got != want {
			t.Errorf("parseNumber(%q) = %v %v, want %v", in, got, ok, want)
		}
	}
	if _, ok := parseNumber("doce"); ok {
		t.Error("parseNumber took a word for a number")
	}
	for name, data := range map[string]string{"empty": "", "no titles": "a;b\n1;2\n", "titles only": "Producto;Categoría\n"} {
		if _, err := parseImport([]byte(data)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestImportReadsXLSX(t *testing.T) {
	f := excelize.NewFile()
	_ = f.SetSheetRow("Sheet1", "A1", &[]any{"Producto", "Categoría", "Modelo", "Existencias", "Precio de venta (sin IVA)"})
	_ = f.SetSheetRow("Sheet1", "A2", &[]any{"Switch 8 puertos", "Switches", "SW-8", 4, 1234.5})
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	file, err := parseImport(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	r := file.rows[0]
	if r.cells[colModelo] != "SW-8" || r.cells[colVenta] != "1234.5" || r.cells[colExistencias] != "4" {
		t.Fatalf("cells %+v", r.cells)
	}
}

const importHead = "Producto;Categoría;Marca;Modelo;Talla;Tamaño;Existencias;Mínimo;Precio de compra;Precio de venta (sin IVA)\r\n"

func TestImportPreviewApplyAndRerun(t *testing.T) {
	env := newEnv(t)
	kept := catalogtest.FormProduct("Cámara domo")
	kept["modelo"] = "DOMO-1"
	cur := env.mustCreate(kept)
	same := env.mustCreate(catalogtest.FormProduct("Router"))
	file := []byte(importHead +
		"Cámara domo;Camaras IP y NVRs;;DOMO-1;Grande;32;9;;100;175,50\r\n" + // price and units of a variant change
		"Router;Camaras IP y NVRs;;;Grande;32;5;0;100;150\r\n" + // as it is
		"Switch PoE;Switches;TP-Link;SG-1;;;4;1;800;1.250,00\r\n" + // new
		"Cable UTP;Categoría inventada;;CAB-1;;;3;;10;20\r\n" + // bad category
		"Antena;Redes;;ANT-1;;;2;;10;doce\r\n" + // price not a number
		";Redes;;;;;2;;10;20\r\n") // no name
	plan := env.preview(file)
	if len(plan.Nuevos) != 1 || plan.Nuevos[0].Producto != "Switch PoE" || len(plan.SinCambios) != 1 || plan.SinCambios[0].ID != same.ID.Hex() {
		t.Fatalf("plan %+v", plan)
	}
	if len(plan.Cambios) != 1 || plan.Cambios[0].ID != cur.ID.Hex() {
		t.Fatalf("changes %+v", plan.Cambios)
	}
	got := map[string]ImportChange{}
	for _, c := range plan.Cambios[0].Cambios {
		got[c.Campo] = c
	}
	if c := got["Precio de venta (sin IVA) · Grande / 32"]; c.Antes != "$150.00" || c.Despues != "$175.50" {
		t.Errorf("price change %+v in %+v", c, got)
	}
	if c := got["Existencias · Grande / 32"]; c.Antes != "5" || c.Despues != "9" {
		t.Errorf("units change %+v in %+v", c, got)
	}
	wantRefused := []ImportRefusal{
		{Fila: 5, Columna: "Categoría", Motivo: "Elige una de las categorías de la lista."},
		{Fila: 6, Columna: "Precio de venta (sin IVA)", Motivo: "Debe ser un número; «doce» no lo es."},
		{Fila: 7, Columna: "Producto", Motivo: "Escribe el nombre del producto (o su modelo, si ya está en el catálogo)."},
	}
	if len(plan.Rechazados) != 3 {
		t.Fatalf("refused %+v", plan.Rechazados)
	}
	for _, w := range wantRefused {
		found := false
		for _, r := range plan.Rechazados {
			found = found || r == w
		}
		if !found {
			t.Errorf("missing refusal %+v in %+v", w, plan.Rechazados)
		}
	}
	if n := env.storedCount(); n != 2 {
		t.Fatalf("the preview wrote: %d products", n)
	}

	res := env.applyImport(file)
	if res.Creados != 1 || res.Actualizados != 1 || res.SinCambios != 1 || res.Ajustes != 1 || len(res.Rechazados) != 3 || res.NumRechazados != 3 || len(res.Errores) != 0 || res.Total != 2 || res.Hechos != 2 {
		t.Fatalf("result %+v", res)
	}
	p := env.storedProduct(cur.ID.Hex())
	if p.Variantes[0].PrecioVenta != 175.5 || p.Variantes[0].Stock != 9 || p.Variantes[1].Stock != 3 || p.Version != cur.Version+1 {
		t.Fatalf("stored %+v", p.Variantes)
	}
	rec := env.do(auth.Administrador, http.MethodGet, "/v1/inventario/movimientos?producto="+cur.ID.Hex()+"&tipo=conteo", nil)
	moves := httpxtest.Decode[struct{ Movimientos []catalog.Movement }](t, rec).Movimientos
	if len(moves) != 1 || moves[0].Cantidad != 4 || *moves[0].Despues != 9 || !strings.Contains(moves[0].Motivo, "fila 2") || moves[0].NombreUsuario != "Prueba Auxiliar" {
		t.Fatalf("movements %d %s", rec.Code, rec.Body)
	}
	if n := env.storedCount(); n != 3 {
		t.Fatalf("%d products after the import", n)
	}

	again := env.applyImport(file)
	if again.Creados != 0 || again.Actualizados != 0 || again.Ajustes != 0 || again.SinCambios != 3 {
		t.Fatalf("re-run %+v", again)
	}
	if p2 := env.storedProduct(cur.ID.Hex()); p2.Version != p.Version {
		t.Fatalf("re-run wrote the product again: version %d -> %d", p.Version, p2.Version)
	}
	if n := env.storedCount(); n != 3 {
		t.Fatalf("%d products after the re-run", n)
	}
}

func TestImportRoundTripsTheExport(t *testing.T) {
	env := newEnv(t)
	a := catalogtest.FormProduct("Cámara domo")
	a["modelo"] = "=DOMO-1" // kept as text by the export's guard
	env.mustCreate(a)
	env.mustCreate(catalogtest.FormProduct("Router"))
	for _, format := range []string{"csv", "xlsx"} {
		rec := env.do(auth.Administrador, http.MethodGet, "/v1/admin/productos/exportar?formato="+format, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("export %s: %d %s", format, rec.Code, rec.Body)
		}
		plan := env.preview(rec.Body.Bytes())
		if len(plan.SinCambios) != 2 || len(plan.Nuevos)+len(plan.Cambios)+len(plan.Rechazados) != 0 || len(plan.ColumnasIgnoradas) != 0 {
			t.Fatalf("%s round trip: %+v", format, plan)
		}
		// The file edited in a spreadsheet in Spanish: ';' and a decimal comma.
		if format == "csv" {
			edited := strings.Replace(strings.ReplaceAll(rec.Body.String(), ",", ";"), "150.00", "\"199,90\"", 1)
			plan := env.preview([]byte(edited))
			if len(plan.Cambios) != 1 || len(plan.SinCambios) != 1 || len(plan.Rechazados) != 0 {
				t.Fatalf("edited: %+v", plan)
			}
		}
	}
}

func TestImportTemplateImports(t *testing.T) {
	env := newEnv(t)
	rec := env.do(auth.Auxiliar, http.MethodGet, "/v1/productos/importar/plantilla", nil)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Content-Disposition"), "plantilla-productos.xlsx") {
		t.Fatalf("template: %d %v", rec.Code, rec.Header())
	}
	plan := env.preview(rec.Body.Bytes())
	if len(plan.Nuevos) != 1 || len(plan.Rechazados) != 0 {
		t.Fatalf("template plan %+v", plan)
	}
	res := env.applyImport(rec.Body.Bytes())
	if res.Creados != 1 {
		t.Fatalf("template apply %+v", res)
	}
	if rec := env.upload(auth.Cliente, "/v1/productos/importar?vista=1", "x.csv", []byte(importHead)); rec.Code != http.StatusForbidden {
		t.Fatalf("a client previewed: %d", rec.Code)
	}
	rec = env.upload(auth.Auxiliar, "/v1/productos/importar?vista=quiza", "x.csv", []byte(importHead))
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusBadRequest || e.Message != apperr.BadParameters(e.Fields).Message || e.Fields["vista"] != apperr.MsgFlag {
		t.Fatalf("a bad vista: %d %s", rec.Code, rec.Body)
	}
}

func TestImportGroupsRowsIntoVariants(t *testing.T) {
	env := newEnv(t)
	kept := catalogtest.FormProduct("Cámara domo")
	kept["modelo"] = "DOMO-1"
	cur := env.mustCreate(kept)
	file := []byte(importHead +
		"Cámara domo;Camaras IP y NVRs;;DOMO-1;Mediano;;6;;90;120\r\n" + // a new variant of the product
		"Kit;Otros;;KIT-1;Rojo;;1;;10;20\r\n" +
		"Kit;Otros;;KIT-1;Azul;;2;;10;20\r\n" + // one new product, two variants
		"Lámpara;Otros;;LAMP-1;;;1;;10;20\r\n" +
		"Lámpara;Redes;;LAMP-1;Grande;;1;;10;20\r\n") // the same product in another category
	plan := env.preview(file)
	if len(plan.Nuevos) != 1 || plan.Nuevos[0].Producto != "Kit" || len(plan.Nuevos[0].Filas) != 2 {
		t.Fatalf("new %+v", plan.Nuevos)
	}
	if len(plan.Cambios) != 1 || len(plan.Cambios[0].Cambios) != 1 || plan.Cambios[0].Cambios[0].Campo != "Variante nueva" {
		t.Fatalf("changes %+v", plan.Cambios)
	}
	if len(plan.Rechazados) != 2 || plan.Rechazados[0].Fila != 6 || plan.Rechazados[0].Columna != "Categoría" ||
		plan.Rechazados[0].Motivo != "No coincide con la fila 5 del mismo producto." || plan.Rechazados[1].Fila != 5 {
		t.Fatalf("refused %+v", plan.Rechazados)
	}
	res := env.applyImport(file)
	if res.Creados != 1 || res.Actualizados != 1 || len(res.Errores) != 0 {
		t.Fatalf("result %+v", res)
	}
	p := env.storedProduct(cur.ID.Hex())
	if len(p.Variantes) != 3 || p.Variantes[2].Talla != "Mediano" || p.Variantes[2].Stock != 6 || p.Variantes[0].ID != cur.Variantes[0].ID || p.Stock != 14 {
		t.Fatalf("variants %+v", p.Variantes)
	}
	if again := env.applyImport(file); again.Creados+again.Actualizados != 0 || again.SinCambios != 2 {
		t.Fatalf("re-run %+v", again)
	}
}
