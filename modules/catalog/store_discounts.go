package catalog

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/mongox"
)

// The discounts collection: each edit and delete guarded by the version it read (discounts.go),
// each write stamped (cambiadoEn) and each delete recorded (deletions.go) for the other replicas'
// polls.

// discountIndexes declares the discounts collection: the polls select by cambiadoEn.
func (store) discountIndexes() mongox.Collection {
	return mongox.Collection{Name: discountsCollection, Indexes: []mongox.Index{
		{Name: "cambiadoEn", Keys: bson.D{{Key: "cambiadoEn", Value: 1}}},
	}}
}

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

// insertDiscount inserts a new discount stamped (cambiadoEn) for the other replicas' polls: with
// the store's time (Now) in the insert, then with the server's own (StampMany), as
// insertNewProducts stamps its products. It returns the discount as inserted, stamped with Now;
// stampErr is the stamp's failure, which leaves Now's stamp (within mongox's clockNoise of the
// server's, far inside stampMargin): the discount is stored all the same.
func (s store) insertDiscount(ctx context.Context, d Discount) (inserted Discount, stampErr, err error) {
	now := s.db.Now().UTC().Truncate(time.Millisecond)
	d.CambiadoEn = &now
	if _, err := s.db.W.Collection(discountsCollection).InsertOne(ctx, d); err != nil {
		return Discount{}, nil, fmt.Errorf("catalog: insert discount: %w", err)
	}
	return d, s.db.StampMany(ctx, discountsCollection, []bson.ObjectID{d.ID}, "cambiadoEn"), nil
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

// replaceDiscount writes d's fields over the discount while it is at version, stamping cambiadoEn
// (for the other replicas' polls) in the same write, and returns the discount after it; false
// when it is not at version (edited or deleted since).
func (s store) replaceDiscount(ctx context.Context, version int64, d Discount) (Discount, bool, error) {
	raw, err := s.db.UpdateOneIf(ctx, discountsCollection, d.ID, discountVersion(version), bson.M{"$set": bson.M{
		"name": d.Name, "description": d.Description, "percentage": d.Percentage, "expirationDate": d.ExpirationDate,
		"updatedAt": d.UpdatedAt, "version": d.Version,
	}, "$currentDate": bson.M{"cambiadoEn": true}})
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Discount{}, false, nil
	}
	if err != nil {
		return Discount{}, false, fmt.Errorf("catalog: replace discount: %w", err)
	}
	var after Discount
	if err := bson.Unmarshal(raw, &after); err != nil {
		return Discount{}, false, fmt.Errorf("catalog: replace discount: %w", err)
	}
	return after, true, nil
}

// discountsChangedSince calls fn with every discount written at or after since (every stamped
// one when since is zero), through the cambiadoEn index.
func (s store) discountsChangedSince(ctx context.Context, since time.Time, fn func(Discount)) error {
	filter := bson.M{"cambiadoEn": bson.M{"$gte": since}}
	if since.IsZero() {
		filter = bson.M{"cambiadoEn": bson.M{"$exists": true}}
	}
	err := s.db.Each(ctx, discountsCollection, filter, nil, func(doc bson.Raw) error {
		var d Discount
		if err := bson.Unmarshal(doc, &d); err != nil {
			return err
		}
		fn(d)
		return nil
	})
	if err != nil {
		return fmt.Errorf("catalog: poll discounts: %w", err)
	}
	return nil
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
