package invoicing

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/mail"
	"tienda/pkg/mongox"
)

// The sagas of claims.go on the real store, with several replicas (Service instances on one
// store) and fault points between and inside their steps. The sales are a fake of the sales
// module that keeps its rules (modules/sales tests them on the store): each sale is changed by a
// guarded update of its own, one after another, so a step of several sales can stop half way,
// as an updateMany does on MongoDB when a failover cuts it.

// saleDoc is a sale as the fake holds it: the port's Sale and the CFDIs whose claim on it is over.
type saleDoc struct {
	Sale
	cerradas map[string]bool
}

// fakeSales is the sales of the store all replicas share.
type fakeSales struct {
	mu    sync.Mutex
	sales map[string]*saleDoc
	order []string // the sales' ids, as created
}

// salesOf is the sales module as one replica sees it; hook, when set, runs before each sale a
// step of that replica would change (changed: how many that step changed so far): an error stops
// the step there, and a hook that blocks is a replica that stalled in the middle of it.
type salesOf struct {
	*fakeSales
	hook func(step string, changed int) error
}

func newFakeSales(n int) *fakeSales {
	f := &fakeSales{sales: map[string]*saleDoc{}}
	paid := time.Now().Add(-time.Hour)
	for i := range n {
		id := bson.NewObjectID().Hex()
		f.sales[id] = &saleDoc{Sale: Sale{
			ID: id, Folio: fmt.Sprintf("20261128-1000%02d", i), Fecha: paid, PagadoEn: paid, Pagada: true, MetodoPago: "Efectivo",
			Subtotal: 10000, IVA: 1600, Total: 11600,
			Lineas: []SaleLine{{VarianteID: "v1", Nombre: "Cámara", Cantidad: 1, Precio: 10000, PrecioFinal: 10000}},
		}, cerradas: map[string]bool{}}
		f.order = append(f.order, id)
	}
	return f
}

// each runs change on each sale of ids that passes filter, one sale at a time, as an updateMany.
func (r salesOf) each(step string, ids []string, filter func(*saleDoc) bool, change func(*saleDoc)) error {
	changed := 0
	for _, id := range ids {
		r.mu.Lock()
		v, ok := r.sales[id]
		pass := ok && filter(v)
		r.mu.Unlock()
		if !pass {
			continue
		}
		if r.hook != nil {
			if err := r.hook(step, changed); err != nil {
				return err
			}
		}
		r.mu.Lock()
		if filter(v) { // checked again as it is written: one guarded update
			change(v)
			changed++
		}
		r.mu.Unlock()
	}
	return nil
}

// carrying lists the ids of the sales CFDI id covers (the port's filter on factura.id).
func (f *fakeSales) carrying(id string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, sid := range f.order {
		if v := f.sales[sid]; v.Factura != nil && v.Factura.ID == id {
			out = append(out, sid)
		}
	}
	return out
}

func (r salesOf) Claim(_ context.Context, ref SaleInvoice, ids []string, from, to time.Time) error {
	return r.each("claim", ids, func(v *saleDoc) bool {
		inPeriod := from.IsZero() || (!v.PagadoEn.Before(from) && v.PagadoEn.Before(to))
		return v.Factura == nil && v.Pagada && !v.Cancelada && !v.cerradas[ref.ID] && inPeriod
	}, func(v *saleDoc) { v.Factura = &ref })
}

func (r salesOf) Transfer(_ context.Context, ids []string, fromID string, ref SaleInvoice) error {
	return r.each("transfer", ids, func(v *saleDoc) bool {
		return v.Factura != nil && v.Factura.ID == fromID && !v.cerradas[ref.ID]
	}, func(v *saleDoc) { v.Factura = &ref })
}

func (r salesOf) Close(_ context.Context, facturaID string, ids []string) error {
	return r.each("close", ids, func(v *saleDoc) bool {
		return (v.Factura == nil || v.Factura.ID != facturaID) && !v.cerradas[facturaID]
	}, func(v *saleDoc) { v.cerradas[facturaID] = true })
}

func (r salesOf) Release(_ context.Context, facturaID string, ids []string, to *SaleInvoice) error {
	if err := r.each("close", ids, func(v *saleDoc) bool { return !v.cerradas[facturaID] },
		func(v *saleDoc) { v.cerradas[facturaID] = true }); err != nil {
		return err
	}
	return r.each("release", r.carrying(facturaID), func(v *saleDoc) bool { return v.Factura != nil && v.Factura.ID == facturaID },
		func(v *saleDoc) {
			v.Factura = nil
			if to != nil {
				ref := *to
				v.Factura = &ref
			}
		})
}

