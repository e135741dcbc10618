package catalog

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/auth"
)

// hiddenProduct writes a product straight into the store, without a stamp, behind every
// replica's back: a poll never reads it, only a full reload does. A replica that holds it has
// read the whole catalogue again.
func hiddenProduct(t *testing.T, env *testEnv) bson.ObjectID {
	t.Helper()
	p := Product{ID: bson.NewObjectID(), Nombre: "Producto escrito a espaldas de las réplicas", Version: 1, Revision: 1,
		Variantes: []Variante{{ID: bson.NewObjectID(), Talla: "Unico", PrecioVenta: 100, Stock: 1}}, Stock: 1, TotalExistencia: 1}
	if _, err := env.db.W.Collection(productsCollection).InsertOne(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	return p.ID
}

// notReloaded fails when the replica read the whole catalogue again (it holds hidden).
func notReloaded(t *testing.T, s *Service, hidden bson.ObjectID) {
	t.Helper()
	if _, ok := s.memory.get(hidden); ok {
		t.Fatal("the replica read the whole catalogue again: it holds a product only a full reload reads")
	}
}

// listed reports whether the body of a list, a search or the admin list names the product id.
func listed(t *testing.T, env *testEnv, role auth.Role, path string, id bson.ObjectID) bool {
	t.Helper()
	rec := env.do(role, http.MethodGet, path, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
	}
	return strings.Contains(rec.Body.String(), id.Hex())
}

// A product deleted on one replica leaves the other's storefront list, search, product page and
// admin list at its next poll, without either replica reading the whole catalogue again; a new
// product of the same model is created after it on either replica.
func TestReplicaDropsAProductDeletedElsewhereWithoutAFullReload(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	other := env.replica(MustModule(t, env.db, 50*time.Millisecond))
	ctx := context.Background()
	// No units of its own, so it can be deleted; the distributor's units list it in the shop.
	name, modelo, cat, price, stock := "Cámara Borrable XK-7", "XK-7", "Camaras IP y NVRs", 1000.0, 0.0
	in := ProductInput{Nombre: &name, Modelo: &modelo, Categoria: &cat,
		Variantes:    []VariantInput{{Talla: "Unico", Stock: &stock, PrecioVenta: &price}},
		Distribuidor: &Distribuidor{Nombre: "Syscom", ProductoID: "900001", Existencia: 40}}
	p, err := env.m.Service().CreateProduct(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	catalogtest.WaitUntil(t, "the other replica sees the new product", func() bool { _, err := other.m.Service().Product(p.ID.Hex()); return err == nil })
	hidden := hiddenProduct(t, env)

	pages := []struct {
		role auth.Role
		path string
	}{
		{"", "/v1/productos?limit=100"},
		{"", "/v1/productos/search?q=borrable"},
		{auth.Administrador, "/v1/admin/productos?limit=100"},
	}
	for _, r := range []*testEnv{env, other} { // shown everywhere first (and so in the response caches)
		for _, pg := range pages {
			if !listed(t, r, pg.role, pg.path, p.ID) {
				t.Fatalf("%s does not list the product before its deletion", pg.path)
			}
		}
		if rec := r.do("", http.MethodGet, "/v1/productos/"+p.ID.Hex(), nil); rec.Code != http.StatusOK {
			t.Fatalf("product page before the deletion: %d %s", rec.Code, rec.Body)
		}
	}

	if rec := env.do(auth.Administrador, http.MethodDelete, "/v1/productos/"+p.ID.Hex(), nil); rec.Code/100 != 2 {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body)
	}
	catalogtest.WaitUntil(t, "the other replica drops the deleted product", func() bool { _, err := other.m.Service().Product(p.ID.Hex()); return err != nil })
	for _, r := range []*testEnv{env, other} {
		for _, pg := range pages {
			if listed(t, r, pg.role, pg.path, p.ID) {
				t.Errorf("%s still lists the deleted product", pg.path)
			}
		}
		for _, path := range []string{"/v1/productos/", "/v1/admin/productos/"} {
			if rec := r.do(auth.Administrador, http.MethodGet, path+p.ID.Hex(), nil); rec.Code != http.StatusNotFound {
				t.Errorf("%s of the deleted product: %d %s", path, rec.Code, rec.Body)
			}
		}
		notReloaded(t, r.m.Service(), hidden)
	}

	// The same model again, on the other replica, under the distributor's same product: the
	// deletion left nothing behind that refuses it; the first replica sees it at its poll.
	again, err := other.m.Service().CreateProduct(ctx, in)
	if err != nil {
		t.Fatalf("the same model after a deletion: %v", err)
	}
	if again.Modelo != modelo || again.ID == p.ID {
		t.Fatalf("created again: %+v", again)
	}
	if err := env.m.service.pollChanges(ctx); err != nil {
		t.Fatal(err)
	}
	for _, r := range []*testEnv{env, other} {
		if !listed(t, r, "", "/v1/productos/search?q=xk-7", again.ID) {
			t.Error("the new product of the same model is not found by the search")
		}
	}
}

// A product created again under the id of a deleted one (an import done again after a crash,
// importer's importProductID) shows on a replica whose poll reads the deletion's record and the
// product at once: the record is applied first.
func TestReplicaKeepsAProductCreatedAgainAfterItsDeletion(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	other := MustModule(t, env.db, 0) // polled by hand below
	ctx := context.Background()
	p := env.mustCreate(catalogtest.FormProduct("Cámara importada dos veces"))
	if err := other.service.pollChanges(ctx); err != nil {
		t.Fatal(err)
	}
	// Deleted as DeleteProduct deletes (which refuses a product with units).
	if ok, err := env.m.service.store.deleteProduct(ctx, p.ID, bson.M{}); err != nil || !ok {
		t.Fatalf("delete: %v %v", ok, err)
	}
	if err := env.m.service.store.recordDeletion(ctx, p.ID, deletedProduct); err != nil {
		t.Fatal(err)
	}
	name := "Cámara importada otra vez"
	var in ProductInput
	if raw, err := json.Marshal(catalogtest.FormProduct(name)); err != nil || json.Unmarshal(raw, &in) != nil {
		t.Fatal(err)
	}
	written, refused := env.m.Service().CreateProducts(ctx, []NewProduct{{ID: p.ID, In: in}})
	if len(refused) > 0 || len(written) != 1 {
		t.Fatalf("created again: %v", refused)
	}
	for poll := range 2 { // both are read again by each poll within stampMargin of them
		if err := other.service.pollChanges(ctx); err != nil {
			t.Fatal(err)
		}
		if got, err := other.Service().Product(p.ID.Hex()); err != nil || got.Nombre != name {
			t.Fatalf("poll %d: %+v %v", poll, got, err)
		}
	}
}

// The records of deletions are purged after deletionsKeptFor, the newer ones kept.
func TestReplicaDeletionRecordsArePurgedAfterADay(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	ctx := context.Background()
	st := env.m.service.store
	old, recent := bson.NewObjectID(), bson.NewObjectID()
	for _, id := range []bson.ObjectID{old, recent} {
		if err := st.recordDeletion(ctx, id, deletedProduct); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := env.db.W.Collection(deletionsCollection).UpdateOne(ctx, bson.M{"_id": old},
		bson.M{"$set": bson.M{"eliminadoEn": time.Now().Add(-deletionsKeptFor - time.Minute)}}); err != nil {
		t.Fatal(err)
	}
	if err := st.purgeDeletions(ctx, env.m.service.now().Add(-deletionsKeptFor)); err != nil {
		t.Fatal(err)
	}
	var left []bson.ObjectID
	if err := st.deletedSince(ctx, time.Time{}, func(d deletion) { left = append(left, d.ID) }); err != nil {
		t.Fatal(err)
	}
	if len(left) != 1 || left[0] != recent {
		t.Fatalf("records left %v, want only %s", left, recent.Hex())
	}
}

// A poll reads again the writes and deletions within stampMargin of the latest it has seen: read
// again, they change nothing, so the storefront's response cache (keyed by the memory's
// generation) is kept.
func TestReplicaPollReadingTheSameChangesAgainKeepsTheCache(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	other := MustModule(t, env.db, 0).Service() // polled by hand below
	ctx := context.Background()
	svc := env.m.Service()
	tomorrow := time.Now().AddDate(0, 0, 2).Format(time.DateOnly)
	pct := 10.0
	kept, err := svc.CreateDiscount(ctx, DiscountInput{Name: "Se queda", Percentage: &pct, ExpirationDate: tomorrow})
	if err != nil {
		t.Fatal(err)
	}
	gone, err := svc.CreateDiscount(ctx, DiscountInput{Name: "Se va", Percentage: &pct, ExpirationDate: tomorrow})
	if err != nil {
		t.Fatal(err)
	}
	body := catalogtest.FormProduct("Cámara sin existencias")
	for _, v := range body["variantes"].([]map[string]any) {
		v["stock"] = 0
	}
	p := env.mustCreate(body)
	if err := other.pollChanges(ctx); err != nil {
		t.Fatal(err)
	}
	if err := svc.DeleteDiscount(ctx, gone.ID.Hex()); err != nil {
		t.Fatal(err)
	}
	if err := svc.DeleteProduct(ctx, p.ID.Hex()); err != nil {
		t.Fatal(err)
	}
	if err := other.pollChanges(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := other.Product(p.ID.Hex()); err == nil {
		t.Fatal("the deleted product is still there")
	}
	if _, err := other.Discount(gone.ID.Hex()); err == nil {
		t.Fatal("the deleted discount is still there")
	}
	if _, err := other.Discount(kept.ID.Hex()); err != nil {
		t.Fatal(err)
	}
	gen := other.memory.generation()
	if err := other.pollChanges(ctx); err != nil {
		t.Fatal(err)
	}
	if got := other.memory.generation(); got != gen {
		t.Fatalf("generation %d after a poll of nothing new, want %d", got, gen)
	}
}
