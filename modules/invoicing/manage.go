package invoicing

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/cfdi"
	"tienda/pkg/mail"
	"tienda/pkg/search"
)

// ListQuery is what the staff list of facturas selects.
type ListQuery struct {
	Q            string    // RFC, razón social, UUID or a sale's folio
	Desde, Hasta time.Time // [Desde, Hasta) by fecha; zero: open
	Tipo, Estado string
	Page, Limit  int
}

// List is a page of facturas, newest first, and how many the query selects.
func (s *Service) List(ctx context.Context, q ListQuery) ([]Factura, int64, error) {
	filter := bson.M{}
	if q.Tipo != "" {
		filter["tipo"] = q.Tipo
	}
	if q.Estado != "" {
		filter["estado"] = q.Estado
	}
	if needle := search.Fold(strings.TrimSpace(q.Q)); needle != "" {
		filter["busqueda"] = bson.M{"$regex": regexp.QuoteMeta(needle)}
	}
	if !q.Desde.IsZero() || !q.Hasta.IsZero() {
		r := bson.M{}
		if !q.Desde.IsZero() {
			r["$gte"] = q.Desde
		}
		if !q.Hasta.IsZero() {
			r["$lt"] = q.Hasta
		}
		filter["fecha"] = r
	}
	list, total, err := s.store.page(ctx, filter, int64(q.Page-1)*int64(q.Limit), int64(q.Limit))
	if err != nil {
		return nil, 0, err
	}
	for i := range list {
		list[i] = s.withToken(list[i])
	}
	return list, total, nil
}

// Get returns a factura; one whose cancellation is pending is first brought up to date with
// the PAC. owner, when not "", must be the factura's customer. Errors: not_found.
func (s *Service) Get(ctx context.Context, id, owner string) (Factura, error) {
	f, err := s.store.get(ctx, id)
	if err != nil {
		return Factura{}, err
	}
	if owner != "" && f.UsuarioID != owner {
		return Factura{}, errFacturaNotFound
	}
	if f.Estado == EstadoCancelacionPendiente && s.pac != nil {
		if st, err := s.pac.Get(ctx, f.PACID); err == nil {
			f, err = s.cancellation(ctx, f, st)
			if err != nil {
				return Factura{}, err
			}
		} else {
			s.log.Warn().Err(err).Str("factura", f.ID).Msg("invoicing: cancellation status not refreshed")
		}
	}
	return s.withToken(f), nil
}

// Cancel asks the PAC to cancel a valid CFDI with a SAT motivo; sustitucion is the UUID of the
// CFDI that replaces it (motivo 01 only). Errors: invalid, not_found, conflict, unavailable.
func (s *Service) Cancel(ctx context.Context, id, motivo, sustitucion, por string) (Factura, error) {
	f, err := s.store.get(ctx, id)
	if err != nil {
		return Factura{}, err
	}
	if err := s.checkCancel(ctx, f, motivo, &sustitucion); err != nil {
		return Factura{}, err
	}
	if s.pac == nil {
		return Factura{}, errNotConfigured
	}
	st, err := s.pac.Cancel(ctx, f.PACID, motivo, sustitucion)
	if err != nil {
		return Factura{}, pacFailure(err)
	}
	f.Cancelacion = &Cancelacion{Motivo: motivo, Sustitucion: sustitucion, Estado: st.CancellationStatus, Fecha: s.now(), Por: por}
	if _, err := s.store.set(ctx, f.ID, bson.M{"estado": f.Estado}, bson.M{"cancelacion": f.Cancelacion}); err != nil {
		return Factura{}, err
	}
	f, err = s.cancellation(ctx, f, st)
	return s.withToken(f), err
}

var uuidRe = regexp.MustCompile(`^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$`)

func (s *Service) checkCancel(ctx context.Context, f Factura, motivo string, sustitucion *string) error {
	if f.Estado != EstadoValida {
		return apperr.New(apperr.Conflict, "Solo se puede cancelar una factura válida.")
	}
	m, ok := cfdi.LookupMotivo(motivo)
	if !ok {
		return apperr.InvalidFields("Revisa los datos marcados.", map[string]string{"motivo": "Elige un motivo de cancelación del SAT (01, 02, 03 o 04)."})
	}
	*sustitucion = strings.ToUpper(strings.TrimSpace(*sustitucion))
	if !m.RequiereSustitucion {
		*sustitucion = ""
		return nil
	}
	if !uuidRe.MatchString(*sustitucion) {
		return apperr.InvalidFields("Revisa los datos marcados.", map[string]string{"sustitucion": "Escribe el UUID de la factura que sustituye a esta (36 caracteres)."})
	}
	other, found, err := s.store.byUUID(ctx, *sustitucion)
	if err != nil {
		return err
	}
	if !found || other.ID == f.ID || other.Estado != EstadoValida {
		return apperr.InvalidFields("Revisa los datos marcados.", map[string]string{"sustitucion": "La factura que la sustituye debe ser otra factura válida de la tienda."})
	}
	return nil
}

