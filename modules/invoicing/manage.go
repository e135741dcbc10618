package invoicing

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
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
	mongox.SetRange(filter, "fecha", q.Desde, q.Hasta)
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
	if f, err = s.refreshCancellation(ctx, f); err != nil {
		return Factura{}, err
	}
	return s.withToken(f), nil
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

// MissingSATKey lists the products whose CFDI lines take the default SAT key.
func (s *Service) MissingSATKey() []ProductFiscal { return s.products.MissingSATKey() }

// Retry finishes, on any replica, what a lost answer or a stopped replica left half done for
// longer than olderThan: stamping (the same idempotency key makes the PAC answer with the CFDI
// it may have made already), the notas de crédito of returns, pending cancellations, the cancellation of a replaced CFDI and the
// e-mail of a stamped one.
func (s *Service) Retry(ctx context.Context, olderThan time.Duration) error {
	if s.pac == nil {
		return nil
	}
	before := s.now().Add(-olderThan)
	// On MongoDB the last three filters imply the partial indexes' (store.go: retryReplaced,
	// retryRelease, retryMail), so each reads only the facturas it selects.
	steps := []struct {
		filter bson.M
		run    func(Factura) error
	}{
		// Stamping whose answer was lost, or a crash half way: also a claim, or a substitute's
		// move of the sales, that a crash or a failover cut (claims.go).
		{bson.M{"estado": EstadoTimbrando, "fecha": bson.M{"$lt": before}}, func(f Factura) error {
			_, err := s.complete(ctx, f)
			return err
		}},
		// Cancellations the receptor has had to accept or refuse.
		{bson.M{"estado": EstadoCancelacionPendiente}, func(f Factura) error {
			_, err := s.refreshCancellation(ctx, f)
			return err
		}},
		// Replaced CFDIs not cancelled yet: their substitute is stamped. A CFDI that names a
		// substitute given up and deleted (it was named after it was given up) names none again.
		{bson.M{"estado": EstadoValida, "sustituidaPor": bson.M{"$gt": ""}}, func(old Factura) error {
			sub, err := s.store.get(ctx, old.SustituidaPor)
			switch {
			case apperr.Is(err, apperr.NotFound):
				_, err = s.store.set(ctx, old.ID, bson.M{"sustituidaPor": old.SustituidaPor}, bson.M{"sustituidaPor": ""})
				return err
			case err == nil && sub.Estado == EstadoValida:
				s.cancelReplaced(ctx, sub)
			}
			return err
		}},
		// Sales a factura given up, refused or cancelled had not given back when its replica
		// stopped.
		{bson.M{"ventasPorLiberar": true}, func(f Factura) error { return s.release(ctx, f) }},
		// E-mails a stopped replica did not send.
		{bson.M{"estado": EstadoValida, "correoPendiente": true, "timbradaEn": bson.M{"$lt": before}}, func(f Factura) error {
			s.deliver(ctx, f.ID)
			return nil
		}},
	}
	// Cancellations by staff whose request stopped, or never heard the PAC (cancel_claim.go).
	if err := s.retryCancelClaims(ctx); err != nil {
		return err
	}
	// Notas de crédito of returns whose request stopped before its factura was written or settled.
	if err := s.retryCreditNotes(ctx, func(_ Sale, d SaleReturn) bool { return d.Fecha.Before(before) }); err != nil {
		return err
	}
	for _, step := range steps {
		list, err := s.store.find(ctx, step.filter)
		if err != nil {
			return err
		}
		for _, f := range list {
			if err := step.run(f); err != nil {
				s.log.Warn().Err(err).Str("factura", f.ID).Msg("invoicing: retry")
			}
		}
	}
	return nil
}
