// Package apperr is the one error type of the application. Handlers return it; the single HTTP
// error handler in httpx turns it into a status code and the JSON error shape.
package apperr

import (
	"errors"
	"fmt"
	"net/http"
)

// Code classifies an error. Each code maps to one HTTP status in Status.
type Code string

// The codes the application uses.
const (
	Invalid       Code = "invalid"
	Unauthorized  Code = "unauthorized"
	Forbidden     Code = "forbidden"
	NotFound      Code = "not_found"
	Conflict      Code = "conflict"
	TooLarge      Code = "too_large"
	TooMany       Code = "too_many_requests"
	PaymentFailed Code = "payment_failed"
	Unavailable   Code = "unavailable"
	Internal      Code = "internal"
)

var statusByCode = map[Code]int{
	Invalid:       http.StatusBadRequest,
	Unauthorized:  http.StatusUnauthorized,
	Forbidden:     http.StatusForbidden,
	NotFound:      http.StatusNotFound,
	Conflict:      http.StatusConflict,
	TooLarge:      http.StatusRequestEntityTooLarge,
	TooMany:       http.StatusTooManyRequests,
	PaymentFailed: http.StatusPaymentRequired,
	Unavailable:   http.StatusServiceUnavailable,
	Internal:      http.StatusInternalServerError,
}

// Status returns the HTTP status for a code; unknown codes are internal errors.
func Status(c Code) int {
	if s, ok := statusByCode[c]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// Default Spanish messages, used when an error carries none.
var defaultMessage = map[Code]string{
	Invalid:       "Los datos enviados no son válidos.",
	Unauthorized:  "Inicia sesión para continuar.",
	Forbidden:     "No tienes permiso para realizar esta acción.",
	NotFound:      "No se encontró lo que buscas.",
	Conflict:      "La operación entra en conflicto con el estado actual.",
	TooLarge:      "La solicitud es demasiado grande.",
	TooMany:       "Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.",
	PaymentFailed: "No se pudo completar el pago.",
	Unavailable:   "El servicio no está disponible en este momento. Inténtalo de nuevo en unos minutos.",
	Internal:      "Ocurrió un error inesperado. Inténtalo de nuevo más tarde.",
}

// Error is an application error: a code, a Spanish message a user may read, optional messages per
// field, and the underlying cause (never shown to a user).
type Error struct {
	Code    Code
	Message string
	Fields  map[string]string
	Err     error
}

func (e *Error) Error() string {
	msg := e.Message
	if msg == "" {
		msg = defaultMessage[e.Code]
	}
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, msg, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, msg)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// PublicMessage is the Spanish text a user may read.
func (e *Error) PublicMessage() string {
	if e.Code == Internal || e.Message == "" {
		return defaultMessage[e.Code]
	}
	return e.Message
}

// New returns an error with a code and a Spanish message.
func New(code Code, message string) *Error { return &Error{Code: code, Message: message} }

// InvalidFields returns an invalid-input error with a message per field.
func InvalidFields(message string, fields map[string]string) *Error {
	return &Error{Code: Invalid, Message: message, Fields: fields}
}

// Fields gathers the message of each field of a request a user must fix, in Spanish; the first
// message given for a field is the one kept.
type Fields map[string]string

// Add gives field the message msg, unless it has one already.
func (f Fields) Add(field, msg string) {
	if _, ok := f[field]; !ok {
		f[field] = msg
	}
}

// Err is nil when no field has a message; otherwise an invalid-input error with every message.
func (f Fields) Err() error {
	if len(f) == 0 {
		return nil
	}
	return InvalidFields(MsgCheckFields, f)
}

// Wrap returns an internal error around a cause; the cause is logged, never shown.
func Wrap(err error, format string, args ...any) *Error {
	return &Error{Code: Internal, Err: fmt.Errorf(format+": %w", append(args, err)...)}
}

// CodeOf returns the code of err: its own when it is an *Error, Internal otherwise.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// Is reports whether err is an *Error with the given code.
func Is(err error, code Code) bool {
	var e *Error
	return errors.As(err, &e) && e.Code == code
}
