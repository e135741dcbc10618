package cartcheckout

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/salestate"
)

// Service holds the checkout use cases: pricing a cart, placing counter and online orders, and
// settling what a crash or an abandoned payment left behind.
type Service struct {
	catalog  Catalog
	sales    Sales
	users    Users
	payments *payments // nil when MercadoPago is not configured
	log      zerolog.Logger
	now      func() time.Time
}

// Order is what a buyer sends to place an order.
type Order struct {
	Lines   []Line
	Cliente string // 'Quien Ordena ?'
	// ClienteID is the customer's account a member of staff places a counter order for ("" the
	// one who places it): the sale is that customer's, placed by the staff member.
	ClienteID string
	// Clave is the idempotency key the cart sent with this checkout attempt ("" none): a repeat
	// of the request with the same key, by the same account, answers the order the first placed.
	Clave string
}

// stockKey is the key under which line i of a sale reserves stock.
func stockKey(saleID string, i int) string { return fmt.Sprintf("%s:%d", saleID, i) }

// place prices the order, stores it as 'reservando', takes the stock of every line (all or
// nothing) and returns the reservation. On a shortage it gives back what it took and marks the
// sale failed: nothing stays taken. Each take answers the price its line had when its stock was
// taken (Catalog.TakeStock): when one differs from the quote, the sale is priced again with them
// before it is saved, so an order is always charged a price its products had when they were taken.
func (s *Service) place(ctx context.Context, buyer, placedBy Buyer, o Order, origen, metodo string) (Reserved, []PricedLine, error) {
	priced, totals, err := s.price(ctx, o.Lines)
	if err != nil {
		return Reserved{}, nil, err
	}
	d := Draft{
		Lines: priced, Buyer: buyer, PlacedBy: placedBy, Cliente: strings.TrimSpace(o.Cliente),
		Origen: origen, MetodoPago: metodo, Subtotal: totals.Subtotal, IVA: totals.IVA, Total: totals.Total, Charge: totals.Total,
	}
	if o.Clave != "" {
		d.Idempotencia = placedBy.ID + ":" + o.Clave
	}
	r, err := s.sales.Reserve(ctx, d)
	if err != nil {
		return Reserved{}, nil, err
	}
	sold := StockNote{Folio: r.Folio, UserID: placedBy.ID, UserName: placedBy.Name, Motivo: motivoCaja}
	if origen != "caja" {
		sold.Motivo = motivoEnLinea
	}
	repriced := false
	for i, l := range r.Lines {
		taken, err := s.catalog.TakeStock(ctx, stockKey(r.ID, i), l, sold)
		if err != nil {
			s.abandon(ctx, r, i, placedBy)
			return Reserved{}, nil, err
		}
		if !samePrice(taken, priced[i]) || taken.ConProveedor != priced[i].ConProveedor {
			// a price changed, or the take's units came from elsewhere than the quote's (the line
			// stores the units staff order from the distributor)
			priced[i], repriced = taken, true
		}
	}
	if repriced {
		totals = totalsOf(priced)
		d.Lines, d.Subtotal, d.IVA, d.Total, d.Charge = priced, totals.Subtotal, totals.IVA, totals.Total, totals.Total
		if err := s.sales.Reprice(ctx, r.ID, d); err != nil {
			s.abandon(ctx, r, len(r.Lines), placedBy)
			return Reserved{}, nil, err
		}
		r.Total, r.Charge = totals.Total, totals.Total
		s.log.Info().Str("folio", r.Folio).Msg("checkout: priced again, a product or its stock changed while its stock was taken")
	}
	return r, priced, nil
}

// abandon gives back the stock of the first n lines of a reserved sale that cannot be placed and
// marks it failed.
func (s *Service) abandon(ctx context.Context, r Reserved, n int, placedBy Buyer) {
	s.release(ctx, r, n, StockNote{UserID: placedBy.ID, UserName: placedBy.Name, Motivo: motivoIncompleto})
	if ferr := s.sales.Fail(ctx, r.ID); ferr != nil {
		s.log.Error().Err(ferr).Str("sale", r.ID).Msg("checkout: mark failed")
	}
}

// release gives back the stock of the first n lines of a sale (all lines when n < 0), with note
// (the sale's folio is added) on their stock movements.
func (s *Service) release(ctx context.Context, r Reserved, n int, note StockNote) {
	if n < 0 {
		n = len(r.Lines)
	}
	note.Folio = r.Folio
	for i := 0; i < n; i++ {
		if err := s.catalog.ReturnStock(ctx, stockKey(r.ID, i), r.Lines[i], note); err != nil {
			// The key stays on the product; the next sweep gives it back.
			s.log.Error().Err(err).Str("sale", r.ID).Int("line", i).Msg("checkout: return stock")
		}
	}
}

