package httpx

import (
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/go-playground/validator/v10"
)

// A list of values a field may take is defined once, in Go, by the module it belongs to, and
// registered by name: RegisterOneOf("metodo_pago", MetodoValues...). A request's field then names
// the list in its tag (`validate:"omitempty,metodo_pago"`), takes only its values and is answered
// with apperr.MsgOneOf of the same values ('Debe ser Efectivo, Tarjeta, Transferencia o Mercado
// Pago.'). The validator's own oneof=..., a second copy of a list in a tag, is not used.

// oneOfLists are the registered lists by name; written by package initialisation only.
var oneOfLists = map[string][]string{}

// validatorBuilt is set by NewValidator: a list registered after it would be unknown to the
// validator already serving, so RegisterOneOf refuses it.
var validatorBuilt atomic.Bool

// RegisterOneOf registers values as the list name. It is called from the init of the package
// that defines the list, before any validator is built (a module's validator is the server's,
// built once every package is initialised): a name registered twice, or late, panics.
func RegisterOneOf[T ~string](name string, values ...T) {
	if _, dup := oneOfLists[name]; dup || len(values) == 0 {
		panic(fmt.Sprintf("httpx: RegisterOneOf(%q): a name registered twice, or an empty list", name))
	}
	if validatorBuilt.Load() {
		panic(fmt.Sprintf("httpx: RegisterOneOf(%q) after a validator was built: register lists in a package's init", name))
	}
	list := make([]string, len(values))
	for i, v := range values {
		list[i] = string(v)
	}
	oneOfLists[name] = list
}

// registerOneOfLists makes every registered list a rule of v.
func registerOneOfLists(v *validator.Validate) {
	validatorBuilt.Store(true)
	for name, list := range oneOfLists {
		err := v.RegisterValidation(name, func(fl validator.FieldLevel) bool {
			return slices.Contains(list, fl.Field().String())
		})
		if err != nil {
			panic(fmt.Sprintf("httpx: list %q: %v", name, err))
		}
	}
}

// OneOfLists are the registered lists by name, a copy: for the API's description to be checked
// against them.
func OneOfLists() map[string][]string {
	out := make(map[string][]string, len(oneOfLists))
	for name, list := range oneOfLists {
		out[name] = slices.Clone(list)
	}
	return out
}
