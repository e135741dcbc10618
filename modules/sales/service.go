package sales

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
	"tienda/pkg/money"
	"tienda/pkg/mongox"
	"tienda/pkg/salestate"
	"tienda/pkg/shoptime"
)

// Service holds the sales use cases; its exported methods are what other modules call.
type Service struct {
	store store
	stock Stock
	log   zerolog.Logger
	now   func() time.Time
	// changes asks the background loop to raise the order lists' version (list_version.go).
	changes chan struct{}
	// audit records the changes staff make to orders (audit.go); nil records nothing.
	audit audit.Recorder
	// mail sends the order e-mails of the sale's outbox (order_mails.go).
	mail *mailer
	// notes issues the notas de crédito of returns of invoiced sales (invoices.go); nil: the
	// invoicing retry loop issues them.
	notes CreditNotes
	// afterGiveBack, in tests, runs after each line's units are given back (a crash there returns
	// an error); nil elsewhere.
	afterGiveBack func(StockLine) error
	// cutInvoiceStep, in tests, cuts a claim, move or release of invoice sales after that many
	// sales (invoices.go), as a failover cuts an updateMany on MongoDB; nil elsewhere.
	cutInvoiceStep func(step string) (after int, cut bool)
}

// Actor is who makes a change.
type Actor struct {
	ID, Name string
}

