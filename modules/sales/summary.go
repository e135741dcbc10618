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
	"tienda/pkg/shoptime"
)

// The day summaries: 'Reporte de ventas' of a month adds up some thirty documents instead of
// reading tens of thousands of sales.
//
// A day (_id the day in the shop's zone, "2026-11-20") has a list of the sales whose money or
// state counts on it, placed, paid or refunded on it (daysCollection), and a summary of a few
// hundred bytes (summaryCollection), which a report reads. Its figures (cifras) are recomputed
// from those sales, never added to, so doing it twice is harmless:
//
//  1. Every write of a sale (store.insert, store.update) sets on the sale, in the same
//     single-document write, a fresh mark (pendingField). A sale inserted 'reservando' counts on
//     no day (only a confirmed sale counts) and is told at its first update instead.
//  2. Then the sale's days are told (tellDays), in the background with the other writes of the
//     moment (the teller, summary_tell.go): each day a sale counts on that is not yet recorded on
//     the sale (daysField) gets the sale in its list, one write per day for the whole batch;
//     every day recorded or counted (a day a sale no longer counts on included) gets its
//     summary's change counter (cambios) raised once; then the new days are recorded on each
//     sale and its mark removed, only if it is still the one told. A day is recorded only after
//     the sale is in its list, so a later write skips the lists of the days already recorded.
//     A report first tells every sale still marked (sweepMarks, every list included), so it
//     never reads figures that miss a write; so does the minute's sweep, for a crash that left
//     marks. Each step is harmless twice.
//  3. A day's figures are recomputed when their counter (calculado) is not the day's cambios, and
//     stored only while cambios has not moved since it was read. A sale told meanwhile raised it, so
//     figures that may have missed it are never stored as current.
//
// No clock decides anything: a day is the sale's own dates, the order is the database's writes.
const (
	summaryCollection = "ventas_resumen"
	daysCollection    = "ventas_dias"
	pendingField      = "porResumir"
)

// dayList is a document of daysCollection: the sales that count on a day.
type dayList struct {
	Day    string          `bson:"_id"`
	Ventas []bson.ObjectID `bson:"ventas"`
}

// daySummary is a document of summaryCollection.
type daySummary struct {
	Day       string         `bson:"_id"`
	Cambios   int64          `bson:"cambios"`
	Calculado int64          `bson:"calculado"`
	Sucio     bool           `bson:"sucio"` // told since its figures were computed: recomputed in the background
	Cifras    *storedFigures `bson:"cifras,omitempty"`
}

// storedFigures is figures as a summary keeps them: centavos, and the products as a list (a
// product's name may hold a '.', which a document's key may not).
type storedFigures struct {
	Ventas            int         `bson:"ventas"`
	Canceladas        int         `bson:"canceladas"`
	Devueltas         int         `bson:"devueltas"`
	Pendientes        storedSum   `bson:"pendientes"`
	PagadasPorVenta   storedSum   `bson:"pagadasPorVenta"`
	DevueltoPorVenta  storedSum   `bson:"devueltoPorVenta"`
	PagadasPorPago    storedSum   `bson:"pagadasPorPago"`
	DevueltoPorPago   storedSum   `bson:"devueltoPorPago"`
	ProductosVendidos []unitsSold `bson:"productos"`
}

type storedSum struct {
	Ventas   int   `bson:"ventas"`
	Subtotal int64 `bson:"subtotal"`
	IVA      int64 `bson:"iva"`
	Total    int64 `bson:"total"`
}

type unitsSold struct {
	Nombre   string `bson:"nombre"`
	Unidades int    `bson:"unidades"`
}

// dayOf is the shop's day of t, as the summaries name it.
func dayOf(t time.Time) string { return t.In(shoptime.Zone).Format(time.DateOnly) }

// daysOf are the days whose figures sale v can change: the day it was placed, paid and refunded.
func daysOf(v reportSale) []string {
	days := []string{dayOf(v.Fecha)}
	if v.PagadoEn != nil {
		days = append(days, dayOf(*v.PagadoEn))
	}
	for _, d := range v.Devoluciones {
		days = append(days, dayOf(d.Fecha))
	}
	slices.Sort(days)
	return slices.Compact(days)
}

// toldDays reads a sale's daysField: the days it was ever told into, comma-separated (a scalar,
// which the embedded store reads and writes in bulk). A sale leaves a day's figures (a payment
// undone) only through a write, whose telling raises every day it was told into before.
func toldDays(list string) []string {
	if list == "" {
		return nil
	}
	return strings.Split(list, ",")
}

const daysField = "diasResumen"

// union is the days of a and b, sorted, once each.
func union(a, b []string) []string {
	days := slices.Concat(a, b)
	slices.Sort(days)
	return slices.Compact(days)
}

// mark is a fresh pending mark for a write of a sale to carry.
func mark() bson.ObjectID { return bson.NewObjectID() }

// withMark is change with the pending mark set too.
func withMark(change bson.M, token bson.ObjectID) bson.M {
	out := make(bson.M, len(change)+1)
	for k, v := range change {
		out[k] = v
	}
	set := bson.M{}
	if old, ok := change["$set"].(bson.M); ok {
		for k, v := range old {
			set[k] = v
		}
	}
	set[pendingField] = token
	out["$set"] = set
	return out
}

