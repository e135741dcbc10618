// Package creditnotes is the line between the sales module, which records the return of an
// invoiced sale, and the invoicing module, which issues its nota de crédito (CFDI de egreso).
// app creates one Desk before it builds either module and passes it to both in their Deps: sales
// asks at the desk, and the invoicing module serves it from its constructor. So each module gets
// all it needs when it is built, nothing is set on a module afterwards, neither imports the
// other, and the start order stays that of the modules each is built with.
package creditnotes

import (
	"context"
	"errors"
	"sync/atomic"
)

// Issue takes the nota of return returnID of sale saleID as far as it goes now (stamped,
// refused, or still 'timbrando' for the invoicing module's retry loop).
type Issue func(ctx context.Context, saleID, returnID string) error

// ErrNoIssuer is the answer of a desk no module serves: the nota is left to the retry loop.
var ErrNoIssuer = errors.New("creditnotes: no module issues the notas de crédito")

// Desk passes a return's request for its nota to the module that serves it. Its zero value is a
// desk nobody serves yet.
type Desk struct {
	issue atomic.Pointer[Issue]
}

// Serve makes issue the one that issues the notas. A desk is served once, by the invoicing
// module's constructor: a second Serve is a wiring mistake and panics.
func (d *Desk) Serve(issue Issue) {
	if issue == nil || !d.issue.CompareAndSwap(nil, &issue) {
		panic("creditnotes: a desk is served once, with a function")
	}
}

// IssueCreditNote asks for the nota of return returnID of sale saleID. Errors: ErrNoIssuer, or
// the issuer's.
func (d *Desk) IssueCreditNote(ctx context.Context, saleID, returnID string) error {
	issue := d.issue.Load()
	if issue == nil {
		return ErrNoIssuer
	}
	return (*issue)(ctx, saleID, returnID)
}
