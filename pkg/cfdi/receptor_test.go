package cfdi

import (
	"reflect"
	"strings"
	"testing"
)

func TestCatalogues(t *testing.T) {
	t.Parallel()
	if len(Regimenes) != 19 || len(Usos) != 22 || len(MotivosCancelacion) != 4 {
		t.Fatalf("catalogue sizes: %d regímenes, %d usos, %d motivos", len(Regimenes), len(Usos), len(MotivosCancelacion))
	}
	seen := map[string]bool{}
	for _, r := range Regimenes {
		if seen[r.Clave] || r.Descripcion == "" || (!r.Fisica && !r.Moral) {
			t.Errorf("régimen %+v: repeated, without description or for nobody", r)
		}
		seen[r.Clave] = true
		if s01, _ := LookupUso("S01"); !s01.Allows(r.Clave) {
			t.Errorf("régimen %s admits no uso", r.Clave)
		}
	}
	for _, u := range Usos {
		if seen[u.Clave] || u.Descripcion == "" || strings.HasSuffix(u.Descripcion, ".") {
			t.Errorf("uso %s: repeated or badly described", u.Clave)
		}
		seen[u.Clave] = true
		for _, c := range u.Regimenes {
			r, ok := LookupRegimen(c)
			if !ok {
				t.Errorf("uso %s lists régimen %s, not in Regimenes", u.Clave, c)
			}
			if !(r.Fisica && u.Fisica) && !(r.Moral && u.Moral) {
				t.Errorf("uso %s lists régimen %s, but they share no kind of persona", u.Clave, c)
			}
		}
	}
	for _, m := range MotivosCancelacion {
		if m.RequiereSustitucion != (m.Clave == "01") {
			t.Errorf("motivo %+v: only 01 requires a sustitución", m)
		}
	}
	if _, ok := LookupMotivo("05"); ok {
		t.Error("motivo 05 found")
	}
	for _, clave := range []string{"CP01", "CN01"} { // type P and N only; the shop issues type I
		if _, ok := LookupUso(clave); ok {
			t.Errorf("uso %s offered", clave)
		}
	}
}

// The SAT's c_UsoCFDI column "Régimen Fiscal Receptor", spot-checked.
func TestUsoAllows(t *testing.T) {
	t.Parallel()
	cases := []struct {
		uso, regimen string
		want         bool
	}{
		{"G01", "601", true}, {"G01", "626", true}, {"G01", "605", false}, {"G01", "616", false},
		{"G02", "616", true}, {"G03", "612", true}, {"G03", "605", false}, {"G03", "616", false},
		{"I04", "622", true}, {"D01", "605", true}, {"D01", "626", false}, {"D10", "607", true},
		{"D10", "601", false}, {"S01", "616", true}, {"S01", "605", true}, {"S01", "610", true},
	}
	for _, tc := range cases {
		u, ok := LookupUso(tc.uso)
		if !ok || u.Allows(tc.regimen) != tc.want {
			t.Errorf("uso %s with régimen %s: allowed = %v, want %v", tc.uso, tc.regimen, u.Allows(tc.regimen), tc.want)
		}
	}
}

func TestReceptorNormalize(t *testing.T) {
	t.Parallel()
	got := Receptor{RFC: " gode 561231-gr8 ", Nombre: "  juan   pérez\tlópez ", RegimenFiscal: " 612 ",
		CodigoPostal: " 03100 ", UsoCFDI: " g03 "}.Normalize()
	want := Receptor{RFC: "GODE561231GR8", Nombre: "JUAN PÉREZ LÓPEZ", RegimenFiscal: "612", CodigoPostal: "03100", UsoCFDI: "G03"}
	if got != want {
		t.Fatalf("Normalize() = %+v, want %+v", got, want)
	}
}

