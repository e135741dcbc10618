package background

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

func TestEveryRunsUntilStopAndStopWaitsForTheCallInProgress(t *testing.T) {
	t.Parallel()
	var l Loop
	var calls, running atomic.Int32
	l.Every(5*time.Millisecond, func(ctx context.Context) {
		running.Add(1)
		calls.Add(1)
		<-time.After(20 * time.Millisecond)
		running.Add(-1)
	})
	for calls.Load() < 2 {
		time.Sleep(time.Millisecond)
	}
	l.Stop()
	n := calls.Load()
	if running.Load() != 0 {
		t.Fatal("Stop returned while a call was running")
	}
	time.Sleep(30 * time.Millisecond)
	if calls.Load() != n {
		t.Fatalf("%d calls after Stop", calls.Load()-n)
	}
	var zero Loop
	zero.Stop() // a Loop never started stops at once
}
