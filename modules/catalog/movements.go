package catalog

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox"
)

// Every change of a variant's units is recorded as a stock movement, a document of
// movimientos_inventario, written once (no transactions). The units change with
// one guarded update of the product, as before; the movement's id is chosen before that update
// and written into the product by the same update, so that whoever stores the movement (the
// writer right after, or the sweep after a crash) stores it under that id, once:
//
//   - a take for an order line: the reservation it writes in apartados.<key> carries the
//     movement's id, who placed the order, its folio and when (Apartado);
//   - every other change (a reservation given back, a cancelled order's units, an adjustment, an
//     edit): the movement itself, in movimientosPendientes.<id>, removed once it is stored.
//
// The writer stores the movement with the units before and after that the update's result says
// (the takes of a batch with one insert); the sweep (movements_sweep.go) stores those a crash left
// unstored, without them when the writer alone knew them (Reconstruido).

const movementsCollection = "movimientos_inventario"

// The kinds of stock movement (Movement.Tipo).
const (
	TipoVenta          = "venta"            // units taken for an order line
	TipoCancelacion    = "cancelacion"      // an order's units given back: cancelled, or never completed
	TipoPagoNoRecibido = "pago_no_recibido" // an online order's units given back: its payment never came
	TipoEntrada        = "entrada"          // 'Entrada de mercancía'
	TipoMerma          = "merma"            // 'Merma'
	TipoConteo         = "conteo"           // 'Conteo físico': the units counted replace the stored ones
	TipoDevolucion     = "devolucion"       // 'Devolución': a customer brought units back
	TipoEdicion        = "edicion"          // the product form changed the units
)

// MovementKinds lists the kinds of movement, for the filters.
var MovementKinds = []string{TipoVenta, TipoCancelacion, TipoPagoNoRecibido, TipoEntrada, TipoMerma, TipoConteo, TipoDevolucion, TipoEdicion}

// sistema is who a movement nobody asked for was made by (an expiry, a sweep).
const sistema = "Sistema"

// Movement is a document of movimientos_inventario: one change of one variant's units.
type Movement struct {
	ID         bson.ObjectID `bson:"_id" json:"_id"`
	ProductID  string        `bson:"productoId" json:"productoId"` // the shop product's _id, hex so that the embedded store's index answers it
	VarianteID string        `bson:"varianteId" json:"varianteId"`
	Producto   string        `bson:"producto" json:"producto"` // its name then
	Talla      string        `bson:"talla" json:"talla"`
	Tamano     string        `bson:"tamano" json:"tamano"`
	Tipo       string        `bson:"tipo" json:"tipo"`
	Cantidad   int           `bson:"cantidad" json:"cantidad"` // signed: + in, - out
	// Antes and Despues are the variant's units before and after; nil on a movement the sweep
	// stored after a crash without them (Reconstruido).
	Antes         *int      `bson:"antes" json:"antes"`
	Despues       *int      `bson:"despues" json:"despues"`
	Motivo        string    `bson:"motivo" json:"motivo"`
	UsuarioID     string    `bson:"usuarioId" json:"usuarioId"`
	NombreUsuario string    `bson:"nombreUsuario" json:"nombreUsuario"`
	Folio         string    `bson:"folio,omitempty" json:"folio,omitempty"`
	Fecha         time.Time `bson:"fecha" json:"fecha"`
	Reconstruido  bool      `bson:"reconstruido,omitempty" json:"reconstruido,omitempty"`
}

// StockNote says who moves an order line's units and why: who placed the order (or cancelled it),
// its folio, and for units given back the kind (TipoCancelacion or TipoPagoNoRecibido) and reason.
type StockNote struct {
	Folio                    string
	UsuarioID, NombreUsuario string
	Tipo, Motivo             string
	// ConProveedor, on a cancelled order's line, are its units ordered from the distributor: they
	// go back to its availability, not to the shop's own stock (GiveBackStock).
	ConProveedor int
	// Clave, when set, makes a give-back happen once however often it is asked (GiveBackStock):
	// the same at every try, e.g. the sale and its line. ClaveFecha is the time its movement's id
	// carries (onceMovementID).
	Clave      string
	ClaveFecha time.Time
}

// units is a pointer to n, for Antes and Despues.
func units(n int) *int { return &n }

// newMovement is a movement of product p's variant at index i.
func newMovement(p *Product, i int, tipo string, cantidad int, at time.Time) Movement {
	v := p.Variantes[i]
	return Movement{
		ID: bson.NewObjectID(), ProductID: p.ID.Hex(), VarianteID: v.ID.Hex(), Producto: p.label(),
		Talla: v.Talla, Tamano: v.Tamano, Tipo: tipo, Cantidad: cantidad, Fecha: at.UTC().Truncate(time.Millisecond),
	}
}

// by fills in who made a movement; nobody is the system.
func (m *Movement) by(id, name string) {
	m.UsuarioID, m.NombreUsuario = id, name
	if name == "" {
		m.NombreUsuario = sistema
	}
}

// withUnits sets the units before and after from the variant's units after the change.
func (m *Movement) withUnits(after int) {
	m.Despues, m.Antes = units(after), units(after-m.Cantidad)
}

// pendingField is where a movement waits in its product until it is stored.
func pendingField(id bson.ObjectID) string { return "movimientosPendientes." + id.Hex() }

// movements keeps the movements the store refused, for the background loop to store.
type movements struct {
	mu      sync.Mutex
	waiting []Movement
}

