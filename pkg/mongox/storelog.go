package mongox

import (
	"context"
	"log/slog"
	"slices"
)

// storeLog is the embedded store's log: FerretDB's records at Error level, written by out (a text
// handler on stderr). FerretDB adds the SQL text and arguments of every statement it runs to a
// logger (slog's With), a document's whole JSON among them; a text handler formats them there
// and then, though a record is almost never written. That was a tenth of a shop's start and of
// every write's CPU. storeLog keeps them as they come and has out format them only for a record
// it writes.
type storeLog struct {
	out slog.Handler
	// with are the loggers' With and WithGroup calls, oldest first, to apply to out for a record.
	with []func(slog.Handler) slog.Handler
}

func (h storeLog) Enabled(_ context.Context, level slog.Level) bool {
	return level >= slog.LevelError
}

func (h storeLog) Handle(ctx context.Context, r slog.Record) error {
	out := h.out
	for _, with := range h.with {
		out = with(out)
	}
	return out.Handle(ctx, r)
}

func (h storeLog) WithAttrs(attrs []slog.Attr) slog.Handler {
	return h.then(func(out slog.Handler) slog.Handler { return out.WithAttrs(attrs) })
}

func (h storeLog) WithGroup(name string) slog.Handler {
	return h.then(func(out slog.Handler) slog.Handler { return out.WithGroup(name) })
}

// then is h with one more call to apply; h's own list is left as it is, for its other loggers.
func (h storeLog) then(with func(slog.Handler) slog.Handler) storeLog {
	return storeLog{out: h.out, with: append(slices.Clip(h.with), with)}
}
