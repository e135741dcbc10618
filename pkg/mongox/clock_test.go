package mongox

import (
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// A replica whose own clock is 6 minutes ahead measures the server's clock 6 minutes behind its
// own, so its store time is the server's.
func TestSkewedReplicaMeasuresTheServersClock(t *testing.T) {
	t.Parallel()
	s := TestDB(t)
	for _, skew := range []time.Duration{6 * time.Minute, -10 * time.Minute, 0} {
		local := func() time.Time { return time.Now().Add(skew) }
		d, err := measureOffset(context.Background(), s.reader, local)
		if err != nil {
			t.Fatal(err)
		}
		// The server runs on this machine: its clock is this process's, give or take the
		// measure's error.
		if got := local().Add(d); time.Until(got).Abs() > 2*time.Second {
			t.Errorf("skew %v: offset %v, the store's time %v from the server's", skew, d, time.Until(got))
		}
	}
}

func TestStoreTimeIsTheServersOrThisProcesss(t *testing.T) {
	t.Parallel()
	if d := time.Until(TestDB(t).Now()).Abs(); d > 2*time.Second {
		t.Errorf("the store's time is %v from this machine's, whose clock its server shares", d)
	}
	if d := TestDBAt(t, time.Hour).Now().Sub(time.Now().Add(time.Hour)).Abs(); d > time.Second {
		t.Errorf("TestDBAt(1h) reads %v from an hour ahead", d)
	}
}

func TestObjectIDAtTakesTheTimeAndStaysUnique(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 28, 10, 30, 15, 0, time.UTC)
	a, b := ObjectIDAt(at), ObjectIDAt(at)
	if a == b {
		t.Fatalf("two ids at one time are the same: %s", a.Hex())
	}
	for _, id := range []bson.ObjectID{a, b} {
		if got := id.Timestamp(); !got.Equal(at) {
			t.Errorf("id %s says %v, want %v", id.Hex(), got, at)
		}
	}
}
