package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
)

// Validator validates request structs with `validate:` tags; one instance serves the server.
type Validator struct{ v *validator.Validate }

// NewValidator returns the validator that reports fields by their JSON names.
func NewValidator() *Validator {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		if name == "" {
			return f.Name
		}
		return name
	})
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
		return apperr.InvalidFields("Revisa los datos marcados.", map[string]string{field: "Tipo de dato inválido."})
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
	isString := fe.Kind() == reflect.String
	switch fe.Tag() {
	case "required", "required_without", "required_with":
		return "Este campo es obligatorio."
	case "email":
		return "Ingresa un correo electrónico válido."
	case "min":
		if isString {
			return fmt.Sprintf("Debe tener al menos %s caracteres.", fe.Param())
		}
		if fe.Kind() == reflect.Slice {
			return fmt.Sprintf("Debe tener al menos %s elementos.", fe.Param())
		}
		return fmt.Sprintf("Debe ser al menos %s.", fe.Param())
	case "max":
		if isString {
			return fmt.Sprintf("Debe tener como máximo %s caracteres.", fe.Param())
		}
		if fe.Kind() == reflect.Slice {
			return fmt.Sprintf("Debe tener como máximo %s elementos.", fe.Param())
		}
		return fmt.Sprintf("Debe ser como máximo %s.", fe.Param())
	case "len":
		return fmt.Sprintf("Debe tener exactamente %s caracteres.", fe.Param())
	case "gt":
		return fmt.Sprintf("Debe ser mayor que %s.", fe.Param())
	case "gte":
		return fmt.Sprintf("Debe ser mayor o igual a %s.", fe.Param())
	case "lt":
		return fmt.Sprintf("Debe ser menor que %s.", fe.Param())
	case "lte":
		return fmt.Sprintf("Debe ser menor o igual a %s.", fe.Param())
	case "oneof":
		return "Debe ser uno de: " + strings.ReplaceAll(fe.Param(), " ", ", ") + "."
	case "numeric", "number":
		return "Debe contener solo números."
	case "mongodb":
		return "Identificador inválido."
	case "url", "http_url":
		return "Ingresa una dirección web válida."
	}
	return "Valor inválido."
}
