package sales

import (
	"context"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// After a counter order is saved, three writes remain that nobody waits for: listing it among the
// open orders (ventas_abiertas, open.go), dropping its intent (ventas_reservas) and raising the
// order lists' version. On the embedded store every write waits for the one writer connection, so
// they are done in batches by Run, three writes for all the orders saved meanwhile. Left undone by
// a crash, the sweep lists the orders and drops the intents (Abandoned), and the next change
// raises the version.
type tidy struct {
	mu      sync.Mutex
	intents []bson.ObjectID
	wake    chan struct{}
}

// afterSave queues the bookkeeping of a saved sale.
func (s *Service) afterSave(id bson.ObjectID) {
	s.tidy.mu.Lock()
	s.tidy.intents = append(s.tidy.intents, id)
	s.tidy.mu.Unlock()
	select {
	case s.tidy.wake <- struct{}{}:
	default: // a flush is due already
	}
}

// run does the queued bookkeeping as it comes, and every minute drops the entries of closed orders
// (sweepOpen), until ctx is done; then it does the bookkeeping once more.
func (s *Service) run(ctx context.Context) {
	sweep := time.NewTicker(time.Minute)
	defer sweep.Stop()
	for {
		select {
		case <-ctx.Done():
			s.flush(context.WithoutCancel(ctx))
			return
		case <-s.tidy.wake:
			s.flush(ctx)
		case <-sweep.C:
			if err := s.sweepOpen(ctx); err != nil && ctx.Err() == nil {
				s.log.Error().Err(err).Msg("sales: open orders sweep")
			}
		}
	}
}

func (s *Service) flush(ctx context.Context) {
	s.tidy.mu.Lock()
	ids := s.tidy.intents
	s.tidy.intents = nil
	s.tidy.mu.Unlock()
	if len(ids) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	// The saved orders are open: list them in ventas_abiertas before their intents go.
	if err := s.store.listOpen(ctx, s.now().UTC(), ids); err != nil {
		s.log.Warn().Err(err).Int("sales", len(ids)).Msg("sales: list open orders") // the sweep does it
	} else if err := s.store.deleteIntents(ctx, ids); err != nil {
		s.log.Warn().Err(err).Int("sales", len(ids)).Msg("sales: drop intents") // the sweep drops them
	}
	if err := s.store.bumpVersion(ctx, s.now()); err != nil {
		s.log.Warn().Err(err).Msg("sales: version bump")
	}
}
