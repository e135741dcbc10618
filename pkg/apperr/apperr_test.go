package apperr

import (
	"errors"
	"testing"
)

func TestFieldsKeepTheFirstMessageOfEachField(t *testing.T) {
	t.Parallel()
	f := Fields{}
	if err := f.Err(); err != nil {
		t.Fatalf("no field, error %v", err)
	}
	f.Add("precio", "Ingresa un precio válido.")
	f.Add("precio", "Otro mensaje.")
	f.Add("stock", "Debe ser un número entero.")
	var e *Error
	if !errors.As(f.Err(), &e) || e.Code != Invalid || e.Message != "Revisa los datos marcados." {
		t.Fatalf("error %#v", f.Err())
	}
	if e.Fields["precio"] != "Ingresa un precio válido." || e.Fields["stock"] != "Debe ser un número entero." || len(e.Fields) != 2 {
		t.Fatalf("fields %v", e.Fields)
	}
}

func TestBadParametersHeadsWithTheOnlyBadOnesMessage(t *testing.T) {
	one := BadParameters(Fields{"hasta": MsgRange})
	two := BadParameters(Fields{"hasta": MsgRange, "page": MsgIntBetween(1, 10)})
	if one.Code != Invalid || one.Message != MsgRange || one.Fields["hasta"] != MsgRange {
		t.Errorf("one bad parameter: %+v", one)
	}
	if two.Code != Invalid || two.Message != MsgBadParameter || len(two.Fields) != 2 {
		t.Errorf("two bad parameters: %+v", two)
	}
}
