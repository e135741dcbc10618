package sales

import (
	"context"

	"tienda/pkg/audit"
)

// The audit trail of the orders (pkg/audit): each change staff make to an order's payment,
// method, delivery, shipment, notes or delivered items, beside the order's own historial.

// auditOrder records a change to order v made by who, one audit.Change per historial entry it
// wrote.
func (s *Service) auditOrder(ctx context.Context, who Actor, v Sale, history []Cambio) {
	changes := make([]audit.Change, len(history))
	for i, h := range history {
		changes[i] = audit.Change{Campo: h.Campo, Antes: h.De, Despues: h.A}
	}
	audit.Write(ctx, s.audit, s.log, audit.Actor{ID: who.ID, Name: who.Name}, audit.Entry{
		Coleccion: audit.Ventas, RegistroID: v.ID.Hex(), Registro: v.Folio, Accion: audit.CambiarEstado,
		Fecha: s.now(), Cambios: changes,
	})
}
