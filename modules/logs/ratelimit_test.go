package logs

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tienda/pkg/auth"
)

func TestUploadsAreRateLimitedPerClient(t *testing.T) {
	// 5 tokens, one back per second: a request costs 1, each entry 1 more.
	f := newFixture(t, Limits{RateBurst: 5, RatePerMinute: 60})
	post := func(addr, token string, n int) *httptest.ResponseRecorder {
		return f.do(t, call{method: "POST", path: "/v1/logs", body: entriesJSON(n, "x"), addr: addr, token: token})
	}
	if rec := post("198.51.100.1", "", 3); rec.Code != 200 { // 5 -> 1
		t.Fatalf("first: %d %s", rec.Code, rec.Body)
	}
	rec := post("198.51.100.1", "", 1) // 1 -> 0, then 1 more needed
	e := decodeError(t, rec)
	if rec.Code != 429 || e.Error.Code != "too_many_requests" || !strings.Contains(e.Error.Message, "demasiados registros") || rec.Header().Get("Retry-After") != "1" {
		t.Fatalf("over the limit: %d %s %v", rec.Code, rec.Body, rec.Header())
	}
	if rec := post("198.51.100.1", "", 0); rec.Code != 429 {
		t.Fatalf("empty bucket: %d %s", rec.Code, rec.Body)
	}
	if n := len(f.stored(t)); n != 3 {
		t.Fatalf("stored %d, want the first 3 only", n)
	}
	// Another address has its own bucket.
	if rec := post("198.51.100.2", "", 4); rec.Code != 200 {
		t.Fatalf("other client: %d %s", rec.Code, rec.Body)
	}
	// A signed-in user is limited as one client whatever the address.
	tok := f.token(t, "64b000000000000000000002", "Luis Cliente", auth.Cliente)
	if rec := post("198.51.100.3", tok, 4); rec.Code != 200 {
		t.Fatalf("user first: %d %s", rec.Code, rec.Body)
	}
	if rec := post("198.51.100.4", tok, 1); rec.Code != 429 {
		t.Fatalf("user from another address: %d %s", rec.Code, rec.Body)
	}
	// Time refills the bucket.
	f.clock.add(5 * time.Second)
	if rec := post("198.51.100.1", "", 4); rec.Code != 200 {
		t.Fatalf("after waiting: %d %s", rec.Code, rec.Body)
	}
	if n := len(f.stored(t)); n != 3+4+4+4 {
		t.Fatalf("stored %d", n)
	}
}

func TestLimiterForgetsIdleClients(t *testing.T) {
	clk := &clock{t: time.Now()}
	l := newLimiter(5, 1, clk.now)
	l.take("a", 5)
	l.take("b", 1)
	clk.add(2 * time.Second)
	l.prune()
	if _, ok := l.buckets["a"]; !ok || len(l.buckets) != 1 {
		t.Fatalf("after 2 s: %v", l.buckets)
	}
	clk.add(3 * time.Second)
	l.prune()
	if len(l.buckets) != 0 {
		t.Fatalf("full buckets kept: %v", l.buckets)
	}
}

func TestLimiterSpendsAllOrNothing(t *testing.T) {
	clk := &clock{t: time.Now()}
	l := newLimiter(5, 2, clk.now) // 5 tokens, 2 back per second
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
		if ok, wait := l.take("a", s.n); ok != s.ok || wait != s.wait {
			t.Fatalf("%s: take(%d) = %v, %s; want %v, %s", s.name, s.n, ok, wait, s.ok, s.wait)
		}
	}
}

func TestLimiterStaysBoundedUnderAFloodOfClients(t *testing.T) {
	clk := &clock{t: time.Now()}
	l := newLimiter(5, 1, clk.now)
	for i := range maxBuckets {
		l.take(fmt.Sprintf("ip:%d", i), 5)
	}
	if len(l.buckets) != maxBuckets {
		t.Fatalf("%d buckets", len(l.buckets))
	}
	// None is full again: the next client starts the map over rather than growing it.
	if ok, _ := l.take("ip:nuevo", 1); !ok || len(l.buckets) != 1 {
		t.Fatalf("after the flood: %v, %d buckets", ok, len(l.buckets))
	}
	// When the buckets have refilled, only those are dropped: a client still short of tokens
	// keeps its bucket (and its wait).
	l.take("ip:0", 5)
	for i := 1; i < maxBuckets-1; i++ {
		l.take(fmt.Sprintf("ip:%d", i), 1)
	}
	clk.add(time.Second)
	l.take("ip:otro", 1)
	if _, kept := l.buckets["ip:0"]; !kept || len(l.buckets) != 2 {
		t.Fatalf("after the refill: %d buckets, ip:0 kept %v", len(l.buckets), kept)
	}
	if ok, _ := l.take("ip:0", 2); ok {
		t.Fatal("ip:0 got a full bucket back")
	}
}
