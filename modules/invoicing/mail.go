package invoicing

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/mail"
	"tienda/pkg/money"
)

// Resend mails a stamped CFDI's PDF and XML again, to email or, when "", to its receptor.
func (s *Service) Resend(ctx context.Context, id, email string) error {
	f, err := s.store.get(ctx, id)
	if err != nil {
		return err
	}
	if strings.TrimSpace(email) == "" {
		email = f.Receptor.Email
	}
	email, msg := checkEmail(email)
	if msg != "" {
		return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"email": msg})
	}
	return s.send(ctx, f, email)
}

// send mails the CFDI's PDF and XML to email.
func (s *Service) send(ctx context.Context, f Factura, email string) error {
	if f.Estado == EstadoTimbrando || f.Estado == EstadoError {
		return apperr.New(apperr.Conflict, "La factura todavía no está timbrada.")
	}
	subject := "Tu factura de %s (%s)"
	if f.Tipo == TipoEgreso {
		subject = "Tu nota de crédito de %s (%s)"
	}
	msg := mail.Message{To: email, Subject: fmt.Sprintf(subject, s.settings.ShopName, f.UUID), Text: mailText(f, s.settings.ShopName)}
	for _, format := range []string{"pdf", "xml"} {
		data, err := s.File(ctx, f, format)
		if err != nil {
			return err
		}
		ct := map[string]string{"pdf": "application/pdf", "xml": "application/xml"}[format]
		msg.Attachments = append(msg.Attachments, mail.Attachment{Name: FileName(f, format), ContentType: ct, Data: data})
	}
	if err := s.mailer.Send(ctx, msg); err != nil {
		return &apperr.Error{Code: apperr.Unavailable, Message: "No pudimos enviar el correo. Inténtalo de nuevo en unos minutos.", Err: err}
	}
	return nil
}

// deliverInBackground mails a just-stamped CFDI without holding up the answer.
func (s *Service) deliverInBackground(ctx context.Context, id string) {
	s.mails.Add(1)
	done := make(chan struct{})
	s.sending.Store(id, done)
	go func() {
		defer s.mails.Done()
		defer close(done)
		defer s.sending.Delete(id)
		s.deliver(context.WithoutCancel(ctx), id)
	}()
}

// mailWait bounds how long a customer's request for a factura waits for its e-mail.
const mailWait = 4 * time.Second

// awaitMail waits a little for the e-mail of a just-stamped factura and reads it again, so that
// the answer says whether the e-mail was sent; a slow SMTP server leaves it 'enviando'.
func (s *Service) awaitMail(ctx context.Context, f Factura) Factura {
	if done, ok := s.sending.Load(f.ID); ok {
		select {
		case <-done.(chan struct{}):
		case <-time.After(mailWait):
		case <-ctx.Done():
		}
	}
	if again, err := s.store.get(ctx, f.ID); err == nil {
		return again
	}
	return f
}

// deliver mails a stamped CFDI to its receptor once: whoever clears its correoPendiente sends it,
// and sets it again when the send fails, for the retry loop.
func (s *Service) deliver(ctx context.Context, id string) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	took, err := s.store.set(ctx, id, bson.M{"correoPendiente": true}, bson.M{"correoPendiente": false})
	if err != nil || !took {
		return
	}
	f, err := s.store.get(ctx, id)
	if err == nil {
		err = s.send(ctx, f, f.Receptor.Email)
	}
	if err == nil && mail.Delivers(s.mailer) {
		if _, serr := s.store.set(ctx, id, bson.M{}, bson.M{"correoEnviadoEn": s.now()}); serr != nil {
			s.log.Warn().Err(serr).Str("factura", id).Msg("invoicing: the CFDI was mailed, but that is not recorded")
		}
	}
	if err != nil {
		s.log.Error().Err(err).Str("factura", id).Msg("invoicing: CFDI not mailed; it will be retried")
		if _, serr := s.store.set(context.WithoutCancel(ctx), id, bson.M{"correoPendiente": false}, bson.M{"correoPendiente": true}); serr != nil {
			s.log.Error().Err(serr).Str("factura", id).Msg("invoicing: mail retry not recorded")
		}
	}
}

func mailText(f Factura, shop string) string {
	var b strings.Builder
	what := "tu factura (CFDI 4.0)"
	if f.Tipo == TipoEgreso {
		what = "la nota de crédito (CFDI de egreso) de tu devolución"
	}
	fmt.Fprintf(&b, "Hola %s:\n\nTe enviamos %s de %s.\n\n", f.Receptor.RazonSocial, what, shop)
	fmt.Fprintf(&b, "Folio fiscal (UUID): %s\nTotal: %s MXN\n", f.UUID, money.MustFromPesos(f.Total))
	if len(f.Ventas) == 1 {
		fmt.Fprintf(&b, "Compra: %s\n", f.Ventas[0].Folio)
	}
	b.WriteString("\nVan adjuntos el PDF y el XML. Gracias por tu compra.\n")
	return b.String()
}
