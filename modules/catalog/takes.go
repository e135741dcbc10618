package catalog

import (
	"context"
	"sync"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// takes gathers the takes of one product that arrive while a write of it is in flight, so that
// the next write carries all of them (group commit). The store serializes the writes of one
// document: on a best-seller with many buyers at once, one write per batch instead of one per line
// keeps a line from waiting for every line before it.
type takes struct {
	mu     sync.Mutex
	queues map[bson.ObjectID]*takeQueue
}

// takeQueue is the takes of one product waiting for the write in flight to end.
type takeQueue struct {
	waiting []*take
}

// take is one line to take, and its answer.
type take struct {
	key     string
	variant bson.ObjectID
	index   int // of the variant, as the in-memory copy has it
	n       int
	name    string // the product's, for the messages

	err  error
	same *take         // the take of the batch with the same key, whose answer this one gets
	turn chan struct{} // closed when the answer is in, or when this take is to write the next batch
	done bool
}

// do takes t of product id: it waits for the write in flight, if any, then either finds its
// answer or writes the batch of everything waiting, its own line included, with write.
func (q *takes) do(ctx context.Context, id bson.ObjectID, t *take, write func(context.Context, bson.ObjectID, []*take)) error {
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
