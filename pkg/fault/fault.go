// Package fault names the points between the steps of a saga (an order placed, a payment
// recorded, a cash cut made) where a test can stop or pause the work, as a crash, a stalled
// replica or a failed write would. A test puts a Hook on the context of a request or a sweep; At
// asks it at each point. Without a hook At does nothing, so production code pays one context
// lookup per point.
package fault

import (
	"context"
	"errors"
)

// The points, named for the step just done.
const (
	// OrderReserved: the sale is stored as 'reservando'; no stock is taken yet.
	OrderReserved = "checkout.reserved"
	// OrderTaken: every line's stock is taken; the sale is not saved yet.
	OrderTaken = "checkout.taken"
	// PaymentFound: an approved payment's sale was read; the payment is not recorded yet.
	PaymentFound = "checkout.paymentFound"
	// PaymentRecorded: an approved payment is recorded on its sale; a late one's units are not
	// taken again yet.
	PaymentRecorded = "checkout.paymentRecorded"
	// LateRetaken: a late payment's units are taken again; the sale still says they are not.
	LateRetaken = "checkout.lateRetaken"
	// CutNumbered: a cut holds its number 'en proceso'; it has claimed nothing yet.
	CutNumbered = "cashcut.numbered"
	// CutClaimed: a cut claimed its sales and drawer movements; its totals are not stored yet.
	CutClaimed = "cashcut.claimed"
)

// Hook is a test's decision at a point: nil goes on; an error stops the step there, as a
// failed write would. A hook may block to pause the step (a stalled replica).
type Hook func(ctx context.Context, point string) error

// ErrInjected is the error a hook returns to stop a step.
var ErrInjected = errors.New("fault: stopped by the test")

type hookKey struct{}

// With is ctx with h asked at every point reached under it.
func With(ctx context.Context, h Hook) context.Context {
	return context.WithValue(ctx, hookKey{}, h)
}

// At asks ctx's hook, if any, at point.
func At(ctx context.Context, point string) error {
	if h, ok := ctx.Value(hookKey{}).(Hook); ok && h != nil {
		return h(ctx, point)
	}
	return nil
}
