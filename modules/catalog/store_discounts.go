package catalog

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
)

// allDiscounts reads the discounts collection.
func (s store) allDiscounts(ctx context.Context) ([]Discount, error) {
	out, err := mongox.FindAll[Discount](ctx, s.db.R.Collection(discountsCollection), bson.M{})
	if err != nil {
		return nil, fmt.Errorf("catalog: load discounts: %w", err)
	}
	return out, nil
}

// clearDiscount takes a deleted discount off every product that pointed to it and returns them
// as they are after.
func (s store) clearDiscount(ctx context.Context, discount string) ([]Product, error) {
	var ids []bson.ObjectID
	err := s.db.Each(ctx, productsCollection, bson.M{"descuentoId": discount}, bson.M{"_id": 1}, func(doc bson.Raw) error {
		id, ok := doc.Lookup("_id").ObjectIDOK()
		if ok {
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("catalog: products of discount: %w", err)
	}
	out := make([]Product, 0, len(ids))
	for _, id := range ids {
		p, ok, err := s.update(ctx, id, bson.M{"descuentoId": discount},
			bson.M{"$unset": bson.M{"descuentoId": ""}, "$inc": bson.M{"version": int64(1)}})
		if err != nil {
			return out, err
		}
		if ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// discount reads one discount from the store; found is false when there is none.
func (s store) discount(ctx context.Context, id bson.ObjectID) (d Discount, found bool, err error) {
	d, found, err = mongox.FindOne[Discount](ctx, s.db.R.Collection(discountsCollection), bson.M{"_id": id})
	if err != nil {
		return Discount{}, false, fmt.Errorf("catalog: discount %s: %w", id.Hex(), err)
	}
	return d, found, nil
}

func (s store) insertDiscount(ctx context.Context, d Discount) error {
	if _, err := s.db.W.Collection(discountsCollection).InsertOne(ctx, d); err != nil {
		return fmt.Errorf("catalog: insert discount: %w", err)
	}
	return nil
}

// replaceDiscount reports false when the discount does not exist.
func (s store) replaceDiscount(ctx context.Context, d Discount) (bool, error) {
	res, err := s.db.W.Collection(discountsCollection).ReplaceOne(ctx, bson.M{"_id": d.ID}, d)
	if err != nil {
		return false, fmt.Errorf("catalog: replace discount: %w", err)
	}
	return res.MatchedCount == 1, nil
}

func (s store) deleteDiscount(ctx context.Context, id bson.ObjectID) (bool, error) {
	res, err := s.db.W.Collection(discountsCollection).DeleteOne(ctx, bson.M{"_id": id})
	if err != nil {
		return false, fmt.Errorf("catalog: delete discount: %w", err)
	}
	return res.DeletedCount == 1, nil
}
