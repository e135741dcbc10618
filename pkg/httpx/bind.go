package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
)

// Validator validates request structs with `validate:` tags; one instance serves the server.
type Validator struct{ v *validator.Validate }

// NewValidator returns the validator that reports fields by their query or JSON names, with
// every list registered by RegisterOneOf as a rule.
func NewValidator() *Validator {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("query"), ",")
		if name == "" {
			name, _, _ = strings.Cut(f.Tag.Get("json"), ",")
		}
		if name == "-" {
			return ""
		}
		if name == "" {
			return f.Name
		}
		return name
	})
	registerOneOfLists(v)
	return &Validator{v: v}
}

// Validate implements echo.Validator.
func (v *Validator) Validate(i any) error { return v.v.Struct(i) }

// BindJSON decodes the JSON request body into dst and validates it. Errors are apperr errors with
// Spanish messages: a body that is not JSON, a field of the wrong type, a body too large, or
// failed validations with a message per field.
func BindJSON(c *echo.Context, dst any) error {
	dec := json.NewDecoder(c.Request().Body)
	if err := dec.Decode(dst); err != nil {
		return decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if echo.StatusCode(err) == 413 {
			return apperr.New(apperr.TooLarge, "La solicitud es demasiado grande.")
		}
		return apperr.New(apperr.Invalid, "El cuerpo de la solicitud no es JSON válido.")
	}
	if err := c.Validate(dst); err != nil {
		return err
	}
	return nil
}

func decodeError(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case echo.StatusCode(err) == 413:
		return apperr.New(apperr.TooLarge, "La solicitud es demasiado grande.")
	case errors.Is(err, io.EOF):
		return apperr.New(apperr.Invalid, "El cuerpo de la solicitud está vacío.")
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return apperr.New(apperr.Invalid, "El cuerpo de la solicitud debe ser un objeto JSON.")
		}
		return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{field: apperr.MsgWrongType})
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return apperr.New(apperr.Invalid, "El cuerpo de la solicitud no es JSON válido.")
	}
	return apperr.New(apperr.Invalid, "El cuerpo de la solicitud no es JSON válido.")
}

// fieldMessages turns validator errors into a Spanish message per JSON field path.
func fieldMessages(errs validator.ValidationErrors) map[string]string {
	out := make(map[string]string, len(errs))
	for _, fe := range errs {
		path := fe.Namespace()
		if i := strings.IndexByte(path, '.'); i >= 0 {
			path = path[i+1:] // drop the struct's own name
		}
		out[path] = fieldMessage(fe)
	}
	return out
}

func fieldMessage(fe validator.FieldError) string {
	n, _ := strconv.Atoi(fe.Param())
	kind := fe.Kind()
	switch tag := fe.Tag(); {
	case tag == "required" || tag == "required_without" || tag == "required_with":
		return apperr.MsgRequired
	case tag == "email":
		return apperr.MsgEmail
	case tag == "gtefield":
		return apperr.MsgRange
	case oneOfLists[tag] != nil:
		return apperr.MsgOneOf(oneOfLists[tag]...)
	case tag == "mongodb":
		return apperr.MsgID
	case kind == reflect.String:
		return lengthMessage(tag, n, apperr.MsgMinChars, apperr.MsgMaxChars)
	case kind == reflect.Slice || kind == reflect.Map:
		return lengthMessage(tag, n, apperr.MsgMinItems, apperr.MsgMaxItems)
	case isWholeNumber(kind):
		switch tag {
		case "min", "gte":
			return apperr.MsgIntAtLeast(n)
		case "gt":
			return apperr.MsgIntAtLeast(n + 1)
		case "max", "lte":
			return apperr.MsgIntAtMost(n)
		case "lt":
			return apperr.MsgIntAtMost(n - 1)
		}
	}
	switch fe.Tag() {
	case "min", "gte":
		return fmt.Sprintf("Debe ser mayor o igual a %s.", fe.Param())
	case "gt":
		return fmt.Sprintf("Debe ser mayor que %s.", fe.Param())
	case "max", "lte":
		return fmt.Sprintf("Debe ser menor o igual a %s.", fe.Param())
	case "lt":
		return fmt.Sprintf("Debe ser menor que %s.", fe.Param())
	}
	return apperr.MsgInvalid
}

// lengthMessage is the message of a text or list whose length breaks tag's bound n.
func lengthMessage(tag string, n int, atLeast, atMost func(int) string) string {
	switch tag {
	case "min", "gte":
		return atLeast(n)
	case "gt":
		return atLeast(n + 1)
	case "max", "lte":
		return atMost(n)
	case "lt":
		return atMost(n - 1)
	}
	return apperr.MsgInvalid
}