// cancellation records where the SAT stands on a cancellation: cancelled (the sales are freed for
// another CFDI), pending, or refused by the receptor (the CFDI stays valid).
func (s *Service) cancellation(ctx context.Context, f Factura, st Stamped) (Factura, error) {
	var estado string
	switch {
	case st.Status == "canceled":
		estado = EstadoCancelada
	case st.CancellationStatus == "pending":
		estado = EstadoCancelacionPendiente
	default:
		estado = EstadoValida
	}
	fields := bson.M{"estado": estado}
	if f.Cancelacion != nil {
		f.Cancelacion.Estado = st.CancellationStatus
		fields["cancelacion.estado"] = st.CancellationStatus
	}
	moved, err := s.store.set(ctx, f.ID, bson.M{"estado": f.Estado}, fields)
	if err != nil {
		return f, err
	}
	if !moved { // another request recorded a newer state first
		return s.store.get(ctx, f.ID)
	}
	f.Estado = estado
	if estado == EstadoCancelada {
		if err := s.sales.Release(ctx, f.ID); err != nil {
			return f, err
		}
	}
	return f, nil
}

// pacFailure is the error a user sees when the PAC refused or could not answer.
func pacFailure(err error) error {
	var e *PACError
	if errors.As(err, &e) {
		return apperr.New(apperr.Invalid, "El PAC no aceptó la solicitud: "+strings.TrimSuffix(e.Message, ".")+".")
	}
	return &apperr.Error{Code: apperr.Unavailable, Message: "No pudimos comunicarnos con el servicio de facturación. Inténtalo de nuevo en unos minutos.", Err: err}
}

// File returns a CFDI's PDF or XML. Errors: not_found, conflict (not stamped), unavailable.
func (s *Service) File(ctx context.Context, f Factura, format string) ([]byte, error) {
	if f.PACID == "" {
		return nil, apperr.New(apperr.Conflict, "La factura todavía no está timbrada.")
	}
	if format == "xml" {
		if xml, ok, err := s.store.xml(ctx, f.ID); err != nil || ok {
			return xml, err
		}
	}
	if s.pac == nil {
		return nil, errNotConfigured
	}
	data, err := s.pac.Download(ctx, f.PACID, format)
	if err != nil {
		return nil, pacFailure(err)
	}
	return data, nil
}

// FileName is the name a CFDI's file is downloaded and mailed under.
func FileName(f Factura, format string) string {
	name := "factura-" + f.ID
	if f.UUID != "" {
		name = "factura-" + f.UUID
	}
	return name + "." + format
}

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
		return apperr.InvalidFields("Revisa los datos marcados.", map[string]string{"email": msg})
	}
	return s.send(ctx, f, email)
}

// send mails the CFDI's PDF and XML to email.
func (s *Service) send(ctx context.Context, f Factura, email string) error {
	if f.Estado == EstadoTimbrando || f.Estado == EstadoError {
		return apperr.New(apperr.Conflict, "La factura todavía no está timbrada.")
	}
	msg := mail.Message{To: email, Subject: fmt.Sprintf("Tu factura de %s (%s)", s.settings.ShopName, f.UUID), Text: mailText(f, s.settings.ShopName)}
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

// mailInBackground sends a just-stamped CFDI to email without holding up the answer.
func (s *Service) mailInBackground(ctx context.Context, f Factura, email string) {
	if email == "" {
		return
	}
	s.mails.Add(1)
	go func() {
		defer s.mails.Done()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		if err := s.send(ctx, f, email); err != nil {
			s.log.Error().Err(err).Str("factura", f.ID).Msg("invoicing: CFDI not mailed")
		}
	}()
}

func mailText(f Factura, shop string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Hola %s:\n\nTe enviamos tu factura (CFDI 4.0) de %s.\n\n", f.Receptor.RazonSocial, shop)
	fmt.Fprintf(&b, "Folio fiscal (UUID): %s\nTotal: $%.2f MXN\n", f.UUID, f.Total)
	if len(f.Ventas) == 1 {
		fmt.Fprintf(&b, "Compra: %s\n", f.Ventas[0].Folio)
	}
	b.WriteString("\nVan adjuntos el PDF y el XML. Gracias por tu compra.\n")
	return b.String()
}

// MissingSATKey lists the products whose CFDI lines take the default SAT key.
func (s *Service) MissingSATKey() []ProductFiscal { return s.products.MissingSATKey() }

// Retry completes the facturas left 'timbrando' (a timeout, a crash) for longer than olderThan:
// the same idempotency key makes the PAC answer with the CFDI it may have made already.
func (s *Service) Retry(ctx context.Context, olderThan time.Duration) error {
	if s.pac == nil {
		return nil
	}
	list, err := s.store.stuck(ctx, s.now().Add(-olderThan))
	if err != nil {
		return err
	}
	for _, f := range list {
		if _, err := s.complete(ctx, f); err != nil {
			s.log.Warn().Err(err).Str("factura", f.ID).Msg("invoicing: retry")
		}
	}
	return nil
}
