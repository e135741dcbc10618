package cashcut

import (
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// States of a cut: written 'en_proceso' when a cashier presses 'Hacer corte' (its number taken),
// 'cerrado' once it has claimed its sales and stored their totals. The minute's sweep finishes a
// cut a crash left in process, or removes it when it claimed nothing (service.go).
const (
	EstadoEnProceso = "en_proceso"
	EstadoCerrado   = "cerrado"
)

// Cut is a document of the cortes collection: a cash cut. Its sales are the sales whose `corte`
// is its number, and so are its drawer movements (caja_movimientos); the document keeps their
// totals, and the cash expected and counted, for the shop (Cash) and for each cashier.
type Cut struct {
	ID             bson.ObjectID `bson:"_id" json:"_id"`
	Numero         int64         `bson:"numero" json:"numero"` // 1, 2, 3...: consecutive, no gaps
	Fecha          time.Time     `bson:"fecha" json:"fecha"`   // when it was asked for
	CerradoEn      *time.Time    `bson:"cerradoEn,omitempty" json:"cerradoEn,omitempty"`
	UsuarioID      string        `bson:"usuarioId" json:"usuarioId"`
	NombreUsuario  string        `bson:"nombreUsuario" json:"nombreUsuario"`
	Estado         string        `bson:"estado" json:"estado"`
	NumVentas      int           `bson:"numVentas" json:"numVentas"`
	Ventas         []CutSale     `bson:"-" json:"ventas,omitempty"` // read from the sales it claimed
	PorMetodo      ByMethod      `bson:"porMetodo" json:"porMetodo"`
	PorUsuario     []ByUser      `bson:"porUsuario" json:"porUsuario"`
	Cash           `bson:",inline"`
	PorCajero      []CashierCash `bson:"porCajero" json:"porCajero"`
	NumMovimientos int           `bson:"numMovimientos" json:"numMovimientos"`
	Movimientos    []Movement    `bson:"-" json:"movimientos,omitempty"` // read from the movements it claimed
	Observaciones  string        `bson:"observaciones" json:"observaciones"`
}

// CutSale is one sale closed by a cut.
type CutSale struct {
	ID         string  `bson:"_id" json:"_id"`
	Folio      string  `bson:"folio" json:"folio"`
	Total      float64 `bson:"total" json:"total"`
	MetodoPago string  `bson:"metodoPago" json:"metodoPago"`
	Usuario    string  `bson:"usuario" json:"usuario"`
}

// ByMethod is the report by payment method.
type ByMethod struct {
	Totales      []MethodTotal `bson:"totales" json:"totales"`
	TotalGeneral float64       `bson:"totalGeneral" json:"totalGeneral"`
}

// MethodTotal is one method's total.
type MethodTotal struct {
	Metodo string  `bson:"metodo" json:"metodo"`
	Venta  float64 `bson:"venta" json:"venta"`
}

// ByUser is one user's total.
type ByUser struct {
	ID         UserKey `bson:"_id" json:"_id"`
	VentaTotal float64 `bson:"ventaTotal" json:"ventaTotal"`
}

// UserKey identifies who took the money.
type UserKey struct {
	NombreUsuario string `bson:"nombreUsuario" json:"nombreUsuario"`
	UsuarioID     string `bson:"usuarioId" json:"usuarioId"`
}
