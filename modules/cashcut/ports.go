package cashcut

import (
	"context"
	"time"

	"tienda/pkg/money"
)

// PaidSale is what a cut needs of a paid sale.
type PaidSale struct {
	ID, Folio, Metodo, UserID, UserName string
	Total                               money.Cents
	PaidAt                              time.Time
}

// Sales is the sales module as the cash cut sees it (adapted by app/).
type Sales interface {
	// Uncut lists the paid sales not yet in a cut.
	Uncut(ctx context.Context) ([]PaidSale, error)
	// ClaimForCut puts every paid sale not yet in a cut into cutID, atomically per sale; it
	// returns how many it claimed.
	ClaimForCut(ctx context.Context, cutID string) (int64, error)
	// InCut lists the sales of a cut.
	InCut(ctx context.Context, cutID string) ([]PaidSale, error)
}
