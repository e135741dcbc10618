package httpx

import (
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/logx"
)

// UserIDFunc returns the signed-in user's id for a request, or "".
type UserIDFunc func(c *echo.Context) string

// RequestLogger puts a request-scoped logger (with the request id) in the request's context and
// writes one JSON line per request: request id, method, path, status, latency and user id. It
// hands errors to the error handler itself so that the line has the status the client got.
func RequestLogger(base zerolog.Logger, userID UserIDFunc) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			start := time.Now()
			req := c.Request()
			l := base.With().Str("request_id", RequestID(c)).Logger()
			c.SetRequest(req.WithContext(logx.WithContext(req.Context(), l)))
			if err := next(c); err != nil {
				c.Echo().HTTPErrorHandler(c, err)
			}
			status := 0
			if r, err := echo.UnwrapResponse(c.Response()); err == nil {
				status = r.Status
			}
			ev := l.Info()
			if status >= 500 {
				ev = l.Error()
			}
			ev.Str("method", req.Method).
				Str("path", req.URL.Path).
				Int("status", status).
				Dur("latency_ms", time.Since(start)).
				Str("user_id", userID(c)).
				Msg("request")
			return nil
		}
	}
}
