package sales

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox"
)

// Telling a sale's days (summary.go, step 2): after each write of a sale, the days it counts on
// get the sale in their lists and their counters raised, and the sale records them.
// summarySale is what telling a sale's days reads of it.
type summarySale struct {
	ID           bson.ObjectID `bson:"_id"`
	Fecha        time.Time     `bson:"fecha"`
	PagadoEn     *time.Time    `bson:"pagadoEn"`
	Devoluciones []Devolucion  `bson:"devoluciones"`
	Dias         string        `bson:"diasResumen"`
}

// days are the days whose figures the sale can change (daysOf).
func (v summarySale) days() []string {
	return daysOf(reportSale{Fecha: v.Fecha, PagadoEn: v.PagadoEn, Devoluciones: v.Devoluciones})
}

var summaryFields = bson.M{"fecha": 1, "pagadoEn": 1, "devoluciones.fecha": 1, daysField: 1}

// told is a sale to tell: the sale after a write, and the mark that write set.
type told struct {
	v     summarySale
	token bson.ObjectID
}

// tellDays tells the days of the sales of batch, each written with its mark: it adds each sale
// to the list of every day not yet recorded on it (every day when everyLists: the sweep, after a
// telling cut short or one by an earlier release, which recorded the days first) and raises once
// the counter of every day recorded or counted (writeDays: two bulk writes); then records the new days on
// each sale and removes its mark if it is still the one told. Each step is harmless twice.
func (s store) tellDays(ctx context.Context, batch []told, everyLists bool) error {
	lists := map[string][]bson.ObjectID{}
	var raise []string
	for _, t := range batch {
		recorded := toldDays(t.v.Dias)
		for _, day := range union(recorded, t.v.days()) {
			if everyLists || !slices.Contains(recorded, day) {
				lists[day] = append(lists[day], t.v.ID)
			}
			raise = append(raise, day)
		}
	}
	if err := s.writeDays(ctx, lists, raise); err != nil {
		return err
	}
	for _, t := range batch {
		if err := s.settle(ctx, t); err != nil {
			return err
		}
	}
	return nil
}

// settle records on a told sale the days it was told into and removes its mark, in one write in
// the usual case.
func (s store) settle(ctx context.Context, t told) error {
	recorded := toldDays(t.v.Dias)
	all := union(recorded, t.v.days())
	if !slices.Equal(all, recorded) {
		set := bson.M{"$set": bson.M{daysField: strings.Join(all, ",")}, "$unset": bson.M{pendingField: ""}}
		if _, err := s.db.UpdateOneIf(ctx, collection, t.v.ID, bson.M{daysField: toldFilter(recorded), pendingField: t.token}, set); err == nil {
			return nil
		} else if !errors.Is(err, mongo.ErrNoDocuments) {
			return fmt.Errorf("sales: days of sale %s: %w", t.v.ID.Hex(), err)
		}
		// Written or told again since: record the days on whatever is recorded now.
		if err := s.recordDays(ctx, t.v.ID, all); err != nil {
			return err
		}
	}
	_, err := s.db.UpdateOneIf(ctx, collection, t.v.ID, bson.M{pendingField: t.token}, bson.M{"$unset": bson.M{pendingField: ""}})
	if err != nil && !errors.Is(err, mongo.ErrNoDocuments) { // written again since: that write's telling removes its mark
		return fmt.Errorf("sales: summary mark: %w", err)
	}
	return nil
}

// toldFilter matches a sale whose recorded days are told.
func toldFilter(told []string) any {
	if len(told) == 0 {
		return bson.M{"$exists": false}
	}
	return strings.Join(told, ",")
}

// recordDays adds days to those recorded on sale id, guarded on what it read (a scalar that only
// grows).
func (s store) recordDays(ctx context.Context, id bson.ObjectID, days []string) error {
	for attempt := 0; ; attempt++ {
		now, found, err := mongox.FindOne[summarySale](ctx, s.db.W.Collection(collection), bson.M{"_id": id},
			options.FindOne().SetProjection(bson.M{daysField: 1}))
		if err != nil || !found {
			return fmt.Errorf("sales: days of sale %s found %v: %w", id.Hex(), found, err)
		}
		told := toldDays(now.Dias)
		all := union(told, days)
		if slices.Equal(all, told) {
			return nil
		}
		_, err = s.db.UpdateOneIf(ctx, collection, id, bson.M{daysField: toldFilter(told)}, bson.M{"$set": bson.M{daysField: strings.Join(all, ",")}})
		if err == nil {
			return nil
		}
		if !errors.Is(err, mongo.ErrNoDocuments) || attempt == 5 {
			return fmt.Errorf("sales: days of sale %s: %w", id.Hex(), err)
		}
	}
}

