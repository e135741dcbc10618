package apperr

import (
	"strconv"
	"strings"
)

// The Spanish wording of invalid input: one wording per meaning, listed here and only here.
// Validation errors (pkg/httpx) and a module's own checks say these things with these words; a
// module writes its own message only for a rule no other module has ('Hay una categoría
// repetida.'). TestEveryWordingIsListedOnce fails when a module spells one of them itself.
const (
	// MsgCheckFields heads an answer naming bad fields of a request's body.
	MsgCheckFields = "Revisa los datos marcados."
	// MsgBadParameter heads an answer naming several bad query parameters (BadParameters).
	MsgBadParameter = "Parámetro inválido."
	// MsgRequired is a field left empty.
	MsgRequired = "Este campo es obligatorio."
	// MsgWrongType is a JSON value of the wrong type.
	MsgWrongType = "Tipo de dato inválido."
	// MsgDay is a day that cannot be read.
	MsgDay = "Escribe la fecha como AAAA-MM-DD."
	// MsgRange is a range whose end comes before its start.
	MsgRange = "La fecha de fin debe ser igual o posterior a la fecha de inicio."
	// MsgFlag is a yes/no parameter that is neither.
	MsgFlag = "Debe ser 1 o 0."
	// MsgEmail is an address that is not one.
	MsgEmail = "Ingresa un correo electrónico válido."
	// MsgInteger is a value that is not a whole number.
	MsgInteger = "Debe ser un número entero."
	// MsgInvalid is a value no more precise wording fits.
	MsgInvalid = "Valor inválido."
	// MsgID is an identifier that cannot be one (not a 24-digit hex ObjectID).
	MsgID = "Identificador inválido."
)

// MsgMaxChars is a text longer than n characters.
func MsgMaxChars(n int) string {
	return "Debe tener como máximo " + strconv.Itoa(n) + " caracteres."
}

// MsgMinChars is a text shorter than n characters.
func MsgMinChars(n int) string {
	return "Debe tener al menos " + strconv.Itoa(n) + " caracteres."
}

// MsgIntBetween is a whole number outside [lo, hi], or not a whole number.
func MsgIntBetween(lo, hi int) string {
	return "Debe ser un número entero entre " + strconv.Itoa(lo) + " y " + strconv.Itoa(hi) + "."
}

// MsgIntAtLeast is a whole number below n, or not a whole number.
func MsgIntAtLeast(n int) string {
	return "Debe ser un número entero mayor o igual a " + strconv.Itoa(n) + "."
}

// MsgIntAtMost is a whole number above n, or not a whole number.
func MsgIntAtMost(n int) string {
	return "Debe ser un número entero menor o igual a " + strconv.Itoa(n) + "."
}

// MsgMaxItems is a list of more than n elements.
func MsgMaxItems(n int) string {
	return "Debe tener como máximo " + strconv.Itoa(n) + " elementos."
}

// MsgMinItems is a list of fewer than n elements.
func MsgMinItems(n int) string {
	return "Debe tener al menos " + strconv.Itoa(n) + " elementos."
}

// MsgOneOf is a value outside a list, listed as Spanish does: "Debe ser A, B o C.".
func MsgOneOf(values ...string) string {
	switch len(values) {
	case 0:
		return MsgInvalid
	case 1:
		return "Debe ser " + values[0] + "."
	}
	return "Debe ser " + strings.Join(values[:len(values)-1], ", ") + " o " + values[len(values)-1] + "."
}

// BadParameters is the answer to a query with the bad parameters f. A screen's filters show only
// the answer's message, so with one bad parameter its own message heads the answer ('El periodo
// no puede ser mayor a un año.'); with several, MsgBadParameter does, and each is in Fields.
func BadParameters(f Fields) *Error {
	msg := MsgBadParameter
	if len(f) == 1 {
		for _, m := range f {
			msg = m
		}
	}
	return InvalidFields(msg, f)
}