// PlaceCounterOrder places a 'Pagar en caja' order: unpaid, to be paid at the counter. It answers
// the saved sale. Errors: invalid, not_found or conflict naming the product; nothing is taken then.
func (s *Service) PlaceCounterOrder(ctx context.Context, buyerID string, placedBy Buyer, o Order) (SavedSale, error) {
	if err := checkOrder(o, true); err != nil {
		return nil, err
	}
	buyer, err := s.counterBuyer(ctx, buyerID, o)
	if err != nil {
		return nil, err
	}
	r, _, err := s.place(ctx, buyer, placedBy, o, "caja", "Efectivo")
	if repeat := (*RepeatedOrder)(nil); errors.As(err, &repeat) {
		return s.repeatedCounterOrder(ctx, repeat.Sale)
	}
	if err != nil {
		return nil, err
	}
	sale, err := s.sales.Confirm(ctx, r.ID)
	if err != nil {
		// Not saved: give the stock back now (the sweep would, later), unless it was saved after all.
		if ferr := s.sales.Fail(ctx, r.ID); !apperr.Is(ferr, apperr.Conflict) {
			s.release(ctx, r, -1, StockNote{UserID: placedBy.ID, UserName: placedBy.Name, Motivo: motivoIncompleto})
		}
		return nil, err
	}
	s.settleStock(r)
	return sale, nil
}

// repeatedCounterOrder answers a repeat of the request that placed r: the saved order, as the
// first answer was; while the first request is still placing it, a conflict that says so.
func (s *Service) repeatedCounterOrder(ctx context.Context, r Reserved) (SavedSale, error) {
	switch r.Estado {
	case salestate.Confirmada:
		return s.sales.Confirm(ctx, r.ID) // a repeat of Confirm answers the saved sale
	case salestate.Reservando:
		return nil, apperr.New(apperr.Conflict, "Tu orden "+r.Folio+" se está registrando. Espera un momento y revisa tus compras antes de intentarlo de nuevo.")
	default:
		return nil, apperr.New(apperr.Conflict, "Esta orden ya se registró con el folio "+r.Folio+".")
	}
}

// counterBuyer is whose a counter order is: the customer's account it names, which must be a
// customer's, or else the account placing it.
func (s *Service) counterBuyer(ctx context.Context, buyerID string, o Order) (Buyer, error) {
	if o.ClienteID == "" {
		return s.users.Contact(ctx, buyerID)
	}
	b, err := s.users.Customer(ctx, o.ClienteID)
	if apperr.Is(err, apperr.NotFound) {
		return Buyer{}, apperr.InvalidFields("Revisa los datos del pedido.",
			map[string]string{"clienteId": "No hay una cuenta de cliente activa con ese id."})
	}
	return b, err
}

// settleStock drops the keys of a saved order's lines.
func (s *Service) settleStock(r Reserved) {
	for i, l := range r.Lines {
		s.catalog.SettleStock(stockKey(r.ID, i), l)
	}
}

// Sweep runs Reconcile and expires online orders whose payment never came.
func (s *Service) Sweep(ctx context.Context) error {
	if err := s.Reconcile(ctx); err != nil {
		return err
	}
	if s.payments != nil {
		return s.expireUnpaid(ctx, s.now())
	}
	return nil
}

// abandonAfter is the age past which a reservation whose sale was never saved is a crash's or a
// failure's: placing an order takes seconds, on whichever replica.
const abandonAfter = 5 * time.Minute

// Reconcile settles what a crash or a failed step left behind, on every replica and at any time:
// reservations older than abandonAfter whose sale was never saved give back whatever their keys
// reserve and are dropped; then every key still reserving stock is settled by the state of its
// sale (reconcileReservations). Each step happens once whatever repeats it, as giving back under a
// key does.
func (s *Service) Reconcile(ctx context.Context) error {
	if err := s.settleReservations(ctx, abandonAfter); err != nil {
		return err
	}
	return s.reconcileReservations(ctx)
}

// settleReservations drops the reservations older than age and gives back their stock. Fence
// first: the reservation is dropped by a write guarded on its state, which the placing request's
// save can no longer pass; only if that write succeeded do the units come back. A reservation
// saved meanwhile (a replica whose clock is ahead, or a placement that stalled) keeps its units.
// A crash between the two steps leaves the keys, which reconcileReservations gives back.
func (s *Service) settleReservations(ctx context.Context, age time.Duration) error {
	stuck, err := s.sales.Abandoned(ctx, s.now().Add(-age))
	if err != nil {
		return err
	}
	for _, r := range stuck {
		switch err := s.sales.Fail(ctx, r.ID); {
		case apperr.Is(err, apperr.Conflict):
			continue // saved after all: its units are sold
		case err != nil:
			return err
		}
		s.release(ctx, r, -1, StockNote{Motivo: motivoIncompleto})
		s.log.Warn().Str("folio", r.Folio).Msg("checkout: settled an order left half-way by a crash")
	}
	return nil
}

// reservationFate is what becomes of the keys of one sale.
type reservationFate int

const (
	keepReservation   reservationFate = iota // waiting for its payment, or maybe still being placed
	settleReservation                        // its order is saved: the units stay taken, the key goes
	returnReservation                        // its order was never saved, or expired unpaid: the units come back
)

