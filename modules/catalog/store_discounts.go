package catalog

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/mongox"
)

// The discounts collection: each edit and delete guarded by the version it read (discounts.go).

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

func (s store) insertDiscount(ctx context.Context, d Discount) error {
	if _, err := s.db.W.Collection(discountsCollection).InsertOne(ctx, d); err != nil {
		return fmt.Errorf("catalog: insert discount: %w", err)
	}
	return nil
}

// discount reads one discount from the store; apperr.NotFound when there is none.
func (s store) discount(ctx context.Context, id bson.ObjectID) (Discount, error) {
	d, found, err := mongox.FindOne[Discount](ctx, s.db.W.Collection(discountsCollection), bson.M{"_id": id})
	if err != nil {
		return Discount{}, fmt.Errorf("catalog: discount: %w", err)
	}
	if !found {
		return Discount{}, errDiscountNotFound
	}
	return d, nil
}

// discountVersion is the guard of a discount read at version (0: one written before versions).
func discountVersion(version int64) bson.M {
	if version == 0 {
		return bson.M{"version": bson.M{"$in": bson.A{0, nil}}}
	}
	return bson.M{"version": version}
}

// replaceDiscount writes d's fields over the discount while it is at version; false when it is
// not (edited or deleted since).
func (s store) replaceDiscount(ctx context.Context, version int64, d Discount) (bool, error) {
	_, err := s.db.UpdateOneIf(ctx, discountsCollection, d.ID, discountVersion(version), bson.M{"$set": bson.M{
		"name": d.Name, "description": d.Description, "percentage": d.Percentage, "expirationDate": d.ExpirationDate,
		"updatedAt": d.UpdatedAt, "version": d.Version,
	}})
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("catalog: replace discount: %w", err)
	}
	return true, nil
}

// deleteDiscount deletes d while it is at the version read; false when it is not.
func (s store) deleteDiscount(ctx context.Context, d Discount) (bool, error) {
	ok, err := s.db.DeleteOneIf(ctx, discountsCollection, d.ID, discountVersion(d.Version))
	if err != nil {
		return false, fmt.Errorf("catalog: delete discount: %w", err)
	}
	return ok, nil
}

// productsWithDiscount are the stored products that point to discount (hex id).
func (s store) productsWithDiscount(ctx context.Context, discount string) ([]Product, error) {
	var out []Product
	err := s.db.Each(ctx, productsCollection, bson.M{"descuentoId": discount}, bson.M{"_id": 1, "nombre": 1, "titulo": 1}, func(doc bson.Raw) error {
		var p Product
		if err := bson.Unmarshal(doc, &p); err != nil {
			return err
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("catalog: products of discount: %w", err)
	}
	return out, nil
}
