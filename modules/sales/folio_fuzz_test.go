package sales

import (
	"regexp"
	"testing"
	"time"

	"tienda/pkg/shoptime"
)

// folioPattern is a folio as staff read it: the sale's date and time in the shop's zone, then four
// random digits (20261123-153045-4821).
var folioPattern = regexp.MustCompile(`^(\d{8}-\d{6})-\d{4}$`)

// Folios are only generated, never parsed, so the generator is what is fuzzed: for any instant the
// folio has the documented shape and carries the shop-zone date and time of that instant, and two
// sales made in different seconds never share a folio, sorting as their times do. (Within one
// second the four random digits may clash; the unique index and Reserve's retry deal with that.)
func FuzzNewFolio(f *testing.F) {
	f.Add(int64(1795469445), int64(0), int64(1))            // 2026-11-23 15:30:45 in Mexico City
	f.Add(int64(1795413599), int64(999_999_999), int64(1))  // the last instant of a shop day (2026-11-22)
	f.Add(int64(1667113200), int64(0), int64(-3600))        // the last change of clocks (2022-10-30)
	f.Add(int64(253402300799), int64(0), int64(-86400*365)) // 9999-12-31 23:59:59 UTC
	f.Add(int64(0), int64(1), int64(0))
	// From this day on Mexico City keeps UTC-6 all year, so local times never repeat.
	noDST := time.Date(2023, 1, 1, 0, 0, 0, 0, shoptime.Zone).Unix()
	// Up to the end of year 9999 in the shop's zone, so that the date keeps eight digits.
	last := time.Date(9999, 12, 31, 0, 0, 0, 0, shoptime.Zone).Unix()
	f.Fuzz(func(t *testing.T, sec, nsec, delta int64) {
		sec = fuzzClamp(sec, 0, last)
		nsec = fuzzClamp(nsec, 0, 999_999_999)
		now := time.Unix(sec, nsec)

		folio := newFolio(now)
		m := folioPattern.FindStringSubmatch(folio)
		if m == nil {
			t.Fatalf("newFolio(%v) = %q: not AAAAMMDD-HHMMSS-NNNN", now, folio)
		}
		at, err := time.ParseInLocation("20060102-150405", m[1], shoptime.Zone)
		if err != nil {
			t.Fatalf("folio %q of %v: its date does not parse: %v", folio, now, err)
		}
		if off := at.Sub(now.Truncate(time.Second)); off != 0 && (sec >= noDST || (off != time.Hour && off != -time.Hour)) {
			t.Fatalf("folio %q says %v, the sale was made at %v", folio, at, now.In(shoptime.Zone))
		}

		other := now.Add(time.Duration(fuzzClamp(delta, -86400*366, 86400*366)) * time.Second)
		if sec < noDST || other.Unix() < noDST || other.Unix() > last || other.Unix() == sec {
			return
		}
		second := newFolio(other)
		if second == folio {
			t.Fatalf("%v and %v got the same folio %q", now, other, folio)
		}
		if (second > folio) != other.After(now) {
			t.Fatalf("folios out of time order: %v -> %q, %v -> %q", now, folio, other, second)
		}
	})
}

func fuzzClamp(v, lo, hi int64) int64 {
	if v < lo || v > hi {
		span := hi - lo + 1
		v = lo + ((v-lo)%span+span)%span
	}
	return v
}
