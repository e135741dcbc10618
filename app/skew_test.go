package main

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox"
)

// A replica whose own clock is two hours behind the store's: every time it stamps on a record
// whose age something decides (a sale and its id, a stock movement, a drawer movement, a cut, an
// audit entry, a product) is the store's, never this process's. A module that read this process's
// clock would stamp two hours apart from every other replica, and their sweeps, leases and cut
// periods would judge its records by the wrong age.
func TestSkewedReplicaStampsEveryRecordOnTheStoresClock(t *testing.T) {
	t.Parallel()
	const ahead = 2 * time.Hour
	store := mongox.TestDBAt(t, ahead)
	ctx := context.Background()
	a, err := NewOnStore(ctx, testConfig(t, t.TempDir(), map[string]string{"DEMO_DATA": "true"}), zerolog.Nop(), testWeb, store)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeApp(t, a) })
	s := &shop{t: t, app: a, h: a.Handler(), toks: map[string]string{}}

	p := s.pick(false)
	if rec := s.call("auxiliar@tienda.mx", http.MethodPatch, "/v1/productos/"+p.ID, map[string]any{
		"variantes": []map[string]any{{"_id": p.Variantes[0].ID, "stock": p.Variantes[0].Stock, "precioVenta": p.Variantes[0].PrecioVenta + 10}}}); rec.Code != 200 {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	v := s.counterOrder("cajero@tienda.mx", p)
	s.movement("cajero@tienda.mx", map[string]any{"tipo": "fondo", "monto": 500}, http.StatusCreated)
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", nil); rec.Code != http.StatusCreated {
		t.Fatalf("cut: %d %s", rec.Code, rec.Body)
	}

	want := time.Now().Add(ahead)
	near := func(what string, at time.Time) {
		t.Helper()
		if d := at.Sub(want); d.Abs() > time.Minute {
			t.Errorf("%s is stamped %v from the store's time (this process's clock is %v behind it)", what, d.Round(time.Second), ahead)
		}
	}
	id, err := bson.ObjectIDFromHex(v.ID)
	if err != nil {
		t.Fatal(err)
	}
	near("the sale's id", id.Timestamp())
	for _, c := range []struct{ coll, field string }{
		{"ventas", "fecha"}, {"movimientos_inventario", "fecha"}, {"caja_movimientos", "fecha"},
		{"cortes", "fecha"}, {"auditoria", "fecha"},
	} {
		var doc bson.M
		err := store.R.Collection(c.coll).FindOne(ctx, bson.M{}, options.FindOne().SetSort(bson.D{{Key: c.field, Value: -1}})).Decode(&doc)
		if err != nil {
			t.Fatalf("%s: %v", c.coll, err)
		}
		at, ok := doc[c.field].(bson.DateTime)
		if !ok {
			t.Fatalf("%s.%s is %T", c.coll, c.field, doc[c.field])
		}
		near(c.coll+"."+c.field, at.Time())
	}
}
