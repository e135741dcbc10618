package main

import (
	"context"
	"net/http"
	"testing"
	"time"

	"tienda/pkg/fault"
)

// Two late payments (each recorded after its order expired and gave its units back), each on a
// replica that crashes: once right after recording the payment, before taking the units again;
// once after taking them, before the sale says so. The sweep, on the other replica, finishes both:
// every unit of a paid sale is taken, and none twice.
func TestReplicaCrashBetweenALatePaymentAndItsRetake(t *testing.T) {
	t.Parallel()
	rs := newReplicaSet(t, 0, 10*time.Minute)
	a, b := rs.replicas[0], rs.replicas[1]
	p := a.pick(false)
	for _, point := range []string{fault.PaymentRecorded, fault.LateRetaken} {
		ref, charge := a.order(p, 2)
		refused := rs.mp.Pay(ref, "rejected", charge)
		approved := rs.mp.Pay(ref, "approved", charge)
		if rec := b.webhook(refused, ""); rec.Code != http.StatusOK { // the order expires, its units come back
			t.Fatalf("webhook: %d %s", rec.Code, rec.Body)
		}
		a.onFault(func(_ context.Context, at string) error {
			if at == point {
				return fault.ErrInjected
			}
			return nil
		})
		a.confirm(approved, map[string]string{"external_reference": ref}) // its answer is the crash's
		a.onFault(nil)
		if n := a.salesWithPayment(approved); n != 1 {
			t.Fatalf("crash at %s: %d sales with the approved payment", point, n)
		}
	}
	rs.settleAndCheck()
}
