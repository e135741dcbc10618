package logs

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
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
	e := httpxtest.DecodeError(t, rec)
	if rec.Code != 429 || e.Code != "too_many_requests" || !strings.Contains(e.Message, "demasiados registros") || rec.Header().Get("Retry-After") != "1" {
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
	tok := f.token("64b000000000000000000002", "Luis Cliente", auth.Cliente)
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
