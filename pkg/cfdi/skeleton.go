package cfdi

// SKELETON: the cfdi helper replaces this file with the real implementation.

import (
	"errors"

	"tienda/pkg/money"
)

// Regimen is an entry of c_RegimenFiscal.
type Regimen struct {
	Clave, Descripcion string
	Fisica, Moral      bool
}

// Uso is an entry of c_UsoCFDI.
type Uso struct {
	Clave, Descripcion string
	Fisica, Moral      bool
	Regimenes          []string
}

// Motivo is an entry of c_MotivoCancelacion.
type Motivo struct {
	Clave, Descripcion  string
	RequiereSustitucion bool
}

// Catalogues.
var (
	Regimenes          []Regimen
	Usos               []Uso
	MotivosCancelacion []Motivo
)

// LookupRegimen finds a régimen by its clave.
func LookupRegimen(clave string) (Regimen, bool) { return Regimen{}, false }

// LookupUso finds a uso by its clave.
func LookupUso(clave string) (Uso, bool) { return Uso{}, false }

// LookupMotivo finds a motivo by its clave.
func LookupMotivo(clave string) (Motivo, bool) { return Motivo{}, false }

// ParseRFC parses an RFC.
func ParseRFC(s string) (RFC, error) { return RFC{}, errors.New("todo") }

// Normalize trims and upper-cases.
func (r Receptor) Normalize() Receptor { return r }

// Check validates field by field.
func (r Receptor) Check() map[string]string { return nil }

// Compute computes the amounts of lineas.
func Compute(lineas []Linea) (conceptos []Concepto, subTotal, descuento, iva, total money.Cents) {
	return nil, 0, 0, 0, 0
}

// XML renders the comprobante.
func (c Comprobante) XML(t *Timbre) ([]byte, error) { return nil, errors.New("todo") }
