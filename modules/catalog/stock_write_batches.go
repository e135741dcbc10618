package catalog

import (
	"context"
	"sync"

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

// stockTake is one order line's units to take under its key, and its answer.
type stockTake struct {
	key     string
	variant bson.ObjectID
	index   int // of the variant, as the in-memory copy has it
	n       int
	name    string // the product's, for the messages

	err  error
	same *stockTake    // the take of the batch with the same key, whose answer this one gets
	turn chan struct{} // closed when the answer is in, or when this take is to write the next batch
	done bool
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
