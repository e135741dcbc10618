package catalog

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"tienda/pkg/auth"
)

// A hand edit of an imported product records which fields staff changed; a request cannot set
// the distributor's record.
func TestHandEditsOfAnImportedProductAreRecorded(t *testing.T) {
	env := newEnv(t)
	ctx := context.Background()
	name, cat, price, stock := "Cámara importada", "Camaras IP y NVRs", 1000.0, 0.0
	p, err := env.m.Service().CreateProduct(ctx, ProductInput{Nombre: &name, Categoria: &cat,
		Variantes:    []VariantInput{{Talla: "Unico", Stock: &stock, PrecioVenta: &price}},
		Distribuidor: &Distribuidor{Nombre: "Syscom", ProductoID: "183694", Existencia: 40}})
	if err != nil {
		t.Fatal(err)
	}
	if got := env.m.Service().DistributorProducts("Syscom"); got["183694"] != p.ID.Hex() {
		t.Fatalf("by producto_id: %v", got)
	}
	pub, err := env.m.Service().PublicProduct(p.ID.Hex())
	if err != nil || pub.DisponibleConProveedor != 40 {
		t.Fatalf("public: %d %v", pub.DisponibleConProveedor, err)
	}
	// The admin form sends the whole product back, with a new name and a forged record.
	rec := env.do(auth.Administrador, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{
		"nombre": "Mi nombre", "categoria": cat, "variantes": []map[string]any{{"_id": p.Variantes[0].ID.Hex(), "talla": "Unico", "stock": 0, "precioVenta": 1000}},
		"distribuidor": map[string]any{"nombre": "Otro", "productoId": "1", "existencia": 9999},
	})
	if rec.Code != http.StatusOK {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	got, err := env.m.Service().ProductByID(ctx, p.ID.Hex())
	if err != nil {
		t.Fatal(err)
	}
	d := got.Distribuidor
	if d == nil || d.Nombre != "Syscom" || d.ProductoID != "183694" || d.Existencia != 40 {
		t.Fatalf("record changed by a request: %+v", d)
	}
	if !slices.Equal(d.Editados, []string{EditNombre}) {
		t.Errorf("edited fields: %v, want only the name", d.Editados)
	}
}
