package catalog

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/auth"
)

// An admin's edits and sales at the same time: the edits are not refused for the sales (they
// carry a version the sales do not change), and no unit sold between an edit's read and its
// write is overwritten.
func TestEditsDuringSalesKeepEveryUnitSold(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := catalogtest.FormProduct("Cámara editada en plena venta")
	body["variantes"].([]map[string]any)[1]["stock"] = 60
	p := env.mustCreate(body)
	svc := env.m.Service()
	var sold atomic.Int32
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 10 {
				_, err := svc.TakeStockFor(context.Background(), fmt.Sprintf("venta%d-%d:0", w, i), OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[1].ID.Hex(), Cantidad: 1}, StockNote{})
				if err != nil {
					t.Error(err)
					return
				}
				sold.Add(1)
			}
		})
	}
	for i := range 10 {
		rec := env.do(auth.Administrador, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{
			"nombre": fmt.Sprintf("Nombre %d", i), "descripcion": "Editada", "version": p.Version + int64(i)})
		if rec.Code != http.StatusOK {
			t.Errorf("edit %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	wg.Wait()
	stored := env.storedProduct(p.ID.Hex())
	if stored.Nombre != "Nombre 9" || stored.Version != p.Version+10 || sold.Load() != 40 {
		t.Fatalf("after the edits: %q version %d, %d sold", stored.Nombre, stored.Version, sold.Load())
	}
	if stored.Variantes[1].Stock != 20 || len(stored.Apartados) != 40 {
		t.Fatalf("units %d (want 60 - 40), %d reservations", stored.Variantes[1].Stock, len(stored.Apartados))
	}
	checkTotals(t, stored, 5)
	if mem, _ := svc.Product(p.ID.Hex()); mem.Variantes[1].Stock != 20 || mem.Nombre != "Nombre 9" {
		t.Fatalf("memory: %q, %d units", mem.Nombre, mem.Variantes[1].Stock)
	}
}

// An edit rewrites every stored field, and removes the optional ones it empties.
func TestEditedFieldsCoverEveryOptionalField(t *testing.T) {
	t.Parallel()
	typ := reflect.TypeFor[Product]()
	for f := range typ.Fields() {
		tag := f.Tag.Get("bson")
		name, opts, _ := strings.Cut(tag, ",")
		if strings.Contains(opts, "omitempty") && name != "apartados" && name != "movimientosPendientes" && name != "cambiadoEn" && !slices.Contains(optionalFields, name) {
			t.Errorf("%s is left out when empty but not in optionalFields", name)
		}
	}
	set, unset, err := editedFields(Product{ID: bson.NewObjectID(), Nombre: "X", Revision: 9, Apartados: map[string]Apartado{"a:0": {Cantidad: 1}},
		MovimientosPendientes: map[string]Movement{"x": {Cantidad: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"_id", "revision", "apartados", "movimientosPendientes", "cambiadoEn", "variantes", "stock", "total_existencia"} {
		if _, ok := set[k]; ok {
			t.Errorf("editedFields sets %s", k)
		}
	}
	if set["nombre"] == nil || set["version"] == nil || len(unset) != len(optionalFields) {
		t.Fatalf("set %v, unset %v", set, unset)
	}
}