func (r salesOf) MarkStamped(_ context.Context, facturaID, uuid string) error {
	return r.each("stamped", r.carrying(facturaID), func(v *saleDoc) bool { return v.Factura != nil && v.Factura.ID == facturaID },
		func(v *saleDoc) { v.Factura.UUID = uuid })
}

func (r salesOf) ClaimedBy(_ context.Context, facturaID string) ([]Sale, error) {
	var out []Sale
	for _, id := range r.carrying(facturaID) {
		v, _ := r.Get(context.Background(), id)
		out = append(out, v)
	}
	return out, nil
}

func (r salesOf) Get(_ context.Context, id string) (Sale, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	v, ok := r.sales[id]
	if !ok {
		return Sale{}, apperr.New(apperr.NotFound, "No se encontró la venta.")
	}
	out := v.Sale
	if v.Factura != nil {
		ref := *v.Factura
		out.Factura = &ref
	}
	return out, nil
}

func (r salesOf) ByFolio(context.Context, string) (Sale, error) {
	return Sale{}, apperr.New(apperr.NotFound, "No se encontró la venta.")
}
func (r salesOf) Uninvoiced(context.Context, time.Time, time.Time) ([]Sale, error) { return nil, nil }
func (r salesOf) WithCreditNotesPending(context.Context) ([]Sale, error)           { return nil, nil }
func (r salesOf) SetCreditNote(context.Context, string, string, CreditNote) error  { return nil }

// fakePAC stamps every CFDI it is sent, once per idempotency key, and cancels what it is asked to.
type fakePAC struct {
	mu    sync.Mutex
	byKey map[string]*Stamped
	byID  map[string]*Stamped
	// onCancel, when set, runs as a cancellation reaches the PAC, before it is made: one that
	// blocks is a PAC slow to answer.
	onCancel func()
}

func newFakePAC() *fakePAC {
	return &fakePAC{byKey: map[string]*Stamped{}, byID: map[string]*Stamped{}}
}

func (p *fakePAC) Stamp(_ context.Context, req StampRequest) (Stamped, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if st, ok := p.byKey[req.Key]; ok {
		return *st, nil
	}
	id := bson.NewObjectID().Hex()
	st := &Stamped{PACID: "pac-" + id, UUID: "UUID-" + id, Status: "valid", CancellationStatus: "none", FechaTimbrado: time.Now()}
	p.byKey[req.Key], p.byID[st.PACID] = st, st
	return *st, nil
}

func (p *fakePAC) Cancel(_ context.Context, pacID, _, _ string) (Stamped, error) {
	if p.onCancel != nil {
		p.onCancel()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	st, ok := p.byID[pacID]
	if !ok {
		return Stamped{}, &PACError{Status: 404, Message: "No existe."}
	}
	st.Status, st.CancellationStatus = "canceled", "accepted"
	return *st, nil
}

func (p *fakePAC) Get(_ context.Context, pacID string) (Stamped, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if st, ok := p.byID[pacID]; ok {
		return *st, nil
	}
	return Stamped{}, &PACError{Status: 404, Message: "No existe."}
}

func (p *fakePAC) Download(context.Context, string, string) ([]byte, error) {
	return []byte("<cfdi/>"), nil
}
func (p *fakePAC) Account(context.Context) (Account, error) { return Account{}, nil }

// stamped is how many CFDIs the PAC stamped.
func (p *fakePAC) stamped() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.byKey)
}

// shop is one store, its sales and its PAC, and the replicas running on them.
type shop struct {
	t     *testing.T
	db    *mongox.Store
	sales *fakeSales
	pac   *fakePAC
}

func newShop(t *testing.T, sales int) *shop {
	t.Helper()
	return &shop{t: t, db: mongox.TestDB(t), sales: newFakeSales(sales), pac: newFakePAC()}
}

