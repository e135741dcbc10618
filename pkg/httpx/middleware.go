package httpx

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/pkg/logx"
)

// UserIDFunc returns the signed-in user's id for a request, or "".
type UserIDFunc func(c *echo.Context) string

// SlowRead is how long a read may take and still be logged at debug level.
const SlowRead = time.Second

// RequestLogger puts a request-scoped logger (with the request id) in the request's context and
// writes one JSON line per request: request id, method, path, status, latency and user id. It
// hands errors to the error handler itself so that the line has the status the client got.
//
// The level says what the line is worth: error for a 5xx; debug for a read (GET, HEAD) answered
// under 400 within SlowRead, which is most of the traffic (the storefront) and is in the reverse
// proxy's access log anyway; info for everything else (writes, refusals, slow reads).
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
			took := time.Since(start)
			var ev *zerolog.Event
			switch {
			case status >= 500:
				ev = l.Error()
			case (req.Method == http.MethodGet || req.Method == http.MethodHead) && status < 400 && took < SlowRead:
				ev = l.Debug()
			default:
				ev = l.Info()
			}
			ev.Str("method", req.Method).
				Str("path", req.URL.Path).
				Int("status", status).
				Dur("latency_ms", took).
				Str("user_id", userID(c)).
				Msg("request")
			return nil
		}
	}
}
