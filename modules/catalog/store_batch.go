package catalog

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
)

// The store code of the writes of a batch of products (product_batch.go).

// guardedWrite is one write of updateEach: update, while guard holds, of product id.
type guardedWrite struct {
	id            bson.ObjectID
	guard, update bson.M
}

// updateEach applies each write as update does, in one write of the store (mongox.UpdateEachIf),
// and answers, by position, the product after it: nil where its guard did not hold or there is no
// such product.
func (s store) updateEach(ctx context.Context, ws []guardedWrite) ([]*Product, error) {
	gs := make([]mongox.Guarded, len(ws))
	for i, w := range ws {
		gs[i] = mongox.Guarded{ID: w.id, Guard: w.guard, Update: stamped(w.update)}
	}
	raws, err := s.db.UpdateEachIf(ctx, productsCollection, gs)
	if err != nil {
		return nil, fmt.Errorf("catalog: update products: %w", err)
	}
	out := make([]*Product, len(ws))
	for i, raw := range raws {
		if raw == nil {
			continue
		}
		var p Product
		if err := bson.Unmarshal(raw, &p); err != nil {
			return nil, fmt.Errorf("catalog: update %s: %w", ws[i].id.Hex(), err)
		}
		out[i] = &p
	}
	return out, nil
}

// products reads the products of ids as stored (those that exist), by _id.
func (s store) products(ctx context.Context, ids []bson.ObjectID) (map[bson.ObjectID]Product, error) {
	out := make(map[bson.ObjectID]Product, len(ids))
	err := s.db.EachByID(ctx, productsCollection, ids, nil, func(doc bson.Raw) error {
		var p Product
		if err := bson.Unmarshal(doc, &p); err != nil {
			return err
		}
		out[p.ID] = p
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("catalog: read products: %w", err)
	}
	return out, nil
}
