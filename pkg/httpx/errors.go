// Package httpx holds the HTTP pieces every module shares: the one error handler, JSON binding
// with validation, and the request logger.
package httpx

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"tienda/pkg/apperr"
	"tienda/pkg/logx"
	"tienda/pkg/mongox"
)

// ErrorBody is the JSON shape of every error answer.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail is the content of an error answer.
type ErrorDetail struct {
	Code      apperr.Code       `json:"code"`
	Message   string            `json:"message"`
	Fields    map[string]string `json:"fields,omitempty"`
	RequestID string            `json:"request_id,omitempty"`
}

// Reporter sends an internal error to an error-tracking service (Sentry); nil reports nothing.
type Reporter func(c *echo.Context, err error)

// ErrorHandler is the application's one HTTP error handler: it maps any error to an apperr code and
// status, logs and reports only internal errors, and never shows a raw error to a user.
func ErrorHandler(report Reporter) echo.HTTPErrorHandler {
	return func(c *echo.Context, err error) {
		e := toAppError(err)
		if e.Code == apperr.Internal {
			logx.From(c.Request().Context()).Error().Err(err).Msg("internal error")
			if report != nil {
				report(c, err)
			}
		}
		if r, _ := echo.UnwrapResponse(c.Response()); r != nil && r.Committed {
			return // an answer that failed halfway: the client sees it cut off
		}
		status := apperr.Status(e.Code)
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, ErrorBody{Error: ErrorDetail{
			Code:      e.Code,
			Message:   e.PublicMessage(),
			Fields:    e.Fields,
			RequestID: RequestID(c),
		}})
	}
}

// StorageFailureMessage is the answer to a write the store's disk refused (full or read-only).
const StorageFailureMessage = "No se pudo guardar: el servidor de la tienda se quedó sin espacio en disco o no puede escribir en él. Avisa al administrador de la tienda."

// RequestID returns the request's id, as set by the request-id middleware.
func RequestID(c *echo.Context) string {
	return c.Response().Header().Get(echo.HeaderXRequestID)
}

func toAppError(err error) *apperr.Error {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return ae
	}
	var ve validator.ValidationErrors
	if errors.As(err, &ve) {
		return apperr.InvalidFields(apperr.MsgCheckFields, fieldMessages(ve))
	}
	var panicked *middleware.PanicStackError
	if errors.As(err, &panicked) {
		return &apperr.Error{Code: apperr.Internal, Err: err}
	}
	if mongox.IsStorageFailure(err) {
		return &apperr.Error{Code: apperr.Unavailable, Err: err, Message: StorageFailureMessage}
	}
	if mongox.IsUnavailable(err) {
		return &apperr.Error{Code: apperr.Unavailable, Err: err}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return &apperr.Error{Code: apperr.Unavailable, Err: err}
	}
	switch echo.StatusCode(err) {
	case http.StatusNotFound:
		return apperr.New(apperr.NotFound, "La ruta solicitada no existe.")
	case http.StatusMethodNotAllowed:
		return apperr.New(apperr.Invalid, "Método no permitido para esta ruta.")
	case http.StatusRequestEntityTooLarge:
		return apperr.New(apperr.TooLarge, "La solicitud es demasiado grande.")
	case http.StatusUnsupportedMediaType:
		return apperr.New(apperr.Invalid, "El contenido debe enviarse como JSON.")
	case http.StatusBadRequest:
		return apperr.New(apperr.Invalid, "La solicitud no es válida.")
	case http.StatusUnauthorized:
		return apperr.New(apperr.Unauthorized, "")
	case http.StatusForbidden:
		return apperr.New(apperr.Forbidden, "")
	case http.StatusTooManyRequests:
		return apperr.New(apperr.TooMany, "")
	case http.StatusServiceUnavailable:
		return apperr.New(apperr.Unavailable, "")
	}
	return &apperr.Error{Code: apperr.Internal, Err: fmt.Errorf("unhandled: %w", err)}
}