// reconcileReservations settles every key reserving stock (one lost from the catalogue's queue in a crash,
// or left by a failed step) by the state of its sale: saved -> the key goes; waiting for its
// payment, or placed less than abandonAfter ago -> kept; expired, or never saved and older ->
// the units come back under the key. A sale never saved is first marked failed, so that a
// placement stalled that long can no longer save it.
func (s *Service) reconcileReservations(ctx context.Context) error {
	held, err := s.catalog.ReservedStock(ctx)
	if err != nil {
		return err
	}
	type verdict struct {
		fate reservationFate
		sale Reserved
	}
	verdicts := map[string]verdict{}
	var failed error
	for _, h := range held {
		saleID, line := splitKey(h.Key)
		v, ok := verdicts[saleID]
		if !ok {
			v.fate, v.sale, err = s.fateOf(ctx, saleID)
			if err != nil {
				failed = err // this sale is looked at again next time
				continue
			}
			verdicts[saleID] = v
		}
		l := Line{ProductID: h.ProductID}
		if line >= 0 && line < len(v.sale.Lines) && v.sale.Lines[line].ProductID == h.ProductID {
			l = v.sale.Lines[line] // names the variant of a reservation that does not record its own
		}
		switch v.fate {
		case settleReservation:
			s.catalog.SettleStock(h.Key, l)
		case returnReservation:
			note := StockNote{Folio: v.sale.Folio, Motivo: motivoIncompleto}
			if v.sale.Estado == salestate.Expirada {
				note.Motivo, note.NoPayment = motivoSinPago, true
			}
			if err := s.catalog.ReturnStock(ctx, h.Key, l, note); err != nil {
				failed = err
				continue
			}
			s.log.Warn().Str("key", h.Key).Msg("checkout: stock of an order never saved given back")
		}
	}
	return failed
}

// fateOf tells what becomes of the keys of a sale (see reconcileReservations).
func (s *Service) fateOf(ctx context.Context, saleID string) (reservationFate, Reserved, error) {
	r, err := s.sales.Find(ctx, saleID)
	switch {
	case err == nil && r.Estado == salestate.Confirmada:
		return settleReservation, r, nil
	case err == nil && r.Estado == salestate.EsperandoPago:
		return keepReservation, r, nil
	case err == nil && r.Estado == salestate.Expirada:
		return returnReservation, r, nil
	case err != nil && !apperr.Is(err, apperr.NotFound):
		return keepReservation, r, err
	}
	// Never saved.
	if placed, ok := placedAt(saleID); ok && s.now().Sub(placed) < abandonAfter {
		return keepReservation, r, nil
	}
	switch err := s.sales.Fail(ctx, saleID); {
	case apperr.Is(err, apperr.Conflict):
		return keepReservation, r, nil // saved after all, just now: the next pass settles it
	case err != nil && !apperr.Is(err, apperr.NotFound):
		return keepReservation, r, err
	}
	return returnReservation, r, nil
}

// splitKey reads a stock key "<sale id>:<line>"; line is -1 when the key has no line number.
func splitKey(key string) (saleID string, line int) {
	i := strings.LastIndexByte(key, ':')
	if i < 0 {
		return key, -1
	}
	n, err := strconv.Atoi(key[i+1:])
	if err != nil {
		return key, -1
	}
	return key[:i], n
}

// placedAt is when a sale was reserved: the time in its ObjectID.
func placedAt(saleID string) (time.Time, bool) {
	id, err := bson.ObjectIDFromHex(saleID)
	if err != nil {
		return time.Time{}, false
	}
	return id.Timestamp(), true
}

// checkOrder validates an order's shape; the catalogue checks the ids.
func checkOrder(o Order, needCliente bool) error {
	fields := map[string]string{}
	if len(o.Lines) == 0 {
		return apperr.New(apperr.Invalid, "El carrito está vacío.")
	}
	if len(o.Lines) > 100 {
		fields["carrito"] = "Debe tener como máximo 100 productos."
	}
	for i, l := range o.Lines {
		if l.Cantidad < 1 || l.Cantidad > 999 {
			fields[fmt.Sprintf("carrito.%d.cantidad", i)] = "La cantidad debe ser un número entero entre 1 y 999."
		}
		if l.ProductID == "" {
			fields[fmt.Sprintf("carrito.%d.producto_id", i)] = "Este campo es obligatorio."
		}
	}
	name := strings.TrimSpace(o.Cliente)
	if needCliente && name == "" {
		fields["cliente"] = "Escribe el nombre de quien ordena."
	}
	if len([]rune(name)) > 80 {
		fields["cliente"] = "Debe tener como máximo 80 caracteres."
	}
	if len(fields) > 0 {
		return apperr.InvalidFields("Revisa los datos del pedido.", fields)
	}
	return nil
}

// SetClock replaces the service's clock (tests of time-based settling).
func (s *Service) SetClock(now func() time.Time) { s.now = now }
