package mongox

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// The store's clock. Every time that decides something (a reservation abandoned, a payment that
// never came, a cut or a claim gone stale, a lease run out) is measured on it, and so is every
// time stamped on a record such a decision reads. Replicas whose own clocks disagree then still
// agree on every age. On MongoDB it is the primary's clock: this process's clock plus the offset
// measured with the server's `hello` (its localTime) at connect and each minute after. On the
// embedded store it is this process's clock, the only one.

// clockEvery is how often the offset to a MongoDB server's clock is measured again.
const clockEvery = time.Minute

// clockNoise is the change of offset a new measure must show to be taken: smaller ones are the
// measure's own error (the server answers in milliseconds, half a round trip is unknown), and
// taking them would let the store's time step back by that much between two stamps.
const clockNoise = 100 * time.Millisecond

type clock struct {
	local    func() time.Time // this process's clock
	offset   atomic.Int64     // the server's time minus local's, in nanoseconds
	stop     chan struct{}    // closed by Close: the measuring stops
	stopOnce sync.Once
}

// offsetOrZero is the clock's offset in nanoseconds; 0 without a clock (this process's).
func (k *clock) offsetOrZero() int64 {
	if k == nil {
		return 0
	}
	return k.offset.Load()
}

// Now is the store's time (see above).
func (s *Store) Now() time.Time {
	if s == nil || s.clock == nil {
		return time.Now()
	}
	return s.clock.local().Add(time.Duration(s.clock.offset.Load()))
}

// ObjectIDAt is a new ObjectID whose time is t instead of this process's clock, unique as
// bson.NewObjectID is (only its first four bytes, the seconds, are replaced). Records whose age
// decides something take their id at the store's time.
func ObjectIDAt(t time.Time) bson.ObjectID {
	id := bson.NewObjectID()
	at := bson.NewObjectIDFromTimestamp(t)
	copy(id[:4], at[:4])
	return id
}

// startClock measures the offset to c's server and keeps measuring it each clockEvery until Close.
func (s *Store) startClock(ctx context.Context, c *mongo.Client) error {
	s.clock = &clock{local: time.Now, stop: make(chan struct{})}
	d, err := measureOffset(ctx, c, s.clock.local)
	if err != nil {
		return err
	}
	s.clock.offset.Store(int64(d))
	go s.clock.keepMeasuring(context.WithoutCancel(ctx), c) // lives until Close, not until Open's deadline
	return nil
}

func (k *clock) keepMeasuring(ctx context.Context, c *mongo.Client) {
	t := time.NewTicker(clockEvery)
	defer t.Stop()
	for {
		select {
		case <-k.stop:
			return
		case <-t.C:
		}
		each, cancel := context.WithTimeout(ctx, 10*time.Second)
		d, err := measureOffset(each, c, k.local)
		cancel()
		if err != nil {
			continue // an election, a network fault: the last offset holds until the next measure
		}
		if diff := d - time.Duration(k.offset.Load()); diff > clockNoise || diff < -clockNoise {
			k.offset.Store(int64(d))
		}
	}
}

// measureOffset is the server's time minus local's, taken at the middle of a `hello`'s round trip.
func measureOffset(ctx context.Context, c *mongo.Client, local func() time.Time) (time.Duration, error) {
	var hello struct {
		LocalTime time.Time `bson:"localTime"`
	}
	before := local()
	if err := c.Database("admin").RunCommand(ctx, bson.D{{Key: "hello", Value: 1}}).Decode(&hello); err != nil {
		return 0, fmt.Errorf("mongox: the server's clock: %w", err)
	}
	after := local()
	if hello.LocalTime.IsZero() {
		return 0, fmt.Errorf("mongox: the server's clock: hello answered no localTime")
	}
	return hello.LocalTime.Sub(before.Add(after.Sub(before) / 2)), nil
}

// StampMany has the server write its own time ($currentDate) into field of the documents of coll
// whose _id is in ids: documents inserted in bulk with field set to Now() by the caller, since an
// insert cannot ask the server's time. On MongoDB one update replaces that estimate with the
// server's time. On the embedded store nothing is written: FerretDB runs in this process and its
// $currentDate reads the clock Now() reads, and an update of many documents there costs a
// commit each.
func (s *Store) StampMany(ctx context.Context, coll string, ids []bson.ObjectID, field string) error {
	if s.local || len(ids) == 0 {
		return nil
	}
	_, err := s.W.Collection(coll).UpdateMany(ctx, bson.M{"_id": bson.M{"$in": ids}}, bson.M{"$currentDate": bson.M{field: true}})
	if err != nil {
		return fmt.Errorf("mongox: stamp %s: %w", coll, err)
	}
	return nil
}
