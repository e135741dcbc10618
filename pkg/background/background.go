// Package background runs a module's periodic work, such as a sweep every minute, until the
// module stops.
package background

import (
	"context"
	"time"
)

// Loop is periodic work running in the background. The zero Loop runs nothing.
type Loop struct {
	stop context.CancelFunc
	done chan struct{}
}

// Every calls fn every d, one call at a time, until Stop; the context fn gets ends at Stop.
func (l *Loop) Every(d time.Duration, fn func(ctx context.Context)) {
	ctx, stop := context.WithCancel(context.Background())
	l.stop, l.done = stop, make(chan struct{})
	go func() {
		defer close(l.done)
		t := time.NewTicker(d)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				fn(ctx)
			}
		}
	}()
}

// Stop ends the loop, once a call of fn in progress has returned.
func (l *Loop) Stop() {
	if l.stop != nil {
		l.stop()
		<-l.done
	}
}
