package catalog

import (
	"context"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// takeBatcher gathers the takes of one product that arrive while a write of it is in flight, so
// that the next write carries all of them (group commit). The store serializes the writes of one
// document: on a best-seller with many buyers at once, one write per batch instead of one per line
// keeps a line from waiting for every line before it.
type takeBatcher struct {
	mu     sync.Mutex
	queues map[bson.ObjectID]*takeQueue
}

// takeQueue is the takes of one product waiting for the write in flight to end.
type takeQueue struct {
	waiting []*stockTake
}

// stockTake is one order line's units to take under its key (or another write, run), and its
// answer.
type stockTake struct {
	key     string
	variant bson.ObjectID
	index   int // of the variant, as the in-memory copy has it
	n       int
	// prov are the units of n taken from the distributor's availability (takeOne), 0 when the
	// variant's own were enough.
	prov int
	name string // the product's, for the messages
	// version is the product's version the line was priced from: the take's fence (TakeStockFor).
	version int64
	// note, mov and at are the take's stock movement: who and why, its id, when (movements.go).
	note StockNote
	mov  bson.ObjectID
	at   time.Time
	// run, when set, is not a take but another write of the product's units (an adjustment):
	// it runs alone in the product's turn, after the takes of its batch, so that no take of this
	// replica comes between its read and its write.
	run func(context.Context) error

	err    error
	edited *Product      // the product as stored, when the take failed because it was edited (errEdited)
	moved  *Movement     // the movement of a take that took the units (nil: a repeat, or an error)
	same   *stockTake    // the take of the batch with the same key, whose answer this one gets
	turn   chan struct{} // closed when the answer is in, or when this take is to write the next batch
	done   bool
}

// reservation is what the take writes in apartados.<key>: the units, and its movement's id and
// note, from which the sweep stores the movement when a crash came before the take stored it.
func (t *stockTake) reservation() Apartado {
	return Apartado{Variante: t.variant, Cantidad: t.n, Proveedor: t.prov, Movimiento: t.mov, Folio: t.note.Folio,
		UsuarioID: t.note.UsuarioID, NombreUsuario: t.note.NombreUsuario, Fecha: t.at}
}

// took notes the movement of a take that took its units from the variant at index i of p, whose
// units after the write, before any later line of the same write took its own, were after.
func (t *stockTake) took(p *Product, i, after int) {
	m := newMovement(p, i, TipoVenta, -(t.n - t.prov), t.at)
	m.ID, m.Folio, m.Motivo = t.mov, t.note.Folio, t.note.Motivo
	m.by(t.note.UsuarioID, t.note.NombreUsuario)
	m.withUnits(after)
	t.moved = &m
}

// do takes t of product id: it waits for the write in flight, if any, then either finds its
// answer or writes the batch of everything waiting, its own line included, with write.
func (q *takeBatcher) do(ctx context.Context, id bson.ObjectID, t *stockTake, write func(context.Context, bson.ObjectID, []*stockTake)) error {
	t.turn = make(chan struct{})
	q.mu.Lock()
	if q.queues == nil {
		q.queues = map[bson.ObjectID]*takeQueue{}
	}
	queue, busy := q.queues[id]
	if !busy {
		queue = &takeQueue{}
		q.queues[id] = queue
	}
	queue.waiting = append(queue.waiting, t)
	q.mu.Unlock()
	if busy {
		<-t.turn // never abandoned: the next batch could be this take's to write
		if t.done {
			return t.err
		}
	}
	q.mu.Lock()
	batch := queue.waiting
	queue.waiting = nil
	q.mu.Unlock()

	write(ctx, id, batch)

	q.mu.Lock()
	for _, b := range batch {
		if b != t {
			b.done = true
			close(b.turn)
		}
	}
	if len(queue.waiting) > 0 {
		close(queue.waiting[0].turn) // its turn to write
	} else {
		delete(q.queues, id)
	}
	q.mu.Unlock()
	return t.err
}
