package users

import (
	"net/mail"
	"strings"
	"unicode/utf8"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
)

// The Spanish messages of the account fields.
const (
	msgName  = "Ingresa tu nombre completo."
	msgPhone = "El teléfono debe tener 10 dígitos."
	msgRol   = "Elige un rol: Administrador, Auxiliar, Cajero, Comandero o Cliente."
	msgCode  = "El código debe tener 6 dígitos."
)

// The bounds of the account fields' lengths, in characters (a password's upper one in bytes:
// bcrypt's limit); a field out of them is answered in the listed words (apperr.MsgMaxChars,
// MsgMinChars), next to the field that the form names.
const (
	maxName     = 100
	minPassword = 8
	maxPassword = 72
	maxAddress  = 300
)

// fieldErrors gathers a Spanish message per JSON field (apperr.Fields), with the checks of the
// fields users have.
type fieldErrors struct{ apperr.Fields }

func newFieldErrors() fieldErrors { return fieldErrors{apperr.Fields{}} }

func (f fieldErrors) name(v string) string {
	v = strings.Join(strings.Fields(v), " ")
	switch {
	case v == "":
		f.Add("name", msgName)
	case utf8.RuneCountInString(v) > maxName:
		f.Add("name", apperr.MsgMaxChars(maxName))
	}
	return v
}

func (f fieldErrors) email(field, v string) string {
	v = normalizeEmail(v)
	a, err := mail.ParseAddress(v)
	if v == "" || len(v) > 254 || err != nil || a.Address != v || !strings.Contains(v[strings.LastIndexByte(v, '@')+1:], ".") {
		f.Add(field, apperr.MsgEmail)
	}
	return v
}

func (f fieldErrors) password(field, v string) string {
	switch {
	case utf8.RuneCountInString(v) < minPassword:
		f.Add(field, apperr.MsgMinChars(minPassword))
	case len(v) > maxPassword: // bcrypt's limit, in bytes
		f.Add(field, apperr.MsgMaxChars(maxPassword))
	}
	return v
}

// phone accepts a Mexican number of 10 digits, written with spaces, dashes, dots, parentheses or
// the +52 prefix, and returns its 10 digits.
func (f fieldErrors) phone(v string, required bool) string {
	digits := strings.Map(func(r rune) rune {
		switch {
		case r >= '0' && r <= '9':
			return r
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')' || r == '+':
			return -1
		}
		return 'x'
	}, v)
	if len(digits) == 12 && strings.HasPrefix(digits, "52") && strings.HasPrefix(strings.TrimSpace(v), "+") {
		digits = digits[2:]
	}
	if digits == "" && !required {
		return ""
	}
	if len(digits) != 10 || strings.ContainsRune(digits, 'x') {
		f.Add("phone", msgPhone)
	}
	return digits
}

func (f fieldErrors) address(v string) string {
	v = strings.TrimSpace(v)
	if utf8.RuneCountInString(v) > maxAddress {
		f.Add("address", apperr.MsgMaxChars(maxAddress))
	}
	return v
}

func (f fieldErrors) rol(v string) auth.Role {
	r := auth.Role(strings.TrimSpace(v))
	if !r.Valid() {
		f.Add("rol", msgRol)
	}
	return r
}

func (f fieldErrors) code(v string) string {
	v = strings.TrimSpace(v)
	if len(v) != 6 || strings.Trim(v, "0123456789") != "" {
		f.Add("password", msgCode)
	}
	return v
}

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }
