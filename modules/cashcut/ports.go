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
	// PaidBetween lists the sales paid in (from, to]; to zero means up to now.
	PaidBetween(ctx context.Context, from, to time.Time) ([]PaidSale, error)
	// ForgetPaid lets go of the payments a closed cut counted, given by the times they were paid:
	// a closed period is never read again.
	ForgetPaid(ctx context.Context, paidAt []time.Time) error
}