// record stores ms, each once under its id. A movement the sweep stored first without its units
// is replaced by the exact one. Those the store refused are kept and tried again (storeWaiting):
// the caller's change is made and acknowledged whatever happens to its record.
// It reports whether all of them are stored.
func (s *Service) record(ctx context.Context, ms ...Movement) bool {
	if len(ms) == 0 {
		return true
	}
	failed, err := s.store.insertMovements(context.WithoutCancel(ctx), ms)
	if err != nil {
		s.log.Warn().Err(err).Int("movements", len(failed)).Msg("stock movements not stored yet; tried again shortly")
		s.moves.mu.Lock()
		s.moves.waiting = append(s.moves.waiting, failed...)
		s.moves.mu.Unlock()
		return false
	}
	return true
}

// recordPending stores movements that the write which returned p put in its
// movimientosPendientes, those without units with the units p's variants have after that write,
// and queues the removal of their entries.
func (s *Service) recordPending(ctx context.Context, p *Product, ms ...Movement) {
	ms = withUnitsAfter(p, ms)
	if !s.record(ctx, ms...) {
		return // the entries stay: stored from there by the sweep, if this replica stops first
	}
	for _, m := range ms {
		s.queueUnset(p.ID, pendingField(m.ID))
	}
}

// withUnitsAfter gives the movements of ms without units the units p's variants have.
func withUnitsAfter(p *Product, ms []Movement) []Movement {
	for i := range ms {
		m := &ms[i]
		for _, v := range p.Variantes {
			if m.Antes == nil && v.ID.Hex() == m.VarianteID {
				m.withUnits(v.Stock)
			}
		}
	}
	return ms
}

// storeWaiting stores the movements that could not be stored before; it reports whether none is
// waiting any more. While some are, the outbox entries in the products
// (reservations, movimientosPendientes) are kept: after a crash the sweep stores them from there.
func (s *Service) storeWaiting(ctx context.Context) bool {
	s.moves.mu.Lock()
	waiting := s.moves.waiting
	s.moves.waiting = nil
	s.moves.mu.Unlock()
	if len(waiting) == 0 {
		return true
	}
	failed, err := s.store.insertMovements(ctx, waiting)
	if err == nil {
		return true
	}
	s.moves.mu.Lock()
	s.moves.waiting = append(failed, s.moves.waiting...)
	s.moves.mu.Unlock()
	return false
}

// insertMovements inserts ms; one whose id is taken is left as it is, unless the sweep stored it
// without its units and ms has them. failed are the movements not stored, when err is not nil.
func (s store) insertMovements(ctx context.Context, ms []Movement) (failed []Movement, err error) {
	docs := make([]any, len(ms))
	for i := range ms {
		docs[i] = ms[i]
	}
	coll := s.db.W.Collection(movementsCollection)
	_, err = coll.InsertMany(ctx, docs, options.InsertMany().SetOrdered(false))
	if err == nil {
		return nil, nil
	}
	var bwe mongo.BulkWriteException
	if !errors.As(err, &bwe) || len(bwe.WriteErrors) == 0 {
		return ms, fmt.Errorf("catalog: insert movements: %w", err)
	}
	var firstErr error
	for _, we := range bwe.WriteErrors {
		if we.Index < 0 || we.Index >= len(ms) {
			continue
		}
		m := ms[we.Index]
		if !mongox.IsDuplicate(we) {
			failed = append(failed, m)
			firstErr = keepFirst(firstErr, we)
			continue
		}
		if m.Antes == nil {
			continue
		}
		if _, err := coll.ReplaceOne(ctx, bson.M{"_id": m.ID, "reconstruido": true}, m); err != nil {
			failed = append(failed, m)
			firstErr = keepFirst(firstErr, err)
		}
	}
	if firstErr != nil {
		return failed, fmt.Errorf("catalog: insert movements: %w", firstErr)
	}
	return nil, nil
}

// keepFirst is first, or err when there is no first error yet.
func keepFirst(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// storedMovements answers which of ids are stored movements, in one find.
func (s store) storedMovements(ctx context.Context, ids []bson.ObjectID) (map[bson.ObjectID]bool, error) {
	stored := map[bson.ObjectID]bool{}
	in := make(bson.A, len(ids)) // as pkg/mongox reads an $in through SQLite's index
	for i, id := range ids {
		in[i] = id
	}
	err := s.db.Each(ctx, movementsCollection, bson.M{"_id": bson.M{"$in": in}}, bson.M{"_id": 1}, func(doc bson.Raw) error {
		id, ok := doc.Lookup("_id").ObjectIDOK()
		if !ok {
			return fmt.Errorf("a movement whose _id is not an ObjectID: %s", doc)
		}
		stored[id] = true
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("catalog: stored movements: %w", err)
	}
	return stored, nil
}

// movementIndexes are the indexes of movimientos_inventario's paged lists (mongox.Page): a
// product's history (by variant and kind too), and every movement of a period.
func (store) movementIndexes() mongox.Collection {
	return mongox.Collection{Name: movementsCollection, Indexes: []mongox.Index{
		{Name: "productoId_fecha", List: true, Keys: bson.D{{Key: "productoId", Value: 1},
			{Key: "fecha", Value: -1}, {Key: "varianteId", Value: 1}, {Key: "tipo", Value: 1}}},
		{Name: "fecha_tipo", List: true, Keys: bson.D{{Key: "fecha", Value: -1}, {Key: "tipo", Value: 1}}},
	}}
}
