package catalog

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// The sweep of lost stock movements: a replica that stops (a crash, a kill) between a write of
// units and the insert of its movement leaves the movement in the product (movements.go). Every
// replica looks, every lostEvery, at the products whose sparse indexes say they hold some:
//
//   - movimientosPendientes older than lostAfter: stored (an id already stored is left alone), then
//     removed;
//   - reservations of order lines older than lostAfter whose take's movement is not stored: stored
//     from the reservation, without the units before and after (Reconstruido), which only the
//     take's write returned.
//
// Not covered: a take whose replica stopped before storing its movement, when another replica
// settles the line (an online payment confirmed there) within lostAfter: the settled key goes,
// and the movement with it. A replica that stays up never loses one: the settled keys are not
// removed while a movement waits to be stored (flushSettled).

const (
	lostAfter = time.Minute // a writer stores its movement at once: older, it stopped first
	lostEvery = time.Minute
)

// motivoRecuperado is the reason of a sale's movement stored by the sweep.
const motivoRecuperado = "Registrado al conciliar una venta interrumpida"

// recordLost stores the movements a stopped replica left in the products.
func (s *Service) recordLost(ctx context.Context) error {
	before := s.now().Add(-lostAfter)
	var ms []Movement
	fields := map[bson.ObjectID][]string{}
	err := s.store.eachPending(ctx, func(id bson.ObjectID, pending map[string]Movement) {
		for k, m := range pending {
			if m.Fecha.Before(before) {
				m.Reconstruido = m.Antes == nil
				ms = append(ms, m)
				fields[id] = append(fields[id], "movimientosPendientes."+k)
			}
		}
	})
	if err != nil {
		return err
	}
	if len(ms) > 0 {
		if _, err := s.store.insertMovements(ctx, ms); err != nil {
			return err
		}
		for id, fs := range fields {
			s.requeue(id, fs)
		}
		s.log.Warn().Int("movements", len(ms)).Msg("stock movements left in the products by a stopped replica stored")
	}
	return s.recordLostTakes(ctx, before)
}

// recordLostTakes stores the movement of each reservation older than before whose movement is not
// stored.
func (s *Service) recordLostTakes(ctx context.Context, before time.Time) error {
	type lost struct {
		product bson.ObjectID
		r       Apartado
	}
	var candidates []lost
	err := s.store.eachReservation(ctx, func(id bson.ObjectID, reservations map[string]Apartado) {
		for _, r := range reservations {
			if !r.Movimiento.IsZero() && !r.Fecha.IsZero() && r.Fecha.Before(before) {
				candidates = append(candidates, lost{id, r})
			}
		}
	})
	if err != nil {
		return err
	}
	if len(candidates) == 0 {
		return nil
	}
	ids := make([]bson.ObjectID, len(candidates))
	for i, c := range candidates {
		ids[i] = c.r.Movimiento
	}
	stored, err := s.store.storedMovements(ctx, ids)
	if err != nil {
		return err
	}
	products := map[bson.ObjectID]Product{}
	var ms []Movement
	for _, c := range candidates {
		if stored[c.r.Movimiento] {
			continue
		}
		p, ok := products[c.product]
		if !ok {
			if p, err = s.store.product(ctx, c.product); apperr.Is(err, apperr.NotFound) {
				continue
			} else if err != nil {
				return err
			}
			products[c.product] = p
		}
		ms = append(ms, lostTake(&p, c.r))
	}
	if len(ms) == 0 {
		return nil
	}
	if _, err := s.store.insertMovements(ctx, ms); err != nil {
		return err
	}
	s.log.Warn().Int("movements", len(ms)).Msg("sales' stock movements left unstored by a stopped replica stored")
	return nil
}

// lostTake is the movement of reservation r of p, as the sweep stores it.
func lostTake(p *Product, r Apartado) Movement {
	m := Movement{ProductID: p.ID.Hex(), VarianteID: r.Variante.Hex(), Producto: p.label()}
	if i := variantIndex(*p, r.Variante); i >= 0 {
		m = newMovement(p, i, TipoVenta, -r.own(), r.Fecha)
	}
	m.ID, m.Tipo, m.Cantidad, m.Fecha = r.Movimiento, TipoVenta, -r.own(), r.Fecha.UTC().Truncate(time.Millisecond)
	m.Folio, m.Motivo, m.Reconstruido = r.Folio, motivoRecuperado, true
	m.by(r.UsuarioID, r.NombreUsuario)
	return m
}

// eachPending calls fn with the movements waiting in every product that holds some, through the
// partial movimientosPendientes_v2 index (the filter names its key, revision).
func (s store) eachPending(ctx context.Context, fn func(id bson.ObjectID, pending map[string]Movement)) error {
	filter := bson.M{"movimientosPendientes": bson.M{"$exists": true}, "revision": bson.M{"$exists": true}}
	err := s.db.Each(ctx, productsCollection, filter, bson.M{"movimientosPendientes": 1}, func(doc bson.Raw) error {
		var p struct {
			ID      bson.ObjectID       `bson:"_id"`
			Pending map[string]Movement `bson:"movimientosPendientes"`
		}
		if err := bson.Unmarshal(doc, &p); err != nil {
			return err
		}
		fn(p.ID, p.Pending)
		return nil
	})
	if err != nil {
		return fmt.Errorf("catalog: pending movements: %w", err)
	}
	return nil
}
