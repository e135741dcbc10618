// Package cfdi holds what a CFDI 4.0 needs that is the SAT's and not the shop's: RFCs, the SAT
// catalogues the shop uses, a receptor's fiscal data checked field by field, the amounts of a
// comprobante computed in centavos, and its XML as Anexo 20 defines it.
package cfdi

import (
	"time"

	"tienda/pkg/money"
)

// The generic RFCs: sales to the general public and to foreigners.
const (
	RFCPublicoGeneral = "XAXX010101000"
	RFCExtranjero     = "XEXX010101000"
)

// Formas de pago (c_FormaPago) the shop uses.
const (
	FormaEfectivo       = "01"
	FormaTransferencia  = "03"
	FormaTarjetaCredito = "04"
	FormaTarjetaDebito  = "28"
	FormaIntermediario  = "31"
)

// Periodicidades (c_Periodicidad) of a factura global the shop issues.
const (
	PeriodicidadDiaria  = "01"
	PeriodicidadMensual = "04"
)

// RFC is a parsed RFC.
type RFC struct {
	Value   string // upper-cased, trimmed
	Moral   bool   // 12 characters: a persona moral
	Generic bool   // XAXX010101000 or XEXX010101000
}

// Receptor is a receptor's fiscal data.
type Receptor struct {
	RFC, Nombre, RegimenFiscal, CodigoPostal, UsoCFDI string
}

// Linea is what a concepto is made of, before its amounts are computed.
type Linea struct {
	ClaveProdServ, NoIdentificacion  string
	Cantidad                         int64
	ClaveUnidad, Unidad, Descripcion string
	ValorUnitario, Descuento         money.Cents
}

// Concepto is a line of a comprobante with its amounts.
type Concepto struct {
	Linea
	Importe, Base, IVA money.Cents
}

// InformacionGlobal is the period a factura global covers.
type InformacionGlobal struct {
	Periodicidad, Meses string
	Anio                int
}

// Emisor is who issues the comprobante.
type Emisor struct {
	RFC, Nombre, RegimenFiscal string
}

// Tipos de comprobante (c_TipoDeComprobante) the shop issues.
const (
	TipoIngreso = "I"
	TipoEgreso  = "E" // nota de crédito: a return of what a CFDI de ingreso covered
)

// Comprobante is a CFDI 4.0 of type I (ingreso) or E (egreso) in MXN.
type Comprobante struct {
	// Tipo is TipoIngreso (also when empty) or TipoEgreso.
	Tipo                                   string
	Serie, Folio                           string
	Fecha                                  time.Time
	FormaPago, MetodoPago, LugarExpedicion string
	Emisor                                 Emisor
	Receptor                               Receptor
	Global                                 *InformacionGlobal
	// Sustituye is the UUID of the CFDI this one replaces (CfdiRelacionados with TipoRelacion 04),
	// "" for none.
	Sustituye string
	// Relacionado is the UUID of the CFDI de ingreso a CFDI de egreso returns part of
	// (CfdiRelacionados with TipoRelacion 01, nota de crédito de los documentos relacionados).
	Relacionado                     string
	Conceptos                       []Concepto
	SubTotal, Descuento, IVA, Total money.Cents
}

// Timbre is the SAT's stamp (TimbreFiscalDigital 1.1) and the issuer's seal.
type Timbre struct {
	UUID                                                               string
	FechaTimbrado                                                      time.Time
	RfcProvCertif, SelloCFD, NoCertificadoSAT, SelloSAT, NoCertificado string
}
