package cashcut

import (
	"context"
	"errors"
	"sort"
	"strings"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/fault"
	"tienda/pkg/money"
)

// Service holds the cash-cut use cases.
type Service struct {
	store store
	sales Sales
	log   zerolog.Logger
	now   func() time.Time
}

// Actor is the cashier making a cut.
type Actor struct{ ID, Name string }

// methodOrder is the order methods are listed in; others follow alphabetically.
var methodOrder = map[string]int{"Efectivo": 0, "Tarjeta": 1, "Transferencia": 2, "Mercado Pago": 3}

// totals computes both reports of a set of sales, exact to the centavo. An entry with a negative
// Total (a refund) is taken off its method and its user.
func totals(sales []PaidSale) (ByMethod, []ByUser) {
	byMethod := map[string]money.Cents{}
	byUser := map[UserKey]money.Cents{}
	var all money.Cents
	for _, v := range sales {
		m := v.Metodo
		if m == "" {
			m = "Sin método"
		}
		byMethod[m] += v.Total
		byUser[UserKey{NombreUsuario: v.UserName, UsuarioID: v.UserID}] += v.Total
		all += v.Total
	}
	bm := ByMethod{Totales: []MethodTotal{}, TotalGeneral: all.Pesos()}
	for m, c := range byMethod {
		bm.Totales = append(bm.Totales, MethodTotal{Metodo: m, Venta: c.Pesos()})
	}
	sort.Slice(bm.Totales, func(i, j int) bool {
		oi, iok := methodOrder[bm.Totales[i].Metodo]
		oj, jok := methodOrder[bm.Totales[j].Metodo]
		switch {
		case iok && jok:
			return oi < oj
		case iok != jok:
			return iok
		}
		return bm.Totales[i].Metodo < bm.Totales[j].Metodo
	})
	bu := make([]ByUser, 0, len(byUser))
	for k, c := range byUser {
		bu = append(bu, ByUser{ID: k, VentaTotal: c.Pesos()})
	}
	sort.Slice(bu, func(i, j int) bool {
		return strings.ToLower(bu[i].ID.NombreUsuario) < strings.ToLower(bu[j].ID.NombreUsuario) ||
			(strings.EqualFold(bu[i].ID.NombreUsuario, bu[j].ID.NombreUsuario) && bu[i].ID.UsuarioID < bu[j].ID.UsuarioID)
	})
	return bm, bu
}

// Pending reports the paid sales no cut has claimed yet, by method and by user.
func (s *Service) Pending(ctx context.Context) (ByMethod, []ByUser, error) {
	sales, err := s.sales.Unclaimed(ctx)
	if err != nil {
		return ByMethod{}, nil, err
	}
	bm, bu := totals(sales)
	return bm, bu, nil
}

// staleCut is how long a cut may stay in process before it is taken for one a crash left behind:
// a cut of tens of thousands of sales takes seconds.
const staleCut = 2 * time.Minute

var (
	errNothingToCut = apperr.New(apperr.Conflict, "No hay ventas ni movimientos de caja pendientes de corte.")
	errCutRunning   = apperr.New(apperr.Conflict, "Otro corte se está haciendo en este momento. Inténtalo de nuevo.")
)

