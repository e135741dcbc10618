package catalog

import (
	"context"
	"errors"
	"strconv"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
)

// Stock held under a key: checkout takes each line of a sale under the key "<sale id>:<line>". The
// key is pushed onto the product's holds in the same single-document update that takes the stock,
// and pulled in the one that gives it back, so a repeat, a crash in between or a concurrent caller
// can never take or give back twice (DESIGN.md §2: a start-up sweep gives back whatever a
// half-placed order holds, without knowing how far it got).

// TakeStockFor takes a line's stock under key. A second call with the same key takes nothing and
// succeeds. Errors: invalid or not_found naming the product, conflict when there is not enough.
func (s *Service) TakeStockFor(ctx context.Context, key string, l OrderLine) error {
	return s.holdStock(ctx, key, l, true)
}

// ReturnStockFor gives back what key took of a line; nothing when it took nothing or gave it back
// already. A product or variant deleted since is skipped.
func (s *Service) ReturnStockFor(ctx context.Context, key string, l OrderLine) error {
	err := s.holdStock(ctx, key, l, false)
	if apperr.Is(err, apperr.NotFound) || apperr.Is(err, apperr.Invalid) {
		s.log.Warn().Str("key", key).Str("product", l.ProductID).Msg("stock not returned: the product or variant no longer exists")
		return nil
	}
	return err
}

func (s *Service) holdStock(ctx context.Context, key string, l OrderLine, take bool) error {
	if key == "" {
		return apperr.New(apperr.Invalid, "Falta la clave de la reserva.")
	}
	l.ExtraIDs = nil // extras hold no stock
	rs, err := s.resolve([]OrderLine{l})
	if err != nil {
		return err
	}
	r := rs[0]
	s.sync.RLock()
	defer s.sync.RUnlock()
	if !take {
		ctx = context.WithoutCancel(ctx) // giving back must not stop half-way
	}
	for attempt := 0; attempt < 3; attempt++ {
		p, ok, err := s.store.holdVariantStock(ctx, r.product.ID, r.index, r.variant, r.line.Cantidad, key, take)
		if err != nil {
			return err
		}
		if ok {
			s.memory.upsert(p)
			s.changed(ctx)
			return nil
		}
		fresh, err := s.store.product(ctx, r.product.ID)
		if err != nil {
			return err
		}
		s.memory.upsert(fresh)
		held := false
		for _, h := range fresh.Holds {
			held = held || h == key
		}
		if held == take {
			return nil // taken (or given back) before under this key
		}
		r.index = -1
		for i, v := range fresh.Variantes {
			if v.ID == r.variant {
				r.index = i
				if take && v.Stock < r.line.Cantidad {
					return shortage(fresh.Nombre)
				}
			}
		}
		if r.index < 0 {
			return apperr.New(apperr.Invalid, "La variante elegida de "+fresh.Nombre+" ya no existe.")
		}
	}
	return shortage(r.product.Nombre)
}

// holdVariantStock takes (or gives back) n units of the variant at index i under key, in one
// conditional update: the index must still hold that variant, the key must not (must) be held
// yet, and when taking the variant must have the stock. ok=false when a condition failed.
func (s store) holdVariantStock(ctx context.Context, id bson.ObjectID, i int, variant bson.ObjectID, n int, key string, take bool) (Product, bool, error) {
	path := "variantes." + strconv.Itoa(i)
	filter := bson.M{"_id": id, path + "._id": variant}
	delta := n
	update := bson.M{}
	if take {
		delta = -n
		filter[path+".stock"] = bson.M{"$gte": n}
		filter["holds"] = bson.M{"$ne": key}
		update["$push"] = bson.M{"holds": key}
	} else {
		filter["holds"] = key
		update["$pull"] = bson.M{"holds": key}
	}
	update["$inc"] = bson.M{path + ".stock": delta, "stock": delta, "total_existencia": delta, "version": 1}
	var p Product
	err := s.db.W.Collection(productsCollection).FindOneAndUpdate(ctx, filter, update,
		options.FindOneAndUpdate().SetReturnDocument(options.After)).Decode(&p)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Product{}, false, nil
	}
	if err != nil {
		return Product{}, false, apperr.Wrap(err, "catalog: hold stock of %s", id.Hex())
	}
	return p, true, nil
}
