package catalog

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// Takes of one product that arrive while a write of it is in flight go together in the next one;
// every take gets its own answer.
func TestTakesArrivingTogetherShareAWrite(t *testing.T) {
	t.Parallel()
	var q takeBatcher
	id := bson.NewObjectID()
	var writes, lines atomic.Int32
	write := func(_ context.Context, _ bson.ObjectID, batch []*stockTake) {
		writes.Add(1)
		lines.Add(int32(len(batch)))
		time.Sleep(5 * time.Millisecond)
		for _, b := range batch {
			if b.n > 5 {
				b.err = apperr.New(apperr.Conflict, "Sin existencias suficientes de X.")
			}
		}
	}
	var wg sync.WaitGroup
	var refused atomic.Int32
	for i := range 40 {
		wg.Go(func() {
			err := q.do(context.Background(), id, &stockTake{key: fmt.Sprintf("v%d:0", i), n: i % 10}, write)
			if (err != nil) != (i%10 > 5) {
				t.Errorf("take %d: %v", i, err)
			}
			if err != nil {
				refused.Add(1)
			}
		})
	}
	wg.Wait()
	if lines.Load() != 40 || writes.Load() >= 40 || refused.Load() != 16 || len(q.queues) != 0 {
		t.Fatalf("%d lines in %d writes, %d refused, %d queues left", lines.Load(), writes.Load(), refused.Load(), len(q.queues))
	}
	t.Logf("40 takes in %d writes", writes.Load())
}
