package sales

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"
	_ "time/tzdata" // the shop's time zone must exist on any machine

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
)

// ShopZone is the shop's time zone: days, folios and reports follow it.
var ShopZone = mustZone("America/Mexico_City")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err) // cannot happen: time/tzdata is embedded
	}
	return loc
}

// Service holds the sales use cases; its exported methods are what other modules call.
type Service struct {
	store store
	stock Stock
	log   zerolog.Logger
	now   func() time.Time
}

// Actor is who makes a change.
type Actor struct {
	ID, Name string
}

// Reserve stores a new sale in state 'reservando' with a fresh folio, before its stock is taken.
// The caller prices it; Reserve checks the totals add up.
func (s *Service) Reserve(ctx context.Context, v Sale) (Sale, error) {
	if err := checkTotals(v); err != nil {
		return Sale{}, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	v.ID = bson.NewObjectID()
	v.Fecha = now
	v.Estado = EstadoReservando
	v.Guardado = false
	v.Pago = PagoPendiente
	v.Entrega = EntregaPendiente
	v.Historial = []Cambio{}
	v.Version = 1
	for attempt := 0; ; attempt++ {
		v.Folio = newFolio(now)
		err := s.store.insert(ctx, v)
		if err == nil {
			return v, nil
		}
		if !errors.Is(err, errDuplicateFolio) || attempt == 5 {
			return Sale{}, err
		}
	}
}

// Confirm marks a reserved sale as saved; the order lists show it from then on.
func (s *Service) Confirm(ctx context.Context, id bson.ObjectID) (Sale, error) {
	v, err := s.store.update(ctx, id, bson.M{"estado": EstadoReservando},
		bson.M{"$set": bson.M{"estado": EstadoConfirmada, "guardado": true}, "$inc": bson.M{"version": 1}})
	if err != nil {
		return Sale{}, err
	}
	if err := s.store.bumpVersion(ctx, s.now()); err != nil {
		s.log.Warn().Err(err).Msg("sales: version bump")
	}
	s.log.Info().Str("folio", v.Folio).Str("origen", v.Origen).Float64("total", v.Total).Msg("sale recorded")
	return v, nil
}

// Fail marks a reserved sale whose stock could not be taken; it never shows in any list.
func (s *Service) Fail(ctx context.Context, id bson.ObjectID) error {
	_, err := s.store.update(ctx, id, bson.M{"estado": EstadoReservando},
		bson.M{"$set": bson.M{"estado": EstadoFallida}, "$inc": bson.M{"version": 1}})
	return err
}

// Reserving lists the sales left in state 'reservando' since before the given time (a crash).
func (s *Service) Reserving(ctx context.Context, before time.Time) ([]Sale, error) {
	return s.store.find(ctx, bson.M{"estado": EstadoReservando, "fecha": bson.M{"$lt": before}}, bson.D{{Key: "fecha", Value: 1}})
}

// Get returns one sale. Errors: not_found.
func (s *Service) Get(ctx context.Context, id bson.ObjectID) (Sale, error) {
	return s.store.get(ctx, id)
}

// ByUser lists a customer's saved sales, newest first.
func (s *Service) ByUser(ctx context.Context, userID string) ([]Sale, error) {
	return s.store.find(ctx, bson.M{"usuarioId": userID, "estado": EstadoConfirmada}, bson.D{{Key: "fecha", Value: -1}})
}

// PendingOrders lists the saved orders not yet delivered or cancelled, oldest first; clientID ""
// means every customer.
func (s *Service) PendingOrders(ctx context.Context, clientID string) ([]Sale, error) {
	f := bson.M{"estado": EstadoConfirmada, "entrega": bson.M{"$in": []string{EntregaPendiente, EntregaEnviado}}}
	if clientID != "" {
		f["usuarioId"] = clientID
		f["pago"] = PagoPendiente
	}
	return s.store.find(ctx, f, bson.D{{Key: "fecha", Value: 1}})
}

// Between lists the saved sales whose date falls in [from, to), newest first.
func (s *Service) Between(ctx context.Context, from, to time.Time) ([]Sale, error) {
	return s.store.find(ctx, bson.M{"estado": EstadoConfirmada, "fecha": bson.M{"$gte": from, "$lt": to}}, bson.D{{Key: "fecha", Value: -1}})
}

// Version returns a number that changes whenever an order is added or changed.
func (s *Service) Version(ctx context.Context) (int64, error) { return s.store.version(ctx) }

// checkTotals verifies subtotal = sum of lines, IVA = 16% of it and total = subtotal + IVA, to the centavo.
func checkTotals(v Sale) error {
	if len(v.Carrito) == 0 {
		return apperr.New(apperr.Invalid, "El carrito está vacío.")
	}
	var sub money.Cents
	for _, it := range v.Carrito {
		unit, err := money.FromPesos(it.PrecioFinal)
		if err != nil || it.Cantidad < 1 {
			return apperr.Wrap(errors.New("bad line"), "sales: totals")
		}
		sub += unit.Times(int64(it.Cantidad))
	}
	got, _ := money.FromPesos(v.Subtotal)
	iva, _ := money.FromPesos(v.IVA)
	total, _ := money.FromPesos(v.Total)
	if got != sub || iva != sub.IVA() || total != sub+sub.IVA() {
		return apperr.Wrap(fmt.Errorf("subtotal %v iva %v total %v, lines %v", got, iva, total, sub), "sales: totals")
	}
	return nil
}

// newFolio is the sale's date and time in the shop's zone plus four random digits:
// 20261123-153045-4821. A unique index catches the rare clash and Reserve draws again.
func newFolio(now time.Time) string {
	n, err := rand.Int(rand.Reader, big.NewInt(10000))
	if err != nil {
		n = big.NewInt(now.UnixNano() % 10000)
	}
	return fmt.Sprintf("%s-%04d", now.In(ShopZone).Format("20060102-150405"), n.Int64())
}

func validValue(v string, values []string) bool { return slices.Contains(values, v) }

func joinValues(values []string) string { return strings.Join(values, ", ") }
