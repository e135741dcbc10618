package catalog

import (
	"context"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/audit"
)

// Adjustments in bulk (an import's counts): a batch costs a few writes whatever its size, where
// an adjustment alone (AdjustStock) costs four round trips: its product read, its movement looked
// for, its guarded write, its movement stored. Here the products are read in one read and the
// movements already stored looked for in one find; the adjustments of a product are built as
// adjust builds each (its movement, under the id the caller chose; its guard: the variant still
// at its place, a count's units still those read, a merma's units still there, the movement not
// waiting in the product already) and go in one guarded write of the product, with the guards of
// all of them; the products' writes go in one write of the store (store.updateEach, as a batch
// of edits), then their movements in one insert. A product whose guard failed (a sale or an
// adjustment since the read) has its adjustments made again one at a time by AdjustStock, which
// reads it again: an adjustment already written is found by its id and not made twice.

// OnceAdjustment is an adjustment whose movement has the id Once, chosen by the caller (an
// import's row): asked again with the same id, it adjusts nothing.
type OnceAdjustment struct {
	In   AdjustInput
	Once bson.ObjectID
}

// Adjusted is how far AdjustStocksOnce went in a list: how many of its adjustments are made (by
// this call or an earlier one with the same ids), and why the next one was not (nil: all made).
type Adjusted struct {
	Made int
	Err  error
}

// AdjustStocksOnce makes the adjustments of each list in order, by the user ctx carries, as
// AdjustStock makes each, up to the list's first that fails, and answers, by position in lists,
// how far it went in each. The lists are independent: one failing stops only itself, and two of
// one product are made in no set order between them (an import has one list a product).
func (s *Service) AdjustStocksOnce(ctx context.Context, lists [][]OnceAdjustment) []Adjusted {
	out := make([]Adjusted, len(lists))
	again := s.adjustBatch(ctx, lists, out)
	slices.Sort(again) // in the lists' order
	for _, l := range again {
		out[l] = s.adjustEach(ctx, lists[l])
	}
	return out
}

// adjustEach makes a list's adjustments one at a time.
func (s *Service) adjustEach(ctx context.Context, list []OnceAdjustment) Adjusted {
	var done Adjusted
	for _, a := range list {
		in := a.In
		in.once = a.Once
		if _, done.Err = s.AdjustStock(ctx, in); done.Err != nil {
			return done
		}
		done.Made++
	}
	return done
}

// adjustedList is a list of AdjustStocksOnce written in the batch: its checked adjustments, up to
// the first whose input is invalid (bad: why).
type adjustedList struct {
	at      int
	product bson.ObjectID
	checked []adjustment
	bad     error
}

// adjustBatch writes in one write of the store the lists whose adjustments are of one product,
// setting their answers in out, and answers the others, and those whose guard failed: to be made
// one at a time (again).
func (s *Service) adjustBatch(ctx context.Context, lists [][]OnceAdjustment, out []Adjusted) (again []int) {
	who := audit.ActorFrom(ctx)
	ctx = context.WithoutCancel(ctx) // a write begun is finished, answered or not
	ls, again := checkedLists(lists, out)
	if len(ls) == 0 {
		return again
	}
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	ids, onces := make([]bson.ObjectID, len(ls)), []bson.ObjectID{}
	for k, l := range ls {
		ids[k] = l.product
		for _, a := range l.checked {
			onces = append(onces, a.once)
		}
	}
	stored, err := s.store.products(ctx, ids)
	var written map[bson.ObjectID]bool
	if err == nil {
		written, err = s.store.storedMovements(ctx, onces)
	}
	if err != nil {
		return append(again, listPositions(ls)...) // each then fails, or is made, by itself
	}
	if s.batchRead != nil {
		s.batchRead()
	}
	now := s.now()
	var ws []guardedWrite
	var writing []adjustedList
	var moves [][]Movement // of each write
	for _, l := range ls {
		cur, ok := stored[l.product]
		if !ok {
			out[l.at] = Adjusted{Err: errProductNotFound}
			continue
		}
		w, ms, done, twice := l.write(&cur, written, who, now)
		if twice {
			again = append(again, l.at)
			continue
		}
		out[l.at] = done
		if len(ms) > 0 {
			ws, writing, moves = append(ws, w), append(writing, l), append(moves, ms)
		}
	}
	if len(ws) == 0 {
		return again
	}
	after, err := s.store.updateEach(ctx, ws)
	if err != nil {
		return append(again, listPositions(writing)...)
	}
	var all []Movement
	var movedIn []bson.ObjectID // the product of each movement
	for k, p := range after {
		if p == nil {
			again = append(again, writing[k].at) // sold, adjusted, edited or deleted since the read
			continue
		}
		s.memory.update(*p)
		for _, m := range withUnitsAfter(p, moves[k]) {
			all, movedIn = append(all, m), append(movedIn, p.ID)
		}
	}
	if s.record(ctx, all...) {
		for k, m := range all {
			s.queueUnset(movedIn[k], pendingField(m.ID))
		}
	}
	return again
}

