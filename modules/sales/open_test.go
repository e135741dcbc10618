package sales

import (
	"tienda/pkg/salestate"

	"context"
	"slices"
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
	return slices.Contains(pendingFolios(t, s, clientID), folio)
}

// An order is on the order screens from the moment it is saved until it is delivered or
// cancelled, and again when it is reopened.
func TestOpenOrdersFollowTheirSales(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	first := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 1})
	second := MustSale(t, s, "u1", Item{Nombre: "Cable", PrecioFinal: 10, Cantidad: 2})
	if _, err := s.Reserve(ctx, Sale{Carrito: []Item{{ID: "a", PrecioFinal: 10, Cantidad: 1}}, UsuarioID: "u1", Subtotal: 10, IVA: 1.6, Total: 11.6}); err != nil {
		t.Fatal(err) // placed, never saved: in no list
	}
	if got := pendingFolios(t, s, ""); !slices.Equal(got, []string{first.Folio, second.Folio}) {
		t.Fatalf("staff's list %v, want the two saved orders, oldest first", got)
	}
	if !listed(t, s, "u1", first.Folio) || listed(t, s, "u2", first.Folio) {
		t.Fatalf("u1 %v, u2 %v", pendingFolios(t, s, "u1"), pendingFolios(t, s, "u2"))
	}
	// Paid: no longer among the customer's unpaid orders, still on the staff's screen.
	if _, err := s.UpdateOrder(ctx, first.ID, Actor{ID: "c"}, OrderChange{Pago: ptr(PagoPagado), MetodoPago: ptr("Efectivo")}); err != nil {
		t.Fatal(err)
	}
	if !listed(t, s, "", first.Folio) || listed(t, s, "u1", first.Folio) {
		t.Fatal("a paid order is on the staff's screen only")
	}
	// Sent is still open; delivered is off the screens; reopened is back.
	for _, c := range []struct {
		entrega string
		open    bool
	}{{EntregaEnviado, true}, {EntregaEntregado, false}, {EntregaPendiente, true}} {
		if _, err := s.UpdateOrder(ctx, first.ID, Actor{ID: "c"}, OrderChange{Entrega: ptr(c.entrega)}); err != nil {
			t.Fatal(err)
		}
		if listed(t, s, "", first.Folio) != c.open {
			t.Fatalf("%s: listed %v", c.entrega, !c.open)
		}
	}
	if _, err := s.UpdateOrder(ctx, second.ID, Actor{ID: "c"}, OrderChange{Entrega: ptr(EntregaCancelado)}); err != nil {
		t.Fatal(err)
	}
	if listed(t, s, "", second.Folio) {
		t.Fatal("a cancelled order is listed")
	}
}

// A store written by an earlier release: its reservations in flight move into ventas, and its
// lists go; a second start finds nothing to do.
func TestUpgradeMovesReservationsAndDropsTheFormerLists(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	ctx := context.Background()
	saved := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 1})
	inFlight := Sale{ID: bson.NewObjectID(), Folio: "20261123-101010-0001", Fecha: time.Date(2026, 11, 23, 16, 10, 10, 0, time.UTC), Carrito: []Item{{ID: "a", Cantidad: 1}}, Estado: salestate.Reservando, Historial: []Cambio{}}
	savedIntent := saved
	savedIntent.Estado = salestate.Reservando
	for _, doc := range []any{inFlight, savedIntent} {
		if _, err := s.store.db.W.Collection("ventas_reservas").InsertOne(ctx, doc); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range formerCollections[1:] {
		if _, err := s.store.db.W.Collection(name).InsertOne(ctx, bson.M{"_id": saved.ID}); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		if _, err := s.store.upgrade(ctx); err != nil {
			t.Fatal(err)
		}
	}
	names, err := s.store.db.R.ListCollectionNames(ctx, bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range formerCollections {
		if slices.Contains(names, name) {
			t.Errorf("%s is still there", name)
		}
	}
	moved, err := s.Get(ctx, inFlight.ID)
	if err != nil || moved.Estado != salestate.Reservando {
		t.Fatalf("the reservation in flight: %+v %v", moved, err)
	}
	if kept, err := s.Get(ctx, saved.ID); err != nil || kept.Estado != salestate.Confirmada {
		t.Fatalf("a saved sale: %+v %v", kept, err)
	}
	if list, err := s.Abandoned(ctx, moved.Fecha.Add(time.Millisecond)); err != nil || len(list) != 1 || list[0].ID != inFlight.ID {
		t.Fatalf("abandoned: %+v %v", list, err)
	}
}