// MakeCut closes every paid sale and drawer movement no cut has claimed: it takes the next number
// by writing the cut 'en_proceso' (a unique number, after a closed cut only, so numbers follow
// each other with no gap), claims the sales and the movements (each one by a guarded update), and
// stores the totals of what it claimed, the cash expected against the cash counted (counted, the
// shop's single amount, or counts, each cashier's count by denomination from checkCounts), who
// made it and when. One cut is in process at a time: a second cashier waits for the first (up to
// a few seconds). A cut with nothing to claim is refused and uses no number. Errors: conflict when
// there is nothing to close or another cut is still being made.
func (s *Service) MakeCut(ctx context.Context, who Actor, counted *money.Cents, notes string, counts ...CashierCash) (Cut, error) {
	deadline := s.now().Add(10 * time.Second)
	for {
		last, found, err := s.store.last(ctx)
		if err != nil {
			return Cut{}, err
		}
		if found && last.Estado == EstadoEnProceso {
			if s.now().Sub(last.Fecha) > staleCut {
				if _, err := s.finish(ctx, last); err != nil && !errors.Is(err, errNothingToCut) {
					return Cut{}, err
				}
				continue
			}
			if s.now().After(deadline) {
				return Cut{}, errCutRunning
			}
			select {
			case <-ctx.Done():
				return Cut{}, ctx.Err()
			case <-time.After(50 * time.Millisecond):
			}
			continue
		}
		if any, err := s.anythingToCut(ctx); err != nil {
			return Cut{}, err
		} else if !any {
			return Cut{}, errNothingToCut
		}
		c := Cut{ID: bson.NewObjectID(), Numero: last.Numero + 1, Fecha: s.now().UTC().Truncate(time.Millisecond),
			UsuarioID: who.ID, NombreUsuario: who.Name, Estado: EstadoEnProceso, PorUsuario: []ByUser{},
			PorCajero: append([]CashierCash{}, counts...), Observaciones: strings.TrimSpace(notes)}
		if counted != nil && len(counts) == 0 {
			p := counted.Pesos()
			c.EfectivoContado = &p
		}
		taken, err := s.store.insert(ctx, c)
		if err != nil {
			return Cut{}, err
		}
		if taken {
			continue // another cashier took this number: wait for that cut
		}
		if err := fault.At(ctx, fault.CutNumbered); err != nil {
			return Cut{}, err // the sweep finishes it
		}
		c, err = s.finish(ctx, c)
		if err != nil {
			return Cut{}, err
		}
		s.log.Info().Int64("cut", c.Numero).Int("sales", c.NumVentas).Float64("total", c.PorMetodo.TotalGeneral).Msg("cash cut made")
		return c, nil
	}
}

// anythingToCut reports whether a paid sale or a drawer movement waits for a cut.
func (s *Service) anythingToCut(ctx context.Context) (bool, error) {
	if any, err := s.sales.AnyUnclaimed(ctx); err != nil || any {
		return any, err
	}
	return s.store.anyUnclaimedMovement(ctx)
}

// finish claims for a cut in process every paid sale and drawer movement no cut has claimed, then
// closes it with the totals of what it claimed. A cut that claimed nothing is removed
// (errNothingToCut), so that its number is used by the next one. Run again on a cut it finished,
// it changes nothing.
func (s *Service) finish(ctx context.Context, c Cut) (Cut, error) {
	ctx = context.WithoutCancel(ctx) // a cashier who leaves must not leave the cut half-made
	if _, err := s.sales.Claim(ctx, c.Numero, nil); err != nil {
		return Cut{}, err
	}
	if _, err := s.store.claimMovements(ctx, c.Numero); err != nil {
		return Cut{}, err
	}
	if err := fault.At(ctx, fault.CutClaimed); err != nil {
		return Cut{}, err
	}
	sales, movs, err := s.claimedBy(ctx, c.Numero)
	if err != nil {
		return Cut{}, err
	}
	if len(sales) == 0 && len(movs) == 0 {
		if err := s.store.drop(ctx, c); err != nil {
			return Cut{}, err
		}
		return Cut{}, errNothingToCut
	}
	c = withTotals(c, sales, movs)
	now := s.now().UTC().Truncate(time.Millisecond)
	c.Estado, c.CerradoEn = EstadoCerrado, &now
	closed, err := s.store.close(ctx, c)
	if err != nil {
		return Cut{}, err
	}
	if !closed {
		// Finished meanwhile by the sweep, which took this call for crashed: the claims above may
		// have landed after it counted. Count again if so, then answer the cut as stored.
		stored, err := s.Get(ctx, c.ID)
		if err != nil {
			return Cut{}, err
		}
		if err := s.recountIfClaimed(ctx, stored); err != nil {
			return Cut{}, err
		}
		return s.Get(ctx, c.ID)
	}
	return c, nil
}

// recountIfClaimed counts a closed cut's totals again when it claimed more sales or drawer
// movements than they hold: a claim of a cut taken for crashed that landed after it was closed.
func (s *Service) recountIfClaimed(ctx context.Context, c Cut) error {
	n, err := s.sales.CountClaimedBy(ctx, c.Numero)
	if err != nil {
		return err
	}
	k, err := s.store.countMovements(ctx, c.Numero)
	if err != nil || n == int64(c.NumVentas) && k == int64(c.NumMovimientos) {
		return err
	}
	sales, movs, err := s.claimedBy(ctx, c.Numero)
	if err != nil {
		return err
	}
	s.log.Warn().Int64("cut", c.Numero).Int("stored", c.NumVentas).Int("claimed", len(sales)).
		Int("storedMovements", c.NumMovimientos).Int("claimedMovements", len(movs)).Msg("cash cut counted again")
	return s.store.recount(ctx, withTotals(c, sales, movs), c.NumVentas, c.NumMovimientos)
}

