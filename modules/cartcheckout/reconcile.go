package cartcheckout

import (
	"context"
	"strconv"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/salestate"
)

// Sweep runs Reconcile, finishes the retakes of late payments and expires online orders whose
// payment never came.
func (s *Service) Sweep(ctx context.Context) error {
	if err := s.Reconcile(ctx); err != nil {
		return err
	}
	if err := s.retakePending(ctx); err != nil {
		return err
	}
	if s.payments != nil {
		return s.expireUnpaid(ctx, s.now())
	}
	return nil
}

// abandonAfter is the age past which a reservation whose sale was never saved is a crash's or a
// failure's: placing an order takes seconds, on whichever replica.
const abandonAfter = 5 * time.Minute

// Reconcile settles what a crash or a failed step left behind, on every replica and at any time:
// reservations older than abandonAfter whose sale was never saved give back whatever their keys
// reserve and are dropped; then every key still reserving stock is settled by the state of its
// sale (reconcileReservations). Each step happens once whatever repeats it, as giving back under a
// key does.
func (s *Service) Reconcile(ctx context.Context) error {
	if err := s.settleReservations(ctx, abandonAfter); err != nil {
		return err
	}
	return s.reconcileReservations(ctx)
}

// settleReservations drops the reservations older than age and gives back their stock. Fence
// first: the reservation is dropped by a write guarded on its state, which the placing request's
// save can no longer pass; only if that write succeeded do the units come back. A reservation
// saved meanwhile (a replica whose clock is ahead, or a placement that stalled) keeps its units.
// A crash between the two steps leaves the keys, which reconcileReservations gives back.
func (s *Service) settleReservations(ctx context.Context, age time.Duration) error {
	stuck, err := s.sales.Abandoned(ctx, s.now().Add(-age))
	if err != nil {
		return err
	}
	for _, r := range stuck {
		switch err := s.sales.Fail(ctx, r.ID); {
		case apperr.Is(err, apperr.Conflict):
			continue // saved after all: its units are sold
		case err != nil:
			return err
		}
		s.release(ctx, r, -1, StockNote{Motivo: motivoIncompleto})
		s.log.Warn().Str("folio", r.Folio).Msg("checkout: settled an order left half-way by a crash")
	}
	return nil
}

// reservationFate is what becomes of the keys of one sale.
type reservationFate int

const (
	keepReservation   reservationFate = iota // waiting for its payment, or maybe still being placed
	settleReservation                        // its order is saved: the units stay taken, the key goes
	returnReservation                        // its order was never saved, or expired unpaid: the units come back
)

// reconcileReservations settles every key reserving stock (one lost from the catalogue's queue in a crash,
// or left by a failed step) by the state of its sale: saved -> the key goes; waiting for its
// payment, or placed less than abandonAfter ago -> kept; expired, or never saved and older ->
// the units come back under the key. A sale never saved is first marked failed, so that a
// placement stalled that long can no longer save it.
func (s *Service) reconcileReservations(ctx context.Context) error {
	held, err := s.catalog.ReservedStock(ctx)
	if err != nil {
		return err
	}
	type verdict struct {
		fate reservationFate
		sale Reserved
	}
	verdicts := map[string]verdict{}
	var failed error
	for _, h := range held {
		saleID, line, late := splitKey(h.Key)
		v, ok := verdicts[saleID]
		if !ok {
			v.fate, v.sale, err = s.fateOf(ctx, saleID)
			if err != nil {
				failed = err // this sale is looked at again next time
				continue
			}
			verdicts[saleID] = v
		}
		l := Line{ProductID: h.ProductID}
		if line >= 0 && line < len(v.sale.Lines) && v.sale.Lines[line].ProductID == h.ProductID {
			l = v.sale.Lines[line] // names the variant of a reservation that does not record its own
		}
		fate := v.fate
		switch {
		case fate == settleReservation && v.sale.PaidLate && !late:
			fate = returnReservation // the order's first take: its expiry gives it back, the late payment took again
		case late && v.sale.RetakePending:
			fate = keepReservation // the retake is not finished: its keys answer its repeat (retake)
		}
		switch fate {
		case settleReservation:
			s.catalog.SettleStock(h.Key, l)
		case returnReservation:
			note := StockNote{Folio: v.sale.Folio, Motivo: motivoIncompleto}
			if v.sale.Estado == salestate.Expirada {
				note.Motivo, note.NoPayment = motivoSinPago, true
			}
			if err := s.catalog.ReturnStock(ctx, h.Key, l, note); err != nil {
				failed = err
				continue
			}
			s.log.Warn().Str("key", h.Key).Msg("checkout: stock of an order never saved given back")
		}
	}
	return failed
}

// fateOf tells what becomes of the keys of a sale (see reconcileReservations).
func (s *Service) fateOf(ctx context.Context, saleID string) (reservationFate, Reserved, error) {
	r, err := s.sales.Find(ctx, saleID)
	switch {
	case err == nil && r.Estado == salestate.Confirmada:
		return settleReservation, r, nil
	case err == nil && r.Estado == salestate.EsperandoPago:
		return keepReservation, r, nil
	case err == nil && r.Estado == salestate.Expirada:
		return returnReservation, r, nil
	case err != nil && !apperr.Is(err, apperr.NotFound):
		return keepReservation, r, err
	}
	// Never saved.
	if placed, ok := placedAt(saleID); ok && s.now().Sub(placed) < abandonAfter {
		return keepReservation, r, nil
	}
	switch err := s.sales.Fail(ctx, saleID); {
	case apperr.Is(err, apperr.Conflict):
		return keepReservation, r, nil // saved after all, just now: the next pass settles it
	case err != nil && !apperr.Is(err, apperr.NotFound):
		return keepReservation, r, err
	}
	return returnReservation, r, nil
}

// splitKey reads a stock key "<sale id>:<line>", or a late payment's "<sale id>:<line>:tarde";
// line is -1 when the key has no line number.
func splitKey(key string) (saleID string, line int, late bool) {
	key, late = strings.CutSuffix(key, lateKeySuffix)
	i := strings.LastIndexByte(key, ':')
	if i < 0 {
		return key, -1, late
	}
	n, err := strconv.Atoi(key[i+1:])
	if err != nil {
		return key, -1, late
	}
	return key[:i], n, late
}

// placedAt is when a sale was reserved: the time in its ObjectID.
func placedAt(saleID string) (time.Time, bool) {
	id, err := bson.ObjectIDFromHex(saleID)
	if err != nil {
		return time.Time{}, false
	}
	return id.Timestamp(), true
}
