package sales

import (
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// pendingFolios lists the folios of the pending orders, for clientID ("" for staff).
func pendingFolios(t *testing.T, s *Service, clientID string) []string {
	t.Helper()
	list, err := s.PendingOrders(context.Background(), clientID)
	if err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, v := range list {
		out = append(out, v.Folio)
	}
	return out
}

func listed(t *testing.T, s *Service, clientID, folio string) bool {
	t.Helper()
	for _, f := range pendingFolios(t, s, clientID) {
		if f == folio {
			return true
		}
	}
	return false
}

// An order is on the order screens from the moment it is saved until it is delivered or
// cancelled, whichever of the intent, the entry in ventas_abiertas or the sweeps stands for it.
func TestOpenOrdersFollowTheirSales(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	first := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 1})
	if !listed(t, s, "", first.Folio) || !listed(t, s, "u1", first.Folio) || listed(t, s, "u2", first.Folio) {
		t.Fatalf("a saved order: staff %v, u1 %v, u2 %v", pendingFolios(t, s, ""), pendingFolios(t, s, "u1"), pendingFolios(t, s, "u2"))
	}
	// Run's batch lists it in ventas_abiertas and drops its intent.
	waitUntil(t, "the intent dropped", func() bool {
		n, _ := s.store.db.R.Collection(intentCollection).CountDocuments(ctx, bson.M{"_id": first.ID})
		return n == 0
	})
	if n, _ := s.store.db.R.Collection(openCollection).CountDocuments(ctx, bson.M{"_id": first.ID}); n != 1 || !listed(t, s, "", first.Folio) {
		t.Fatalf("after the batch: entry %d, listed %v", n, pendingFolios(t, s, ""))
	}
	if err := s.store.listOpen(ctx, time.Now(), []bson.ObjectID{first.ID, bson.NewObjectID()}); err != nil {
		t.Fatalf("listing an order listed already: %v", err)
	}

	// Paid: no longer among the customer's unpaid orders, still on the staff's screen.
	if _, err := s.UpdateOrder(ctx, first.ID, Actor{ID: "c"}, OrderChange{Pago: ptr(PagoPagado), MetodoPago: ptr("Efectivo")}); err != nil {
		t.Fatal(err)
	}
	if !listed(t, s, "", first.Folio) || listed(t, s, "u1", first.Folio) {
		t.Fatal("a paid order is on the staff's screen only")
	}
	// Delivered: off the screens at once; its entry goes with the sweep, once the grace has passed.
	if _, err := s.UpdateOrder(ctx, first.ID, Actor{ID: "c"}, OrderChange{Entrega: ptr(EntregaEntregado)}); err != nil {
		t.Fatal(err)
	}
	if listed(t, s, "", first.Folio) {
		t.Fatal("a delivered order is still listed")
	}
	if err := s.sweepOpen(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.store.db.R.Collection(openCollection).CountDocuments(ctx, bson.M{"_id": first.ID}); n != 1 {
		t.Fatal("the sweep dropped an entry touched within the grace")
	}
	age := func(id bson.ObjectID) {
		t.Helper()
		old := time.Now().UTC().Add(-2 * openGrace)
		if _, err := s.store.db.W.Collection(openCollection).UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$set": bson.M{"en": old}}); err != nil {
			t.Fatal(err)
		}
	}
	age(first.ID)
	if err := s.sweepOpen(ctx); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.store.db.R.Collection(openCollection).CountDocuments(ctx, bson.M{"_id": first.ID}); n != 0 {
		t.Fatal("the sweep kept the entry of an order delivered long ago")
	}
	// Sent back to Pendiente: listed again, and the sweep keeps it however old its entry.
	if _, err := s.UpdateOrder(ctx, first.ID, Actor{ID: "c"}, OrderChange{Entrega: ptr(EntregaPendiente)}); err != nil {
		t.Fatal(err)
	}
	age(first.ID)
	if err := s.sweepOpen(ctx); err != nil {
		t.Fatal(err)
	}
	if !listed(t, s, "", first.Folio) {
		t.Fatal("a reopened order is not listed")
	}

	// A crash between saving and the batch leaves the intent: listed through it, and the sweep
	// of abandoned reservations lists it in ventas_abiertas before dropping the intent.
	v, err := s.Reserve(ctx, Sale{Carrito: []Item{{ID: "v", ProductoID: "p", Nombre: "Dron", PrecioFinal: 10, Cantidad: 1}},
		UsuarioID: "u2", Subtotal: 10, IVA: 1.6, Total: 11.6, Origen: OrigenCaja, MetodoPago: "Efectivo"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.save(ctx, v.ID, EstadoConfirmada); err != nil { // Confirm without its batch
		t.Fatal(err)
	}
	if !listed(t, s, "u2", v.Folio) {
		t.Fatal("a saved order with its intent still there is not listed")
	}
	if _, err := s.Abandoned(ctx, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if n, _ := s.store.db.R.Collection(intentCollection).CountDocuments(ctx, bson.M{"_id": v.ID}); n != 0 || !listed(t, s, "u2", v.Folio) {
		t.Fatalf("after the sweep: intent %d, listed %v", n, pendingFolios(t, s, "u2"))
	}
}

// Open orders saved before ventas_abiertas existed are listed once, at start.
func TestFillOpenListsEarlierOrdersOnce(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	legacy := func(folio, entrega string) {
		t.Helper()
		v := Sale{ID: bson.NewObjectID(), Folio: folio, Fecha: time.Now().UTC().Truncate(time.Millisecond), Carrito: []Item{{ID: "v", Nombre: "Algo", Cantidad: 1}},
			Historial: []Cambio{}, Total: 116, Estado: EstadoConfirmada, Guardado: true, Pago: PagoPendiente, Entrega: entrega, Origen: OrigenCaja}
		if _, err := s.store.db.W.Collection(collection).InsertOne(ctx, v); err != nil {
			t.Fatal(err)
		}
	}
	legacy("A-pendiente", EntregaPendiente)
	legacy("A-enviado", EntregaEnviado)
	legacy("A-entregado", EntregaEntregado)
	if got := pendingFolios(t, s, ""); len(got) != 0 {
		t.Fatalf("before FillOpen: %v", got)
	}
	if err := s.FillOpen(ctx); err != nil {
		t.Fatal(err)
	}
	if got := pendingFolios(t, s, ""); len(got) != 2 || !listed(t, s, "", "A-pendiente") || !listed(t, s, "", "A-enviado") {
		t.Fatalf("after FillOpen: %v", got)
	}
	legacy("B-pendiente", EntregaPendiente)
	if err := s.FillOpen(ctx); err != nil {
		t.Fatal(err)
	}
	if listed(t, s, "", "B-pendiente") {
		t.Fatal("FillOpen ran twice")
	}
}

func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 5 s for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
