package sales

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
	"tienda/pkg/mongox"
	"tienda/pkg/salestate"
)

// A cash cut counts money movements: each sale's payment and each refund (money.go). It claims a
// payment through the sale's `corte` field, which goes from absent to the cut's number in one
// guarded single-document update, so a payment is in exactly one cut, whatever the
// clocks of the replicas say and however their writes interleave. A refund is claimed the same
// way through its own `corte` inside the sale, by a guarded update of that sale; the sale's
// top-level `devolucionesPorCortar` finds the sales with a refund to claim. A sale's payment can
// no longer change once a cut has claimed it: UpdateOrder guards on `corte` being absent in the
// same update that changes the payment.

// unclaimed selects the paid sales whose payment no cash cut has claimed yet.
var unclaimed = bson.M{"estado": salestate.Confirmada, "pago": PagoPagado, "corte": bson.M{"$exists": false}}

// refundsToClaim selects the sales with a refund no cash cut has claimed yet.
var refundsToClaim = bson.M{"estado": salestate.Confirmada, "devolucionesPorCortar": true}

// cutFields are the fields a cash cut reads of a sale.
var cutFields = bson.M{"folio": 1, "total": 1, "metodoPago": 1, "cobradoPor": 1, "nombreCobro": 1, "corte": 1,
	"pagos": 1, "devoluciones": 1, "version": 1}

// CutEntry is one money movement as a cash cut counts it: a payment (Monto > 0) or a refund
// (Monto < 0), by method and by who took or gave the money.
type CutEntry struct {
	ID       string // the sale's id for a payment, the refund's for a refund
	VentaID  string
	Folio    string
	Tipo     string // "pago" or "devolucion"
	Metodo   string
	UserID   string
	UserName string
	Monto    money.Cents
}

// AnyUnclaimed reports whether some payment or refund waits for a cash cut.
func (s *Service) AnyUnclaimed(ctx context.Context) (bool, error) {
	for _, f := range []bson.M{unclaimed, refundsToClaim} {
		some, err := s.store.exists(ctx, f)
		if err != nil {
			return false, fmt.Errorf("sales: unclaimed: %w", err)
		}
		if some {
			return true, nil
		}
	}
	return false, nil
}

// Unclaimed lists the payments and refunds no cash cut has claimed.
func (s *Service) Unclaimed(ctx context.Context) ([]CutEntry, error) {
	out, err := s.payments(ctx, unclaimed)
	if err != nil {
		return nil, err
	}
	refunded, err := s.cutSales(ctx, refundsToClaim)
	if err != nil {
		return nil, err
	}
	return appendRefunds(out, refunded, func(d Devolucion) bool { return d.Corte == 0 })
}

// Claim puts in cut n every payment and refund no cut has claimed (ids nil), or the payments of
// the sales of ids that are paid and unclaimed; each sale by a guarded update of its own. It
// answers how many movements it claimed.
func (s *Service) Claim(ctx context.Context, n int64, ids []bson.ObjectID) (int64, error) {
	filter := bson.M{}
	for k, v := range unclaimed {
		filter[k] = v
	}
	if ids != nil {
		filter["_id"] = bson.M{"$in": ids}
	}
	claimed, err := s.store.updateMany(ctx, filter, bson.M{"$set": bson.M{"corte": n}})
	if err != nil {
		return 0, fmt.Errorf("sales: claim for cut %d: %w", n, err)
	}
	if ids != nil {
		return claimed, nil
	}
	refunded, err := s.cutSales(ctx, refundsToClaim)
	if err != nil {
		return 0, err
	}
	for _, v := range refunded {
		k, err := s.claimRefunds(ctx, v, n)
		if err != nil {
			return 0, err
		}
		claimed += k
	}
	return claimed, nil
}

// claimRefunds puts in cut n the refunds of v no cut has claimed, by one update guarded on the
// sale's version; a sale changed meanwhile (another refund) is read again and claimed again.
func (s *Service) claimRefunds(ctx context.Context, v Sale, n int64) (int64, error) {
	for range 20 {
		set := bson.M{"devolucionesPorCortar": false}
		var k int64
		for i, d := range v.Devoluciones {
			if d.Corte == 0 {
				set[fmt.Sprintf("devoluciones.%d.corte", i)] = n
				k++
			}
		}
		_, err := s.store.update(ctx, v.ID, bson.M{"version": v.Version, "devolucionesPorCortar": true},
			bson.M{"$set": set, "$inc": bson.M{"version": 1}})
		if err == nil {
			return k, nil
		}
		if !apperr.Is(err, apperr.Conflict) {
			return 0, err
		}
		if v, err = s.store.get(ctx, v.ID); err != nil {
			return 0, err
		}
		if !v.DevolucionesPorCortar {
			return 0, nil // claimed by another cut, or by a sweep finishing this one
		}
	}
	return 0, fmt.Errorf("sales: claim refunds of %s: the sale kept changing", v.Folio)
}

