// Package logx sets up zerolog, the application's one logger, and carries a request-scoped logger
// in a context.
package logx

import (
	"context"
	"io"
	"time"

	"github.com/rs/zerolog"
)

// New returns a JSON logger writing to w at the given level (debug, info, warn, error).
func New(w io.Writer, level string) zerolog.Logger {
	lvl, err := zerolog.ParseLevel(level)
	if err != nil {
		lvl = zerolog.InfoLevel
	}
	zerolog.TimeFieldFormat = time.RFC3339Nano
	return zerolog.New(w).Level(lvl).With().Timestamp().Logger()
}

// WithContext returns ctx carrying the logger.
func WithContext(ctx context.Context, l zerolog.Logger) context.Context { return l.WithContext(ctx) }

// From returns the logger carried by ctx, or a disabled logger.
func From(ctx context.Context) *zerolog.Logger { return zerolog.Ctx(ctx) }
