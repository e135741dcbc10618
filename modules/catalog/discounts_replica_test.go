package catalog

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
)

// Two replicas edit one discount at once, both from a form read at version 1: one edit is
// stored, the other is refused with the Spanish 409, never lost silently; without a version in
// the form, an edit is still guarded by the version the server read.
func TestReplicasEditADiscountAtOnceOneGets409(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	other := MustModule(t, env.db, 0)
	tomorrow := time.Now().AddDate(0, 0, 2).Format(time.DateOnly)
	pct := 10.0
	d, err := env.m.Service().CreateDiscount(context.Background(), DiscountInput{Name: "Buen Fin", Percentage: &pct, ExpirationDate: tomorrow})
	if err != nil {
		t.Fatal(err)
	}
	for round := range 3 {
		version := d.Version
		names := []string{"Buen Fin A", "Buen Fin B"}
		errs := make([]error, 2)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, s := range []*Service{env.m.Service(), other.Service()} {
			wg.Go(func() {
				<-start
				p := 20.0 + float64(i)
				_, errs[i] = s.UpdateDiscount(context.Background(), d.ID.Hex(), DiscountInput{Name: names[i], Percentage: &p, ExpirationDate: tomorrow, Version: &version})
			})
		}
		close(start)
		wg.Wait()
		won := -1
		for i, err := range errs {
			switch {
			case err == nil:
				if won >= 0 {
					t.Fatalf("round %d: both edits stored", round)
				}
				won = i
			case apperr.Is(err, apperr.Conflict) && strings.Contains(err.Error(), "El descuento cambió mientras lo editabas"):
			default:
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if won < 0 {
			t.Fatalf("round %d: no edit stored: %v", round, errs)
		}
		if d, err = env.m.Service().store.discount(context.Background(), d.ID); err != nil || d.Name != names[won] || d.Version != version+1 {
			t.Fatalf("round %d: stored %+v %v, want %q at version %d", round, d, err, names[won], version+1)
		}
	}

	// Through the API, a form read at an old version gets the 409 in Spanish.
	rec := env.do(auth.Administrador, http.MethodPatch, "/v1/discounts/"+d.ID.Hex(),
		map[string]any{"name": "Tarde", "percentage": 5, "expirationDate": tomorrow, "version": 1})
	if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "Recárgalo y vuelve a guardar") {
		t.Fatalf("stale form: %d %s", rec.Code, rec.Body)
	}
}

// A discount a product uses is refused on every replica, also on one whose memory has not seen
// the product take it yet.
func TestReplicaRefusesToDeleteADiscountInUseItHasNotSeen(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	other := MustModule(t, env.db, 0) // loaded now, never reloaded
	tomorrow := time.Now().AddDate(0, 0, 2).Format(time.DateOnly)
	pct := 15.0
	d, err := env.m.Service().CreateDiscount(context.Background(), DiscountInput{Name: "Liquidación", Percentage: &pct, ExpirationDate: tomorrow})
	if err != nil {
		t.Fatal(err)
	}
	body := catalogtest.FormProduct("Cámara con descuento")
	body["descuentoId"] = d.ID.Hex()
	env.mustCreate(body)
	err = other.Service().DeleteDiscount(context.Background(), d.ID.Hex())
	if !apperr.Is(err, apperr.Conflict) || !strings.Contains(err.Error(), "«Cámara con descuento»") {
		t.Fatalf("delete of a discount in use on the other replica: %v", err)
	}
	if _, err := env.m.Service().store.discount(context.Background(), d.ID); err != nil {
		t.Fatalf("the discount is gone: %v", err)
	}
}

// A discount created, edited and deleted on one replica reaches the other at its next poll,
// without either reading the whole catalogue again, and the other prices with it at once: the
// product's price follows the discount's edit, which writes no product.
func TestReplicaSeesDiscountsWrittenElsewhereWithoutAFullReload(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	other := MustModule(t, env.db, 50*time.Millisecond).Service()
	ctx := context.Background()
	tomorrow := time.Now().AddDate(0, 0, 2).Format(time.DateOnly)
	hidden := hiddenProduct(t, env)
	pct := 20.0
	d, err := env.m.Service().CreateDiscount(ctx, DiscountInput{Name: "Buen Fin", Percentage: &pct, ExpirationDate: tomorrow})
	if err != nil {
		t.Fatal(err)
	}
	catalogtest.WaitUntil(t, "the other replica sees the new discount", func() bool { got, err := other.Discount(d.ID.Hex()); return err == nil && got.Percentage == 20 })
	body := catalogtest.FormProduct("Cámara en oferta") // its first variant has 10% of its own
	body["descuentoId"] = d.ID.Hex()
	p := env.mustCreate(body)
	catalogtest.WaitUntil(t, "the other replica prices with the discount", func() bool {
		q, err := other.Product(p.ID.Hex())
		return err == nil && q.Variantes[0].DescuentoEfectivo == 20
	})

	pct = 30
	if _, err := env.m.Service().UpdateDiscount(ctx, d.ID.Hex(), DiscountInput{Name: "Buen Fin 30", Percentage: &pct, ExpirationDate: tomorrow}); err != nil {
		t.Fatal(err)
	}
	catalogtest.WaitUntil(t, "the other replica prices with the edited discount", func() bool {
		q, err := other.Product(p.ID.Hex())
		got, derr := other.Discount(d.ID.Hex())
		return err == nil && derr == nil && q.Variantes[0].DescuentoEfectivo == 30 && got.Name == "Buen Fin 30" && got.Version == 2
	})

	// Deleted: the first once no product uses it, the product's price back to its own 10%.
	none := ""
	if _, err := env.m.Service().UpdateProduct(ctx, p.ID.Hex(), ProductInput{DescuentoID: &none}); err != nil {
		t.Fatal(err)
	}
	if err := env.m.Service().DeleteDiscount(ctx, d.ID.Hex()); err != nil {
		t.Fatal(err)
	}
	catalogtest.WaitUntil(t, "the other replica drops the deleted discount", func() bool {
		_, derr := other.Discount(d.ID.Hex())
		q, err := other.Product(p.ID.Hex())
		return apperr.Is(derr, apperr.NotFound) && err == nil && q.Variantes[0].DescuentoEfectivo == 10
	})
	for _, s := range []*Service{env.m.Service(), other} {
		if len(s.Discounts()) != 0 {
			t.Errorf("discounts left: %+v", s.Discounts())
		}
		notReloaded(t, s, hidden)
	}
}

// A discount written before discounts were stamped (no cambiadoEn) is read by the full load as
// any other, and an edit of it on one replica reaches the others by their polls.
func TestReplicaSeesAnEditOfADiscountWrittenBeforeStamps(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	ctx := context.Background()
	tomorrow := time.Now().AddDate(0, 0, 2).Format(time.DateOnly)
	old := Discount{ID: bson.NewObjectID(), Name: "De antes", Percentage: 5, ExpirationDate: tomorrow} // version 0, no stamp
	if _, err := env.db.W.Collection(discountsCollection).InsertOne(ctx, old); err != nil {
		t.Fatal(err)
	}
	a, b := MustModule(t, env.db, 0).Service(), MustModule(t, env.db, 0).Service()
	for _, s := range []*Service{a, b} {
		if got, err := s.Discount(old.ID.Hex()); err != nil || got.Name != "De antes" {
			t.Fatalf("the load: %+v %v", got, err)
		}
	}
	pct := 8.0
	if _, err := a.UpdateDiscount(ctx, old.ID.Hex(), DiscountInput{Name: "De antes, editado", Percentage: &pct, ExpirationDate: tomorrow}); err != nil {
		t.Fatal(err)
	}
	if err := b.pollChanges(ctx); err != nil {
		t.Fatal(err)
	}
	if got, err := b.Discount(old.ID.Hex()); err != nil || got.Name != "De antes, editado" || got.Percentage != 8 || got.Version != 1 {
		t.Fatalf("after the poll: %+v %v", got, err)
	}
}
