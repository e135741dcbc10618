package sales

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

// The payments ledger (ventas_cobros) holds one small document per paid sale that no cash cut has
// closed yet. Cash cuts read it instead of ventas: ventas keeps every sale ever made, and on the
// embedded store any query reads and decodes the whole collection (about 0.25 ms per sale), so a
// cut over ventas would cost more with every day of history. The ledger only holds what the next
// cut closes, in documents a tenth of the size.
//
// An entry's payment fields are what cuts count; its stamp registradoEn, the store's clock when the
// payment was first saved, puts it in exactly one cut's period (DESIGN.md §5). A change to a
// sale's payment is written in three steps, so that a crash at any point is settled from the sale:
//
//  1. the entry is marked pendiente (created when the sale had none);
//  2. the sale is written (ventas, the source of truth);
//  3. settle: if the sale is paid, the entry takes the sale's payment fields (stamped now if it had
//     no stamp, keeping its stamp otherwise); if not, the entry goes.
//
// A pending entry left by a crash is settled by the next sweep. Cuts delete the entries they
// closed. Documents are never re-stamped, and only a first payment creates one (a change whose
// write fails drops the entry it created), so no payment can move into a second cut.

const ledgerCollection = "ventas_cobros"

// cobro is a document of the ledger. Its payment fields are what cuts count; RegistradoEn is set
// once, when the sale's payment is first saved (nil before).
type cobro struct {
	ID           bson.ObjectID `bson:"_id"` // the sale's
	Folio        string        `bson:"folio"`
	Total        float64       `bson:"total"`
	MetodoPago   string        `bson:"metodoPago"`
	CobradoPor   string        `bson:"cobradoPor"`
	NombreCobro  string        `bson:"nombreCobro"`
	RegistradoEn *time.Time    `bson:"registradoEn,omitempty"` // the store's clock: cuts go by it
	Pendiente    bool          `bson:"pendiente,omitempty"`
	Desde        time.Time     `bson:"desde,omitempty"` // when it was last marked pending
	V            int64         `bson:"v"`               // grows with every change: settling is guarded by it
}

// stalePending is how old a pending entry must be before a sweep settles it: younger ones may
// belong to a change still being written.
const stalePending = time.Minute

// markPending starts a change to a sale's payment (step 1) and reports whether it created the
// entry. Only a first payment may create it: a paid sale without one is closed by a cut, and its
// payment cannot change (errPaymentInCut).
func (s store) markPending(ctx context.Context, id bson.ObjectID, now time.Time, create bool) (bool, error) {
	mark := func() (c cobro, err error) {
		err = s.db.W.Collection(ledgerCollection).FindOneAndUpdate(ctx, bson.M{"_id": id},
			bson.M{"$set": bson.M{"pendiente": true, "desde": now}, "$inc": bson.M{"v": int64(1)}},
			options.FindOneAndUpdate().SetUpsert(create).SetReturnDocument(options.After)).Decode(&c)
		return c, err
	}
	c, err := mark()
	if mongox.IsDuplicate(err) { // two first marks raced on MongoDB: the entry exists now
		c, err = mark()
	}
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, errPaymentInCut
	}
	if err != nil {
		return false, fmt.Errorf("sales: ledger: %w", err)
	}
	return c.V == 1, nil
}

var errPaymentInCut = apperr.New(apperr.Conflict, "La venta ya está en un corte de caja; su pago no puede cambiar.")

func (s store) cobro(ctx context.Context, id bson.ObjectID) (cobro, bool, error) {
	var c cobro
	err := s.db.R.Collection(ledgerCollection).FindOne(ctx, bson.M{"_id": id}).Decode(&c)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return cobro{}, false, nil
	}
	if err != nil {
		return cobro{}, false, fmt.Errorf("sales: ledger: %w", err)
	}
	return c, true, nil
}

// settleCobro ends a change to a sale's payment (step 3), given the sale as it is now.
func (s store) settleCobro(ctx context.Context, v Sale) error {
	c, found, err := s.cobro(ctx, v.ID)
	if err != nil || !found || !c.Pendiente {
		return err // nothing pending: settled already, or closed by a cut
	}
	coll := s.db.W.Collection(ledgerCollection)
	guard := bson.M{"_id": v.ID, "v": c.V}
	if v.Estado != EstadoConfirmada || v.Pago != PagoPagado {
		if _, err := coll.DeleteOne(ctx, guard); err != nil {
			return fmt.Errorf("sales: ledger: %w", err)
		}
		return nil
	}
	update := bson.M{
		"$set": bson.M{"folio": v.Folio, "total": v.Total, "metodoPago": v.MetodoPago,
			"cobradoPor": v.CobradoPor, "nombreCobro": v.NombreCobro},
		"$unset": bson.M{"pendiente": "", "desde": ""}, // fewer fields: cuts read thousands of these
		"$inc":   bson.M{"v": int64(1)},
	}
	if c.RegistradoEn == nil {
		update["$currentDate"] = bson.M{"registradoEn": true} // the store's clock: cuts go by it
	}
	if _, err := coll.UpdateOne(ctx, guard, update); err != nil {
		return fmt.Errorf("sales: ledger: %w", err)
	}
	return nil
}

