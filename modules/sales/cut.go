package sales

import (
	"context"
	"time"
)

// Cash cuts partition the paid sales by the time their payment was first saved in the ledger
// (cobros.go, stamped by the store's clock): a cut closes the payments saved in (previous cut, its
// own time]. No sale is ever updated to put it in a cut, and no sale can be in two cuts, as the
// periods do not overlap and a ledger entry is never stamped twice.

// Cuts tells when the last cash cut closed; sales paid up to then cannot change their payment.
type Cuts interface {
	LastCutUntil(ctx context.Context) (time.Time, error)
}
