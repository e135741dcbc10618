package cashcut

import (
	"context"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
)

// Service holds the cash-cut use cases.
type Service struct {
	store   store
	sales   Sales
	log     zerolog.Logger
	now     func() time.Time
	cleanup sync.WaitGroup // clean-ups after cuts, run after answering
}

// Actor is the cashier making a cut.
type Actor struct{ ID, Name string }

// methodOrder is the order methods are listed in; others follow alphabetically.
var methodOrder = map[string]int{"Efectivo": 0, "Tarjeta": 1, "Transferencia": 2, "Mercado Pago": 3}

// totals computes both reports of a set of sales, exact to the centavo.
func totals(sales []PaidSale) (ByMethod, []ByUser, money.Cents) {
	byMethod := map[string]money.Cents{}
	byUser := map[UserKey]money.Cents{}
	var all, cash money.Cents
	for _, v := range sales {
		m := v.Metodo
		if m == "" {
			m = "Sin método"
		}
		byMethod[m] += v.Total
		byUser[UserKey{NombreUsuario: v.UserName, UsuarioID: v.UserID}] += v.Total
		all += v.Total
		if m == "Efectivo" {
			cash += v.Total
		}
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
	return bm, bu, cash
}

// Pending reports the paid sales not yet in a cut (paid after the last cut), by method and by user.
func (s *Service) Pending(ctx context.Context) (ByMethod, []ByUser, error) {
	last, err := s.store.counter(ctx)
	if err != nil {
		return ByMethod{}, nil, err
	}
	sales, err := s.sales.PaidBetween(ctx, last.Hasta, time.Time{})
	if err != nil {
		return ByMethod{}, nil, err
	}
	bm, bu, _ := totals(sales)
	return bm, bu, nil
}

// LastCutUntil is the end of the last cut's period: sales paid up to then are closed.
func (s *Service) LastCutUntil(ctx context.Context) (time.Time, error) {
	last, err := s.store.counter(ctx)
	return last.Hasta, err
}

// MakeCut closes the sales paid since the last cut and stores the cut: who, when, the sales, the
// totals by method and by user, and the cash expected against the cash counted. Its period is
// fixed first, by moving the cuts' counter under a guard (two cuts at once get consecutive,
// non-overlapping periods), and the cut is written 'en_proceso' right after, so a crash leaves a
// period the start-up sweep completes. The sales are read once, in one pass over ventas.
// Errors: conflict when there is nothing to close.
func (s *Service) MakeCut(ctx context.Context, who Actor, counted *money.Cents, notes string) (Cut, error) {
	for attempt := 0; attempt < 20; attempt++ {
		last, err := s.store.counter(ctx)
		if err != nil {
			return Cut{}, err
		}
		next, ok, err := s.store.advance(ctx, last)
		if err != nil {
			return Cut{}, err
		}
		if !ok {
			continue // another cut took this number: read again
		}
		c := Cut{ID: bson.NewObjectID(), Numero: next.Numero, Desde: last.Hasta, Hasta: next.Hasta,
			Fecha: s.now().UTC().Truncate(time.Millisecond), UsuarioID: who.ID, NombreUsuario: who.Name,
			Estado: EstadoEnProceso, Ventas: []CutSale{}, PorUsuario: []ByUser{}, Observaciones: strings.TrimSpace(notes)}
		if counted != nil {
			p := counted.Pesos()
			c.EfectivoContado = &p
		}
		if err := s.store.insert(ctx, c); err != nil {
			return Cut{}, err // the sweep completes the period
		}
		c, err = s.close(ctx, c)
		if err != nil {
			return Cut{}, err
		}
		if len(c.Ventas) == 0 {
			return Cut{}, apperr.New(apperr.Conflict, "No hay ventas pendientes de corte.")
		}
		s.log.Info().Int64("cut", c.Numero).Int("sales", len(c.Ventas)).Float64("total", c.PorMetodo.TotalGeneral).Msg("cash cut made")
		return c, nil
	}
	return Cut{}, apperr.New(apperr.Conflict, "Otro corte se está haciendo en este momento. Inténtalo de nuevo.")
}

// close computes a cut's totals from the sales paid in its period and stores it as closed.
func (s *Service) close(ctx context.Context, c Cut) (Cut, error) {
	sales, err := s.sales.PaidBetween(ctx, c.Desde, c.Hasta)
	if err != nil {
		return Cut{}, err
	}
	var cash money.Cents
	c.PorMetodo, c.PorUsuario, cash = totals(sales)
	c.EfectivoEsperado = cash.Pesos()
	if c.EfectivoContado != nil {
		counted, _ := money.FromPesos(*c.EfectivoContado)
		d := (counted - cash).Pesos()
		c.Diferencia = &d
	}
	c.Ventas = make([]CutSale, len(sales))
	for i, v := range sales {
		c.Ventas[i] = CutSale{ID: v.ID, Folio: v.Folio, Total: v.Total.Pesos(), MetodoPago: v.Metodo, Usuario: v.UserName}
	}
	sort.Slice(c.Ventas, func(i, j int) bool { return c.Ventas[i].Folio < c.Ventas[j].Folio })
	if len(sales) == 0 {
		// A period with no sales (nothing pending, or a concurrent cut took them): no cut to keep.
		return c, s.store.delete(ctx, c.ID)
	}
	c.Estado = EstadoCerrado
	if err := s.store.replace(ctx, c); err != nil {
		return Cut{}, err
	}
	// The cashier need not wait for the clean-up: a closed period is never read again.
	s.cleanup.Go(func() { s.forget(context.WithoutCancel(ctx), sales) })
	return c, nil
}

// forget lets the sales module drop what a closed cut counted; left undone (a crash, the store
// down), the next start does it.
func (s *Service) forget(ctx context.Context, sales []PaidSale) {
	paidAt := make([]time.Time, len(sales))
	for i, v := range sales {
		paidAt[i] = v.PaidAt
	}
	if err := s.sales.ForgetPaid(ctx, paidAt); err != nil {
		s.log.Warn().Err(err).Msg("cash cut: closed payments not dropped yet")
	}
}

// Wait waits for the clean-ups of cuts made so far.
func (s *Service) Wait() { s.cleanup.Wait() }

// Sweep completes what a crash left: a period fixed by the counter whose cut was never written
// is written, and every cut in process is closed.
func (s *Service) Sweep(ctx context.Context) error {
	last, err := s.store.counter(ctx)
	if err != nil || last.Numero == 0 {
		return err
	}
	if _, ok, err := s.store.byNumber(ctx, last.Numero); err != nil {
		return err
	} else if !ok {
		// Written and removed as empty, or never written: close it again (an empty one is removed).
		c := Cut{ID: bson.NewObjectID(), Numero: last.Numero, Desde: last.Desde, Hasta: last.Hasta, Fecha: last.Hasta,
			NombreUsuario: "Sistema (recuperado)", Estado: EstadoEnProceso, Ventas: []CutSale{}, PorUsuario: []ByUser{}}
		if err := s.store.insert(ctx, c); err != nil {
			return err
		}
	}
	open, err := s.store.inProcess(ctx)
	if err != nil {
		return err
	}
	for _, c := range open {
		if _, err := s.close(ctx, c); err != nil {
			return err
		}
		s.log.Warn().Int64("cut", c.Numero).Msg("cash cut completed after a crash")
	}
	closed, err := s.sales.PaidBetween(ctx, time.Time{}, last.Hasta) // counted, but not dropped yet
	if err != nil {
		return err
	}
	s.forget(ctx, closed)
	return nil
}

// List returns past cuts, newest first, without their sales.
func (s *Service) List(ctx context.Context, page, limit int) ([]Cut, bool, error) {
	return s.store.list(ctx, page, limit)
}

// Get returns one cut with its sales. Errors: not_found.
func (s *Service) Get(ctx context.Context, id bson.ObjectID) (Cut, error) {
	return s.store.get(ctx, id)
}
