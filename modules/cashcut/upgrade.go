package cashcut

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox"
)

// Earlier releases split the paid sales into cuts by the time their payment was saved: each cut
// had a period (desde, hasta], a counter document in cortes_meta fixed the periods, and each cut's
// list of sales was kept in cortes_ventas (or, earlier still, inside the cut). upgrade gives every
// sale such a cut listed the cut's number, as a cut claims its sales now, and then drops what the
// periods needed. It runs at start until it is done once; every step can be repeated, so a start
// that stops half-way is finished by the next one.
const (
	formerCutSales = "cortes_ventas"
	formerCounter  = "ultimo"
	upgradeJob     = "cortes-reclamados-v2"
)

// formerCut is what earlier releases kept of a cut that the upgrade reads.
type formerCut struct {
	ID     bson.ObjectID `bson:"_id"`
	Numero int64         `bson:"numero"`
	Ventas []struct {
		ID string `bson:"_id"`
	} `bson:"ventas"`
}

func (s *Service) upgrade(ctx context.Context) error {
	if done, err := s.store.jobDone(ctx, upgradeJob); err != nil || done {
		return err
	}
	cuts, err := s.store.formerCuts(ctx)
	if err != nil {
		return fmt.Errorf("cashcut: upgrade: %w", err)
	}
	for _, c := range cuts {
		ids := make([]string, 0, len(c.Ventas))
		for _, v := range c.Ventas {
			ids = append(ids, v.ID)
		}
		listed, err := s.store.formerListed(ctx, c.ID)
		if err != nil {
			return fmt.Errorf("cashcut: upgrade cut %d: %w", c.Numero, err)
		}
		for _, v := range listed.Ventas {
			ids = append(ids, v.ID)
		}
		if len(ids) > 0 {
			if _, err := s.sales.Claim(ctx, c.Numero, ids); err != nil {
				return err
			}
		}
		n, err := s.sales.CountClaimedBy(ctx, c.Numero)
		if err != nil {
			return err
		}
		if err := s.store.upgradedCut(ctx, c.ID, n); err != nil {
			return fmt.Errorf("cashcut: upgrade cut %d: %w", c.Numero, err)
		}
	}
	if err := s.store.dropFormer(ctx); err != nil {
		return fmt.Errorf("cashcut: upgrade: %w", err)
	}
	if err := s.store.markJobDone(ctx, upgradeJob); err != nil {
		return err
	}
	if len(cuts) > 0 {
		s.log.Info().Int("cuts", len(cuts)).Msg("cash cuts upgraded: each sale records the cut that closed it")
	}
	return nil
}

// formerCuts reads every cut's number and the sales an earlier release kept inside it.
func (s store) formerCuts(ctx context.Context) ([]formerCut, error) {
	return mongox.FindAll[formerCut](ctx, s.db.R.Collection(collection), bson.M{},
		options.Find().SetProjection(bson.M{"numero": 1, "ventas._id": 1}))
}

// formerListed reads the sales an earlier release listed for cut id in cortes_ventas.
func (s store) formerListed(ctx context.Context, id bson.ObjectID) (formerCut, error) {
	c, _, err := mongox.FindOne[formerCut](ctx, s.db.R.Collection(formerCutSales), bson.M{"_id": id})
	return c, err
}

// upgradedCut records how many sales cut id claimed and drops what the periods needed.
func (s store) upgradedCut(ctx context.Context, id bson.ObjectID, sales int64) error {
	_, err := s.db.UpdateOneIf(ctx, collection, id, nil, bson.M{"$set": bson.M{"numVentas": sales},
		"$unset": bson.M{"desde": "", "hasta": "", "ventas": ""}})
	return err
}

// dropFormer drops the former counter and cortes_ventas.
func (s store) dropFormer(ctx context.Context) error {
	if _, err := s.db.W.Collection(metaCollection).DeleteOne(ctx, bson.M{"_id": formerCounter}); err != nil {
		return err
	}
	return s.db.W.Collection(formerCutSales).Drop(ctx)
}

// jobDone reports whether the one-off job is recorded as done; markJobDone records it.
func (s store) jobDone(ctx context.Context, job string) (bool, error) {
	return mongox.JobDone(ctx, s.db.R.Collection(metaCollection), job)
}

func (s store) markJobDone(ctx context.Context, job string) error {
	_, err := mongox.MarkJobDone(ctx, s.db.W.Collection(metaCollection), job)
	return err
}
