package invoicing

import (
	"context"
	"errors"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// A factura takes its sales through a saga, since a claim of several sales is not atomic on
// MongoDB (an updateMany that a failover cuts stops half way, and nothing retries it):
//  1. The factura is written with its Reclamo, the exact sales it means to cover (and, for a
//     substitute, the factura it takes them from), before any sale is claimed.
//  2. The claim (or the move from the replaced CFDI) runs over that list. Each sale's update is
//     guarded on the state it must still be in, so running it again only finishes it.
//  3. The claim is closed: the listed sales it did not get can no longer be claimed or moved to
//     it. The sales it covers are final then; it is computed from them and stamped.
// A request whose claim fails gives the factura up (giveUp): first it moves it out of
// 'timbrando', which no step of the forward path passes, and only then releases it: its claim is
// ended on every listed sale and the sales it got go back. Then it is deleted, since no claim of
// it can land any more. The minute's retry loop (Retry, on every replica) runs steps 2 and 3 for
// a factura left 'timbrando' and finishes a release a crash cut (ventasPorLiberar).

// intent is the sales f means to cover. A substitute written before factura recorded their
// Reclamo takes the sales of the CFDI that names it; another such factura lists none (its
// claim, if any, has landed: what it covers is on the sales).
func (s *Service) intent(ctx context.Context, f Factura) (Reclamo, error) {
	switch {
	case f.Reclamo != nil:
		return *f.Reclamo, nil
	case f.Sustituye == "":
		return Reclamo{}, nil
	}
	old, found, err := s.store.byUUID(ctx, f.Sustituye)
	if err != nil || !found || old.SustituidaPor != f.ID {
		return Reclamo{}, err
	}
	return Reclamo{Ventas: ventaIDs(old.Ventas), De: old.ID}, nil
}

func ventaIDs(list []VentaFactura) []string {
	ids := make([]string, len(list))
	for i, v := range list {
		ids[i] = v.ID
	}
	return ids
}

// claimed runs f's claim, or its move from the CFDI it replaces, over the sales it records,
// closes it, and lists the sales f covers then: final, since no claim of f lands afterwards.
// Run again, it changes nothing more.
func (s *Service) claimed(ctx context.Context, f Factura) ([]Sale, error) {
	r, err := s.intent(ctx, f)
	if err != nil {
		return nil, err
	}
	ref := SaleInvoice{ID: f.ID, Tipo: f.Tipo}
	if r.De != "" {
		// Only a substitute its old CFDI names takes the sales over; one that was never named
		// (its request stopped first, or lost the race) is given up.
		old, err := s.store.get(ctx, r.De)
		if err != nil && !apperr.Is(err, apperr.NotFound) {
			return nil, err
		}
		if err == nil && old.SustituidaPor == f.ID {
			if err := s.sales.Transfer(ctx, r.Ventas, r.De, ref); err != nil {
				return nil, err
			}
		}
	} else {
		var from, to time.Time
		if r.Desde != nil && r.Hasta != nil {
			from, to = *r.Desde, *r.Hasta
		}
		if err := s.sales.Claim(ctx, ref, r.Ventas, from, to); err != nil {
			return nil, err
		}
	}
	sales, err := s.sales.ClaimedBy(ctx, f.ID)
	if err != nil {
		return nil, err
	}
	// Every listed sale it did not get is closed to it; a claim that lands on one meanwhile is
	// read again below. When it got them all, nothing can be added to it.
	got := make(map[string]bool, len(sales))
	for _, v := range sales {
		got[v.ID] = true
	}
	missing := slices.DeleteFunc(slices.Clone(r.Ventas), func(id string) bool { return got[id] })
	if len(missing) == 0 {
		return sales, nil
	}
	if err := s.sales.Close(ctx, f.ID, missing); err != nil {
		return nil, err
	}
	return s.sales.ClaimedBy(ctx, f.ID)
}

// giveUp gives up factura f, never sent to the PAC, because of cause: first it moves f from
// 'timbrando' with no amounts yet (a computed factura may be at the PAC) to 'error', descartada,
// and only when that move succeeded it releases f's sales and deletes it (release). It answers
// cause; or, when another replica took f further first, f as it stands.
func (s *Service) giveUp(ctx context.Context, f Factura, cause error) (Factura, error) {
	ctx = context.WithoutCancel(ctx)
	f.Estado, f.Mensaje, f.Descartada, f.VentasPorLiberar = EstadoError, "Se descartó antes de timbrarla.", true, true
	moved, err := s.store.set(ctx, f.ID, bson.M{"estado": EstadoTimbrando, "total": 0},
		bson.M{"estado": f.Estado, "mensaje": f.Mensaje, "descartada": true, "ventasPorLiberar": true})
	if err != nil {
		return Factura{}, errors.Join(cause, err)
	}
	if !moved {
		cur, err := s.store.get(ctx, f.ID)
		if err == nil && !cur.Descartada {
			return cur, nil
		}
		return Factura{}, cause
	}
	if err := s.release(ctx, f); err != nil {
		// Fenced: the retry loop finishes the release (ventasPorLiberar).
		s.log.Warn().Err(err).Str("factura", f.ID).Msg("invoicing: the sales of a factura given up are not released yet; it will be retried")
	}
	return Factura{}, cause
}

// release gives back the sales of a factura given up, refused or cancelled (moved to that state
// with ventasPorLiberar first): it ends the factura's claim on every sale it records and gives
// back those it covers (a refused substitute to the CFDI it was to replace, which then names no
// substitute; any other freed), then clears ventasPorLiberar, or deletes a factura given up. A
// stop anywhere leaves ventasPorLiberar set, and the retry loop runs it again.
func (s *Service) release(ctx context.Context, f Factura) error {
	r, err := s.intent(ctx, f)
	if err != nil {
		return err
	}
	var to *SaleInvoice
	var old Factura
	if f.Estado == EstadoError && f.Sustituye != "" {
		var found bool
		if old, found, err = s.store.byUUID(ctx, f.Sustituye); err != nil {
			return err
		}
		if found {
			to = &SaleInvoice{ID: old.ID, Tipo: old.Tipo, UUID: old.UUID}
		}
	}
	// Freed, for a cancelled CFDI: a sale of a CFDI cancelled with motivo 03 may be returned,
	// and voided() keeps it out of any other CFDI.
	if err := s.sales.Release(ctx, f.ID, r.Ventas, to); err != nil {
		return err
	}
	if to != nil {
		if _, err := s.store.set(ctx, old.ID, bson.M{"sustituidaPor": f.ID}, bson.M{"sustituidaPor": ""}); err != nil {
			return err
		}
	}
	if f.Descartada {
		return s.store.removeGivenUp(ctx, f.ID)
	}
	_, err = s.store.set(ctx, f.ID, bson.M{"ventasPorLiberar": true}, bson.M{"ventasPorLiberar": false})
	return err
}