// writeDays adds each day's sales to its list (an $addToSet), then raises the change counter of
// every day of raise (the same day twice once), after its list has the sales told: a summary
// computed from a list read before they were added is never kept as current. One bulk write
// each, however many days: a wait for the writer, not one a day.
func (s store) writeDays(ctx context.Context, lists map[string][]bson.ObjectID, raise []string) error {
	if len(lists) > 0 {
		models := make([]mongo.WriteModel, 0, len(lists))
		for day, ids := range lists {
			models = append(models, mongo.NewUpdateOneModel().SetFilter(bson.M{"_id": day}).
				SetUpdate(bson.M{"$addToSet": bson.M{"ventas": bson.M{"$each": ids}}}).SetUpsert(true))
		}
		if _, err := s.db.W.Collection(daysCollection).BulkWrite(ctx, models, options.BulkWrite().SetOrdered(false)); err != nil {
			return fmt.Errorf("sales: the days' sales: %w", err)
		}
	}
	slices.Sort(raise)
	raise = slices.Compact(raise)
	if len(raise) == 0 {
		return nil
	}
	models := make([]mongo.WriteModel, 0, len(raise))
	for _, day := range raise {
		models = append(models, mongo.NewUpdateOneModel().SetFilter(bson.M{"_id": day}).
			SetUpdate(bson.M{"$inc": bson.M{"cambios": 1}, "$set": bson.M{"sucio": true}}).SetUpsert(true))
	}
	if _, err := s.db.W.Collection(summaryCollection).BulkWrite(ctx, models, options.BulkWrite().SetOrdered(false)); err != nil {
		return fmt.Errorf("sales: the days' summaries: %w", err)
	}
	return nil
}

// tellWritten hands the sale just written with mark token (v, the sale after the write) to the
// teller, which tells it with the other writes of the moment; without a teller (a store used
// outside the module's lifecycle) it is told at once. A failure is logged and left to the next
// sweep or report (the mark stays on the sale).
func (s store) tellWritten(ctx context.Context, v summarySale, token bson.ObjectID) {
	if s.teller != nil {
		s.teller.add(told{v, token})
		return
	}
	if err := s.tellDays(ctx, []told{{v, token}}, false); err != nil {
		s.log.Warn().Err(err).Msg("sales: summary left for the next sweep")
	}
}

// teller tells, in the background, the days of the sales this process writes: all the writes
// of the moment in one batch, so that a day's list and counter are written once per batch
// instead of once per write. A report first tells every sale still marked (sweepMarks), so it
// never waits for the teller.
type teller struct {
	mu      sync.Mutex
	pending map[bson.ObjectID]told // the last write of each sale
	nudge   chan struct{}
}

func newTeller() *teller {
	return &teller{pending: map[bson.ObjectID]told{}, nudge: make(chan struct{}, 1)}
}

func (t *teller) add(w told) {
	t.mu.Lock()
	t.pending[w.v.ID] = w
	t.mu.Unlock()
	select {
	case t.nudge <- struct{}{}:
	default: // a batch is due already
	}
}

func (t *teller) take() []told {
	t.mu.Lock()
	defer t.mu.Unlock()
	batch := make([]told, 0, len(t.pending))
	for _, w := range t.pending {
		batch = append(batch, w)
	}
	clear(t.pending)
	return batch
}

// run tells each batch as it comes, until ctx is done; then the last one.
func (t *teller) run(ctx context.Context, s store) {
	for {
		select {
		case <-ctx.Done():
			last, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			defer cancel()
			t.tell(last, s)
			return
		case <-t.nudge:
			t.tell(ctx, s)
		}
	}
}

func (t *teller) tell(ctx context.Context, s store) {
	batch := t.take()
	if len(batch) == 0 {
		return
	}
	if err := s.tellDays(ctx, batch, false); err != nil && ctx.Err() == nil {
		s.log.Warn().Err(err).Int("sales", len(batch)).Msg("sales: summaries left for the next sweep")
	}
}
