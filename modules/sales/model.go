package sales

import (
	"tienda/pkg/salestate"

	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// Order states of a sale's delivery and of its payment.
const (
	EntregaPendiente = "Pendiente"
	EntregaEnviado   = "Enviado"
	EntregaEntregado = "Entregado"
	EntregaCancelado = "Cancelado"
	EntregaDevuelto  = "Devuelto"

	PagoPendiente = "Pendiente"
	PagoPagado    = "Pagado"
)

// EntregaValues and PagoValues are the only accepted values.
var (
	EntregaValues = []string{EntregaPendiente, EntregaEnviado, EntregaEntregado, EntregaCancelado, EntregaDevuelto}
	PagoValues    = []string{PagoPendiente, PagoPagado}
	MetodoValues  = []string{"Efectivo", "Tarjeta", "Transferencia", "Mercado Pago"}
)

// Origins of a sale.
const (
	OrigenCaja        = "caja"
	OrigenMercadoPago = "mercadopago"
)

// Sale is a document of the ventas collection, in the original shape plus the fields
// that keep it right (estado, origen, usuarioId, historial, pagadoEn, corte).
type Sale struct {
	ID            bson.ObjectID `bson:"_id" json:"_id"`
	Folio         string        `bson:"folio" json:"folio"`
	Fecha         time.Time     `bson:"fecha" json:"fecha"`
	Carrito       []Item        `bson:"carrito" json:"carrito"`
	Usuario       Buyer         `bson:"usuario" json:"usuario"`
	UsuarioID     string        `bson:"usuarioId" json:"usuarioId"`         // the customer's account
	CreadoPor     string        `bson:"creadoPor" json:"creadoPor"`         // who placed it (may be staff)
	NombreCreador string        `bson:"nombreCreador" json:"nombreCreador"` // that user's name
	Cliente       string        `bson:"cliente" json:"cliente"`             // 'Quien Ordena ?'
	Subtotal      float64       `bson:"subtotal" json:"subtotal"`
	IVA           float64       `bson:"iva" json:"iva"`
	Total         float64       `bson:"total" json:"total"`
	MontoCobro    float64       `bson:"montoCobro,omitempty" json:"montoCobro,omitempty"` // online: what the provider charges
	Order         *Order        `bson:"order,omitempty" json:"order,omitempty"`
	MercadoPago   *MercadoPago  `bson:"mercadoPago,omitempty" json:"mercadoPago,omitempty"`
	Observaciones string        `bson:"observaciones" json:"observaciones"`
	Guardado      bool          `bson:"guardado" json:"guardado"`
	Entrega       string        `bson:"entrega" json:"entrega"`
	Pago          string        `bson:"pago" json:"pago"`
	MetodoPago    string        `bson:"metodoPago" json:"metodoPago"`
	Envio         *Envio        `bson:"envio,omitempty" json:"envio,omitempty"`
	PagadoEn      *time.Time    `bson:"pagadoEn,omitempty" json:"pagadoEn,omitempty"`       // when it was marked paid
	Corte         int64         `bson:"corte,omitempty" json:"corte,omitempty"`             // the cash cut that claimed it (cuts.go)
	CobradoPor    string        `bson:"cobradoPor,omitempty" json:"cobradoPor,omitempty"`   // who took the money
	NombreCobro   string        `bson:"nombreCobro,omitempty" json:"nombreCobro,omitempty"` // that user's name
	Factura       *InvoiceRef   `bson:"factura,omitempty" json:"factura,omitempty"`         // the CFDI that covers it (invoices.go)
	// FacturasCerradas are the CFDIs (their _id) that may no longer claim or take the sale: each
	// one's claim on it ended, given up or released (invoices.go). Never shown.
	FacturasCerradas []string `bson:"facturasCerradas,omitempty" json:"-"`
	// Pagos and Devoluciones are what happened to the sale's money (money.go): the payment, and
	// each refund. A sale has one payment at most; its cash cut is the sale's Corte. Each refund
	// has its own cut.
	Pagos        []Pago       `bson:"pagos,omitempty" json:"pagos"`
	Devoluciones []Devolucion `bson:"devoluciones,omitempty" json:"devoluciones"`
	// DevolucionesPorCortar is true while some refund waits for a cash cut; ConDevoluciones once
	// the sale has any. Top-level, so that the cut and the report find them by an index.
	DevolucionesPorCortar bool             `bson:"devolucionesPorCortar,omitempty" json:"-"`
	ConDevoluciones       bool             `bson:"conDevoluciones,omitempty" json:"-"`
	Estado                salestate.Estado `bson:"estado" json:"estado"`
	Revisar               string           `bson:"revisar,omitempty" json:"revisar,omitempty"` // a problem staff must look at
	// PagoTardio: the payment was recorded after the order expired. The stock its order first took
	// was given back by the expiry; the payment took it again under keys of its own (checkout).
	PagoTardio bool `bson:"pagoTardio,omitempty" json:"-"`
	// RetomaPendiente: set with PagoTardio, cleared once those units are taken again (or found
	// short); while set, the sweep takes them again (RetakeDone).
	RetomaPendiente bool `bson:"retomaPendiente,omitempty" json:"-"`
	// Preferencia is the MercadoPago preference that charges an online order, stored once it is
	// made: a repeat of the request that placed the order (its Idempotency-Key) answers it.
	Preferencia   string   `bson:"preferencia,omitempty" json:"-"`
	Origen        string   `bson:"origen" json:"origen"`
	StockDevuelto bool     `bson:"stockDevuelto" json:"stockDevuelto"`
	Historial     []Cambio `bson:"historial" json:"historial"`
	Version       int      `bson:"version" json:"version"`
	// PorResumir marks a sale written since the summaries of its days were told (summary.go).
	PorResumir *bson.ObjectID `bson:"porResumir,omitempty" json:"-"`
	// Correos is the sale's outbox of order e-mails (order_mails.go); CorreosPendientes is true
	// while one of them is not settled. Never shown: no screen says an e-mail went out.
	Correos           []Correo `bson:"correos,omitempty" json:"-"`
	CorreosPendientes bool     `bson:"correosPendientes,omitempty" json:"-"`
	// Busqueda is what the staff lists search (searchText): folio, 'Quien Ordena', the buyer's
	// name, e-mail and phone, folded. Written with the sale; never shown.
	Busqueda string `bson:"busqueda,omitempty" json:"-"`
	// Idempotencia is the key of the request that placed the sale ("<who placed it>:<the key the
	// cart sent>"): a repeat of that request answers this sale instead of placing another.
	Idempotencia string `bson:"idempotencia,omitempty" json:"-"`
	// StockPorDevolver is true while some of the sale's units (a cancellation's, a return's) are
	// owed to the catalogue (stock_giveback.go).
	StockPorDevolver bool `bson:"stockPorDevolver,omitempty" json:"-"`
}

// Item is one cart line of a sale, priced by the server.
type Item struct {
	ID          string  `bson:"_id" json:"_id"`                 // the variant's id
	ProductID   string  `bson:"producto_id" json:"producto_id"` // the product's _id (hex)
	Nombre      string  `bson:"nombre" json:"nombre"`
	Descripcion string  `bson:"descripcion" json:"descripcion"`
	Stock       int     `bson:"stock" json:"stock"`
	Precio      float64 `bson:"precio" json:"precio"`
	Descuento   float64 `bson:"descuento" json:"descuento"`
	PrecioFinal float64 `bson:"precioFinal" json:"precioFinal"`
	Cantidad    int     `bson:"cantidad" json:"cantidad"`
	Imagen      string  `bson:"imagen" json:"imagen"`
	Talla       string  `bson:"talla" json:"talla"`
	Tamano      string  `bson:"tamano" json:"tamano"`
	Extras      []Extra `bson:"extras" json:"extras"`
	Entregado   bool    `bson:"entregado" json:"entregado"`
	Devueltos   int     `bson:"devueltos,omitempty" json:"devueltos"` // units returned so far
	// Envio marks the line of a shipment's cost charged to the customer (shipping.go): a service,
	// no stock, never returned, never marked delivered.
	Envio bool `bson:"envio,omitempty" json:"envio,omitempty"`
	// ConProveedor are the line's units the shop did not have and orders from the distributor;
	// Entrega then tells the customer the delivery takes longer (the ticket and the order show it).
	ConProveedor int    `bson:"conProveedor,omitempty" json:"conProveedor,omitempty"`
	Entrega      string `bson:"entrega,omitempty" json:"entrega,omitempty"`
}

// Extra is an add-on bought with an item.
type Extra struct {
	ID     string  `bson:"_id" json:"_id"`
	Nombre string  `bson:"nombre" json:"nombre"`
	Precio float64 `bson:"precio" json:"precio"`
}

// Buyer is the customer's contact data at the time of the sale.
type Buyer struct {
	Name    string `bson:"name" json:"name"`
	Email   string `bson:"email" json:"email"`
	Phone   string `bson:"phone" json:"phone"`
	Address string `bson:"address" json:"address"`
}

// Order is the payment provider's order.
type Order struct {
	ID         string    `bson:"id" json:"id"`
	Status     string    `bson:"status" json:"status"`
	CreateTime time.Time `bson:"create_time" json:"create_time"`
	Payer      Payer     `bson:"payer" json:"payer"`
}

// Payer is the provider's payer.
type Payer struct {
	Name PayerName `bson:"name" json:"name"`
}

// PayerName is the payer's given name and surname.
type PayerName struct {
	GivenName string `bson:"given_name" json:"given_name"`
	Surname   string `bson:"surname" json:"surname"`
}

// MercadoPago is what the provider said about the payment.
type MercadoPago struct {
	PaymentID         string    `bson:"payment_id" json:"payment_id"`
	Status            string    `bson:"status" json:"status"`
	PaymentType       string    `bson:"payment_type" json:"payment_type"`
	MerchantOrderID   string    `bson:"merchant_order_id" json:"merchant_order_id"`
	CollectionID      string    `bson:"collection_id" json:"collection_id"`
	ExternalReference string    `bson:"external_reference" json:"external_reference"`
	PreferenceID      string    `bson:"preference_id" json:"preference_id"`
	Timestamp         time.Time `bson:"timestamp" json:"timestamp"`
}

// Envio is a sale's shipment. CostoEnvio is what it costs before IVA; with CobrarEnvio the
// customer pays it, as a line of the sale (shipping.go), otherwise it is the shop's own expense.
type Envio struct {
	Status        string    `bson:"status" json:"status"`
	Empresa       string    `bson:"empresa" json:"empresa"`
	Guia          string    `bson:"guia" json:"guia"`
	Observaciones string    `bson:"observaciones" json:"observaciones"`
	Fecha         time.Time `bson:"fecha" json:"fecha"`
	CostoEnvio    float64   `bson:"costoEnvio" json:"costoEnvio"`
	CobrarEnvio   bool      `bson:"cobrarEnvio" json:"cobrarEnvio"`
}

// Cambio is one entry of a sale's history: who changed what, when.
type Cambio struct {
	Campo  string    `bson:"campo" json:"campo"`
	De     string    `bson:"de" json:"de"`
	A      string    `bson:"a" json:"a"`
	Por    string    `bson:"por" json:"por"`
	Nombre string    `bson:"nombre" json:"nombre"`
	Fecha  time.Time `bson:"fecha" json:"fecha"`
}

// Pago is a payment recorded on a sale: its amount, method, when and who took it. Its _id is
// chosen before the write, so that recording it twice is harmless.
type Pago struct {
	ID          string    `bson:"_id" json:"_id"`
	Monto       float64   `bson:"monto" json:"monto"`
	Metodo      string    `bson:"metodo" json:"metodo"`
	TipoTarjeta string    `bson:"tipoTarjeta,omitempty" json:"tipoTarjeta,omitempty"` // 'debito' or 'credito', when known
	Fecha       time.Time `bson:"fecha" json:"fecha"`
	Por         string    `bson:"por" json:"por"`
	Nombre      string    `bson:"nombre" json:"nombre"`
}

// Devolucion is a return: units of some lines brought back and the money refunded for them, with
// why, how, when and who. Corte is the cash cut that counted the refund (0 until one does).
type Devolucion struct {
	ID       string          `bson:"_id" json:"_id"`
	Lineas   []LineaDevuelta `bson:"lineas" json:"lineas"`
	Subtotal float64         `bson:"subtotal" json:"subtotal"`
	IVA      float64         `bson:"iva" json:"iva"`
	Monto    float64         `bson:"monto" json:"monto"` // subtotal + IVA: the money refunded
	Metodo   string          `bson:"metodo" json:"metodo"`
	Motivo   string          `bson:"motivo" json:"motivo"`
	Fecha    time.Time       `bson:"fecha" json:"fecha"`
	Por      string          `bson:"por" json:"por"`
	Nombre   string          `bson:"nombre" json:"nombre"`
	Corte    int64           `bson:"corte,omitempty" json:"corte,omitempty"`
	Stock    bool            `bson:"stock" json:"-"` // its units were given back to the catalogue
	Nota     *NotaDeCredito  `bson:"notaCredito,omitempty" json:"notaCredito,omitempty"`
}

// LineaDevuelta is the units of one cart line a return brought back, and their money.
type LineaDevuelta struct {
	IDOrden  string  `bson:"idOrden" json:"idOrden"` // the cart line's _id
	Indice   int     `bson:"indice" json:"indice"`   // its position in carrito
	Nombre   string  `bson:"nombre" json:"nombre"`
	Cantidad int     `bson:"cantidad" json:"cantidad"`
	Subtotal float64 `bson:"subtotal" json:"subtotal"`
	IVA      float64 `bson:"iva" json:"iva"`
	Monto    float64 `bson:"monto" json:"monto"`
}

// NotaDeCredito is the CFDI de egreso that a return of an invoiced sale needs.
type NotaDeCredito struct {
	FacturaID string `bson:"facturaId" json:"facturaId"`
	UUID      string `bson:"uuid,omitempty" json:"uuid,omitempty"`
	Estado    string `bson:"estado" json:"estado"`
}
