package suppliersync

import (
	"context"
	"slices"
	"testing"

	"tienda/modules/catalog"
	"tienda/modules/catalog/supplier/syscom/syscomfake"
)

// Every field an import writes and staff changed by hand is recorded as a hand edit, and an
// import again leaves it as staff left it: marca, modelo, measures, SAT key, the supplier code.
func TestHandEditsOfBrandModelAndMeasuresAreKept(t *testing.T) {
	en := newEnv(t)
	en.setCredentials()
	ctx := context.Background()
	ids := syscomfake.Generate(5, 150).ProductIDs(1)
	if _, err := en.m.newJob(ctx, Seleccion{Productos: ids}, "u"); err != nil {
		t.Fatal(err)
	}
	en.runJobs(en.m)
	p := en.imported()[ids[0]]
	marca, modelo, largo, sat, codigo := "Marca de la tienda", "MOD-TIENDA", 77.0, "43211500", "SKU-TIENDA"
	if _, err := en.cat.Service().UpdateProduct(ctx, p.ID.Hex(), catalog.ProductInput{Marca: &marca, Modelo: &modelo, Largo: &largo, SatKey: &sat}); err != nil {
		t.Fatal(err)
	}
	in := catalog.ProductInput{}
	in.SetSupplierProductID(codigo)
	if _, err := en.cat.Service().UpdateProduct(ctx, p.ID.Hex(), in); err != nil {
		t.Fatal(err)
	}
	edited, _ := en.cat.Service().ProductByID(ctx, p.ID.Hex())
	for _, f := range []string{catalog.EditMarca, catalog.EditModelo, catalog.EditMedidas, catalog.EditSatKey, catalog.EditCodigo} {
		if !slices.Contains(edited.Distribuidor.Editados, f) {
			t.Errorf("%s not recorded as a hand edit: %v", f, edited.Distribuidor.Editados)
		}
	}
	if slices.Contains(edited.Distribuidor.Editados, catalog.EditNombre) || slices.Contains(edited.Distribuidor.Editados, catalog.EditCategorias) {
		t.Errorf("unchanged fields recorded: %v", edited.Distribuidor.Editados)
	}
	// An import again: the hand edits stay, the rest is the distributor's.
	if _, err := en.m.newJob(ctx, Seleccion{Productos: ids}, "u"); err != nil {
		t.Fatal(err)
	}
	en.runJobs(en.m)
	again, _ := en.cat.Service().ProductByID(ctx, p.ID.Hex())
	if again.Marca != marca || again.Modelo != modelo || again.Largo != largo || again.SatKey != sat || again.SupplierProductID != codigo {
		t.Fatalf("hand edits overwritten: marca %q modelo %q largo %v sat %q codigo %q", again.Marca, again.Modelo, again.Largo, again.SatKey, again.SupplierProductID)
	}
	if again.Nombre != p.Nombre || again.Distribuidor.ProductoID != ids[0] {
		t.Fatalf("the distributor's fields: %q %+v", again.Nombre, again.Distribuidor)
	}
}
