package sales

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
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

// tellDays tells the days of sale v, written with mark token: it adds the sale to the list of each
// day not yet recorded on the sale (every day when everyLists: the sweep, after a telling cut short
// or one by an earlier release, which recorded the days first), raises the counter of every day
// recorded or counted, then records the new days on the sale and removes the mark if it is still
// token. Each step is harmless twice.
func (s store) tellDays(ctx context.Context, v summarySale, token bson.ObjectID, everyLists bool) error {
	told, days := toldDays(v.Dias), v.days()
	all := union(told, days)
	for _, day := range all {
		if everyLists || !slices.Contains(told, day) {
			if err := s.addToDay(ctx, day, bson.M{"ventas": v.ID}); err != nil {
				return err
			}
		}
		if err := s.raiseDay(ctx, day); err != nil {
			return err
		}
	}
	// The usual case: one write records the days (if new) and removes the mark.
	if !slices.Equal(all, told) {
		set := bson.M{"$set": bson.M{daysField: strings.Join(all, ",")}, "$unset": bson.M{pendingField: ""}}
		if _, err := s.db.UpdateOneIf(ctx, collection, v.ID, bson.M{daysField: toldFilter(told), pendingField: token}, set); err == nil {
			return nil
		} else if !errors.Is(err, mongo.ErrNoDocuments) {
			return fmt.Errorf("sales: days of sale %s: %w", v.ID.Hex(), err)
		}
		// Written or told again since: record the days on whatever is recorded now.
		if err := s.recordDays(ctx, v.ID, all); err != nil {
			return err
		}
	}
	_, err := s.db.UpdateOneIf(ctx, collection, v.ID, bson.M{pendingField: token}, bson.M{"$unset": bson.M{pendingField: ""}})
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

// addToDay adds sales (an $addToSet) to day's list.
func (s store) addToDay(ctx context.Context, day string, sales bson.M) error {
	upsert := options.UpdateOne().SetUpsert(true)
	if _, err := s.db.W.Collection(daysCollection).UpdateOne(ctx, bson.M{"_id": day}, bson.M{"$addToSet": sales}, upsert); err != nil {
		return fmt.Errorf("sales: sales of %s: %w", day, err)
	}
	return nil
}

// raiseDay raises day's summary's counter, after its list has the sales told: a summary computed
// from a list read before they were added is never kept as current.
func (s store) raiseDay(ctx context.Context, day string) error {
	_, err := s.db.W.Collection(summaryCollection).UpdateOne(ctx, bson.M{"_id": day},
		bson.M{"$inc": bson.M{"cambios": 1}, "$set": bson.M{"sucio": true}}, options.UpdateOne().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("sales: summary of %s: %w", day, err)
	}
	return nil
}

// tellWritten tells the days of a sale just written with mark token (v, the sale after the
// write); a failure is logged and left to the next sweep (the mark stays on the sale).
func (s store) tellWritten(ctx context.Context, v summarySale, token bson.ObjectID) {
	if err := s.tellDays(ctx, v, token, false); err != nil {
		s.log.Warn().Err(err).Msg("sales: summary left for the next sweep")
	}
}
