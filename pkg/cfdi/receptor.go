package cfdi

import (
	"strings"
	"unicode/utf8"
)

// The keys of Receptor.Check's map, as the HTTP API names the fields.
const (
	CampoRFC           = "rfc"
	CampoRazonSocial   = "razonSocial"
	CampoRegimenFiscal = "regimenFiscal"
	CampoCodigoPostal  = "codigoPostal"
	CampoUsoCFDI       = "usoCfdi"
)

// MaxNombre is the longest Nombre the CFDI 4.0 schema admits, in characters.
const MaxNombre = 254

// Normalize trims every field, upper-cases the RFC (without spaces or hyphens) and the Nombre, and
// collapses runs of spaces in the Nombre.
func (r Receptor) Normalize() Receptor {
	rfc := strings.ToUpper(strings.Join(strings.FieldsFunc(r.RFC, func(c rune) bool {
		return c == ' ' || c == '-' || c == '\t'
	}), ""))
	return Receptor{
		RFC:           rfc,
		Nombre:        strings.ToUpper(strings.Join(strings.Fields(r.Nombre), " ")),
		RegimenFiscal: strings.TrimSpace(r.RegimenFiscal),
		CodigoPostal:  strings.TrimSpace(r.CodigoPostal),
		UsoCFDI:       strings.ToUpper(strings.TrimSpace(r.UsoCFDI)),
	}
}

// Check validates the receptor field by field, as given (call Normalize first). It returns the
// Spanish message of each wrong field under its key (CampoRFC...), and an empty map when all are
// right: the RFC parses; the razón social is there, without the régimen de capital of a persona
// moral; the código postal has 5 digits; the régimen exists and fits a persona física or moral as
// the RFC says; the uso exists, fits too and admits the régimen. A generic RFC takes only régimen
// 616 and uso S01.
func (r Receptor) Check() map[string]string {
	errs := map[string]string{}
	rfc, err := ParseRFC(r.RFC)
	rfcOK := err == nil
	if err != nil {
		errs[CampoRFC] = err.Error()
	}
	if msg := checkNombre(r.Nombre, rfc, rfcOK); msg != "" {
		errs[CampoRazonSocial] = msg
	}
	if msg := CheckCodigoPostal(r.CodigoPostal); msg != "" {
		errs[CampoCodigoPostal] = msg
	}
	regimen, okRegimen := LookupRegimen(r.RegimenFiscal)
	switch {
	case r.RegimenFiscal == "":
		errs[CampoRegimenFiscal] = "Elige el régimen fiscal."
	case !okRegimen:
		errs[CampoRegimenFiscal] = "El régimen fiscal no está en el catálogo del SAT."
	case rfcOK && rfc.Generic && regimen.Clave != "616":
		errs[CampoRegimenFiscal] = "Con el RFC genérico el régimen fiscal debe ser 616 (Sin obligaciones fiscales)."
	case rfcOK && !rfc.Generic && rfc.Moral && !regimen.Moral:
		errs[CampoRegimenFiscal] = "El régimen fiscal " + regimen.Clave + " no es de personas morales."
	case rfcOK && !rfc.Generic && !rfc.Moral && !regimen.Fisica:
		errs[CampoRegimenFiscal] = "El régimen fiscal " + regimen.Clave + " no es de personas físicas."
	}
	if msg := checkUso(r.UsoCFDI, rfc, rfcOK, regimen, okRegimen); msg != "" {
		errs[CampoUsoCFDI] = msg
	}
	return errs
}

func checkUso(clave string, rfc RFC, rfcOK bool, regimen Regimen, okRegimen bool) string {
	uso, ok := LookupUso(clave)
	switch {
	case clave == "":
		return "Elige el uso del CFDI."
	case !ok:
		return "El uso del CFDI no está en el catálogo del SAT."
	case rfcOK && rfc.Generic:
		if uso.Clave != "S01" {
			return "Con el RFC genérico el uso del CFDI debe ser S01 (Sin efectos fiscales)."
		}
	case rfcOK && rfc.Moral && !uso.Moral:
		return "El uso del CFDI " + uso.Clave + " no aplica a personas morales."
	case rfcOK && !rfc.Moral && !uso.Fisica:
		return "El uso del CFDI " + uso.Clave + " no aplica a personas físicas."
	}
	if okRegimen && !uso.Allows(regimen.Clave) {
		return "El uso del CFDI " + uso.Clave + " no se puede usar con el régimen fiscal " + regimen.Clave + "."
	}
	return ""
}

