package cashcut

import (
	"context"

	"tienda/pkg/money"
)

// PaidSale is what a cut needs of a paid sale.
type PaidSale struct {
	ID, Folio, Metodo, UserID, UserName string
	Total                               money.Cents
}

// Sales is the sales module as the cash cut sees it (adapted by app/).
type Sales interface {
	// AnyUnclaimed reports whether some paid sale waits for a cut.
	AnyUnclaimed(ctx context.Context) (bool, error)
	// Unclaimed lists the paid sales no cut has claimed.
	Unclaimed(ctx context.Context) ([]PaidSale, error)
	// Claim puts in cut n every paid sale no cut has claimed (ids nil), or those of ids that are
	// paid and unclaimed, each with a guarded update of its own; it answers how many it claimed.
	Claim(ctx context.Context, n int64, ids []string) (int64, error)
	// ClaimedBy lists the sales cut n claimed.
	ClaimedBy(ctx context.Context, n int64) ([]PaidSale, error)
	// CountClaimedBy counts the sales cut n claimed.
	CountClaimedBy(ctx context.Context, n int64) (int64, error)
}
