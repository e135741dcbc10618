package main

import (
	"errors"
	"fmt"

	"github.com/getsentry/sentry-go"
	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"tienda/pkg/auth"
	"tienda/pkg/config"
	"tienda/pkg/httpx"
)

// newSentryHub returns the hub that reports the back end's errors, or nil when SENTRY_DSN is not
// set. transport replaces the HTTP transport (tests pass one that records events; nil in
// production). The hub is the application's own, not the package's global one, so that two apps
// in one process (tests) never share it.
func newSentryHub(cfg config.Config, transport sentry.Transport) (*sentry.Hub, error) {
	if cfg.SentryDSN == "" && transport == nil {
		return nil, nil
	}
	client, err := sentry.NewClient(sentry.ClientOptions{
		Dsn:         cfg.SentryDSN,
		Environment: cfg.SentryEnvironment,
		Transport:   transport,
		// No DataCollection: the SDK then collects what it did without SendDefaultPII, no request
		// bodies, cookies, addresses or Authorization headers (observability_test.go checks it).
	})
	if err != nil {
		return nil, fmt.Errorf("app: sentry: %w", err)
	}
	return sentry.NewHub(client, sentry.NewScope()), nil
}

// sentryReporter reports what the error handler deems internal (errors of code internal and
// recovered panics) to Sentry, once each, tagged with the request id; nil hub reports nothing.
// The error handler runs once per request (httpx.RequestLogger hands the error to it), so each
// error or panic is one event.
func sentryReporter(hub *sentry.Hub) httpx.Reporter {
	if hub == nil {
		return nil
	}
	return func(c *echo.Context, err error) {
		h := hub.Clone()
		var panicked *middleware.PanicStackError
		isPanic := errors.As(err, &panicked)
		h.ConfigureScope(func(s *sentry.Scope) {
			s.SetTag("request_id", httpx.RequestID(c))
			s.SetTag("route", c.Path())
			s.SetRequest(c.Request())
			if id := auth.UserID(c); id != "" {
				s.SetUser(sentry.User{ID: id})
			}
			if isPanic {
				s.SetTag("panic", "true")
				s.SetLevel(sentry.LevelFatal)
				s.SetContext("panic", sentry.Context{"stack": string(panicked.Stack)})
			}
		})
		if isPanic {
			err = panicked.Err
		}
		h.CaptureException(err)
	}
}
