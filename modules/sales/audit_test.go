package sales

import (
	"context"
	"testing"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/audit/audittest"
)

// trail is the audit trail of these tests.
type trail = audittest.Trail

func TestOrderStatusChangesAreAudited(t *testing.T) {
	t.Parallel()
	s, _ := newService(t)
	r := &trail{}
	s.audit = r
	ctx := context.Background()
	v := MustSale(t, s, "u1", Item{Nombre: "Cámara", PrecioFinal: 100, Cantidad: 1})
	caja := Actor{ID: "64b0000000000000000000c1", Name: "Carmen Cajera"}
	check := func(who Actor, want ...audit.Change) {
		t.Helper()
		got := r.Take()
		if len(got) != 1 {
			t.Fatalf("%d entries, want 1: %+v", len(got), got)
		}
		e := got[0]
		if e.Coleccion != audit.Ventas || e.RegistroID != v.ID.Hex() || e.Registro != v.Folio || e.Accion != audit.CambiarEstado ||
			e.UsuarioID != who.ID || e.NombreUsuario != who.Name || e.Fecha.IsZero() {
			t.Errorf("entry %+v", e)
		}
		if len(e.Cambios) != len(want) {
			t.Fatalf("changes %+v, want %+v", e.Cambios, want)
		}
		for i := range want {
			if e.Cambios[i] != want[i] {
				t.Errorf("change %d: %+v, want %+v", i, e.Cambios[i], want[i])
			}
		}
	}

	if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Pago: ptr(PagoPagado), MetodoPago: ptr("Tarjeta")}); err != nil {
		t.Fatal(err)
	}
	check(caja, audit.Change{Campo: "pago", Antes: PagoPendiente, Despues: PagoPagado}, audit.Change{Campo: "metodoPago", Antes: "Efectivo", Despues: "Tarjeta"})

	aux := Actor{ID: "64b0000000000000000000a1", Name: "Arturo Auxiliar"}
	if _, err := s.UpdateOrder(ctx, v.ID, aux, OrderChange{Entrega: ptr(EntregaEnviado), Envio: &Envio{Status: "En camino", Empresa: "Estafeta"}}); err != nil {
		t.Fatal(err)
	}
	check(aux, audit.Change{Campo: "entrega", Antes: EntregaPendiente, Despues: EntregaEnviado}, audit.Change{Campo: "envio", Antes: "", Despues: "En camino"})

	if _, err := s.ToggleDelivered(ctx, v.ID, aux, v.Carrito[0].ID, ""); err != nil {
		t.Fatal(err)
	}
	check(aux, audit.Change{Campo: "entregado Cámara", Antes: "no", Despues: "sí"})

	// A change to the same values, and a refused one, record nothing.
	if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Pago: ptr(PagoPagado)}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateOrder(ctx, v.ID, caja, OrderChange{Entrega: ptr("Perdido")}); !apperr.Is(err, apperr.Invalid) {
		t.Fatalf("bad value: %v", err)
	}
	if got := r.Take(); len(got) != 0 {
		t.Errorf("recorded: %+v", got)
	}
}
