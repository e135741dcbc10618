package cfdi

// The catalogue entries carry the JSON names of the API's /v1/facturas/catalogos (camelCase, as
// every answer of the shop).

// Regimen is an entry of the SAT's c_RegimenFiscal: who may be in it.
type Regimen struct {
	Clave       string `json:"clave"`
	Descripcion string `json:"descripcion"`
	Fisica      bool   `json:"fisica"`
	Moral       bool   `json:"moral"`
}

// Uso is an entry of the SAT's c_UsoCFDI for CFDI 4.0: who may use it and with which regímenes
// fiscales of the receptor (the catalogue's column "Régimen Fiscal Receptor").
type Uso struct {
	Clave       string   `json:"clave"`
	Descripcion string   `json:"descripcion"`
	Fisica      bool     `json:"fisica"`
	Moral       bool     `json:"moral"`
	Regimenes   []string `json:"regimenes"`
}

// Motivo is an entry of the SAT's c_MotivoCancelacion.
type Motivo struct {
	Clave               string `json:"clave"`
	Descripcion         string `json:"descripcion"`
	RequiereSustitucion bool   `json:"requiereSustitucion"` // the cancellation names the UUID of the CFDI that replaces it
}

// Regimenes is c_RegimenFiscal as in force for CFDI 4.0, less the regímenes no c_UsoCFDI entry
// admits for a receptor (609, 628, 629, 630): a receptor in them cannot be invoiced.
var Regimenes = []Regimen{
	{"601", "General de Ley Personas Morales", false, true},
	{"603", "Personas Morales con Fines no Lucrativos", false, true},
	{"605", "Sueldos y Salarios e Ingresos Asimilados a Salarios", true, false},
	{"606", "Arrendamiento", true, false},
	{"607", "Régimen de Enajenación o Adquisición de Bienes", true, false},
	{"608", "Demás ingresos", true, false},
	{"610", "Residentes en el Extranjero sin Establecimiento Permanente en México", true, true},
	{"611", "Ingresos por Dividendos (socios y accionistas)", true, false},
	{"612", "Personas Físicas con Actividades Empresariales y Profesionales", true, false},
	{"614", "Ingresos por intereses", true, false},
	{"615", "Régimen de los ingresos por obtención de premios", true, false},
	{"616", "Sin obligaciones fiscales", true, false},
	{"620", "Sociedades Cooperativas de Producción que optan por diferir sus ingresos", false, true},
	{"621", "Incorporación Fiscal", true, false},
	{"622", "Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras", false, true},
	{"623", "Opcional para Grupos de Sociedades", false, true},
	{"624", "Coordinados", false, true},
	{"625", "Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas", true, false},
	{"626", "Régimen Simplificado de Confianza", true, true},
}

// The "Régimen Fiscal Receptor" lists of c_UsoCFDI, shared by many usos.
var (
	regimenesGastos    = []string{"601", "603", "606", "612", "620", "621", "622", "623", "624", "625", "626"}
	regimenesPersonal  = []string{"605", "606", "608", "611", "612", "614", "607", "615", "625"}
	regimenesSinEfecto = []string{"601", "603", "605", "606", "608", "610", "611", "612", "614", "616",
		"620", "621", "622", "623", "624", "607", "615", "625", "626"}
)

// Usos is c_UsoCFDI for CFDI 4.0 (descriptions as the SAT writes them, less the final period).
var Usos = []Uso{
	{"G01", "Adquisición de mercancías", true, true, regimenesGastos},
	{"G02", "Devoluciones, descuentos o bonificaciones", true, true,
		[]string{"601", "603", "606", "612", "616", "620", "621", "622", "623", "624", "625", "626"}},
	{"G03", "Gastos en general", true, true, regimenesGastos},
	{"I01", "Construcciones", true, true, regimenesGastos},
	{"I02", "Mobiliario y equipo de oficina por inversiones", true, true, regimenesGastos},
	{"I03", "Equipo de transporte", true, true, regimenesGastos},
	{"I04", "Equipo de computo y accesorios", true, true, regimenesGastos},
	{"I05", "Dados, troqueles, moldes, matrices y herramental", true, true, regimenesGastos},
	{"I06", "Comunicaciones telefónicas", true, true, regimenesGastos},
	{"I07", "Comunicaciones satelitales", true, true, regimenesGastos},
	{"I08", "Otra maquinaria y equipo", true, true, regimenesGastos},
	{"D01", "Honorarios médicos, dentales y gastos hospitalarios", true, false, regimenesPersonal},
	{"D02", "Gastos médicos por incapacidad o discapacidad", true, false, regimenesPersonal},
	{"D03", "Gastos funerales", true, false, regimenesPersonal},
	{"D04", "Donativos", true, false, regimenesPersonal},
	{"D05", "Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)", true, false, regimenesPersonal},
	{"D06", "Aportaciones voluntarias al SAR", true, false, regimenesPersonal},
	{"D07", "Primas por seguros de gastos médicos", true, false, regimenesPersonal},
	{"D08", "Gastos de transportación escolar obligatoria", true, false, regimenesPersonal},
	{"D09", "Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones", true, false, regimenesPersonal},
	{"D10", "Pagos por servicios educativos (colegiaturas)", true, false, regimenesPersonal},
	{"S01", "Sin efectos fiscales", true, true, regimenesSinEfecto},
	// CP01 (Pagos) and CN01 (Nómina) are left out: the SAT admits them only on CFDIs of type P and
	// N, and the shop issues type I only.
}

// MotivosCancelacion is c_MotivoCancelacion.
var MotivosCancelacion = []Motivo{
	{"01", "Comprobante emitido con errores con relación", true},
	{"02", "Comprobante emitido con errores sin relación", false},
	{"03", "No se llevó a cabo la operación", false},
	{"04", "Operación nominativa relacionada en una factura global", false},
}

// LookupRegimen finds a régimen fiscal by its clave.
func LookupRegimen(clave string) (Regimen, bool) {
	for _, r := range Regimenes {
		if r.Clave == clave {
			return r, true
		}
	}
	return Regimen{}, false
}

// LookupUso finds a uso del CFDI by its clave.
func LookupUso(clave string) (Uso, bool) {
	for _, u := range Usos {
		if u.Clave == clave {
			return u, true
		}
	}
	return Uso{}, false
}

// LookupMotivo finds a motivo de cancelación by its clave.
func LookupMotivo(clave string) (Motivo, bool) {
	for _, m := range MotivosCancelacion {
		if m.Clave == clave {
			return m, true
		}
	}
	return Motivo{}, false
}

// Allows reports whether the uso admits a receptor in the régimen.
func (u Uso) Allows(regimen string) bool {
	for _, r := range u.Regimenes {
		if r == regimen {
			return true
		}
	}
	return false
}