func TestReceptorCheck(t *testing.T) {
	t.Parallel()
	fisica := Receptor{RFC: "GODE561231GR8", Nombre: "JUAN GONZALEZ", RegimenFiscal: "612", CodigoPostal: "03100", UsoCFDI: "G03"}
	moral := Receptor{RFC: "MAB9307148T4", Nombre: "MATERIALES DEL BAJIO", RegimenFiscal: "601", CodigoPostal: "06600", UsoCFDI: "G01"}
	publico := Receptor{RFC: RFCPublicoGeneral, Nombre: "PUBLICO EN GENERAL", RegimenFiscal: "616", CodigoPostal: "03100", UsoCFDI: "S01"}
	with := func(r Receptor, f func(*Receptor)) Receptor { f(&r); return r }
	cases := []struct {
		name string
		in   Receptor
		want map[string]string
	}{
		{"persona física", fisica, map[string]string{}},
		{"persona moral", moral, map[string]string{}},
		{"público en general", publico, map[string]string{}},
		{"RESICO moral", with(moral, func(r *Receptor) { r.RegimenFiscal = "626"; r.UsoCFDI = "G03" }), map[string]string{}},
		{"sueldos with a personal deduction", with(fisica, func(r *Receptor) { r.RegimenFiscal = "605"; r.UsoCFDI = "D01" }), map[string]string{}},
		{"a física may end in SA", with(fisica, func(r *Receptor) { r.Nombre = "ROSA MARIA SA" }), map[string]string{}},
		{"everything empty", Receptor{}, map[string]string{
			"rfc": "Escribe el RFC.", "razonSocial": "Escribe la razón social.", "regimenFiscal": "Elige el régimen fiscal.",
			"codigoPostal": "El código postal debe tener 5 dígitos.", "usoCfdi": "Elige el uso del CFDI."}},
		{"bad check digit", with(fisica, func(r *Receptor) { r.RFC = "GODE561231GR9" }),
			map[string]string{"rfc": "El dígito verificador del RFC no es válido."}},
		{"régimen de capital", with(moral, func(r *Receptor) { r.Nombre = "MATERIALES DEL BAJIO, S.A. DE C.V." }),
			map[string]string{"razonSocial": MensajeRegimenCapital}},
		{"name too long", with(fisica, func(r *Receptor) { r.Nombre = strings.Repeat("Ñ", 255) }),
			map[string]string{"razonSocial": "La razón social no puede tener más de 254 caracteres."}},
		{"254 characters are fine", with(fisica, func(r *Receptor) { r.Nombre = strings.Repeat("Ñ", 254) }), map[string]string{}},
		{"CP of 4 digits", with(fisica, func(r *Receptor) { r.CodigoPostal = "3100" }),
			map[string]string{"codigoPostal": "El código postal debe tener 5 dígitos."}},
		{"CP with a letter", with(fisica, func(r *Receptor) { r.CodigoPostal = "0310O" }),
			map[string]string{"codigoPostal": "El código postal debe tener 5 dígitos."}},
		{"CP 00000", with(fisica, func(r *Receptor) { r.CodigoPostal = "00000" }),
			map[string]string{"codigoPostal": "Ese código postal no existe: los de México van del 01000 al 99999."}},
		{"CP below 01000", with(fisica, func(r *Receptor) { r.CodigoPostal = "00999" }),
			map[string]string{"codigoPostal": "Ese código postal no existe: los de México van del 01000 al 99999."}},
		{"the lowest CP", with(fisica, func(r *Receptor) { r.CodigoPostal = "01000" }), map[string]string{}},
		{"the highest CP", with(fisica, func(r *Receptor) { r.CodigoPostal = "99999" }), map[string]string{}},
		{"unknown régimen", with(fisica, func(r *Receptor) { r.RegimenFiscal = "699" }),
			map[string]string{"regimenFiscal": "El régimen fiscal no está en el catálogo del SAT."}},
		{"moral régimen for a física", with(fisica, func(r *Receptor) { r.RegimenFiscal = "601" }),
			map[string]string{"regimenFiscal": "El régimen fiscal 601 no es de personas físicas."}},
		{"física régimen for a moral", with(moral, func(r *Receptor) { r.RegimenFiscal = "612" }),
			map[string]string{"regimenFiscal": "El régimen fiscal 612 no es de personas morales."}},
		{"unknown uso", with(fisica, func(r *Receptor) { r.UsoCFDI = "P01" }),
			map[string]string{"usoCfdi": "El uso del CFDI no está en el catálogo del SAT."}},
		{"personal deduction for a moral", with(moral, func(r *Receptor) { r.UsoCFDI = "D01" }),
			map[string]string{"usoCfdi": "El uso del CFDI D01 no aplica a personas morales."}},
		{"uso the régimen does not admit", with(fisica, func(r *Receptor) { r.RegimenFiscal = "605" }),
			map[string]string{"usoCfdi": "El uso del CFDI G03 no se puede usar con el régimen fiscal 605."}},
		{"sin obligaciones buying goods", with(fisica, func(r *Receptor) { r.RegimenFiscal = "616"; r.UsoCFDI = "G01" }),
			map[string]string{"usoCfdi": "El uso del CFDI G01 no se puede usar con el régimen fiscal 616."}},
		{"generic with another régimen", with(publico, func(r *Receptor) { r.RegimenFiscal = "612" }),
			map[string]string{"regimenFiscal": "Con el RFC genérico el régimen fiscal debe ser 616 (Sin obligaciones fiscales)."}},
		{"generic with another uso", with(publico, func(r *Receptor) { r.UsoCFDI = "G03" }),
			map[string]string{"usoCfdi": "Con el RFC genérico el uso del CFDI debe ser S01 (Sin efectos fiscales)."}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := tc.in.Check(); !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Check() = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestHasRegimenCapital(t *testing.T) {
	t.Parallel()
	cases := map[string]bool{
		"MI EMPRESA S.A. DE C.V.":        true,
		"Mi Empresa, S.A. de C.V.":       true,
		"MI EMPRESA SA DE CV":            true,
		"MI EMPRESA S.A.DE C.V.":         true,
		"MI EMPRESA S. DE R.L. DE C.V.":  true,
		"MI EMPRESA SAPI DE CV":          true,
		"MI EMPRESA S.A.B. DE C.V.":      true,
		"MI EMPRESA S.C.":                true,
		"AMIGOS DEL ARTE A.C.":           true,
		"MI EMPRESA SOCIEDAD ANONIMA":    true,
		"MI EMPRESA SA DE CV SOFOM ENR":  true,
		"MI EMPRESA":                     false,
		"CASA HERMOSA":                   false,
		"LA CASA DE LOS SABORES":         false,
		"S.A. DE C.V.":                   false, // nothing but the régimen: the name is missing, not extra
		"SOCIEDAD ANONIMA DE TRANSPORTE": false,
	}
	for in, want := range cases {
		if got := HasRegimenCapital(in); got != want {
			t.Errorf("HasRegimenCapital(%q) = %v, want %v", in, got, want)
		}
	}
}
