package cashcut

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
	"tienda/pkg/mongox"
)

// paidSales is the sales module as the cut sees it (the Sales port), in memory: paid sales and
// the cut each is claimed by, claimed once.
type paidSales struct {
	mu    sync.Mutex
	sales []PaidSale
	cut   map[string]int64 // sale id -> the cut that claimed it
}

func (p *paidSales) pay(list ...PaidSale) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sales = append(p.sales, list...)
}

func (p *paidSales) where(keep func(id string) bool) []PaidSale {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []PaidSale
	for _, v := range p.sales {
		if keep(v.ID) {
			out = append(out, v)
		}
	}
	return out
}

func (p *paidSales) AnyUnclaimed(ctx context.Context) (bool, error) {
	list, err := p.Unclaimed(ctx)
	return len(list) > 0, err
}

func (p *paidSales) Unclaimed(context.Context) ([]PaidSale, error) {
	return p.where(func(id string) bool { _, ok := p.cut[id]; return !ok }), nil
}

func (p *paidSales) Claim(_ context.Context, n int64, ids []string) (int64, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var claimed int64
	for _, v := range p.sales {
		if _, ok := p.cut[v.ID]; ok || (ids != nil && !slices.Contains(ids, v.ID)) {
			continue
		}
		p.cut[v.ID] = n
		claimed++
	}
	return claimed, nil
}

func (p *paidSales) ClaimedBy(_ context.Context, n int64) ([]PaidSale, error) {
	return p.where(func(id string) bool { c, ok := p.cut[id]; return ok && c == n }), nil
}

func (p *paidSales) CountClaimedBy(ctx context.Context, n int64) (int64, error) {
	list, err := p.ClaimedBy(ctx, n)
	return int64(len(list)), err
}

// newCuts is the module's service on a fresh store, over paid sales in memory.
func newCuts(t *testing.T) (*Service, *paidSales) {
	t.Helper()
	sales := &paidSales{cut: map[string]int64{}}
	db := mongox.TestDB(t)
	m := New(Deps{Store: db, Sales: sales, Log: zerolog.Nop()})
	if err := db.BuildIndexes(t.Context(), m.Collections()...); err != nil {
		t.Fatal(err)
	}
	return m.Service(), sales
}

var (
	carmen = Actor{ID: "64b0000000000000000000c1", Name: "Carmen Cajera"}
	ana    = Actor{ID: "64b0000000000000000000a1", Name: "Ana Admin"}
)

func sale(id, metodo string, who Actor, total money.Cents) PaidSale {
	return PaidSale{ID: id, Folio: "20261123-1000" + id, Metodo: metodo, UserID: who.ID, UserName: who.Name, Total: total}
}

func movement(t *testing.T, s *Service, who Actor, tipo string, monto float64, motivo string) {
	t.Helper()
	if _, created, err := s.RecordMovement(t.Context(), who, MovementInput{Tipo: tipo, Monto: &monto, Motivo: motivo}); err != nil || !created {
		t.Fatalf("movement %s %.2f: created %v, %v", tipo, monto, created, err)
	}
}

