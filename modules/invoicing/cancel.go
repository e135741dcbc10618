package invoicing

import (
	"context"
	"errors"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/cfdi"
)

// motivoSustitucion is c_MotivoCancelacion 01: comprobante emitido con errores con relación.
// A CFDI is cancelled with it only by Substitute, which first issues the CFDI that replaces it.
// motivoNoOperacion is 03, the operation did not take place: its sales can never be invoiced
// again. motivoGlobal is 04, a sale of a factura global that gets its own CFDI: for globals only.
const (
	motivoSustitucion = "01"
	motivoNoOperacion = "03"
	motivoGlobal      = "04"
)

// Cancel asks the PAC to cancel a valid CFDI with motivo 02 or 03, or 04 for a factura global
// (01 is Substitute's).
// Errors: invalid, not_found, conflict, unavailable.
func (s *Service) Cancel(ctx context.Context, id, motivo, por string) (Factura, error) {
	f, err := s.store.get(ctx, id)
	if err != nil {
		return Factura{}, err
	}
	if err := checkCancel(f, motivo); err != nil {
		return Factura{}, err
	}
	if s.pac == nil {
		return Factura{}, errNotConfigured
	}
	claim, err := s.claimCancel(ctx, f, motivo, por)
	if err != nil {
		return Factura{}, err
	}
	out, err := s.cancel(ctx, f, motivo, "", por)
	// Recorded, or refused by the PAC: the claim ends. Otherwise the outcome is unknown and the
	// retry asks the PAC (cancel_claim.go).
	if err == nil || apperr.Is(err, apperr.Invalid) {
		if cerr := s.store.endCancelClaim(ctx, f.ID, claim); cerr != nil && err == nil {
			err = cerr
		}
	}
	return out, err
}

func checkCancel(f Factura, motivo string) error {
	if f.Estado != EstadoValida {
		return apperr.New(apperr.Conflict, "Solo se puede cancelar una factura válida.")
	}
	if f.SustituidaPor != "" { // its sales are moving to the substitute, which cancels it with 01
		return errBeingReplaced
	}
	if f.Cancelando != nil {
		return errBeingCancelled
	}
	if motivo == motivoSustitucion {
		return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"motivo": "Con el motivo 01 usa 'Sustituir': se emite la factura con los datos correctos y esta se cancela con ella."})
	}
	if _, ok := cfdi.LookupMotivo(motivo); !ok {
		return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"motivo": "Elige un motivo de cancelación del SAT (02, 03 o 04)."})
	}
	if motivo == motivoGlobal && f.Tipo != TipoGlobal {
		return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"motivo": "El motivo 04 es solo para una factura global. Para esta factura elige 02 o 03, o usa 'Sustituir' (01)."})
	}
	return nil
}

// cancel asks the PAC to cancel f and records what it answers. When the answer is lost, the PAC
// is asked where the CFDI stands, so a cancellation it made is never forgotten.
func (s *Service) cancel(ctx context.Context, f Factura, motivo, sustitucion, por string) (Factura, error) {
	st, err := s.pac.Cancel(ctx, f.PACID, motivo, sustitucion)
	if err != nil {
		if now, gerr := s.pac.Get(ctx, f.PACID); gerr == nil && (now.Status == "canceled" || now.CancellationStatus == "pending") {
			st, err = now, nil
		}
	}
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

// cancellation records where the SAT stands on a cancellation: cancelled (its sales, if it still
// has any, are freed for another CFDI), pending, or refused by the receptor (it stays valid).
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
	if estado == EstadoCancelada {
		fields["ventasPorLiberar"] = true
	}
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
		if err := s.release(ctx, f); err != nil {
			return f, err
		}
	}
	return f, nil
}

// refreshCancellation asks the PAC where a pending cancellation stands and records it.
func (s *Service) refreshCancellation(ctx context.Context, f Factura) (Factura, error) {
	if f.Estado != EstadoCancelacionPendiente || s.pac == nil {
		return f, nil
	}
	st, err := s.pac.Get(ctx, f.PACID)
	if err != nil {
		s.log.Warn().Err(err).Str("factura", f.ID).Msg("invoicing: cancellation status not refreshed")
		return f, nil
	}
	return s.cancellation(ctx, f, st)
}

// Substitute replaces a customer's valid CFDI by one with the fiscal data in (motivo 01): the new
// CFDI takes over its sales and relates to it (TipoRelacion 04); once stamped, the old one is
// cancelled with motivo 01 and the new UUID. Errors: invalid, not_found, conflict, unavailable.
func (s *Service) Substitute(ctx context.Context, id string, in Receptor, por string) (Factura, error) {
	old, err := s.store.get(ctx, id)
	if err != nil {
		return Factura{}, err
	}
	switch {
	case old.Estado != EstadoValida:
		return Factura{}, apperr.New(apperr.Conflict, "Solo se puede sustituir una factura válida.")
	case old.Tipo != TipoIndividual:
		return Factura{}, apperr.New(apperr.Conflict, "Una factura global no se sustituye con otros datos fiscales: cancélala con el motivo 02 y emítela de nuevo.")
	case old.SustituidaPor != "":
		return Factura{}, apperr.New(apperr.Conflict, "Esta factura ya se está sustituyendo.")
	case old.Cancelando != nil:
		return Factura{}, errBeingCancelled
	}
	r, err := checkReceptor(in)
	if err != nil {
		return Factura{}, err
	}
	if s.pac == nil {
		return Factura{}, errNotConfigured
	}
	f := s.newFactura(draft{tipo: TipoIndividual, receptor: r, usuarioID: old.UsuarioID, creadoPor: por})
	f.Sustituye = old.UUID
	f.Reclamo = &Reclamo{Ventas: ventaIDs(old.Ventas), De: old.ID}
	if err := s.store.insert(ctx, f); err != nil {
		return Factura{}, err
	}
	// One substitute at a time, and none while staff cancel it: the old factura names it before
	// its sales move, guarded on no cancellation claiming it (cancel_claim.go).
	if moved, err := s.store.set(ctx, old.ID, bson.M{"estado": EstadoValida, "sustituidaPor": "", "cancelando": bson.M{"$exists": false}},
		bson.M{"sustituidaPor": f.ID}); err != nil || !moved {
		if err == nil {
			err = apperr.New(apperr.Conflict, "Esta factura ya se está sustituyendo o cancelando.")
		}
		_, err = s.giveUp(ctx, f, err)
		return Factura{}, err
	}
	f, err = s.start(ctx, f)
	if errors.Is(err, errNothingClaimed) { // given up: another replica's retry found it not named yet
		return Factura{}, apperr.New(apperr.Conflict, "No se pudo sustituir la factura; inténtalo de nuevo.")
	}
	if err != nil {
		return f, err
	}
	return s.withToken(f), nil
}

// cancelReplaced cancels, with motivo 01, the CFDI that the stamped substitute f replaces. When
// the PAC cannot be reached, the retry loop does it later.
func (s *Service) cancelReplaced(ctx context.Context, f Factura) {
	old, found, err := s.store.byUUID(ctx, f.Sustituye)
	if err != nil || !found || old.Estado != EstadoValida {
		return
	}
	if _, err := s.cancel(ctx, old, motivoSustitucion, f.UUID, f.CreadoPor); err != nil {
		s.log.Warn().Err(err).Str("factura", old.ID).Msg("invoicing: the replaced CFDI is not cancelled yet; it will be retried")
	}
}
