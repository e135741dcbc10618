package cartcheckout

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"tienda/pkg/apperr"
	"tienda/pkg/fault"
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

// errOrderFenced answers an order whose placing took so long that a sweep took it for abandoned
// and dropped its reservation (fenced it, then gave its units back): nothing is sold or charged.
var errOrderFenced = apperr.New(apperr.Conflict, "Tu orden tardó demasiado en registrarse y se canceló; no se cobró nada. Inténtala de nuevo.")

// fenced is err, or errOrderFenced when err says the order's reservation is gone.
func fenced(err error) error {
	if apperr.Is(err, apperr.NotFound) {
		return errOrderFenced
	}
	return err
}

// stockKey is the key under which line i of a sale reserves stock.
func stockKey(saleID string, i int) string { return fmt.Sprintf("%s:%d", saleID, i) }

// lateKeySuffix ends the keys of a late payment's take (lateStockKey).
const lateKeySuffix = ":tarde"

// lateStockKey is the key under which a payment that arrived after its order expired takes line
// i's stock again: not stockKey, which the expiry gives back.
func lateStockKey(saleID string, i int) string { return stockKey(saleID, i) + lateKeySuffix }

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
	if err := fault.At(ctx, fault.OrderReserved); err != nil {
		s.abandon(ctx, r, 0, placedBy)
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
	if err := fault.At(ctx, fault.OrderTaken); err != nil {
		s.abandon(ctx, r, len(r.Lines), placedBy)
		return Reserved{}, nil, err
	}
	if repriced {
		totals = totalsOf(priced)
		d.Lines, d.Subtotal, d.IVA, d.Total, d.Charge = priced, totals.Subtotal, totals.IVA, totals.Total, totals.Total
		if err := s.sales.Reprice(ctx, r.ID, d); err != nil {
			s.abandon(ctx, r, len(r.Lines), placedBy)
			return Reserved{}, nil, fenced(err)
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
		return nil, fenced(err)
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
		return Buyer{}, apperr.InvalidFields(apperr.MsgCheckFields,
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

// checkOrder validates an order's shape; the catalogue checks the ids.
func checkOrder(o Order, needCliente bool) error {
	fields := map[string]string{}
	if len(o.Lines) == 0 {
		return apperr.New(apperr.Invalid, "El carrito está vacío.")
	}
	if len(o.Lines) > 100 {
		fields["carrito"] = apperr.MsgMaxItems(100)
	}
	for i, l := range o.Lines {
		if l.Cantidad < 1 || l.Cantidad > 999 {
			fields[fmt.Sprintf("carrito.%d.cantidad", i)] = apperr.MsgIntBetween(1, 999)
		}
		if l.ProductID == "" {
			fields[fmt.Sprintf("carrito.%d.producto_id", i)] = apperr.MsgRequired
		}
	}
	name := strings.TrimSpace(o.Cliente)
	if needCliente && name == "" {
		fields["cliente"] = "Escribe el nombre de quien ordena."
	}
	if len([]rune(name)) > 80 {
		fields["cliente"] = apperr.MsgMaxChars(80)
	}
	if len(fields) > 0 {
		return apperr.InvalidFields(apperr.MsgCheckFields, fields)
	}
	return nil
}

// SetClock replaces the service's clock (tests of time-based settling).
func (s *Service) SetClock(now func() time.Time) { s.now = now }
