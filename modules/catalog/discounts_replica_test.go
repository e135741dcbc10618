package catalog

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

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
	body := formProduct("Cámara con descuento")
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