// claimedBy reads the sales and the drawer movements cut n claimed.
func (s *Service) claimedBy(ctx context.Context, n int64) ([]PaidSale, []Movement, error) {
	sales, err := s.sales.ClaimedBy(ctx, n)
	if err != nil {
		return nil, nil, err
	}
	movs, err := s.store.movements(ctx, bson.M{"corte": n})
	if err != nil {
		return nil, nil, err
	}
	return sales, movs, nil
}

// withTotals fills in a cut's sales, movements and their totals, and the cash expected against the
// cash counted (as the cut was asked for: c's shop amount, or the counts of its cashier rows).
func withTotals(c Cut, sales []PaidSale, movs []Movement) Cut {
	c.PorMetodo, c.PorUsuario = totals(sales)
	var counted *money.Cents
	if c.EfectivoContado != nil {
		v, _ := money.FromPesos(*c.EfectivoContado)
		counted = &v
	}
	counts := []CashierCash{}
	for _, r := range c.PorCajero {
		if r.EfectivoContado != nil {
			counts = append(counts, r)
		}
	}
	c.Cash, c.PorCajero = cashTotals(sales, movs, counted, counts)
	c.NumMovimientos, c.Movimientos = len(movs), movs
	c.NumVentas = len(sales)
	c.Ventas = make([]CutSale, len(sales))
	for i, v := range sales {
		c.Ventas[i] = CutSale{ID: v.ID, Folio: v.Folio, Total: v.Total.Pesos(), MetodoPago: v.Metodo, Usuario: v.UserName}
	}
	sort.Slice(c.Ventas, func(i, j int) bool { return c.Ventas[i].Folio < c.Ventas[j].Folio })
	return c
}

// recountLast is how many of the latest closed cuts the sweep counts again when their claims
// outgrew their totals. The claimer whose late claim landed counts its own cut again as it ends
// (finish); the sweep covers a claimer that stopped before that.
const recountLast = 10

// Sweep finishes what a crash or a failed step left: the last cut, in process for longer than any
// live cut takes, is finished (or removed when it claims nothing); and the latest closed cuts'
// totals are counted again if one claimed more sales or drawer movements than they hold (a claim
// of a cut taken for crashed that landed after the sweep closed it). It never creates a cut.
// Every replica runs it every minute.
func (s *Service) Sweep(ctx context.Context) error {
	last, found, err := s.store.last(ctx)
	if err != nil || !found {
		return err
	}
	if last.Estado == EstadoEnProceso {
		if s.now().Sub(last.Fecha) <= staleCut {
			return nil // a cut being made now
		}
		c, err := s.finish(ctx, last)
		switch {
		case errors.Is(err, errNothingToCut):
			s.log.Warn().Int64("cut", last.Numero).Msg("cash cut left half-way with no sales: removed")
			return nil
		case err != nil:
			return err
		}
		s.log.Warn().Int64("cut", c.Numero).Int("sales", c.NumVentas).Msg("cash cut left half-way: finished")
		return nil
	}
	latest, _, err := s.store.list(ctx, 1, recountLast)
	if err != nil {
		return err
	}
	for _, c := range latest {
		if err := s.recountIfClaimed(ctx, c); err != nil {
			return err
		}
	}
	return nil
}

// List returns past cuts, newest first, without their sales.
func (s *Service) List(ctx context.Context, page, limit int) ([]Cut, bool, error) {
	return s.store.list(ctx, page, limit)
}

// Get returns one closed cut with its sales and drawer movements. Errors: not_found.
func (s *Service) Get(ctx context.Context, id bson.ObjectID) (Cut, error) {
	c, err := s.store.get(ctx, id)
	if err != nil {
		return Cut{}, err
	}
	sales, movs, err := s.claimedBy(ctx, c.Numero)
	if err != nil {
		return Cut{}, err
	}
	full := withTotals(c, sales, movs)
	c.Ventas, c.Movimientos = full.Ventas, full.Movimientos
	return c, nil
}