// ClaimedBy lists the payments and refunds cut n claimed.
func (s *Service) ClaimedBy(ctx context.Context, n int64) ([]CutEntry, error) {
	out, err := s.payments(ctx, bson.M{"corte": n})
	if err != nil {
		return nil, err
	}
	return s.refundsClaimedBy(ctx, n, out)
}

// refundsClaimedBy appends to out the refunds cut n claimed.
func (s *Service) refundsClaimedBy(ctx context.Context, n int64, out []CutEntry) ([]CutEntry, error) {
	refunded, err := s.cutSales(ctx, bson.M{"estado": salestate.Confirmada, "conDevoluciones": true})
	if err != nil {
		return nil, err
	}
	return appendRefunds(out, refunded, func(d Devolucion) bool { return d.Corte == n })
}

// CountClaimedBy counts the payments and refunds cut n claimed, as ClaimedBy lists them: the
// payments through the index on `corte`, without reading them (the sweep counts the last cuts
// every minute).
func (s *Service) CountClaimedBy(ctx context.Context, n int64) (int64, error) {
	paid, err := s.store.count(ctx, bson.M{"corte": n})
	if err != nil {
		return 0, fmt.Errorf("sales: claimed by cut %d: %w", n, err)
	}
	refunds, err := s.refundsClaimedBy(ctx, n, nil)
	return paid + int64(len(refunds)), err
}

// payments are the payments of the sales filter selects, as a cut counts them.
func (s *Service) payments(ctx context.Context, filter bson.M) ([]CutEntry, error) {
	paid, err := s.cutSales(ctx, filter)
	if err != nil {
		return nil, err
	}
	out := make([]CutEntry, 0, len(paid))
	for _, v := range paid {
		e, err := paymentEntry(v)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// paymentEntry is a sale's payment as a cut counts it: its payment movement, or,
// for a sale the upgrade has not reached yet, the payment the sale's own fields describe.
func paymentEntry(v Sale) (CutEntry, error) {
	p := paymentOf(v)
	if len(v.Pagos) > 0 {
		p = v.Pagos[0]
	}
	monto, err := money.FromPesos(p.Monto)
	if err != nil {
		return CutEntry{}, apperr.Wrap(err, "sales: payment of %s", v.Folio)
	}
	return CutEntry{ID: v.ID.Hex(), VentaID: v.ID.Hex(), Folio: v.Folio, Tipo: "pago", Metodo: p.Metodo,
		UserID: p.Por, UserName: p.Nombre, Monto: monto}, nil
}

// appendRefunds adds the refunds of list that keep selects, as money out.
func appendRefunds(out []CutEntry, list []Sale, keep func(Devolucion) bool) ([]CutEntry, error) {
	for _, v := range list {
		for _, d := range v.Devoluciones {
			if !keep(d) {
				continue
			}
			m, err := money.FromPesos(d.Monto)
			if err != nil {
				return nil, apperr.Wrap(err, "sales: refund of %s", v.Folio)
			}
			out = append(out, CutEntry{ID: d.ID, VentaID: v.ID.Hex(), Folio: v.Folio, Tipo: "devolucion", Metodo: d.Metodo,
				UserID: d.Por, UserName: d.Nombre, Monto: -m})
		}
	}
	return out, nil
}

func (s *Service) cutSales(ctx context.Context, filter bson.M) ([]Sale, error) {
	out := []Sale{}
	err := s.store.each(ctx, filter, cutFields, func(doc bson.Raw) error {
		var v Sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: cut sales: %w", err)
		}
		out = append(out, v)
		return nil
	})
	return out, err
}

// SeedPaid stores confirmed, paid sales as they are (a cut number included). For tests and benchmarks that need thousands of paid sales quickly.
func SeedPaid(ctx context.Context, db *mongox.Store, list []Sale) error {
	for i, v := range list {
		if v.Pago != PagoPagado || v.Estado != salestate.Confirmada {
			return fmt.Errorf("sales: seed: sale %d is not a confirmed, paid sale", i)
		}
	}
	return Seed(ctx, db, list)
}