// pendingBefore lists the entries marked pending before t.
func (s store) pendingBefore(ctx context.Context, t time.Time) ([]cobro, error) {
	cur, err := s.db.R.Collection(ledgerCollection).Find(ctx, bson.M{"pendiente": true, "desde": bson.M{"$lt": t}})
	if err != nil {
		return nil, fmt.Errorf("sales: ledger: %w", err)
	}
	out := []cobro{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("sales: ledger: %w", err)
	}
	return out, nil
}

// changePayment writes a change to a sale's payment inside the ledger's steps; first is true when
// the sale was not paid before.
func (s *Service) changePayment(ctx context.Context, id bson.ObjectID, first bool, write func() (Sale, error)) (Sale, error) {
	created, err := s.store.markPending(ctx, id, s.now().UTC(), first)
	if err != nil {
		return Sale{}, err
	}
	v, err := write()
	if err != nil {
		if created {
			// Ours alone (nobody marked it since, or v moved on): the sale was not paid by this
			// change, and may have been paid and cut long ago (a repeated payment notice).
			s.dropCreated(ctx, id)
		} else if cur, gerr := s.store.get(context.WithoutCancel(ctx), id); gerr == nil {
			s.settleOrLog(ctx, cur) // from the sale as it is; the sweep does it otherwise
		}
		return Sale{}, err
	}
	s.settleOrLog(ctx, v)
	return v, nil
}

// dropCreated removes an entry this change created, unless another change marked it since.
func (s *Service) dropCreated(ctx context.Context, id bson.ObjectID) {
	_, err := s.store.db.W.Collection(ledgerCollection).DeleteOne(context.WithoutCancel(ctx), bson.M{"_id": id, "v": int64(1)})
	if err != nil {
		s.log.Warn().Err(err).Str("sale", id.Hex()).Msg("sales: payment ledger left pending; the sweep settles it")
	}
}

func (s *Service) settleOrLog(ctx context.Context, v Sale) {
	if err := s.store.settleCobro(context.WithoutCancel(ctx), v); err != nil {
		s.log.Warn().Err(err).Str("folio", v.Folio).Msg("sales: payment ledger left pending; the sweep settles it")
	}
}

// SweepPayments settles ledger entries that a crash left pending, from their sales.
func (s *Service) SweepPayments(ctx context.Context) error {
	stuck, err := s.store.pendingBefore(ctx, s.now().UTC().Add(-stalePending))
	if err != nil {
		return err
	}
	for _, c := range stuck {
		v, err := s.store.get(ctx, c.ID)
		if apperr.Is(err, apperr.NotFound) {
			v = Sale{ID: c.ID} // no such sale: the entry goes
		} else if err != nil {
			return err
		}
		if err := s.store.settleCobro(ctx, v); err != nil {
			return err
		}
		s.log.Warn().Str("sale", c.ID.Hex()).Msg("sales: payment ledger entry settled after a crash")
	}
	return nil
}

// inCut reports whether a paid sale is closed by a cash cut: its ledger entry is gone, or was
// first saved no later than the end of the last cut.
func (s *Service) inCut(ctx context.Context, v Sale) (bool, error) {
	if s.cuts == nil {
		return false, nil
	}
	c, found, err := s.store.cobro(ctx, v.ID)
	if err != nil {
		return false, err
	}
	if !found {
		return true, nil
	}
	if c.RegistradoEn == nil {
		return false, nil // its first payment is still being saved
	}
	until, err := s.cuts.LastCutUntil(ctx)
	if err != nil {
		return false, err
	}
	return !c.RegistradoEn.After(until), nil
}

