package sales

import (
	"context"
	"time"
)

// The order screens that stay open poll the version document of the order lists (ventas_meta)
// and refetch when it moves. A change made by staff raises it at once; a counter order only asks
// for it (changedSoon), and the background loop raises it once for all the orders of the moment:
// one write instead of one per order. A raise lost in a crash is made up at the next start.

// changedSoon asks the background loop to raise the order lists' version.
func (s *Service) changedSoon() {
	select {
	case s.changes <- struct{}{}:
	default: // a raise is due already
	}
}

// run raises the order lists' version when asked, until ctx is done.
func (s *Service) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			s.raise(context.WithoutCancel(ctx))
			return
		case <-s.changes:
			s.raise(ctx)
		}
	}
}

// sweepSummaries tells the days' summaries of the sales an upgrade or a failed write left marked,
// and recomputes the figures of the days told since (summary.go), and gives back the units sales
// still owe to the catalogue (stock_giveback.go): at start, then each minute, until ctx is done.
func (s *Service) sweepSummaries(ctx context.Context) {
	tick := time.NewTicker(time.Minute)
	defer tick.Stop()
	for {
		err := s.store.sweepMarks(ctx)
		if err == nil {
			err = s.store.recomputeDays(ctx)
		}
		if err != nil && ctx.Err() == nil {
			s.log.Warn().Err(err).Msg("sales: summaries sweep") // the next sweep or report tries again
		}
		if err := s.finishGiveBacks(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn().Err(err).Msg("sales: units owed to the catalogue") // the next sweep tries again
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func (s *Service) raise(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := s.store.bumpVersion(ctx, s.now()); err != nil {
		s.log.Warn().Err(err).Msg("sales: version bump") // the next change raises it
	}
}
