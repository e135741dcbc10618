package catalog

import (
	"context"
	"fmt"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
)

// Earlier versions kept each product's units apart from it, in one small document per product in
// 256 collections existencias_00..ff: {_id: product, variantes: {variant id (hex): units},
// holds: {key: units}, version} (holds were reservations). moveStockIn puts them back in the
// products, once per store:
//
//   - each product not moved yet (it has no revision: every write of this version raises it) gets,
//     in one guarded update, its variants' units, their sum as stock and total_existencia, and its
//     reservations as apartados (a reservation may belong to an order not saved yet: checkout's
//     reconciliation settles or gives back each one by the state of its sale);
//   - a product with no stock document keeps the units its own document carries (products written
//     before stock moved out of them), or none;
//   - the stock collections are dropped only after every product is moved, then the job is recorded as done.
//
// Interrupted anywhere, it is run again at the next start and moves what is left: a product moved
// already fails the guard and is skipped. Two replicas starting at once move each product once.

// stockInJob records that the stock documents were moved into the products.
const stockInJob = "stock-in-products"

// legacyStockPrefix names the earlier version's stock collections.
const legacyStockPrefix = "existencias_"

// legacyStock is a document of an earlier version's stock collections.
type legacyStock struct {
	ID           bson.ObjectID  `bson:"_id"`
	Variantes    map[string]int `bson:"variantes"`
	Reservations map[string]int `bson:"holds"`
}

// unmovedProduct is what the move reads of a product.
type unmovedProduct struct {
	ID        bson.ObjectID `bson:"_id"`
	Variantes []struct {
		ID    bson.ObjectID `bson:"_id"`
		Stock *int          `bson:"stock"`
	} `bson:"variantes"`
	Revision *int64 `bson:"revision"`
}

// moveStockIn moves the earlier version's units into the products and answers how many products
// it moved.
func (s store) moveStockIn(ctx context.Context) (int, error) {
	if done, err := s.jobDone(ctx, stockInJob); err != nil || done {
		return 0, err
	}
	colls, err := s.legacyCollections(ctx)
	if err != nil {
		return 0, err
	}
	legacy := map[bson.ObjectID]legacyStock{}
	for _, c := range colls {
		docs, err := mongox.FindAll[legacyStock](ctx, s.db.R.Collection(c), bson.M{})
		if err != nil {
			return 0, fmt.Errorf("catalog: read %s: %w", c, err)
		}
		for _, d := range docs {
			legacy[d.ID] = d
		}
	}
	var todo []unmovedProduct
	err = s.db.Each(ctx, productsCollection, bson.M{}, bson.M{"variantes._id": 1, "variantes.stock": 1, "revision": 1}, func(doc bson.Raw) error {
		var p unmovedProduct
		if err := bson.Unmarshal(doc, &p); err != nil {
			return err
		}
		if p.Revision == nil {
			todo = append(todo, p)
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("catalog: products to move: %w", err)
	}
	moved := 0
	for _, p := range todo {
		ok, err := s.moveOne(ctx, p, legacy)
		if err != nil {
			return moved, err
		}
		if ok {
			moved++
		}
	}
	for _, c := range colls {
		if err := s.db.W.Collection(c).Drop(ctx); err != nil {
			return moved, fmt.Errorf("catalog: drop %s: %w", c, err)
		}
	}
	err = s.markJobDone(ctx, stockInJob)
	return moved, err
}

// legacyCollections names the earlier version's stock collections in the store.
func (s store) legacyCollections(ctx context.Context) ([]string, error) {
	names, err := s.db.R.ListCollectionNames(ctx, bson.M{})
	if err != nil {
		return nil, fmt.Errorf("catalog: list collections: %w", err)
	}
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, legacyStockPrefix) {
			out = append(out, n)
		}
	}
	return out, nil
}

// moveOne gives one product its units and reservations, unless it was moved already (ok is false then).
func (s store) moveOne(ctx context.Context, p unmovedProduct, legacy map[bson.ObjectID]legacyStock) (bool, error) {
	d, hasDoc := legacy[p.ID]
	guard := bson.M{"revision": bson.M{"$exists": false}}
	set := bson.M{}
	total := 0
	for i, v := range p.Variantes {
		units := 0
		switch {
		case hasDoc:
			units = d.Variantes[v.ID.Hex()]
		case v.Stock != nil:
			units = *v.Stock
		}
		guard[fmt.Sprintf("variantes.%d._id", i)] = v.ID
		set[fmt.Sprintf("variantes.%d.stock", i)] = units
		total += units
	}
	set["stock"], set["total_existencia"] = total, total
	if len(d.Reservations) > 0 {
		reservations := make(map[string]Apartado, len(d.Reservations))
		for k, n := range d.Reservations {
			r := Apartado{Cantidad: n}
			if len(p.Variantes) == 1 { // else the variant is read from the order line when given back
				r.Variante = p.Variantes[0].ID
			}
			reservations[k] = r
		}
		set["apartados"] = reservations
	}
	_, ok, err := s.update(ctx, p.ID, guard, bson.M{"$set": set})
	return ok, err
}