// checkedLists checks the adjustments of each list up to its first invalid one, and answers the
// lists of one product; the others are again, and a list whose first adjustment is invalid is
// answered in out. (Two lists of one product are two guarded writes of it: the second one's guard
// fails when the first one changed what it read.)
func checkedLists(lists [][]OnceAdjustment, out []Adjusted) (ls []adjustedList, again []int) {
	for at, list := range lists {
		l := adjustedList{at: at}
		for _, oa := range list {
			in := oa.In
			in.once = oa.Once
			a, err := in.check()
			if err != nil {
				l.bad = err
				break
			}
			if l.product.IsZero() {
				l.product = a.product
			}
			if a.product != l.product || a.once.IsZero() {
				l.product = bson.NilObjectID // several products, or no id: one at a time
				again = append(again, at)
				break
			}
			l.checked = append(l.checked, a)
		}
		switch {
		case l.product.IsZero() && len(l.checked) == 0:
			out[at] = Adjusted{Err: l.bad} // nothing to write (an empty list: nil)
		case !l.product.IsZero():
			ls = append(ls, l)
		}
	}
	return ls, again
}

// write is the list's guarded write of cur (read before), its movements and how far it goes: its
// adjustments made before (written: the movements stored) are counted and left out, and it stops
// at the first that fails. twice: it adjusts one variant twice (one at a time, then).
func (l adjustedList) write(cur *Product, written map[bson.ObjectID]bool, who audit.Actor, now time.Time) (w guardedWrite, ms []Movement, done Adjusted, twice bool) {
	guard, set, inc := bson.M{}, bson.M{}, bson.M{}
	total := 0
	adjusted := map[int]bool{}
	done.Err = l.bad
	for _, a := range l.checked {
		if _, waiting := cur.MovimientosPendientes[a.once.Hex()]; waiting || written[a.once] {
			done.Made++
			continue
		}
		i, err := adjustedVariant(cur, a.variant)
		if err == nil && adjusted[i] {
			return guardedWrite{}, nil, Adjusted{}, true
		}
		var m Movement
		var g bson.M
		if err == nil {
			m, g, err = a.movement(cur, i, now)
		}
		if err != nil {
			done.Err = err
			break
		}
		adjusted[i] = true
		m.ID = a.once
		m.by(who.ID, who.Name)
		for k, v := range g {
			guard[k] = v
		}
		guard[pendingField(m.ID)] = bson.M{"$exists": false}
		inc[fmt.Sprintf("variantes.%d.stock", i)] = m.Cantidad
		total += m.Cantidad
		set[pendingField(m.ID)] = m
		ms = append(ms, m)
		done.Made++
	}
	inc["stock"], inc["total_existencia"] = total, total
	return guardedWrite{id: cur.ID, guard: guard, update: bson.M{"$inc": inc, "$set": set}}, ms, done, false
}

// listPositions are the positions in AdjustStocksOnce's lists of ls.
func listPositions(ls []adjustedList) []int {
	at := make([]int, len(ls))
	for k, l := range ls {
		at[k] = l.at
	}
	return at
}