// sweepMarks tells the days of every sale still marked: a write whose telling failed or was cut
// short (a crash, a lost connection). There are few: each write tells its own days.
func (s store) sweepMarks(ctx context.Context) error {
	var batch []told
	fields := bson.M{pendingField: 1}
	for k := range summaryFields {
		fields[k] = 1
	}
	err := s.each(ctx, bson.M{pendingField: bson.M{"$exists": true}}, fields, func(doc bson.Raw) error {
		var v summarySale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: summary sweep: %w", err)
		}
		token, _ := doc.Lookup(pendingField).ObjectIDOK()
		batch = append(batch, told{v, token})
		return nil
	})
	if err != nil || len(batch) == 0 {
		return err
	}
	return s.tellDays(ctx, batch, true)
}

// summariesJob tells, once, the days of the sales a store written before the day summaries holds.
const summariesJob = "resumen-v1"

// tellAll tells the days of every sale that has none recorded (daysField), in bulk: the upgrade
// of a store written before the day summaries (once, summariesJob), and sales stored in bulk
// (Seed). It reads the sales' dates as scalars (one SQL query on the embedded store), and the
// refunds of the few that have any.
func (s store) tellAll(ctx context.Context) error {
	var untold []reportSale
	var refunded []bson.ObjectID
	fields := bson.M{"fecha": 1, "pagadoEn": 1, "conDevoluciones": 1}
	err := s.each(ctx, bson.M{daysField: bson.M{"$exists": false}}, fields, func(doc bson.Raw) error {
		var v reportSale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: summaries: %w", err)
		}
		untold = append(untold, v)
		if v.ConDevoluciones {
			refunded = append(refunded, v.ID)
		}
		return nil
	})
	if err != nil {
		return err
	}
	refunds := map[bson.ObjectID][]Devolucion{}
	err = s.db.EachByID(ctx, collection, refunded, bson.M{"devoluciones.fecha": 1}, func(doc bson.Raw) error {
		var v reportSale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: summaries: %w", err)
		}
		refunds[v.ID] = v.Devoluciones
		return nil
	})
	if err != nil {
		return err
	}
	byDay := map[string][]bson.ObjectID{}
	days := map[bson.ObjectID]any{}
	for _, v := range untold {
		v.Devoluciones = refunds[v.ID]
		list := daysOf(v)
		days[v.ID] = strings.Join(list, ",")
		for _, d := range list {
			byDay[d] = append(byDay[d], v.ID)
		}
	}
	// As tellDays: the sales in the days' lists first, then the days on the sales (a day recorded
	// on a sale has the sale in its list).
	raise := make([]string, 0, len(byDay))
	for day := range byDay {
		raise = append(raise, day)
	}
	if err := s.writeDays(ctx, byDay, raise); err != nil {
		return err
	}
	if _, err := s.db.SetEach(ctx, collection, daysField, days); err != nil {
		return fmt.Errorf("sales: summaries: %w", err)
	}
	return nil
}

// tellAllOnce is tellAll once per store (summariesJob).
func (s store) tellAllOnce(ctx context.Context) error {
	if done, err := s.jobDone(ctx, summariesJob); err != nil || done {
		return err
	}
	if err := s.tellAll(ctx); err != nil {
		return err
	}
	err := s.markJobDone(ctx, summariesJob)
	return err
}

// dayFigures are the figures of one day: its summary's when current, else recomputed from its
// sales (and stored, if no sale was told meanwhile).
func (s store) dayFigures(ctx context.Context, day string) (figures, error) {
	sum, found, err := mongox.FindOne[daySummary](ctx, s.db.R.Collection(summaryCollection), bson.M{"_id": day})
	if err != nil {
		return figures{}, fmt.Errorf("sales: summary of %s: %w", day, err)
	}
	if !found {
		return newFigures(), nil // no sale counts on this day
	}
	if sum.Cifras != nil && sum.Calculado == sum.Cambios {
		return figuresFrom(*sum.Cifras), nil
	}
	list, _, err := mongox.FindOne[dayList](ctx, s.db.R.Collection(daysCollection), bson.M{"_id": day})
	if err != nil {
		return figures{}, fmt.Errorf("sales: sales of %s: %w", day, err)
	}
	from, err := time.ParseInLocation(time.DateOnly, day, shoptime.Zone)
	if err != nil {
		return figures{}, fmt.Errorf("sales: summary of %q: %w", day, err)
	}
	to := from.AddDate(0, 0, 1)
	f := newFigures()
	err = s.db.EachByID(ctx, collection, list.Ventas, reportFields, func(doc bson.Raw) error {
		var v reportSale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: summary of %s: %w", day, err)
		}
		return f.tally(v, from, to)
	})
	if err != nil {
		return figures{}, err
	}
	_, err = s.db.UpdateOneIf(ctx, summaryCollection, day, bson.M{"cambios": sum.Cambios},
		bson.M{"$set": bson.M{"cifras": f.stored(), "calculado": sum.Cambios, "sucio": false}})
	if err != nil && !errors.Is(err, mongo.ErrNoDocuments) { // a sale told meanwhile: recomputed again later
		return figures{}, fmt.Errorf("sales: summary of %s: %w", day, err)
	}
	return f, nil
}

// recomputeDays recomputes the figures of the days told since they were last computed (sucio),
// so that a report seldom has to.
func (s store) recomputeDays(ctx context.Context) error {
	// A few hundred documents a year: read as they are (their _id is not an ObjectID, which the
	// embedded store's fast reads need).
	dirty, err := mongox.FindAll[daySummary](ctx, s.db.R.Collection(summaryCollection), bson.M{"sucio": true},
		options.Find().SetProjection(bson.M{"_id": 1}))
	if err != nil {
		return fmt.Errorf("sales: summaries to recompute: %w", err)
	}
	for _, d := range dirty {
		if _, err := s.dayFigures(ctx, d.Day); err != nil {
			return err
		}
	}
	return nil
}
