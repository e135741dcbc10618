package cartcheckout

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"tienda/pkg/apperr"
	"tienda/pkg/fault"
	"tienda/pkg/money"
	"tienda/pkg/salestate"
)

const (
	// noPaymentTimeout: an online order with no payment at all after this gives its stock back.
	noPaymentTimeout = 30 * time.Minute
	// preferenceLifetime: a pending payment (cash at a store, transfer) keeps the stock this long.
	preferenceLifetime = 72 * time.Hour
)

// payments is the online-payment part of checkout.
type payments struct {
	provider Provider
	secret   string // webhook signing secret
}

var errNoOnlinePayments = apperr.New(apperr.Unavailable, "El pago en línea no está disponible por ahora. Puedes pagar en caja.")

// CreatePreference places an online order (stock held, waiting for its payment) and creates its
// checkout preference, which charges exactly the sale's total (preferenceItems). It answers the
// preference id.
func (s *Service) CreatePreference(ctx context.Context, buyerID string, placedBy Buyer, o Order) (string, error) {
	if s.payments == nil {
		return "", errNoOnlinePayments
	}
	if err := checkOrder(o, false); err != nil {
		return "", err
	}
	if strings.TrimSpace(o.Cliente) == "" {
		o.Cliente = placedBy.Name
	}
	buyer, err := s.users.Contact(ctx, buyerID)
	if err != nil {
		return "", err
	}
	r, priced, err := s.place(ctx, buyer, placedBy, o, "mercadopago", "Mercado Pago")
	if repeat := (*RepeatedOrder)(nil); errors.As(err, &repeat) {
		return repeatedPreference(repeat.Sale)
	}
	if err != nil {
		return "", err
	}
	if err := s.sales.AwaitPayment(ctx, r.ID); err != nil {
		if ferr := s.sales.Fail(ctx, r.ID); !apperr.Is(ferr, apperr.Conflict) {
			s.release(ctx, r, -1, StockNote{UserID: placedBy.ID, UserName: placedBy.Name, Motivo: motivoIncompleto})
		}
		return "", fenced(err)
	}
	id, err := s.payments.provider.CreatePreference(ctx, r.ID, preferenceItems(priced), s.now().Add(preferenceLifetime))
	if err != nil {
		s.log.Error().Err(err).Str("folio", r.Folio).Msg("checkout: preference")
		s.release(ctx, r, -1, StockNote{UserID: placedBy.ID, UserName: placedBy.Name, Motivo: motivoIncompleto})
		_ = s.sales.Expire(ctx, r.ID)
		return "", apperr.New(apperr.Unavailable, "No pudimos conectar con Mercado Pago. Inténtalo de nuevo en unos minutos o paga en caja.")
	}
	if err := s.sales.SetPreference(ctx, r.ID, id); err != nil {
		// The preference charges the order all the same; only a repeat of this request misses it.
		s.log.Warn().Err(err).Str("folio", r.Folio).Msg("checkout: store the preference")
	}
	return id, nil
}

// repeatedPreference answers a repeat of the request that placed online order r: its preference,
// as the first answer was; while the first request is still placing it, or once it was paid or
// expired, a conflict that says so.
func repeatedPreference(r Reserved) (string, error) {
	switch {
	case r.Estado == salestate.EsperandoPago && r.PreferenceID != "":
		return r.PreferenceID, nil
	case r.Estado == salestate.Reservando || r.Estado == salestate.EsperandoPago:
		return "", apperr.New(apperr.Conflict, "Tu orden "+r.Folio+" se está registrando. Espera un momento y revisa tus compras antes de intentarlo de nuevo.")
	default:
		return "", apperr.New(apperr.Conflict, "Esta orden ya se registró con el folio "+r.Folio+".")
	}
}

// preferenceItems are a sale's lines as the provider charges them: one item per line whose
// unit_price x quantity is the line's total with its IVA, so that the preference charges exactly
// the sale's total. A line whose total does not divide evenly by its quantity is one item of
// quantity 1 named "<nombre> (x<cantidad>)". A free line (total 0) is left out: the provider
// refuses an item without a price, and it adds nothing.
func preferenceItems(lines []PricedLine) []PreferenceItem {
	items := make([]PreferenceItem, 0, len(lines))
	for _, l := range lines {
		m := lineMoney(l)
		it := PreferenceItem{ID: l.VariantID, Title: l.Nombre, Quantity: l.Cantidad, UnitPrice: m.Total / money.Cents(m.Cantidad)}
		if m.Total%money.Cents(m.Cantidad) != 0 {
			it.Title, it.Quantity, it.UnitPrice = fmt.Sprintf("%s (x%d)", l.Nombre, l.Cantidad), 1, m.Total
		}
		if it.UnitPrice > 0 {
			items = append(items, it)
		}
	}
	return items
}

