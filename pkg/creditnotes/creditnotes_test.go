package creditnotes

import (
	"context"
	"errors"
	"testing"
)

func TestADeskPassesTheRequestToTheModuleThatServesIt(t *testing.T) {
	t.Parallel()
	var d Desk
	if err := d.IssueCreditNote(context.Background(), "v1", "d1"); !errors.Is(err, ErrNoIssuer) {
		t.Fatalf("a desk nobody serves: %v", err)
	}
	var got string
	refused := errors.New("refused")
	d.Serve(func(_ context.Context, saleID, returnID string) error {
		got = saleID + "/" + returnID
		return refused
	})
	if err := d.IssueCreditNote(context.Background(), "v1", "d1"); !errors.Is(err, refused) || got != "v1/d1" {
		t.Fatalf("served: %v, asked for %q", err, got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a second Serve did not panic")
		}
	}()
	d.Serve(func(context.Context, string, string) error { return nil })
}