// Reserve writes a new sale in state 'reservando', with a fresh folio, before its stock is taken:
// the saga's record of intent. The caller prices the sale; Reserve checks the totals add up. A
// sale whose Idempotencia another sale has is not written: the error is a *RepeatedError with
// that sale.
func (s *Service) Reserve(ctx context.Context, v Sale) (Sale, error) {
	if err := checkTotals(v); err != nil {
		return Sale{}, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	v.ID = mongox.ObjectIDAt(now) // its age is read from the id (checkout's placedAt)
	v.Fecha = now
	v.Estado = salestate.Reservando
	v.Guardado = false
	v.Pago = PagoPendiente
	v.Entrega = EntregaPendiente
	v.Historial = []Cambio{}
	v.Version = 1
	for attempt := 0; ; attempt++ {
		v.Folio = newFolio(now.Add(time.Duration(attempt) * time.Second))
		err := s.store.insert(ctx, v)
		if errors.Is(err, errDuplicateFolio) && attempt < 5 {
			continue // the same second and the same four digits: draw again
		}
		if err != nil {
			return Sale{}, err
		}
		return v, nil
	}
}

// Reprice writes again the cart and totals of a reserved sale (from v): its prices changed while
// its stock was taken (checkout charges the prices the products had then). The totals are checked
// as Reserve checks them. Errors: not_found, conflict when it is no longer reserved.
func (s *Service) Reprice(ctx context.Context, id bson.ObjectID, v Sale) error {
	if err := checkTotals(v); err != nil {
		return err
	}
	_, err := s.store.update(ctx, id, bson.M{"estado": salestate.Reservando}, bson.M{
		"$set": bson.M{"carrito": v.Carrito, "subtotal": v.Subtotal, "iva": v.IVA, "total": v.Total, "montoCobro": v.MontoCobro},
		"$inc": bson.M{"version": 1},
	})
	return err
}

// Confirm saves a reserved counter sale: it becomes 'confirmada', unpaid, and the order lists show
// it. A repeat answers the saved sale. Errors: not_found (no such reservation), conflict.
func (s *Service) Confirm(ctx context.Context, id bson.ObjectID) (Sale, error) {
	v, err := s.advance(ctx, id, salestate.Confirmada)
	if err != nil {
		return Sale{}, err
	}
	s.changedSoon()
	s.log.Info().Str("folio", v.Folio).Str("origen", v.Origen).Float64("total", v.Total).Msg("sale recorded")
	return v, nil
}

// AwaitPayment saves a reserved online sale as 'esperando_pago': its stock stays held, it is in no
// order list until its payment is approved.
func (s *Service) AwaitPayment(ctx context.Context, id bson.ObjectID) error {
	_, err := s.advance(ctx, id, salestate.EsperandoPago)
	return err
}

// SetPreference stores the preference that charges an online order waiting for its payment.
// Errors: conflict when the order no longer waits.
func (s *Service) SetPreference(ctx context.Context, id bson.ObjectID, preference string) error {
	_, err := s.store.update(ctx, id, bson.M{"estado": salestate.EsperandoPago},
		bson.M{"$set": bson.M{"preferencia": preference}, "$inc": bson.M{"version": 1}})
	return err
}

// advance moves a reserved sale to estado, once; a repeat finds it there and answers it.
func (s *Service) advance(ctx context.Context, id bson.ObjectID, estado salestate.Estado) (Sale, error) {
	update := bson.M{"$set": bson.M{"estado": estado, "guardado": estado == salestate.Confirmada}, "$inc": bson.M{"version": 1}}
	if estado == salestate.Confirmada { // a counter order: its 'recibido' e-mail, in the same write
		withMail(update, newMail(eventoRecibido, s.now().UTC().Truncate(time.Millisecond)))
	}
	v, err := s.store.update(ctx, id, bson.M{"estado": salestate.Reservando}, update)
	if err == nil && estado == salestate.Confirmada {
		s.mailSoon(id)
	}
	if apperr.Is(err, apperr.Conflict) {
		if cur, gerr := s.store.get(ctx, id); gerr == nil && cur.Estado == estado {
			return cur, nil
		}
	}
	if apperr.Is(err, apperr.NotFound) {
		return Sale{}, apperr.New(apperr.NotFound, "No se encontró la reserva de la venta.")
	}
	return v, err
}

// Fail drops a reserved sale that was never saved (its stock could not be taken, or was given
// back by the sweep). Errors: conflict when the sale was saved after all (the caller must keep
// its stock).
func (s *Service) Fail(ctx context.Context, id bson.ObjectID) error {
	dropped, err := s.store.deleteIf(ctx, id, bson.M{"estado": salestate.Reservando})
	if err != nil {
		return fmt.Errorf("sales: fail: %w", err)
	}
	if dropped {
		return nil
	}
	cur, err := s.store.get(ctx, id)
	if apperr.Is(err, apperr.NotFound) {
		return nil // dropped before
	}
	if err != nil {
		return err
	}
	if cur.Estado == salestate.Reservando {
		return apperr.New(apperr.Conflict, "La reserva cambió mientras se cancelaba.")
	}
	return apperr.New(apperr.Conflict, "La venta ya estaba guardada.")
}

// Abandoned lists the sales reserved before the given time and never saved: a crash between
// taking stock and saving.
func (s *Service) Abandoned(ctx context.Context, before time.Time) ([]Sale, error) {
	return s.store.find(ctx, bson.M{"estado": salestate.Reservando, "fecha": bson.M{"$lt": before}})
}

// Get returns one sale. Errors: not_found.
func (s *Service) Get(ctx context.Context, id bson.ObjectID) (Sale, error) {
	return s.store.get(ctx, id)
}

// ByUser lists a customer's saved sales, newest first.
func (s *Service) ByUser(ctx context.Context, userID string) ([]Sale, error) {
	out := []Sale{}
	err := s.store.each(ctx, bson.M{"usuarioId": userID, "estado": salestate.Confirmada}, nil, func(doc bson.Raw) error {
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
	return bson.M{"fecha": bson.M{"$gte": from, "$lt": to}, "estado": salestate.Confirmada}
}

// Version returns a number that changes whenever an order is added or changed.
func (s *Service) Version(ctx context.Context) (int64, error) { return s.store.version(ctx) }

// checkTotals verifies subtotal, IVA and total are the sums of the lines priced by
// money.PriceLine (IVA per line), to the centavo. Only a new sale is checked: one stored before
// IVA was per line keeps the totals it was charged.
func checkTotals(v Sale) error {
	if len(v.Carrito) == 0 {
		return apperr.New(apperr.Invalid, "El carrito está vacío.")
	}
	want, err := totalsOf(v.Carrito)
	if err != nil {
		return apperr.Wrap(err, "sales: totals")
	}
	got := money.Totals{}
	got.Subtotal, _ = money.FromPesos(v.Subtotal)
	got.IVA, _ = money.FromPesos(v.IVA)
	got.Total, _ = money.FromPesos(v.Total)
	if got != want {
		return apperr.Wrap(fmt.Errorf("totals %+v, lines %+v", got, want), "sales: totals")
	}
	return nil
}

// totalsOf is what a cart's lines add up to: each priced by money.PriceLine, then summed.
func totalsOf(carrito []Item) (money.Totals, error) {
	lines := make([]money.Line, len(carrito))
	for i, it := range carrito {
		unit, err := money.FromPesos(it.PrecioFinal)
		if err != nil || it.Cantidad < 1 {
			return money.Totals{}, fmt.Errorf("bad line %d", i)
		}
		lines[i] = money.PriceLine(unit, int64(it.Cantidad))
	}
	return money.Sum(lines...), nil
}

// newFolio is the sale's date and time in the shop's zone plus four random digits:
// 20261123-153045-4821. A unique index catches the rare clash and Reserve draws again.
func newFolio(now time.Time) string {
	n, err := rand.Int(rand.Reader, big.NewInt(10000))
	if err != nil {
		n = big.NewInt(now.UnixNano() % 10000)
	}
	return fmt.Sprintf("%s-%04d", now.In(shoptime.Zone).Format("20060102-150405"), n.Int64())
}

func validValue(v string, values []string) bool { return slices.Contains(values, v) }