// A cut closes every paid sale and drawer movement waiting, and stores their totals to the
// centavo: by method (a refund taken off its method), by user, and the cash the drawer should hold
// (float + cash payments - cash refunds - withdrawals + deposits) against the cash counted.
func TestACutTotalsWhatItCloses(t *testing.T) {
	t.Parallel()
	s, sales := newCuts(t)
	ctx := t.Context()
	sales.pay(sale("1", "Efectivo", carmen, 100010), sale("2", "Tarjeta", carmen, 5000),
		sale("3", "Efectivo", carmen, -2005), sale("4", "Transferencia", ana, 3000), sale("5", "Efectivo", ana, 1))
	movement(t, s, carmen, TipoFondo, 500, "")
	movement(t, s, carmen, TipoRetiro, 300.5, "Al banco")
	counted := money.Cents(128000)
	c, err := s.MakeCut(ctx, carmen, &counted, "  Sin novedad  ")
	if err != nil {
		t.Fatal(err)
	}
	// Cash: 500 + 1000.10 + 0.01 - 20.05 - 300.50 = 1179.56 expected, 1280.00 counted.
	if c.Numero != 1 || c.Estado != EstadoCerrado || c.CerradoEn == nil || c.NumVentas != 5 || c.NumMovimientos != 2 ||
		c.UsuarioID != carmen.ID || c.Observaciones != "Sin novedad" {
		t.Fatalf("cut %+v", c)
	}
	want := []MethodTotal{{Metodo: "Efectivo", Venta: 980.06}, {Metodo: "Tarjeta", Venta: 50}, {Metodo: "Transferencia", Venta: 30}}
	if !slices.Equal(c.PorMetodo.Totales, want) || c.PorMetodo.TotalGeneral != 1060.06 {
		t.Fatalf("by method %+v", c.PorMetodo)
	}
	if len(c.PorUsuario) != 2 || c.PorUsuario[0].ID.NombreUsuario != ana.Name || c.PorUsuario[0].VentaTotal != 30.01 ||
		c.PorUsuario[1].VentaTotal != 1030.05 {
		t.Fatalf("by user %+v", c.PorUsuario)
	}
	if c.Fondo != 500 || c.VentasEfectivo != 1000.11 || c.DevolucionesEfectivo != 20.05 || c.Retiros != 300.5 ||
		c.EfectivoEsperado != 1179.56 || c.EfectivoContado == nil || *c.EfectivoContado != 1280 || c.Diferencia == nil || *c.Diferencia != 100.44 {
		t.Fatalf("cash %+v", c.Cash)
	}
	// As stored: the same totals, and the sales it claimed in folio order.
	got, err := s.Get(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.PorMetodo.TotalGeneral != 1060.06 || got.EfectivoEsperado != 1179.56 || len(got.Ventas) != 5 || got.Ventas[0].Folio != "20261123-10001" ||
		got.Ventas[2].Total != -20.05 || len(got.Movimientos) != 2 {
		t.Fatalf("stored cut %+v", got)
	}
	// Nothing waits any more.
	if bm, bu, err := s.Pending(ctx); err != nil || bm.TotalGeneral != 0 || len(bm.Totales) != 0 || len(bu) != 0 {
		t.Fatalf("pending after the cut: %+v %+v %v", bm, bu, err)
	}
}

// Cuts are numbered 1, 2, 3... with no gap: a cut asked for with nothing new is refused and uses
// no number, and each cut closes only what came after the one before; cashiers pressing 'Hacer
// corte' at once make one cut.
func TestCutsAreNumberedInTurnAndAnEmptyOneIsRefused(t *testing.T) {
	t.Parallel()
	s, sales := newCuts(t)
	ctx := t.Context()
	if _, err := s.MakeCut(ctx, carmen, nil, ""); !errors.Is(err, errNothingToCut) {
		t.Fatalf("a cut of an empty shop: %v", err)
	}
	sales.pay(sale("1", "Efectivo", carmen, 10000))
	first, err := s.MakeCut(ctx, carmen, nil, "")
	if err != nil || first.Numero != 1 || first.NumVentas != 1 || first.EfectivoContado != nil || first.Diferencia != nil {
		t.Fatalf("first cut %+v %v", first, err)
	}
	_, err = s.MakeCut(ctx, carmen, nil, "")
	if ae := (*apperr.Error)(nil); !errors.As(err, &ae) || ae.Code != apperr.Conflict || ae.PublicMessage() != "No hay ventas ni movimientos de caja pendientes de corte." {
		t.Fatalf("a second cut with nothing new: %v", err)
	}
	// A drawer movement alone is something to close.
	movement(t, s, ana, TipoDeposito, 200, "Cambio")
	second, err := s.MakeCut(ctx, ana, nil, "")
	if err != nil || second.Numero != 2 || second.NumVentas != 0 || second.NumMovimientos != 1 || second.Depositos != 200 || second.EfectivoEsperado != 200 {
		t.Fatalf("second cut %+v %v", second, err)
	}
	sales.pay(sale("2", "Tarjeta", ana, 2550), sale("3", "Efectivo", ana, 1000))
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		made   []Cut
		others []error
	)
	for i := range 4 {
		wg.Go(func() {
			c, err := s.MakeCut(ctx, Actor{ID: fmt.Sprintf("64b00000000000000000000%d", i), Name: "Cajero"}, nil, "")
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				others = append(others, err)
				return
			}
			made = append(made, c)
		})
	}
	wg.Wait()
	if len(made) != 1 || made[0].Numero != 3 || made[0].NumVentas != 2 || made[0].PorMetodo.TotalGeneral != 35.5 {
		t.Fatalf("cuts made at once: %+v", made)
	}
	for _, err := range others {
		if !errors.Is(err, errNothingToCut) {
			t.Fatalf("the other cashiers: %v", err)
		}
	}
	list, more, err := s.List(ctx, 1, 10)
	if err != nil || more || len(list) != 3 || list[0].Numero != 3 || list[1].Numero != 2 || list[2].Numero != 1 {
		t.Fatalf("cuts %+v %v %v", list, more, err)
	}
}

// A cut a crash left in process is finished by the sweep once it is older than any live cut,
// with what it claims; one that claims nothing is removed, and its number goes to the next cut.
func TestTheSweepFinishesACutACrashLeft(t *testing.T) {
	t.Parallel()
	s, sales := newCuts(t)
	ctx := t.Context()
	now := time.Date(2026, 11, 23, 18, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	left := Cut{Numero: 1, Fecha: now, UsuarioID: carmen.ID, NombreUsuario: carmen.Name, Estado: EstadoEnProceso, PorUsuario: []ByUser{}, PorCajero: []CashierCash{}}
	left.ID = bson.NewObjectID()
	if taken, err := s.store.insert(ctx, left); err != nil || taken {
		t.Fatalf("insert: taken %v, %v", taken, err)
	}
	if err := s.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if last, found, err := s.store.last(ctx); err != nil || !found || last.Estado != EstadoEnProceso {
		t.Fatalf("a cut being made was touched: %+v %v %v", last, found, err)
	}
	now = now.Add(staleCut + time.Second)
	if err := s.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if _, found, err := s.store.last(ctx); err != nil || found {
		t.Fatalf("the empty cut left behind stays: %v %v", found, err)
	}
	sales.pay(sale("1", "Efectivo", carmen, 4200))
	left.ID = bson.NewObjectID()
	if _, err := s.store.insert(ctx, left); err != nil {
		t.Fatal(err)
	}
	now = now.Add(staleCut + time.Second)
	if err := s.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	c, err := s.Get(ctx, left.ID)
	if err != nil || c.Numero != 1 || c.Estado != EstadoCerrado || c.NumVentas != 1 || c.PorMetodo.TotalGeneral != 42 {
		t.Fatalf("the cut left behind, finished: %+v %v", c, err)
	}
}
