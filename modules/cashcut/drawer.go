package cashcut

import (
	"context"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

// The cash drawer's own movements ('Fondo de caja', 'Retiro de efectivo', 'Depósito de efectivo'):
// the cash put in or taken out of the drawer that is not a sale's. Each is a document of
// caja_movimientos whose `_id` the client chooses before the write, so that recording it twice
// (a retry, a double click) stores it once. The next cut claims it as it claims sales: `corte`
// from absent to the cut's number, one guarded write.

// Kinds of drawer movement.
const (
	TipoFondo    = "fondo"    // the opening float of a cashier's day
	TipoRetiro   = "retiro"   // cash taken out (to the bank, to pay a supplier)
	TipoDeposito = "deposito" // cash put in (more change)
)

// kindNames are the kinds as staff read them.
var kindNames = map[string]string{TipoFondo: "Fondo de caja", TipoRetiro: "Retiro de efectivo", TipoDeposito: "Depósito de efectivo"}

// Movement is a document of caja_movimientos.
type Movement struct {
	ID            bson.ObjectID `bson:"_id" json:"_id"`
	Tipo          string        `bson:"tipo" json:"tipo"`
	Monto         float64       `bson:"monto" json:"monto"`
	Motivo        string        `bson:"motivo" json:"motivo"`
	Fecha         time.Time     `bson:"fecha" json:"fecha"`
	UsuarioID     string        `bson:"usuarioId" json:"usuarioId"`
	NombreUsuario string        `bson:"nombreUsuario" json:"nombreUsuario"`
	Corte         *int64        `bson:"corte,omitempty" json:"corte,omitempty"`
	// FondoDe is "<usuarioId>|<AAAA-MM-DD>" on a float only (unique): one float per cashier and
	// day in Mexico City. Never shown.
	FondoDe string `bson:"fondoDe,omitempty" json:"-"`
}

// MovementInput is a drawer movement as the cash desk sends it (POST /v1/cortes/movimientos).
type MovementInput struct {
	ID     string   `json:"_id"`
	Tipo   string   `json:"tipo"`
	Monto  *float64 `json:"monto"`
	Motivo string   `json:"motivo"`
}

const (
	maxMovementMotivo = 200
	maxCash           = money.Cents(100_000_000 * 100) // a hundred million pesos
)

// check validates a movement, naming each wrong field in Spanish.
func (in MovementInput) check() (Movement, money.Cents, error) {
	f := apperr.Fields{}
	m := Movement{Tipo: strings.TrimSpace(in.Tipo), Motivo: strings.TrimSpace(in.Motivo)}
	if id := strings.TrimSpace(in.ID); id == "" {
		m.ID = bson.NewObjectID()
	} else if oid, err := bson.ObjectIDFromHex(id); err != nil {
		f.Add("_id", apperr.MsgID)
	} else {
		m.ID = oid
	}
	if _, ok := kindNames[m.Tipo]; !ok {
		f.Add("tipo", "Elige el tipo de movimiento: fondo de caja, retiro o depósito de efectivo.")
	}
	amount := positiveAmount(f, "monto", in.Monto)
	switch {
	case m.Motivo == "" && m.Tipo != TipoFondo && m.Tipo != "":
		f.Add("motivo", "Escribe el motivo del movimiento.")
	case len([]rune(m.Motivo)) > maxMovementMotivo:
		f.Add("motivo", apperr.MsgMaxChars(maxMovementMotivo))
	}
	m.Monto = amount.Pesos()
	return m, amount, f.Err()
}

// positiveAmount reads an amount of pesos greater than 0, with at most two decimals.
func positiveAmount(f apperr.Fields, field string, v *float64) money.Cents {
	if v == nil {
		f.Add(field, "Escribe el importe.")
		return 0
	}
	c, err := money.FromPesos(*v)
	switch {
	case err != nil || c.Pesos() != *v:
		f.Add(field, "Escribe un importe en pesos con hasta dos decimales, por ejemplo 1250.50.")
	case c <= 0:
		f.Add(field, "El importe debe ser mayor que $0.00.")
	case c > maxCash:
		f.Add(field, "El importe debe ser como máximo $100,000,000.00.")
	}
	return c
}

var (
	errFloatTaken   = apperr.New(apperr.Conflict, "Ya registraste el fondo de caja de hoy. Para agregar efectivo registra un depósito.")
	errMovementSeen = apperr.New(apperr.Conflict, "Ese movimiento ya se registró con otros datos.")
)

// RecordMovement records a drawer movement of who, once: the same `_id` sent again answers the
// movement stored the first time (created=false). Errors: invalid (fields), conflict (a second
// float of the cashier's day; the `_id` of another movement).
func (s *Service) RecordMovement(ctx context.Context, who Actor, in MovementInput) (m Movement, created bool, err error) {
	m, _, err = in.check()
	if err != nil {
		return Movement{}, false, err
	}
	ctx = context.WithoutCancel(ctx) // a write begun is finished, answered or not
	m.Fecha = s.now().UTC().Truncate(time.Millisecond)
	m.UsuarioID, m.NombreUsuario = who.ID, who.Name
	if m.Tipo == TipoFondo {
		m.FondoDe = who.ID + "|" + m.Fecha.In(shoptime.Zone).Format(time.DateOnly)
	}
	dup, err := s.store.insertMovement(ctx, m)
	if err != nil {
		return Movement{}, false, err
	}
	if !dup {
		s.log.Info().Str("movement", m.ID.Hex()).Str("kind", m.Tipo).Float64("amount", m.Monto).Str("user", who.ID).Msg("cash drawer movement")
		return m, true, nil
	}
	stored, found, err := s.store.movement(ctx, m.ID)
	switch {
	case err != nil:
		return Movement{}, false, err
	case !found:
		return Movement{}, false, errFloatTaken // the unique key that refused it is the day's float
	case stored.Tipo != m.Tipo || stored.Monto != m.Monto || stored.Motivo != m.Motivo || stored.UsuarioID != m.UsuarioID:
		return Movement{}, false, errMovementSeen
	}
	return stored, false, nil
}

// PendingCash is what waits for the next cut: whether there is anything to close, the cash the
// drawer should hold (shop and each cashier) and the drawer movements.
type PendingCash struct {
	Pendiente   bool          `json:"pendiente"`
	Ventas      int           `json:"ventas"`
	Cash                      // the whole shop's
	PorCajero   []CashierCash `json:"porCajero"`
	Movimientos []Movement    `json:"movimientos"`
}

// PendingCash reports what the next cut would close: the paid sales' and drawer movements' cash.
func (s *Service) PendingCash(ctx context.Context) (PendingCash, error) {
	sales, err := s.sales.Unclaimed(ctx)
	if err != nil {
		return PendingCash{}, err
	}
	movs, err := s.store.movements(ctx, unclaimedMovements)
	if err != nil {
		return PendingCash{}, err
	}
	p := PendingCash{Pendiente: len(sales) > 0 || len(movs) > 0, Ventas: len(sales), Movimientos: movs}
	p.Cash, p.PorCajero = cashTotals(sales, movs, nil, nil)
	return p, nil
}
