package httpx

import (
	"errors"
	"maps"
	"testing"

	"github.com/go-playground/validator/v10"

	"tienda/pkg/apperr"
)

// A field naming a registered list takes each of its values, is refused outside them with
// apperr.MsgOneOf of the list in its order, and, with omitempty, may be absent; in a body as in a
// query (TestBindQueryNamesEveryBadParameterAtOnce).
func TestARegisteredListIsARule(t *testing.T) {
	type body struct {
		Metodo string `json:"metodo" validate:"required,metodo_prueba"`
		Estado string `json:"estado" validate:"omitempty,estado_prueba"`
	}
	v := NewValidator()
	for _, metodo := range []string{"Efectivo", "Mercado Pago"} {
		for _, estado := range []string{"", "Pendiente", "Pagado", "Cancelado"} {
			if err := v.Validate(&body{Metodo: metodo, Estado: estado}); err != nil {
				t.Errorf("%q %q: %v", metodo, estado, err)
			}
		}
	}
	var broken validator.ValidationErrors
	if err := v.Validate(&body{Metodo: "Mercado", Estado: "pagado"}); !errors.As(err, &broken) {
		t.Fatalf("values outside the lists: %v", err)
	}
	want := map[string]string{"metodo": apperr.MsgOneOf("Efectivo", "Mercado Pago"), "estado": apperr.MsgOneOf("Pendiente", "Pagado", "Cancelado")}
	if got := fieldMessages(broken); !maps.Equal(got, want) || want["metodo"] != "Debe ser Efectivo o Mercado Pago." {
		t.Errorf("got %v, want %v", got, want)
	}
}

// A list is registered once, not empty, and before the validators that use it are built.
func TestRegisterOneOfRefusesARepeatedEmptyOrLateList(t *testing.T) {
	NewValidator()
	for name, register := range map[string]func(){
		"repeated": func() { RegisterOneOf("metodo_prueba", "Efectivo") },
		"empty":    func() { RegisterOneOf[string]("vacia") },
		"late":     func() { RegisterOneOf("tarde", "uno") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			register()
		}()
	}
	if _, ok := oneOfLists["tarde"]; ok {
		t.Error("a late list was registered")
	}
}
