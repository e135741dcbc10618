package sales

import (
	"bytes"
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
	tidy  *tidy // bookkeeping after counter orders, done in batches by Run (tidy.go)
}

// Actor is who makes a change.
type Actor struct {
	ID, Name string
}

// Reserve writes a new sale's intent record ('reservando', with a fresh folio) before its stock is
// taken. The intent lives in a small collection of its own, so the hot path never updates the
// large ventas collection (the embedded store scans a collection on every update). The caller
// prices the sale; Reserve checks the totals add up.
func (s *Service) Reserve(ctx context.Context, v Sale) (Sale, error) {
	if err := checkTotals(v); err != nil {
		return Sale{}, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	v.ID = bson.NewObjectID()
	v.Fecha = now
	v.Folio = newFolio(now)
	v.Estado = EstadoReservando
	v.Guardado = false
	v.Pago = PagoPendiente
	v.Entrega = EntregaPendiente
	v.Historial = []Cambio{}
	v.Version = 1
	if err := s.store.insertIntent(ctx, v); err != nil {
		return Sale{}, err
	}
	return v, nil
}

// Confirm saves a reserved counter sale: it enters ventas, unpaid, and the order lists show it.
// Errors: not_found (no such reservation), conflict.
func (s *Service) Confirm(ctx context.Context, id bson.ObjectID) (Sale, error) {
	v, err := s.save(ctx, id, EstadoConfirmada)
	if err != nil {
		return Sale{}, err
	}
	s.afterSave(id)
	s.log.Info().Str("folio", v.Folio).Str("origen", v.Origen).Float64("total", v.Total).Msg("sale recorded")
	return v, nil
}

// AwaitPayment saves a reserved online sale as 'esperando_pago': its stock stays held, it is in
// no order list until its payment is approved.
func (s *Service) AwaitPayment(ctx context.Context, id bson.ObjectID) error {
	intent, err := s.store.intent(ctx, id)
	if err != nil {
		return err
	}
	intent.Estado = EstadoEsperandoPago
	if err := s.store.insertWaiting(ctx, intent); err != nil { // first: see online.go
		return err
	}
	v, err := s.save(ctx, id, EstadoEsperandoPago)
	if err != nil {
		return err
	}
	if err := s.store.deleteIntent(ctx, id); err != nil {
		s.log.Warn().Err(err).Str("folio", v.Folio).Msg("sales: drop intent") // the sweep drops it
	}
	return nil
}

// save copies a sale from its intent record into ventas in state estado; the caller drops the
// intent. A repeat finds the sale saved and answers it.
func (s *Service) save(ctx context.Context, id bson.ObjectID, estado string) (Sale, error) {
	v, err := s.store.intent(ctx, id)
	if apperr.Is(err, apperr.NotFound) {
		if saved, gerr := s.store.get(ctx, id); gerr == nil && saved.Estado == estado {
			return saved, nil
		}
		return Sale{}, err
	}
	if err != nil {
		return Sale{}, err
	}
	v.Estado = estado
	v.Guardado = estado == EstadoConfirmada
	for attempt := 0; ; attempt++ {
		err = s.store.insert(ctx, v)
		if errors.Is(err, errDuplicateFolio) && attempt < 5 {
			if saved, gerr := s.store.get(ctx, id); gerr == nil {
				v = saved // saved before (a repeat after a crash)
				break
			}
			v.Folio = newFolio(v.Fecha.Add(time.Duration(attempt+1) * time.Second))
			continue
		}
		if err != nil {
			return Sale{}, err
		}
		break
	}
	return v, nil
}

// Fail drops the reservation of a sale that was never saved (its stock could not be taken, or
// was given back by the sweep). Errors: conflict when the sale was saved after all (its
// reservation is dropped too; the caller must keep its stock).
func (s *Service) Fail(ctx context.Context, id bson.ObjectID) error {
	_, err := s.store.get(ctx, id)
	saved := err == nil
	if err != nil && !apperr.Is(err, apperr.NotFound) {
		return err
	}
	if err := s.store.deleteIntent(ctx, id); err != nil {
		return err
	}
	if saved {
		return apperr.New(apperr.Conflict, "La venta ya estaba guardada.")
	}
	return nil
}

// Abandoned lists the reservations older than before whose sale was never saved: a crash between
// taking stock and saving. Reservations whose sale was saved are dropped on the way.
func (s *Service) Abandoned(ctx context.Context, before time.Time) ([]Sale, error) {
	intents, err := s.store.intentsBefore(ctx, before)
	if err != nil {
		return nil, err
	}
	out := []Sale{}
	for _, v := range intents {
		if saved, err := s.store.get(ctx, v.ID); err == nil {
			if isOpen(saved) { // its entry in ventas_abiertas first (open.go)
				if err := s.store.touchOpen(ctx, s.now().UTC(), v.ID); err != nil {
					return nil, err
				}
			}
			if err := s.store.deleteIntent(ctx, v.ID); err != nil {
				return nil, err
			}
			continue
		} else if !apperr.Is(err, apperr.NotFound) {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// Get returns one sale. Errors: not_found.
func (s *Service) Get(ctx context.Context, id bson.ObjectID) (Sale, error) {
	return s.store.get(ctx, id)
}

// ByUser lists a customer's saved sales, newest first.
func (s *Service) ByUser(ctx context.Context, userID string) ([]Sale, error) {
	out := []Sale{}
	err := s.store.each(ctx, bson.M{"usuarioId": userID, "estado": EstadoConfirmada}, nil, func(doc bson.Raw) error {
		var v Sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: by user: %w", err)
		}
		out = append(out, v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, newestFirst)
	return out, nil
}

// newestFirst orders sales by date, newest first, and by _id when two share the millisecond.
func newestFirst(a, b Sale) int {
	if c := b.Fecha.Compare(a.Fecha); c != 0 {
		return c
	}
	return bytes.Compare(b.ID[:], a.ID[:])
}

// Between lists the saved sales whose date falls in [from, to), newest first, as stored documents
// (bson.Unmarshal one into a Sale to read it): a day of a busy shop is thousands of sales, and
// kept encoded they take a fraction of the memory of decoded ones.
func (s *Service) Between(ctx context.Context, from, to time.Time) ([]bson.Raw, error) {
	type entry struct {
		key Sale // its date and _id, to sort by
		doc bson.Raw
	}
	var list []entry
	err := s.store.each(ctx, dated(from, to), nil, func(doc bson.Raw) error {
		f, okF := doc.Lookup("fecha").TimeOK()
		id, okID := doc.Lookup("_id").ObjectIDOK()
		if !okF || !okID {
			return fmt.Errorf("sales: between: a sale without a date or an ObjectID: %v", doc.Lookup("_id"))
		}
		list = append(list, entry{Sale{ID: id, Fecha: f}, slices.Clone(doc)})
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(list, func(a, b entry) int { return newestFirst(a.key, b.key) })
	out := make([]bson.Raw, len(list))
	for i, d := range list {
		out[i] = d.doc
	}
	return out, nil
}

// dated selects the saved sales whose date falls in [from, to).
func dated(from, to time.Time) bson.M {
	return bson.M{"fecha": bson.M{"$gte": from, "$lt": to}, "estado": EstadoConfirmada}
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
