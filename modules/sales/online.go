package sales

import (
	"context"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/salestate"
)

// Expire marks an online sale whose payment never came (its stock is given back by the caller).
// Errors: conflict when it is no longer waiting, not_found when it was never saved.
func (s *Service) Expire(ctx context.Context, id bson.ObjectID) error {
	_, err := s.store.update(ctx, id, bson.M{"estado": salestate.EsperandoPago},
		bson.M{"$set": bson.M{"estado": salestate.Expirada}, "$inc": bson.M{"version": 1}})
	return err
}

// Unsettled lists the online sales waiting for their payment since before the given time, oldest
// first.
func (s *Service) Unsettled(ctx context.Context, before time.Time) ([]Sale, error) {
	out, err := s.store.find(ctx, bson.M{"estado": salestate.EsperandoPago, "fecha": bson.M{"$lt": before}})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Sale) int { return -newestFirst(a, b) })
	return out, nil
}

// PaidOnline is an approved payment to record.
type PaidOnline struct {
	MercadoPago MercadoPago
	Payer       PayerName
	OrderID     string
}

// RecordPayment records an approved online payment on its sale, once: the sale becomes a paid,
// saved order. It answers the sale and the state its write moved the sale from: EsperandoPago, or
// Expirada for a payment that arrived after the order expired (still recorded, the money is real,
// and flagged for staff; its stock was given back, or is being given back by whoever expired it).
// A second call with the same payment answers the sale and "" (recorded before).
func (s *Service) RecordPayment(ctx context.Context, id bson.ObjectID, p PaidOnline) (Sale, salestate.Estado, error) {
	now := s.now().UTC().Truncate(time.Millisecond)
	placed, err := s.store.get(ctx, id)
	if err != nil {
		return Sale{}, "", err
	}
	pago := paymentOf(Sale{ID: id, Total: placed.Total, MetodoPago: "Mercado Pago", CobradoPor: "mercadopago", NombreCobro: "Mercado Pago",
		MercadoPago: &p.MercadoPago, PagadoEn: &now})
	set := bson.M{
		"pagos":  []Pago{pago},
		"estado": salestate.Confirmada, "guardado": true, "pago": PagoPagado, "metodoPago": "Mercado Pago",
		"mercadoPago": p.MercadoPago, "cobradoPor": "mercadopago", "nombreCobro": "Mercado Pago",
		"order": Order{ID: p.OrderID, Status: "approved", CreateTime: now, Payer: Payer{Name: p.Payer}},
	}
	filter := bson.M{"estado": salestate.EsperandoPago}
	stamp := bson.M{"pagadoEn": true}
	// The 'pago recibido' e-mail is written by the write that records the payment, which passes once.
	paid := func() bson.M {
		return withMail(bson.M{"$set": set, "$currentDate": stamp, "$inc": bson.M{"version": 1}}, newMail(eventoRecibido, now))
	}
	moved := salestate.EsperandoPago
	v, err := s.store.update(ctx, id, filter, paid())
	if apperr.Is(err, apperr.Conflict) {
		moved = salestate.Expirada
		// Expired meanwhile, or recorded by a concurrent call (the return page and the webhook).
		set["revisar"] = "Pago aprobado después de liberar las existencias: verifica el inventario antes de entregar."
		set["pagoTardio"], set[retakePending] = true, true
		v, err = s.store.update(ctx, id, bson.M{"estado": salestate.Expirada}, paid())
	}
	if apperr.Is(err, apperr.Conflict) {
		cur, gerr := s.store.get(ctx, id)
		if gerr != nil {
			return Sale{}, "", gerr
		}
		if cur.MercadoPago != nil && cur.MercadoPago.PaymentID == p.MercadoPago.PaymentID {
			return cur, "", nil // recorded before: the same payment is one sale
		}
		s.log.Error().Str("folio", cur.Folio).Str("payment", p.MercadoPago.PaymentID).Msg("sales: second payment for a settled sale")
		return Sale{}, "", apperr.New(apperr.Conflict, "Esta orden ya tiene otro pago registrado. Comunícate con la tienda.")
	}
	if err != nil {
		return Sale{}, "", err
	}
	s.changedSoon()
	s.mailSoon(v.ID)
	s.log.Info().Str("folio", v.Folio).Float64("total", v.Total).Msg("sale recorded (paid online)")
	return v, moved, nil
}

// retakePending marks a late-paid sale whose units checkout has not taken again yet.
const retakePending = "retomaPendiente"

// PendingRetakes lists the late-paid sales whose units are not all taken again yet: a crash
// between recording the payment and taking them left them for the sweep.
func (s *Service) PendingRetakes(ctx context.Context) ([]Sale, error) {
	return s.store.find(ctx, bson.M{retakePending: true})
}

// RetakeDone clears a late-paid sale's pending retake. A repeat does nothing.
func (s *Service) RetakeDone(ctx context.Context, id bson.ObjectID) error {
	_, err := s.store.updateIf(ctx, id, bson.M{retakePending: true}, bson.M{"$unset": bson.M{retakePending: ""}})
	return err
}
