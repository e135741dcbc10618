package ratelimit

import (
	"fmt"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time      { return c.t }
func (c *clock) add(d time.Duration) { c.t = c.t.Add(d) }

func TestLimiterForgetsIdleClients(t *testing.T) {
	clk := &clock{t: time.Now()}
	l := New(5, 1, clk.now)
	l.Take("a", 5)
	l.Take("b", 1)
	clk.add(2 * time.Second)
	l.Prune()
	if _, ok := l.buckets["a"]; !ok || len(l.buckets) != 1 {
		t.Fatalf("after 2 s: %v", l.buckets)
	}
	clk.add(3 * time.Second)
	l.Prune()
	if len(l.buckets) != 0 {
		t.Fatalf("full buckets kept: %v", l.buckets)
	}
}

func TestLimiterSpendsAllOrNothing(t *testing.T) {
	clk := &clock{t: time.Now()}
	l := New(5, 2, clk.now) // 5 tokens, 2 back per second
	steps := []struct {
		name    string
		advance time.Duration
		n       int
		ok      bool
		wait    time.Duration
	}{
		{"a new client has the whole burst", 0, 4, true, 0},
		{"short of tokens: nothing is spent", 0, 3, false, time.Second},
		{"the one left is still there", 0, 1, true, 0},
		{"empty", 0, 1, false, 500 * time.Millisecond},
		{"half a second brings one back", 500 * time.Millisecond, 1, true, 0},
		{"more than the burst costs the burst", 10 * time.Second, 50, true, 0},
		{"and leaves the bucket empty", 0, 0, true, 0},
		{"so that a whole burst is 2.5 s away", 0, 7, false, 2500 * time.Millisecond},
	}
	for _, s := range steps {
		clk.add(s.advance)
		if ok, wait := l.Take("a", s.n); ok != s.ok || wait != s.wait {
			t.Fatalf("%s: take(%d) = %v, %s; want %v, %s", s.name, s.n, ok, wait, s.ok, s.wait)
		}
	}
}

func TestLimiterStaysBoundedUnderAFloodOfClients(t *testing.T) {
	clk := &clock{t: time.Now()}
	l := New(5, 1, clk.now)
	for i := range maxBuckets {
		l.Take(fmt.Sprintf("ip:%d", i), 5)
	}
	if len(l.buckets) != maxBuckets {
		t.Fatalf("%d buckets", len(l.buckets))
	}
	// None is full again: the next client starts the map over rather than growing it.
	if ok, _ := l.Take("ip:nuevo", 1); !ok || len(l.buckets) != 1 {
		t.Fatalf("after the flood: %v, %d buckets", ok, len(l.buckets))
	}
	// When the buckets have refilled, only those are dropped: a client still short of tokens
	// keeps its bucket (and its wait).
	l.Take("ip:0", 5)
	for i := 1; i < maxBuckets-1; i++ {
		l.Take(fmt.Sprintf("ip:%d", i), 1)
	}
	clk.add(time.Second)
	l.Take("ip:otro", 1)
	if _, kept := l.buckets["ip:0"]; !kept || len(l.buckets) != 2 {
		t.Fatalf("after the refill: %d buckets, ip:0 kept %v", len(l.buckets), kept)
	}
	if ok, _ := l.Take("ip:0", 2); ok {
		t.Fatal("ip:0 got a full bucket back")
	}
}
