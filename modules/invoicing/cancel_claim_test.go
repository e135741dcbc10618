package invoicing

import (
	"context"
	"strings"
	"testing"

	"tienda/pkg/apperr"
)

// Staff cancel a CFDI while the PAC is slow to answer, and meanwhile someone asks to replace it:
// the substitution is refused while the cancellation may land (were it to start, the cancellation
// would free sales that are moving to the substitute). Once the PAC answers, the CFDI is
// cancelled, its sales are free, and the claim is gone.
func TestReplicaCancelAndSubstitutionNeverOverlap(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sh := newShop(t, 3)
	a, b := sh.replica(0, nil), sh.replica(0, nil)
	old, err := a.issue(ctx, customerDraft(sh.ids(0, 3)))
	if err != nil || old.Estado != EstadoValida {
		t.Fatalf("the CFDI: %+v %v", old, err)
	}
	reached, resume := make(chan struct{}), make(chan struct{})
	sh.pac.onCancel = func() { close(reached); <-resume }
	done := make(chan error, 1)
	go func() {
		_, err := a.Cancel(ctx, old.ID, "02", "admin")
		done <- err
	}()
	<-reached
	if _, err := b.Substitute(ctx, old.ID, customer, "admin"); !apperr.Is(err, apperr.Conflict) || !strings.Contains(err.Error(), "se está cancelando") {
		t.Fatalf("a substitution while the cancellation reaches the PAC: %v", err)
	}
	if _, err := b.Cancel(ctx, old.ID, "02", "admin"); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("a second cancellation meanwhile: %v", err)
	}
	close(resume)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	sh.pac.onCancel = nil
	f, err := store{db: sh.db}.get(ctx, old.ID)
	if err != nil || f.Estado != EstadoCancelada || f.Cancelando != nil {
		t.Fatalf("after the PAC answered: %s, claim %+v, %v", f.Estado, f.Cancelando, err)
	}
	sh.checkEverySaleInOneValidCFDI(func(string) bool { return true })
}

// A cancellation's request stops after its claim: once before it reached the PAC, once after
// the PAC cancelled the CFDI but before the answer was recorded. The retry of a replica whose
// clock is past the claim's lease asks the PAC: the first CFDI stays valid and can be replaced
// again, the second is recorded cancelled and its sales freed.
func TestReplicaCancellationStoppedAfterItsClaimIsSettledByTheRetry(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	sh := newShop(t, 2)
	a := sh.replica(0, nil)
	kept, err := a.issue(ctx, customerDraft(sh.ids(0, 1)))
	if err != nil {
		t.Fatal(err)
	}
	gone, err := a.issue(ctx, customerDraft(sh.ids(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []Factura{kept, gone} {
		if _, err := a.claimCancel(ctx, f, "02", "admin"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := sh.pac.Cancel(ctx, gone.PACID, "02", ""); err != nil { // the PAC cancelled it; the answer was lost
		t.Fatal(err)
	}
	sh.sweep(sh.replica(0, nil)) // within the lease: the requests may still be waiting for the PAC
	if f, _ := (store{db: sh.db}).get(ctx, kept.ID); f.Cancelando == nil {
		t.Fatal("a claim within its lease was ended")
	}
	sh.sweep(sh.replica(ahead, nil))
	f, err := store{db: sh.db}.get(ctx, kept.ID)
	if err != nil || f.Estado != EstadoValida || f.Cancelando != nil {
		t.Fatalf("the CFDI the PAC never cancelled: %s, claim %+v, %v", f.Estado, f.Cancelando, err)
	}
	f, err = store{db: sh.db}.get(ctx, gone.ID)
	if err != nil || f.Estado != EstadoCancelada || f.Cancelando != nil || f.Cancelacion == nil || f.Cancelacion.Motivo != "02" {
		t.Fatalf("the CFDI the PAC cancelled: %s, claim %+v, cancelación %+v, %v", f.Estado, f.Cancelando, f.Cancelacion, err)
	}
	if _, err := a.Substitute(ctx, kept.ID, customer, "admin"); err != nil {
		t.Fatalf("replacing the CFDI whose claim ended: %v", err)
	}
	sh.sweep(a)
	sh.checkEverySaleInOneValidCFDI(func(id string) bool { return id == sh.sales.order[1] })
}