// MensajeRegimenCapital is Check's message for a razón social written with its régimen de capital.
const MensajeRegimenCapital = "Escribe la razón social tal como aparece en la Constancia de Situación Fiscal, " +
	"sin el régimen de capital (por ejemplo, sin \"S.A. de C.V.\")."

func checkNombre(nombre string, rfc RFC, rfcOK bool) string {
	switch {
	case strings.TrimSpace(nombre) == "":
		return "Escribe la razón social."
	case utf8.RuneCountInString(nombre) > MaxNombre:
		return "La razón social no puede tener más de 254 caracteres."
	case strings.Contains(nombre, "|"):
		return "La razón social no puede llevar el carácter |."
	case !(rfcOK && !rfc.Moral) && HasRegimenCapital(nombre):
		// A persona física has no régimen de capital; her name may end in "SA" or "AC".
		return MensajeRegimenCapital
	}
	return ""
}

// regimenesCapital are the régimen de capital endings a razón social must not carry in CFDI 4.0,
// written without dots or spaces (they are compared so).
var regimenesCapital = map[string]bool{
	"SA": true, "SADECV": true, "SAB": true, "SABDECV": true, "SAPI": true, "SAPIDECV": true,
	"SAS": true, "SASDECV": true, "SDERL": true, "SDERLDECV": true, "SDERLMI": true,
	"SDERLMIDECV": true, "SC": true, "SCDERL": true, "SCDERLDECV": true, "SCDECV": true,
	"SCL": true, "AC": true, "ABP": true, "IAP": true, "SENC": true, "SENCPORA": true,
	"SENNC": true, "SPR": true, "SPRDERL": true, "SPRDERI": true, "SPRDERLDECV": true,
	"SADECVSOFOMENR": true, "SADECVSOFOMER": true, "SOFOMENR": true, "SOFOMER": true,
	"SOCIEDADANONIMA": true, "SOCIEDADANÓNIMA": true, "SOCIEDADANONIMADECAPITALVARIABLE": true,
	"SOCIEDADANÓNIMADECAPITALVARIABLE": true, "SOCIEDADDERESPONSABILIDADLIMITADA": true,
	"SOCIEDADDERESPONSABILIDADLIMITADADECAPITALVARIABLE": true, "SOCIEDADCIVIL": true,
	"ASOCIACIONCIVIL": true, "ASOCIACIÓNCIVIL": true,
}

// HasRegimenCapital reports whether a razón social ends with a régimen de capital ("S.A. de C.V.",
// "S. de R.L.", "A.C."...), in any case and with or without dots, commas and spaces.
func HasRegimenCapital(nombre string) bool {
	words := strings.FieldsFunc(strings.ToUpper(nombre), func(c rune) bool {
		return c == ' ' || c == '.' || c == ',' || c == '\t'
	})
	// The ending starts at a word; at least one word of the name itself stays before it.
	for i := 1; i < len(words); i++ {
		if regimenesCapital[strings.Join(words[i:], "")] {
			return true
		}
	}
	return false
}

// CheckCodigoPostal says what is wrong with a Mexican postal code, "" when nothing is: it has 5
// digits, within the range of the SAT's catalogue c_CodigoPostal (01000 to 99999; no state's
// codes start with 00).
func CheckCodigoPostal(s string) string {
	if len(s) != 5 {
		return "El código postal debe tener 5 dígitos."
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return "El código postal debe tener 5 dígitos."
		}
	}
	if s < "01000" {
		return "Ese código postal no existe: los de México van del 01000 al 99999."
	}
	return ""
}
