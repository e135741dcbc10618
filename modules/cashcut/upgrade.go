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
	meta := s.store.db.W.Collection(metaCollection)
	if done, err := mongox.JobDone(ctx, meta, upgradeJob); err != nil || done {
		return err
	}
	cuts, err := mongox.FindAll[formerCut](ctx, s.store.db.R.Collection(collection), bson.M{},
		options.Find().SetProjection(bson.M{"numero": 1, "ventas._id": 1}))
	if err != nil {
		return fmt.Errorf("cashcut: upgrade: %w", err)
	}
	for _, c := range cuts {
		ids := make([]string, 0, len(c.Ventas))
		for _, v := range c.Ventas {
			ids = append(ids, v.ID)
		}
		listed, _, err := mongox.FindOne[formerCut](ctx, s.store.db.R.Collection(formerCutSales), bson.M{"_id": c.ID})
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
		_, err = s.store.db.UpdateOneIf(ctx, collection, c.ID, nil, bson.M{"$set": bson.M{"numVentas": n},
			"$unset": bson.M{"desde": "", "hasta": "", "ventas": ""}})
		if err != nil {
			return fmt.Errorf("cashcut: upgrade cut %d: %w", c.Numero, err)
		}
	}
	if _, err := meta.DeleteOne(ctx, bson.M{"_id": formerCounter}); err != nil {
		return fmt.Errorf("cashcut: upgrade: %w", err)
	}
	if err := s.store.db.W.Collection(formerCutSales).Drop(ctx); err != nil {
		return fmt.Errorf("cashcut: upgrade: %w", err)
	}
	if _, err := mongox.MarkJobDone(ctx, meta, upgradeJob); err != nil {
		return err
	}
	if len(cuts) > 0 {
		s.log.Info().Int("cuts", len(cuts)).Msg("cash cuts upgraded: each sale records the cut that closed it")
	}
	return nil
}