// ConfirmResult is the answer to a payment confirmation.
type ConfirmResult struct {
	Venta    SavedSale `json:"venta"`    // null when not recorded
	Guardada bool      `json:"guardada"` // the sale is recorded as paid (now or before)
	Nueva    bool      `json:"nueva"`    // this call recorded it
	Estado   string    `json:"estado"`   // the provider's status
}

// ConfirmPayment fetches the payment from the provider and records the sale only if it is
// approved, its reference is one of our online sales and its amount is what we charge. The return
// page, a second tab and the webhook all come here; a payment is recorded once.
func (s *Service) ConfirmPayment(ctx context.Context, paymentID string) (ConfirmResult, error) {
	if s.payments == nil {
		return ConfirmResult{}, errNoOnlinePayments
	}
	id, err := strconv.Atoi(strings.TrimSpace(paymentID))
	if err != nil || id <= 0 {
		return ConfirmResult{}, apperr.New(apperr.Invalid, "Datos de pago inválidos")
	}
	p, err := s.payments.provider.Payment(ctx, id)
	if errors.Is(err, ErrUnknownPayment) {
		return ConfirmResult{}, apperr.New(apperr.NotFound, "Mercado Pago no reconoce ese pago.")
	}
	if err != nil {
		s.log.Error().Err(err).Int("payment", id).Msg("checkout: fetch payment")
		return ConfirmResult{}, apperr.New(apperr.Unavailable, "No pudimos verificar el pago con Mercado Pago. Inténtalo de nuevo en unos minutos.")
	}
	return s.settle(ctx, p)
}

// settle records an approved payment against its sale, or says why not.
func (s *Service) settle(ctx context.Context, p ProviderPayment) (ConfirmResult, error) {
	r, err := s.sales.Find(ctx, p.ExternalReference)
	if err != nil {
		if apperr.Is(err, apperr.NotFound) {
			return ConfirmResult{}, apperr.New(apperr.PaymentFailed, "El pago no corresponde a ninguna orden de esta tienda.")
		}
		return ConfirmResult{}, err
	}
	if p.Status != "approved" {
		if p.Status == "rejected" || p.Status == "cancelled" {
			s.releaseOnline(ctx, r, motivoPagoFallido)
		}
		return ConfirmResult{Estado: p.Status}, apperr.New(apperr.PaymentFailed, paymentStatusMessage(p.Status))
	}
	if p.Amount != r.Charge {
		s.log.Error().Str("folio", r.Folio).Int("payment", p.ID).Msg("checkout: paid amount differs from the order")
		return ConfirmResult{Estado: p.Status}, apperr.New(apperr.PaymentFailed, "El monto pagado no coincide con el de la orden. Comunícate con la tienda.")
	}
	if err := fault.At(ctx, fault.PaymentFound); err != nil {
		return ConfirmResult{}, err
	}
	sale, moved, err := s.sales.RecordPayment(ctx, r.ID, Payment{
		ID: strconv.Itoa(p.ID), Status: p.Status, PaymentType: p.PaymentType, MerchantOrderID: p.MerchantOrderID,
		ExternalReference: p.ExternalReference, Amount: p.Amount, PayerGivenName: p.PayerGivenName,
		PayerSurname: p.PayerSurname, ApprovedAt: p.Approved,
	})
	if err != nil {
		return ConfirmResult{}, err
	}
	if err := fault.At(ctx, fault.PaymentRecorded); err != nil {
		return ConfirmResult{}, err
	}
	// What happens to the stock is decided by the state this call's write moved, never by r, read
	// before it: an expiry on another replica may have landed in between.
	switch moved {
	case salestate.EsperandoPago: // the order's stock stays sold
		s.settleStock(r)
	case salestate.Expirada:
		// The money is real: take the stock again if it is there (the sale is flagged for staff
		// either way), under keys of its own. The expiry gives back the order's first keys, maybe
		// at this moment on another replica; taken under those, these units would go back with
		// them. Only after the sale is saved, so the reconciliation settles these keys instead of
		// giving them back, and only by the call that recorded it: a repeat would take twice.
		s.retake(ctx, r)
	}
	fresh := moved != ""
	if fresh {
		s.log.Info().Str("folio", r.Folio).Int("payment", p.ID).Msg("payment verified")
	}
	return ConfirmResult{Venta: sale, Guardada: true, Nueva: fresh, Estado: p.Status}, nil
}