// replica starts a Service on the shop's store whose clock is skew ahead of this process's, and
// whose sales steps run hook.
func (sh *shop) replica(skew time.Duration, hook func(step string, changed int) error) *Service {
	sh.t.Helper()
	mailer, err := mail.New("", "", zerolog.Nop()) // logs the e-mails
	if err != nil {
		sh.t.Fatal(err)
	}
	m := New(Deps{
		Store: sh.db, Sales: salesOf{fakeSales: sh.sales, hook: hook}, Products: catalogue{}, PAC: sh.pac, Mailer: mailer,
		Log: zerolog.Nop(), Settings: Settings{ShopName: "Tienda", LugarExpedicion: "03100", DownloadTokenKey: []byte("k")},
		Now: func() time.Time { return time.Now().Add(skew) },
	})
	if err := sh.db.BuildIndexes(context.Background(), m.Collections()...); err != nil {
		sh.t.Fatal(err)
	}
	sh.t.Cleanup(m.service.mails.Wait)
	return m.service
}

// ids are the ids of the shop's sales from i to j.
func (sh *shop) ids(i, j int) []string { return slices.Clone(sh.sales.order[i:j]) }

// stall is a fault point: the step named step of a replica stops once it changed `after` sales,
// until resume is called; then the rest of the step lands, late, as a paused replica's would.
type stall struct {
	step    string
	after   int
	reached chan struct{}
	resume  chan struct{}
	once    sync.Once
}

func newStall(step string, after int) *stall {
	return &stall{step: step, after: after, reached: make(chan struct{}), resume: make(chan struct{})}
}

var errFailover = errors.New("the primary stepped down (test)")

func (s *stall) hook(step string, changed int) error {
	if step != s.step || changed < s.after {
		return nil
	}
	hit := false
	s.once.Do(func() { hit = true; close(s.reached) })
	if !hit {
		return nil
	}
	<-s.resume
	return nil
}

// cut is a fault point: the step named step fails once it changed `after` sales, once.
func cut(step string, after int) func(string, int) error {
	var once sync.Once
	return func(got string, changed int) error {
		var err error
		if got == step && changed >= after {
			once.Do(func() { err = errFailover })
		}
		return err
	}
}

// toPublic is the receptor of a factura global; customer that of a customer's.
var (
	toPublic = Receptor{RFC: "XAXX010101000", RazonSocial: "PUBLICO EN GENERAL", RegimenFiscal: "616", CodigoPostal: "03100", UsoCFDI: "S01"}
	customer = Receptor{RFC: "MAB9307148T4", RazonSocial: "MATERIALES ABC", RegimenFiscal: "601", CodigoPostal: "06600", UsoCFDI: "G03", Email: "compras@abc.mx"}
)

func globalDraft(ids []string) draft {
	return draft{tipo: TipoGlobal, receptor: toPublic, global: &Global{Periodicidad: "01", Meses: "11", Anio: 2026}, saleIDs: ids,
		from: time.Now().Add(-24 * time.Hour), to: time.Now().Add(time.Hour)}
}

func customerDraft(ids []string) draft {
	return draft{tipo: TipoIndividual, receptor: customer, saleIDs: ids}
}

// checkEverySaleInOneValidCFDI fails unless each sale of the shop is covered by exactly one
// factura 'valida' that lists it, and stands on no other (the sales it names are in it), or, when
// free is true for it, by none.
func (sh *shop) checkEverySaleInOneValidCFDI(free func(id string) bool) {
	sh.t.Helper()
	ctx := context.Background()
	list, err := store{db: sh.db}.find(ctx, bson.M{})
	if err != nil {
		sh.t.Fatal(err)
	}
	listedBy := map[string][]string{}
	byID := map[string]Factura{}
	for _, f := range list {
		byID[f.ID] = f
		if f.Estado != EstadoValida {
			continue
		}
		for _, v := range f.Ventas {
			listedBy[v.ID] = append(listedBy[v.ID], f.ID)
		}
	}
	for _, id := range sh.sales.order {
		v, _ := salesOf{fakeSales: sh.sales}.Get(ctx, id)
		if free != nil && free(id) {
			if v.Factura != nil || len(listedBy[id]) > 0 {
				sh.t.Fatalf("sale %s should be free: it carries %+v and is listed by %v", v.Folio, v.Factura, listedBy[id])
			}
			continue
		}
		if v.Factura == nil {
			sh.t.Fatalf("sale %s is on no CFDI (listed by %v)", v.Folio, listedBy[id])
		}
		f, ok := byID[v.Factura.ID]
		if !ok || f.Estado != EstadoValida || len(listedBy[id]) != 1 || listedBy[id][0] != f.ID || v.Factura.UUID != f.UUID {
			sh.t.Fatalf("sale %s carries %+v (%q, %s), listed by the valid %v", v.Folio, v.Factura, f.ID, f.Estado, listedBy[id])
		}
	}
}

