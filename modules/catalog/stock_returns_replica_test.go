package catalog

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"tienda/modules/catalog/catalogtest"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// A keyed give-back (a cancelled order's line) moves its units once however often it is asked:
// again after it finished, with its movement still waiting in the product (a crash before the
// movement was stored), and by two replicas at the same time.
func TestFenceKeyedGiveBackMovesTheUnitsOnceOnEveryReplica(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	other := MustModule(t, env.db, 0)
	p := env.mustCreate(catalogtest.FormProduct("Cámara devuelta una vez"))
	ctx := context.Background()
	line := OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[0].ID.Hex(), Cantidad: 2}
	at := time.Now()
	stock := func() int {
		t.Helper()
		cur, err := env.m.Service().store.product(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		return cur.Variantes[0].Stock
	}
	before := stock()

	// Asked twice in a row: the second finds the movement stored.
	note := StockNote{Folio: "F-1", Clave: "venta:uno:cancelacion:0", ClaveFecha: at}
	for range 2 {
		if err := env.m.Service().GiveBackStock(ctx, line, note); err != nil {
			t.Fatal(err)
		}
	}
	if got := stock(); got != before+2 {
		t.Fatalf("stock %d after one give-back asked twice, want %d", got, before+2)
	}

	// The movement still waits in the product (the replica stopped before storing it): asked
	// again, nothing moves.
	note.Clave = "venta:dos:cancelacion:0"
	id := onceMovementID(note.Clave, at)
	cur, _ := env.m.Service().store.product(ctx, p.ID)
	m := returnMovement(&cur, 0, Apartado{Cantidad: 2}, note, at)
	m.ID = id
	if _, ok, err := env.m.Service().store.update(ctx, p.ID, bson.M{}, stockChange(0, 2, bson.M{"$set": bson.M{pendingField(id): *m}})); err != nil || !ok {
		t.Fatalf("first half: %v %v", ok, err)
	}
	if err := other.Service().GiveBackStock(ctx, line, note); err != nil {
		t.Fatal(err)
	}
	if got := stock(); got != before+4 {
		t.Fatalf("stock %d after a give-back whose movement waited, want %d", got, before+4)
	}

	// Two replicas at once, several keys.
	var wg sync.WaitGroup
	for k := range 4 {
		for _, s := range []*Service{env.m.Service(), other.Service()} {
			wg.Go(func() {
				n := StockNote{Clave: fmt.Sprintf("venta:tres:cancelacion:%d", k), ClaveFecha: at}
				if err := s.GiveBackStock(ctx, line, n); err != nil {
					t.Error(err)
				}
			})
		}
	}
	wg.Wait()
	if got := stock(); got != before+4+4*2 {
		t.Fatalf("stock %d after 4 give-backs asked on two replicas, want %d", got, before+12)
	}
	seen := map[bson.ObjectID]bool{}
	for _, m := range env.storedMovements(p.ID.Hex()) {
		if m.Tipo == TipoCancelacion {
			seen[m.ID] = true
		}
	}
	cur, _ = env.m.Service().store.product(ctx, p.ID)
	for _, m := range cur.MovimientosPendientes {
		if m.Tipo == TipoCancelacion {
			seen[m.ID] = true // waiting: the one the stopped replica left, stored by the sweep
		}
	}
	if len(seen) != 6 || !seen[id] {
		t.Fatalf("%d give-back movements, want 6: %v", len(seen), seen)
	}
}
