package fault

import (
	"context"
	"errors"
	"testing"
)

func TestAtAsksTheContextsHookAndNothingElse(t *testing.T) {
	t.Parallel()
	if err := At(context.Background(), OrderTaken); err != nil {
		t.Fatalf("no hook: %v", err)
	}
	var asked []string
	ctx := With(context.Background(), func(_ context.Context, point string) error {
		asked = append(asked, point)
		if point == CutClaimed {
			return ErrInjected
		}
		return nil
	})
	if err := At(ctx, OrderTaken); err != nil {
		t.Fatal(err)
	}
	if err := At(context.WithoutCancel(ctx), CutClaimed); !errors.Is(err, ErrInjected) {
		t.Fatalf("a hook's error is the step's, also under a context that outlives its request: %v", err)
	}
	if len(asked) != 2 || asked[0] != OrderTaken || asked[1] != CutClaimed {
		t.Fatalf("asked %v", asked)
	}
}
