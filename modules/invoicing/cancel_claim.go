package invoicing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/apperr"
)

// Staff's cancellation and a substitution never overlap. A cancellation whose PAC call landed
// while a substitution moved the CFDI's sales would free, once cancelled, the sales moving to the
// substitute. So Cancel claims the CFDI (cancelando) before it asks the PAC, in a write guarded on
// the CFDI being valid, replaced by nothing and claimed by no other cancellation; Substitute names
// its substitute in a write guarded on no claim (cancel.go). The claim ends once the PAC's answer
// is recorded, or the PAC refused the request. When the answer is unknown (no answer, and none
// to where the CFDI stands) the claim stays: the minute's retry asks the PAC after claimLease
// and records the cancellation or ends the claim (retryCancelClaims).

// Cancelando is a cancellation by staff that may be reaching the PAC.
type Cancelando struct {
	Motivo string    `bson:"motivo"`
	Por    string    `bson:"por"`
	Fecha  time.Time `bson:"fecha"` // the store's time of the claim: it names the claim
}

// claimLease is how long a claim is left to its request before the retry asks the PAC: longer
// than any request waits for the PAC.
const claimLease = 5 * time.Minute

var (
	errBeingCancelled = apperr.New(apperr.Conflict, "Esta factura se está cancelando; espera a que termine la cancelación.")
	errBeingReplaced  = apperr.New(apperr.Conflict, "Esta factura se está sustituyendo; espera a que termine la sustitución.")
)

// claimCancel claims valid CFDI f for a cancellation by staff. Errors: conflict when it is being
// replaced or cancelled, or is no longer valid.
func (s *Service) claimCancel(ctx context.Context, f Factura, motivo, por string) (Cancelando, error) {
	claim := Cancelando{Motivo: motivo, Por: por, Fecha: s.now().UTC().Truncate(time.Millisecond)}
	moved, err := s.store.set(ctx, f.ID, bson.M{"estado": EstadoValida, "sustituidaPor": "", "cancelando": bson.M{"$exists": false}},
		bson.M{"cancelando": claim})
	if err != nil || moved {
		return claim, err
	}
	now, err := s.store.get(ctx, f.ID)
	if err != nil {
		return claim, err
	}
	if err := checkCancel(now, motivo); err != nil {
		return claim, err
	}
	return claim, errBeingCancelled // claimed and ended in between: the next try sees where it stands
}

// endCancelClaim ends the claim, if it still stands: a later claim is never ended by it.
func (s store) endCancelClaim(ctx context.Context, id string, claim Cancelando) error {
	_, err := s.db.UpdateOneIf(ctx, colFacturas, id, bson.M{"cancelando.fecha": claim.Fecha}, bson.M{"$unset": bson.M{"cancelando": ""}})
	if err != nil && !errors.Is(err, mongo.ErrNoDocuments) {
		return fmt.Errorf("invoicing: end the cancellation of %s: %w", id, err)
	}
	return nil
}

// retryCancelClaims settles the claims older than claimLease, whose request stopped or never
// heard the PAC: the PAC says where each CFDI stands; a cancellation it made is recorded, and
// the claim ends.
func (s *Service) retryCancelClaims(ctx context.Context) error {
	claimed, err := s.store.find(ctx, bson.M{"cancelando.fecha": bson.M{"$lt": s.now().Add(-claimLease)}})
	if err != nil {
		return err
	}
	for _, f := range claimed {
		st, err := s.pac.Get(ctx, f.PACID)
		if err != nil {
			s.log.Warn().Err(err).Str("factura", f.ID).Msg("invoicing: a cancellation's outcome not known yet")
			continue
		}
		if st.Status == "canceled" || st.CancellationStatus == "pending" {
			f.Cancelacion = &Cancelacion{Motivo: f.Cancelando.Motivo, Estado: st.CancellationStatus, Fecha: f.Cancelando.Fecha, Por: f.Cancelando.Por}
			if _, err := s.store.set(ctx, f.ID, bson.M{"estado": f.Estado}, bson.M{"cancelacion": f.Cancelacion}); err != nil {
				return err
			}
			if _, err := s.cancellation(ctx, f, st); err != nil {
				return err
			}
		}
		if err := s.store.endCancelClaim(ctx, f.ID, *f.Cancelando); err != nil {
			return err
		}
	}
	return nil
}
