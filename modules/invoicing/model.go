package invoicing

import (
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// Kinds of CFDI.
const (
	TipoIndividual = "individual" // a customer's, for one sale
	TipoGlobal     = "global"     // to PÚBLICO EN GENERAL, for the sales of a day or a month
	TipoEgreso     = "egreso"     // a nota de crédito: the CFDI de egreso of a return (creditnote.go)
)

// Tipos are the kinds a list may filter by.
var Tipos = []string{TipoIndividual, TipoGlobal, TipoEgreso}

// States of a Factura.
const (
	EstadoTimbrando            = "timbrando" // sent to the PAC, answer not known yet (retried)
	EstadoValida               = "valida"
	EstadoCancelacionPendiente = "cancelacion_pendiente" // the receptor must accept it at the SAT
	EstadoCancelada            = "cancelada"
	EstadoError                = "error" // the PAC refused it; its sales were freed
)

// Estados are the states a list may filter by.
var Estados = []string{EstadoTimbrando, EstadoValida, EstadoCancelacionPendiente, EstadoCancelada, EstadoError}

// Factura is a document of the facturas collection: one CFDI, from the moment it is asked for.
// Its _id is the idempotency key the PAC receives, so a retry never stamps a second CFDI.
type Factura struct {
	ID         string         `bson:"_id" json:"_id"`
	Tipo       string         `bson:"tipo" json:"tipo"`
	Estado     string         `bson:"estado" json:"estado"`
	Mensaje    string         `bson:"mensaje,omitempty" json:"mensaje,omitempty"` // the PAC's refusal
	UUID       string         `bson:"uuid,omitempty" json:"uuid,omitempty"`
	Serie      string         `bson:"serie,omitempty" json:"serie,omitempty"`
	Folio      string         `bson:"folio,omitempty" json:"folio,omitempty"`
	PACID      string         `bson:"pacId,omitempty" json:"-"`
	Fecha      time.Time      `bson:"fecha" json:"fecha"`
	TimbradaEn *time.Time     `bson:"timbradaEn,omitempty" json:"timbradaEn,omitempty"`
	Receptor   Receptor       `bson:"receptor" json:"receptor"`
	Ventas     []VentaFactura `bson:"ventas" json:"ventas"`
	Global     *Global        `bson:"global,omitempty" json:"global,omitempty"`
	FormaPago  string         `bson:"formaPago" json:"formaPago"`
	MetodoPago string         `bson:"metodoPago" json:"metodoPago"`
	Subtotal   float64        `bson:"subtotal" json:"subtotal"`
	Descuento  float64        `bson:"descuento" json:"descuento"`
	IVA        float64        `bson:"iva" json:"iva"`
	Total      float64        `bson:"total" json:"total"`
	Conceptos  []Concepto     `bson:"conceptos" json:"conceptos"`
	// TotalPAC is the total the PAC stamped when it differs from Total (ours): staff see the
	// difference and check the CFDI. 0 when they agree.
	TotalPAC    float64      `bson:"totalPac,omitempty" json:"totalPac,omitempty"`
	Cancelacion *Cancelacion `bson:"cancelacion,omitempty" json:"cancelacion,omitempty"`
	// Cancelando is staff's cancellation of this CFDI while it may be reaching the PAC
	// (cancel_claim.go); nil when none is.
	Cancelando *Cancelando `bson:"cancelando,omitempty" json:"-"`
	// Sustituye is the UUID of the CFDI this one replaces (motivo 01); SustituidaPor the _id of
	// the factura that replaces this one, "" while none does (a guard compares it).
	Sustituye string `bson:"sustituye,omitempty" json:"sustituye,omitempty"`
	// Relacionado is, on a nota de crédito (tipo egreso), the UUID of the CFDI whose sale was
	// returned (TipoRelacion 01); Devolucion is that return.
	Relacionado   string         `bson:"relacionado,omitempty" json:"relacionado,omitempty"`
	Devolucion    *DevolucionRef `bson:"devolucion,omitempty" json:"devolucion,omitempty"`
	SustituidaPor string         `bson:"sustituidaPor" json:"sustituidaPor,omitempty"`
	// CorreoPendiente: the stamped CFDI still has to be mailed to its receptor; whoever mails it
	// clears it first, and the retry loop mails what a stopped replica left.
	CorreoPendiente bool `bson:"correoPendiente" json:"-"`
	// CorreoEnviadoEn is when an SMTP server took the CFDI's e-mail to its receptor; nil while none
	// did (no SMTP_URL set: the e-mail was only logged).
	CorreoEnviadoEn *time.Time `bson:"correoEnviadoEn,omitempty" json:"-"`
	// Correo says, to whoever asked for the factura, what became of its e-mail: CorreoEnviado,
	// CorreoEnviando or CorreoNoEnviado; "" while it is not stamped. Computed, never stored.
	Correo string `bson:"-" json:"correo,omitempty"`
	// VentasPorLiberar: the factura was refused or cancelled and its sales still have to be given
	// back; set with that state, cleared once they are, and the retry loop finishes what a crash
	// left.
	VentasPorLiberar bool     `bson:"ventasPorLiberar,omitempty" json:"-"`
	SinClaveSat      []string `bson:"sinClaveSat" json:"sinClaveSat"` // lines that took the default ClaveProdServ
	UsuarioID        string   `bson:"usuarioId,omitempty" json:"-"`   // the customer's account, for an own invoice
	CreadoPor        string   `bson:"creadoPor,omitempty" json:"creadoPor,omitempty"`
	// Busqueda is what the staff list searches: RFC, UUID, razón social and the sales' folios,
	// folded. Never shown.
	Busqueda string `bson:"busqueda" json:"-"`
	// Descarga is the token that lets whoever holds it download the files (the answer to a
	// customer without an account, the links of the e-mail). Computed, never stored.
	Descarga string `bson:"-" json:"descarga,omitempty"`
	// Reclamo is what the factura means to cover, written with it before any sale is claimed
	// (claims.go); nil on a nota de crédito, which covers none.
	Reclamo *Reclamo `bson:"reclamo,omitempty" json:"-"`
	// Descartada: the factura was given up before the PAC saw it (none of its sales was left to
	// it, or its claim failed); it is 'error' while its sales are released, then deleted.
	Descartada bool `bson:"descartada,omitempty" json:"-"`
}

// What became of a stamped CFDI's e-mail to its receptor (Factura.Correo).
const (
	CorreoEnviado   = "enviado"    // an SMTP server took it
	CorreoEnviando  = "enviando"   // it is being sent, or will be retried
	CorreoNoEnviado = "no_enviado" // none was sent: no SMTP server is set up, or there is no address
)

// Receptor is who the CFDI is issued to.
type Receptor struct {
	RFC           string `bson:"rfc" json:"rfc"`
	RazonSocial   string `bson:"razonSocial" json:"razonSocial"`
	RegimenFiscal string `bson:"regimenFiscal" json:"regimenFiscal"`
	CodigoPostal  string `bson:"codigoPostal" json:"codigoPostal"`
	UsoCFDI       string `bson:"usoCfdi" json:"usoCfdi"`
	Email         string `bson:"email" json:"email"`
}

// Reclamo is the exact list of sales a factura means to cover.
type Reclamo struct {
	Ventas []string `bson:"ventas"`       // the sales' _id
	De     string   `bson:"de,omitempty"` // a substitute: the factura whose sales it takes over
	// Desde and Hasta: a factura global covers only the sales paid in [Desde, Hasta).
	Desde *time.Time `bson:"desde,omitempty"`
	Hasta *time.Time `bson:"hasta,omitempty"`
}

// VentaFactura is a sale a CFDI covers.
type VentaFactura struct {
	ID    string  `bson:"_id" json:"_id"`
	Folio string  `bson:"folio" json:"folio"`
	Total float64 `bson:"total" json:"total"`
}

// DevolucionRef is the return of a sale that a nota de crédito is issued for.
type DevolucionRef struct {
	VentaID string `bson:"ventaId" json:"ventaId"`
	ID      string `bson:"_id" json:"_id"`
}

// Global is the period a factura global covers (InformacionGlobal).
type Global struct {
	Periodicidad string `bson:"periodicidad" json:"periodicidad"` // "01" día, "04" mes
	Meses        string `bson:"meses" json:"meses"`               // "01".."12"
	Anio         int    `bson:"anio" json:"anio"`
}

// Concepto is a line of the CFDI, its amounts in pesos.
type Concepto struct {
	ClaveProdServ    string  `bson:"claveProdServ" json:"claveProdServ"`
	NoIdentificacion string  `bson:"noIdentificacion" json:"noIdentificacion"`
	Cantidad         int64   `bson:"cantidad" json:"cantidad"`
	ClaveUnidad      string  `bson:"claveUnidad" json:"claveUnidad"`
	Unidad           string  `bson:"unidad" json:"unidad"`
	Descripcion      string  `bson:"descripcion" json:"descripcion"`
	ValorUnitario    float64 `bson:"valorUnitario" json:"valorUnitario"`
	Importe          float64 `bson:"importe" json:"importe"`
	Descuento        float64 `bson:"descuento" json:"descuento"`
	IVA              float64 `bson:"iva" json:"iva"`
}

// Cancelacion is a request to cancel the CFDI and where the SAT stands on it.
type Cancelacion struct {
	Motivo      string    `bson:"motivo" json:"motivo"`
	Sustitucion string    `bson:"sustitucion,omitempty" json:"sustitucion,omitempty"`
	Estado      string    `bson:"estado" json:"estado"` // the PAC's cancellation_status
	Fecha       time.Time `bson:"fecha" json:"fecha"`
	Por         string    `bson:"por" json:"por"`
}

// Perfil is a document of facturas_perfiles: one set of a customer's fiscal data.
type Perfil struct {
	ID             bson.ObjectID `bson:"_id" json:"_id"`
	UsuarioID      string        `bson:"usuarioId" json:"-"`
	Receptor       `bson:",inline"`
	Predeterminado bool      `bson:"predeterminado" json:"predeterminado"`
	Creado         time.Time `bson:"creado" json:"creado"`
}