// facturaOf is the factura that covers the shop's sale id.
func (sh *shop) facturaOf(id string) Factura {
	sh.t.Helper()
	v, _ := salesOf{fakeSales: sh.sales}.Get(context.Background(), id)
	if v.Factura == nil {
		sh.t.Fatalf("sale %s is on no CFDI", v.Folio)
	}
	f, err := store{db: sh.db}.get(context.Background(), v.Factura.ID)
	if err != nil {
		sh.t.Fatal(err)
	}
	return f
}

func (sh *shop) sweep(s *Service) {
	sh.t.Helper()
	if err := s.Retry(context.Background(), time.Minute); err != nil {
		sh.t.Fatal(err)
	}
}

// ahead is how far the sweeping replicas' clocks run ahead of the one that stalled: far enough
// that the stalled one's factura looks abandoned to them.
const ahead = 10 * time.Minute

// A substitution whose move of four sales stops after two, on a replica that then stalls (a
// failover, a paused VM): another replica's sweep, its clock ahead, finishes the move to the
// substitute, stamps it with all four sales and cancels the old CFDI with motivo 01; every sale is
// on exactly one valid CFDI; meanwhile staff cannot cancel the old CFDI by hand. When the stalled
// replica wakes, its request changes nothing.
// Before, the sweep stamped the substitute with the two sales it had, and the old CFDI's
// cancellation freed the other two.
func TestReplicaSubstitutionStoppedHalfWayIsFinishedByTheSweep(t *testing.T) {
	t.Parallel()
	sh := newShop(t, 4)
	a := sh.replica(0, nil)
	old, err := a.issue(context.Background(), customerDraft(sh.ids(0, 4)))
	if err != nil || old.Estado != EstadoValida || len(old.Ventas) != 4 {
		t.Fatalf("the CFDI to replace: %+v %v", old, err)
	}

	st := newStall("transfer", 2)
	stalled := sh.replica(0, st.hook)
	done := make(chan error, 1)
	go func() {
		_, err := stalled.Substitute(context.Background(), old.ID, customer, "admin")
		done <- err
	}()
	<-st.reached
	if n := len(sh.sales.carrying(old.ID)); n != 2 {
		t.Fatalf("%d sales left on the old CFDI at the stop, want 2", n)
	}
	// Staff cannot cancel the CFDI being replaced meanwhile: its cancellation would free the
	// sales still on it.
	if _, err := sh.replica(0, nil).Cancel(context.Background(), old.ID, "02", "admin"); !apperr.Is(err, apperr.Conflict) ||
		!strings.Contains(err.Error(), "se está sustituyendo") {
		t.Fatalf("cancelling the CFDI being replaced: %v", err)
	}

	sh.sweep(sh.replica(ahead, nil))
	sh.checkEverySaleInOneValidCFDI(nil)
	sub := sh.facturaOf(sh.sales.order[0])
	if sub.ID == old.ID || sub.Sustituye != old.UUID || len(sub.Ventas) != 4 {
		t.Fatalf("the substitute: %+v", sub)
	}
	if prev, _ := (store{db: sh.db}).get(context.Background(), old.ID); prev.Estado != EstadoCancelada || prev.Cancelacion == nil || prev.Cancelacion.Motivo != motivoSustitucion {
		t.Fatalf("the replaced CFDI: %s %+v", prev.Estado, prev.Cancelacion)
	}

	close(st.resume)
	<-done
	sh.sweep(sh.replica(ahead, nil))
	sh.checkEverySaleInOneValidCFDI(nil)
	if n := sh.pac.stamped(); n != 2 {
		t.Fatalf("the PAC stamped %d CFDIs, want 2 (the old one and its substitute)", n)
	}
}