func paymentStatusMessage(status string) string {
	switch status {
	case "pending", "in_process", "authorized":
		return "Tu pago está pendiente. Te avisaremos cuando Mercado Pago lo apruebe."
	case "rejected":
		return "Mercado Pago rechazó el pago. Intenta con otro medio de pago o paga en caja."
	case "cancelled":
		return "El pago fue cancelado."
	case "refunded", "charged_back":
		return "El pago fue devuelto."
	}
	return "El pago no está aprobado."
}

// releaseOnline gives back an online order's stock and expires it, once; motivo says why, on the
// stock movements.
func (s *Service) releaseOnline(ctx context.Context, r Reserved, motivo string) {
	if r.Estado != salestate.EsperandoPago {
		return
	}
	if err := s.sales.Expire(ctx, r.ID); err != nil {
		return // somebody else settled it
	}
	s.release(ctx, r, -1, StockNote{Motivo: motivo, NoPayment: true})
}

// retake takes again, under lateStockKey, the stock of an expired order whose payment arrived
// late; lines short of stock are left for staff (the sales module flagged the sale). The payment's
// write marked the sale RetakePending; only once every line is taken or found short is the mark
// cleared, and only then are the keys settled. Until then the keys stay reserving, so a repeat
// (the sweep's, after a crash here: retakePending) answers the take made before instead of
// taking twice, and the reconciliation keeps them.
func (s *Service) retake(ctx context.Context, r Reserved) {
	ctx = context.WithoutCancel(ctx) // a late payment's units must not stop half way
	note := StockNote{Folio: r.Folio, Motivo: motivoPagoTardio}
	var taken []int
	for i, l := range r.Lines {
		switch _, err := s.catalog.TakeStock(ctx, lateStockKey(r.ID, i), l, note); { // at the price paid
		case err == nil:
			taken = append(taken, i)
		case apperr.Is(err, apperr.Invalid), apperr.Is(err, apperr.NotFound), apperr.Is(err, apperr.Conflict):
			s.log.Warn().Err(err).Str("folio", r.Folio).Msg("checkout: late payment without stock")
		default:
			s.log.Warn().Err(err).Str("folio", r.Folio).Msg("checkout: late payment's stock not taken yet; the sweep tries again")
			return
		}
	}
	if err := fault.At(ctx, fault.LateRetaken); err != nil {
		return
	}
	if err := s.sales.RetakeDone(ctx, r.ID); err != nil {
		s.log.Warn().Err(err).Str("folio", r.Folio).Msg("checkout: late payment's retake not recorded; the sweep tries again")
		return
	}
	for _, i := range taken {
		s.catalog.SettleStock(lateStockKey(r.ID, i), r.Lines[i])
	}
}

// retakePending finishes the retakes of late payments a crash or a failed write stopped.
func (s *Service) retakePending(ctx context.Context) error {
	pending, err := s.sales.PendingRetakes(ctx)
	if err != nil {
		return err
	}
	for _, r := range pending {
		s.retake(ctx, r)
	}
	return nil
}

// expireUnpaid reconciles online orders still waiting: approved payments are recorded (a lost
// webhook), orders with no payment after 30 minutes or past the preference's life give their
// stock back.
func (s *Service) expireUnpaid(ctx context.Context, now time.Time) error {
	waiting, err := s.sales.Unsettled(ctx, now.Add(-noPaymentTimeout))
	if err != nil {
		return err
	}
	for _, r := range waiting {
		ps, err := s.payments.provider.PaymentsFor(ctx, r.ID)
		if err != nil {
			s.log.Warn().Err(err).Str("folio", r.Folio).Msg("checkout: reconcile")
			continue // ask again next time
		}
		keep := false
		for _, p := range ps {
			switch p.Status {
			case "approved":
				if _, err := s.settle(ctx, p); err != nil {
					s.log.Warn().Err(err).Str("folio", r.Folio).Msg("checkout: reconcile settle")
				}
				keep = true
			case "pending", "in_process", "authorized":
				keep = now.Sub(r.Fecha) < preferenceLifetime
			}
		}
		if !keep {
			s.releaseOnline(ctx, r, motivoSinPago)
			s.log.Info().Str("folio", r.Folio).Msg("checkout: online order expired, stock returned")
		}
	}
	return nil
}