// PaidBetween lists the payments first saved in (from, to] — to zero means up to now — that no
// cut has closed, as sales with the fields a cash cut needs (PagadoEn is the ledger's stamp).
func (s *Service) PaidBetween(ctx context.Context, from, to time.Time) ([]Sale, error) {
	when := bson.M{"$gt": from}
	if !to.IsZero() {
		when["$lte"] = to
	}
	cur, err := s.store.db.R.Collection(ledgerCollection).Find(ctx, bson.M{"registradoEn": when})
	if err != nil {
		return nil, fmt.Errorf("sales: paid between: %w", err)
	}
	var entries []cobro
	if err := cur.All(ctx, &entries); err != nil {
		return nil, fmt.Errorf("sales: paid between: %w", err)
	}
	out := make([]Sale, len(entries))
	for i, c := range entries {
		out[i] = Sale{ID: c.ID, Folio: c.Folio, Total: c.Total, MetodoPago: c.MetodoPago, CobradoPor: c.CobradoPor,
			NombreCobro: c.NombreCobro, PagadoEn: c.RegistradoEn, Estado: EstadoConfirmada, Pago: PagoPagado}
	}
	return out, nil
}

// ForgetPaid drops the ledger entries of payments a closed cut counted, given by the times they
// were saved (all within the cut's period), in as few deletes as the store can take: one per
// 30,000 payments, below SQLite's limit of values in one statement.
func (s *Service) ForgetPaid(ctx context.Context, paidAt []time.Time) error {
	times := slices.Clone(paidAt)
	slices.SortFunc(times, func(a, b time.Time) int { return a.Compare(b) })
	const batch = 30000
	for lo := 0; lo < len(times); lo += batch {
		hi := min(lo+batch, len(times)) - 1
		filter := bson.M{"registradoEn": bson.M{"$gte": times[lo], "$lte": times[hi]}}
		if _, err := s.store.db.W.Collection(ledgerCollection).DeleteMany(ctx, filter); err != nil {
			return fmt.Errorf("sales: forget paid: %w", err)
		}
	}
	return nil
}

// ledgerMarker records that the ledger holds every payment not yet cut (see FillLedger).
const ledgerMarker = "cobros-v1"

// FillLedger gives the paid sales of a store written before the ledger existed, those no cut has
// closed (paid after the last cut's end), their entries, stamped when they were paid; once per
// store. Run at start, before the cash cuts' sweep.
func (s *Service) FillLedger(ctx context.Context) error {
	if done, err := mongox.HasMarker(ctx, s.store.db.R.Collection(metaCollection), ledgerMarker); err != nil || done {
		return err
	}
	var until time.Time
	if s.cuts != nil {
		var err error
		if until, err = s.cuts.LastCutUntil(ctx); err != nil {
			return err
		}
	}
	paid, err := s.store.find(ctx, bson.M{"estado": EstadoConfirmada, "pago": PagoPagado, "pagadoEn": bson.M{"$gt": until}}, bson.D{{Key: "pagadoEn", Value: 1}})
	if err != nil {
		return err
	}
	if len(paid) > 0 {
		entries := make([]any, len(paid))
		for i, v := range paid {
			entries[i] = cobroOf(v)
		}
		_, err := s.store.db.W.Collection(ledgerCollection).InsertMany(ctx, entries, options.InsertMany().SetOrdered(false))
		if err != nil && !mongox.IsDuplicate(err) { // entered already by a start that stopped half-way
			return fmt.Errorf("sales: fill ledger: %w", err)
		}
		s.log.Info().Int("sales", len(paid)).Msg("sales: payment ledger filled from earlier sales")
	}
	_, err = mongox.Mark(ctx, s.store.db.W.Collection(metaCollection), ledgerMarker)
	return err
}

// cobroOf is the settled ledger entry of a paid sale, stamped when it was paid.
func cobroOf(v Sale) cobro {
	return cobro{ID: v.ID, Folio: v.Folio, Total: v.Total, MetodoPago: v.MetodoPago, CobradoPor: v.CobradoPor,
		NombreCobro: v.NombreCobro, RegistradoEn: v.PagadoEn, V: 1}
}

// SeedPaid stores sales as paid and in the ledger, as if each had been paid at its PagadoEn (which
// must be set). For tests and benchmarks that need thousands of paid sales quickly.
func SeedPaid(ctx context.Context, db *mongox.Store, list []Sale) error {
	docs, entries := make([]any, len(list)), make([]any, len(list))
	for i, v := range list {
		if v.PagadoEn == nil || v.Pago != PagoPagado || v.Estado != EstadoConfirmada {
			return fmt.Errorf("sales: seed: sale %d is not a confirmed, paid sale with pagadoEn", i)
		}
		docs[i], entries[i] = v, cobroOf(v)
	}
	if _, err := db.W.Collection(collection).InsertMany(ctx, docs); err != nil {
		return fmt.Errorf("sales: seed: %w", err)
	}
	if _, err := db.W.Collection(ledgerCollection).InsertMany(ctx, entries); err != nil {
		return fmt.Errorf("sales: seed: %w", err)
	}
	return nil
}