// A substitution whose move fails after two of four sales (the request sees the error): the
// request gives the substitute up, fenced first, so every sale is back on the old CFDI, which
// names no substitute, and the substitute is gone; the sweep finds nothing to do, and the next
// substitution takes all four.
func TestFenceASubstitutionThatFailsHalfWayGivesEverySaleBack(t *testing.T) {
	t.Parallel()
	sh := newShop(t, 4)
	ctx := context.Background()
	a := sh.replica(0, cut("transfer", 2))
	old, err := a.issue(ctx, customerDraft(sh.ids(0, 4)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Substitute(ctx, old.ID, customer, "admin"); !errors.Is(err, errFailover) {
		t.Fatalf("the substitution that failed: %v", err)
	}
	sh.sweep(sh.replica(ahead, nil))
	sh.checkEverySaleInOneValidCFDI(nil)
	if f := sh.facturaOf(sh.sales.order[3]); f.ID != old.ID || f.SustituidaPor != "" {
		t.Fatalf("the sales are on %s (sustituidaPor %q), want the old CFDI %s", f.ID, f.SustituidaPor, old.ID)
	}
	if n, _ := sh.db.Count(ctx, colFacturas, bson.M{}); n != 1 {
		t.Fatalf("%d facturas, want the old one alone", n)
	}
	sub, err := a.Substitute(ctx, old.ID, customer, "admin")
	if err != nil || sub.Estado != EstadoValida || len(sub.Ventas) != 4 {
		t.Fatalf("the next substitution: %+v %v", sub, err)
	}
	sh.checkEverySaleInOneValidCFDI(nil)
}

// A factura global's claim of six sales stops on its replica after `after` of them (0: before
// any); meanwhile a customer invoices one of the rest on another replica, and a third replica's
// sweep, its clock ahead, finishes the global's claim: it takes what is still free and stamps it.
// When the stalled replica wakes, after the customer's CFDI was cancelled, the rest of its claim
// lands on nothing, not even that freed sale: no sale is claimed twice, none is lost. Before, the sweep stamped the global with the sales claimed so far (or,
// with none, deleted it), and the claim that landed afterwards left sales on a CFDI that did not
// list them (or did not exist): they could never be invoiced again.
func TestSkewAClaimStoppedHalfWayIsFinishedByASweepAheadAndLandsOnce(t *testing.T) {
	t.Parallel()
	for _, after := range []int{0, 3} {
		t.Run(fmt.Sprintf("after %d", after), func(t *testing.T) {
			t.Parallel()
			sh := newShop(t, 6)
			ctx := context.Background()
			st := newStall("claim", after)
			stalled := sh.replica(0, st.hook)
			done := make(chan error, 1)
			go func() {
				_, err := stalled.issue(ctx, globalDraft(sh.ids(0, 6)))
				done <- err
			}()
			<-st.reached

			b := sh.replica(0, nil)
			own, err := b.issue(ctx, customerDraft(sh.ids(4, 5)))
			if err != nil {
				t.Fatalf("the customer's CFDI: %v", err)
			}
			sh.sweep(sh.replica(ahead, nil))
			sh.checkEverySaleInOneValidCFDI(nil)
			global := sh.facturaOf(sh.sales.order[0])
			if global.Tipo != TipoGlobal || len(global.Ventas) != 5 {
				t.Fatalf("the global covers %d sales, want 5", len(global.Ventas))
			}

			// The customer's CFDI is cancelled, which frees its sale, before the stalled replica
			// wakes: the global's claim is closed, so the rest of it leaves that sale free.
			if _, err := b.Cancel(ctx, own.ID, "02", "admin"); err != nil {
				t.Fatal(err)
			}
			close(st.resume)
			<-done
			sh.sweep(sh.replica(ahead, nil))
			sh.checkEverySaleInOneValidCFDI(func(id string) bool { return id == sh.sales.order[4] })
			if n := sh.pac.stamped(); n != 2 {
				t.Fatalf("the PAC stamped %d CFDIs, want 2", n)
			}
		})
	}
}

// A factura global stalls before it claims anything, and staff issue the same global on another
// replica, which takes every sale. The sweep gives the stalled one up (no sale was left to it),
// fenced first. That global is then cancelled, freeing its sales, and the stalled replica wakes:
// its claim, which would land on the freed sales, is refused. The sales are free, and a new
// global takes them. Before, the sweep deleted the stalled factura and its late claim left the
// sales on a CFDI that did not exist.
func TestFenceAFacturaGivenUpNeverTakesASaleLate(t *testing.T) {
	t.Parallel()
	sh := newShop(t, 3)
	ctx := context.Background()
	st := newStall("claim", 0)
	stalled := sh.replica(0, st.hook)
	done := make(chan error, 1)
	go func() {
		_, err := stalled.issue(ctx, globalDraft(sh.ids(0, 3)))
		done <- err
	}()
	<-st.reached

	b := sh.replica(0, nil)
	first, err := b.issue(ctx, globalDraft(sh.ids(0, 3)))
	if err != nil || len(first.Ventas) != 3 {
		t.Fatalf("the global of another replica: %+v %v", first, err)
	}
	sh.sweep(sh.replica(ahead, nil))
	if n, _ := sh.db.Count(ctx, colFacturas, bson.M{}); n != 1 {
		t.Fatalf("%d facturas after the sweep, want the stamped global alone", n)
	}
	if _, err := b.Cancel(ctx, first.ID, "02", "admin"); err != nil {
		t.Fatal(err)
	}
	close(st.resume)
	if err := <-done; err == nil {
		t.Fatal("the stalled request says it issued its factura")
	}
	sh.checkEverySaleInOneValidCFDI(func(string) bool { return true })

	again, err := b.issue(ctx, globalDraft(sh.ids(0, 3)))
	if err != nil || len(again.Ventas) != 3 {
		t.Fatalf("a new global of the freed sales: %+v %v", again, err)
	}
	sh.checkEverySaleInOneValidCFDI(nil)
}

// Three sagas stopped half way on a replica that stalls (a substitution, a global's claim and a
// customer's claim), then two replicas whose clocks run ahead sweep at the same time, twice:
// every sale ends on exactly one valid CFDI, each CFDI is stamped once and the replaced one is
// cancelled. The stalled replica then wakes, and nothing changes.
func TestReplicasSweepingAtOnceFinishEachSagaOnce(t *testing.T) {
	t.Parallel()
	sh := newShop(t, 12)
	ctx := context.Background()
	old, err := sh.replica(0, nil).issue(ctx, customerDraft(sh.ids(0, 3)))
	if err != nil {
		t.Fatal(err)
	}
	stalls := []*stall{newStall("transfer", 1), newStall("claim", 2), newStall("claim", 0)}
	runs := []func(*Service) error{
		func(s *Service) error { _, err := s.Substitute(ctx, old.ID, customer, "admin"); return err },
		func(s *Service) error { _, err := s.issue(ctx, globalDraft(sh.ids(3, 9))); return err },
		func(s *Service) error { _, err := s.issue(ctx, customerDraft(sh.ids(9, 12))); return err },
	}
	var stopped sync.WaitGroup
	for i, st := range stalls {
		s := sh.replica(0, st.hook)
		stopped.Go(func() { _ = runs[i](s) })
		<-st.reached
	}

	b, c := sh.replica(ahead, nil), sh.replica(ahead+time.Minute, nil)
	var wg sync.WaitGroup
	for _, s := range []*Service{b, c, b, c} {
		wg.Go(func() { sh.sweep(s) })
	}
	wg.Wait()
	sh.checkEverySaleInOneValidCFDI(nil)
	if n := sh.pac.stamped(); n != 4 {
		t.Fatalf("the PAC stamped %d CFDIs, want 4 (the replaced one, its substitute, the global, the customer's)", n)
	}
	if f := sh.facturaOf(sh.sales.order[0]); f.ID == old.ID || len(f.Ventas) != 3 {
		t.Fatalf("the substitute: %+v", f)
	}
	if f := sh.facturaOf(sh.sales.order[3]); len(f.Ventas) != 6 {
		t.Fatalf("the global covers %d sales, want 6", len(f.Ventas))
	}

	for _, st := range stalls {
		close(st.resume)
	}
	stopped.Wait()
	for _, s := range []*Service{b, c} {
		wg.Go(func() { sh.sweep(s) })
	}
	wg.Wait()
	sh.checkEverySaleInOneValidCFDI(nil)
	if n := sh.pac.stamped(); n != 4 {
		t.Fatalf("the PAC stamped %d CFDIs after the stalled replica woke, want 4", n)
	}
	if list, _ := (store{db: sh.db}).find(ctx, bson.M{"estado": bson.M{"$nin": []string{EstadoValida, EstadoCancelada}}}); len(list) != 0 {
		t.Fatalf("facturas left unsettled: %s", strings.Join(estados(list), ", "))
	}
}

func estados(list []Factura) []string {
	out := make([]string, len(list))
	for i, f := range list {
		out[i] = f.ID + ":" + f.Estado
	}
	return out
}
