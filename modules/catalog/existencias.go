package catalog

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

// Stock lives apart from the product documents: one small document per product, with the units
// of each variant and the keys of the order lines holding some of them. A stock change is one
// conditional update of that document (DESIGN.md §3). The embedded store reads and decodes a whole
// collection for every conditional update (about 25 µs per stock document), so the documents are
// small (a product document is about a kilobyte) and spread by product over stockShards
// collections, existencias_00 to existencias_ff: a take reads about 1/256 of the catalogue's stock
// (with 5,000 products, 16 buyers place 180 orders a second instead of 5). On MongoDB the _id
// index makes the shards unnecessary but harmless.
//
// Checkout takes each line of a sale under the key "<sale id>:<line>". The key is set in the same
// update that takes the stock and unset in the one that gives it back, so a repeat, a crash in
// between or a concurrent caller can never take or give back twice (DESIGN.md §2: a start-up sweep
// gives back whatever a half-placed order holds, without knowing how far it got). Once its order
// is saved, a key is no longer needed (SettleStockFor): it is dropped in the next take of the
// same product, so that a best-seller's document does not grow with every sale it ever made.
// A saved order that is cancelled later gives its units back with GiveBackStock, once by the
// sales module's guard.

const stockShards = 256

// stockCollection is the collection holding a product's stock document.
func stockCollection(product bson.ObjectID) string {
	h := fnv.New32a()
	h.Write(product[:])
	return fmt.Sprintf("existencias_%02x", h.Sum32()%stockShards)
}

// stockDoc is a document of existencias.
type stockDoc struct {
	ID        bson.ObjectID  `bson:"_id"`       // the product's
	Variantes map[string]int `bson:"variantes"` // variant id (hex) -> units
	Holds     map[string]int `bson:"holds"`     // key -> units it holds
	Version   int64          `bson:"version"`   // grows with every change
}

// stockOfProduct is the stock document of a product as it is written when the product is.
func stockOfProduct(p Product) stockDoc {
	return stockDoc{ID: p.ID, Variantes: unitsOf(p), Holds: map[string]int{}, Version: 1}
}

// unitsOf returns the units of p's variants, by variant id (hex).
func unitsOf(p Product) map[string]int {
	units := make(map[string]int, len(p.Variantes))
	for _, v := range p.Variantes {
		units[v.ID.Hex()] = v.Stock
	}
	return units
}

// withStock returns p with the stock of d: each variant's units, and their sum as the product's
// stock and total_existencia. A variant d does not know has none.
func withStock(p Product, d stockDoc) Product {
	p.Variantes = append([]Variante(nil), p.Variantes...)
	total := 0
	for i := range p.Variantes {
		p.Variantes[i].Stock = d.Variantes[p.Variantes[i].ID.Hex()]
		total += p.Variantes[i].Stock
	}
	p.Stock, p.TotalExistencia, p.StockVersion = total, total, d.Version
	return p
}

func (s store) insertStock(ctx context.Context, d stockDoc) error {
	if _, err := s.db.W.Collection(stockCollection(d.ID)).InsertOne(ctx, d); err != nil {
		return fmt.Errorf("catalog: insert stock of %s: %w", d.ID.Hex(), err)
	}
	return nil
}

// stockOf reads a product's stock document; found=false when it has none.
func (s store) stockOf(ctx context.Context, id bson.ObjectID) (d stockDoc, found bool, err error) {
	err = s.db.R.Collection(stockCollection(id)).FindOne(ctx, bson.M{"_id": id}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return stockDoc{}, false, nil
	}
	if err != nil {
		return stockDoc{}, false, fmt.Errorf("catalog: stock of %s: %w", id.Hex(), err)
	}
	return d, true, nil
}

// allStock reads every stock document, by product.
func (s store) allStock(ctx context.Context) (map[bson.ObjectID]stockDoc, error) {
	return s.stockPart(ctx, 0, 1)
}

// stockPart reads the stock documents of the shards numbered part, part+parts, part+2·parts…
func (s store) stockPart(ctx context.Context, part, parts int) (map[bson.ObjectID]stockDoc, error) {
	out := map[bson.ObjectID]stockDoc{}
	for shard := part; shard < stockShards; shard += parts {
		cur, err := s.db.R.Collection(fmt.Sprintf("existencias_%02x", shard)).Find(ctx, bson.M{})
		if err != nil {
			return nil, fmt.Errorf("catalog: load stock: %w", err)
		}
		var docs []stockDoc
		if err := cur.All(ctx, &docs); err != nil {
			return nil, fmt.Errorf("catalog: load stock: %w", err)
		}
		for _, d := range docs {
			out[d.ID] = d
		}
	}
	return out, nil
}

// holdStock takes n units of a variant under key, or gives back what key took, in one conditional
// update: a take needs the key not held yet and the units there; a give-back needs the key held
// and the variant still there. ok=false when the condition did not hold.
// A take also drops the settled keys given.
func (s store) holdStock(ctx context.Context, id bson.ObjectID, variant string, n int, key string, take bool, settled []string) (stockDoc, bool, error) {
	units, hold := "variantes."+variant, "holds."+key
	filter := bson.M{"_id": id}
	var update bson.M
	if take {
		filter[units] = bson.M{"$gte": n}
		filter[hold] = bson.M{"$exists": false}
		update = bson.M{"$inc": bson.M{units: -n, "version": 1}, "$set": bson.M{hold: n}}
		if len(settled) > 0 {
			drop := bson.M{}
			for _, k := range settled {
				drop["holds."+k] = ""
			}
			update["$unset"] = drop
		}
	} else {
		filter[units] = bson.M{"$exists": true}
		filter[hold] = bson.M{"$exists": true}
		update = bson.M{"$inc": bson.M{units: n, "version": 1}, "$unset": bson.M{hold: ""}}
	}
	var d stockDoc
	err := s.db.W.Collection(stockCollection(id)).FindOneAndUpdate(ctx, filter, update,
		options.FindOneAndUpdate().SetReturnDocument(options.After)).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return stockDoc{}, false, nil
	}
	if err != nil {
		return stockDoc{}, false, fmt.Errorf("catalog: stock of %s: %w", id.Hex(), err)
	}
	return d, true, nil
}

// addUnits adds n units to a variant that is still there; ok=false when it is not.
func (s store) addUnits(ctx context.Context, id bson.ObjectID, variant string, n int) (stockDoc, bool, error) {
	units := "variantes." + variant
	var d stockDoc
	err := s.db.W.Collection(stockCollection(id)).FindOneAndUpdate(ctx, bson.M{"_id": id, units: bson.M{"$exists": true}},
		bson.M{"$inc": bson.M{units: n, "version": 1}}, options.FindOneAndUpdate().SetReturnDocument(options.After)).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return stockDoc{}, false, nil
	}
	if err != nil {
		return stockDoc{}, false, fmt.Errorf("catalog: stock of %s: %w", id.Hex(), err)
	}
	return d, true, nil
}

// dropHold forgets a key without touching the units.
func (s store) dropHold(ctx context.Context, id bson.ObjectID, key string) error {
	_, err := s.db.W.Collection(stockCollection(id)).UpdateOne(ctx, bson.M{"_id": id}, bson.M{"$unset": bson.M{"holds." + key: ""}})
	if err != nil {
		return fmt.Errorf("catalog: stock of %s: %w", id.Hex(), err)
	}
	return nil
}

// setStock writes an admin's stock edit: the units of the variants in to, and removes the
// variants in gone, only while every edited variant still has the units in from (a sale in
// between makes it report false). A product without a stock document gets one.
func (s store) setStock(ctx context.Context, id bson.ObjectID, from, to map[string]int, gone []string) (stockDoc, bool, error) {
	coll := s.db.W.Collection(stockCollection(id))
	filter := bson.M{"_id": id}
	set, unset := bson.M{}, bson.M{}
	for v, n := range to {
		if was, ok := from[v]; ok {
			filter["variantes."+v] = was
		}
		set["variantes."+v] = n
	}
	for _, v := range gone {
		unset["variantes."+v] = ""
	}
	update := bson.M{"$inc": bson.M{"version": 1}}
	if len(set) > 0 {
		update["$set"] = set
	}
	if len(unset) > 0 {
		update["$unset"] = unset
	}
	var d stockDoc
	err := coll.FindOneAndUpdate(ctx, filter, update, options.FindOneAndUpdate().SetReturnDocument(options.After)).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		if _, found, rerr := s.stockOf(ctx, id); rerr != nil || found {
			return stockDoc{}, false, rerr // changed meanwhile
		}
		d = stockDoc{ID: id, Variantes: to, Holds: map[string]int{}, Version: 1}
		if err := s.insertStock(ctx, d); mongox.IsDuplicate(err) {
			return stockDoc{}, false, nil
		} else if err != nil {
			return stockDoc{}, false, err
		}
		return d, true, nil
	}
	if err != nil {
		return stockDoc{}, false, fmt.Errorf("catalog: stock of %s: %w", id.Hex(), err)
	}
	return d, true, nil
}

func (s store) deleteStock(ctx context.Context, id bson.ObjectID) error {
	if _, err := s.db.W.Collection(stockCollection(id)).DeleteOne(ctx, bson.M{"_id": id}); err != nil {
		return fmt.Errorf("catalog: delete stock of %s: %w", id.Hex(), err)
	}
	return nil
}

// stockMarker records that product documents no longer hold units (see moveLegacyStock).
const stockMarker = "existencias-v1"

// moveLegacyStock gives every product written before stock moved out of product documents its
// stock document, from the units its document still carries; once per store.
func (s store) moveLegacyStock(ctx context.Context) (int, error) {
	if done, err := mongox.HasMarker(ctx, s.db.R.Collection(metaCollection), stockMarker); err != nil || done {
		return 0, err
	}
	have, err := s.allStock(ctx)
	if err != nil {
		return 0, err
	}
	cur, err := s.db.R.Collection(productsCollection).Find(ctx, bson.M{},
		options.Find().SetProjection(bson.M{"variantes._id": 1, "variantes.stock": 1}))
	if err != nil {
		return 0, fmt.Errorf("catalog: legacy stock: %w", err)
	}
	var legacy []struct {
		ID        bson.ObjectID `bson:"_id"`
		Variantes []struct {
			ID    bson.ObjectID `bson:"_id"`
			Stock int           `bson:"stock"`
		} `bson:"variantes"`
	}
	if err := cur.All(ctx, &legacy); err != nil {
		return 0, fmt.Errorf("catalog: legacy stock: %w", err)
	}
	moved := 0
	for _, p := range legacy {
		if _, ok := have[p.ID]; ok {
			continue
		}
		d := stockDoc{ID: p.ID, Variantes: map[string]int{}, Holds: map[string]int{}, Version: 1}
		for _, v := range p.Variantes {
			d.Variantes[v.ID.Hex()] = v.Stock
		}
		if err := s.insertStock(ctx, d); err != nil && !mongox.IsDuplicate(err) {
			return moved, err
		}
		moved++
	}
	_, err = mongox.Mark(ctx, s.db.W.Collection(metaCollection), stockMarker)
	return moved, err
}

// TakeStockFor takes a line's stock under key. A second call with the same key takes nothing and
// succeeds. Errors: invalid or not_found naming the product, conflict when there is not enough.
func (s *Service) TakeStockFor(ctx context.Context, key string, l OrderLine) error {
	return s.holdStock(ctx, key, l, true)
}

// ReturnStockFor gives back what key took of a line; nothing when it took nothing or gave it back
// already. A product or variant deleted since is skipped.
func (s *Service) ReturnStockFor(ctx context.Context, key string, l OrderLine) error {
	err := s.holdStock(context.WithoutCancel(ctx), key, l, false) // giving back must not stop half-way
	if apperr.Is(err, apperr.NotFound) || apperr.Is(err, apperr.Invalid) {
		s.log.Warn().Str("key", key).Str("product", l.ProductID).Msg("stock not returned: the product or variant no longer exists")
		return nil
	}
	return err
}

// SettleStockFor says that the order holding stock under key is saved: its units stay taken and
// the key is dropped in the next take of the product. Nothing is written now.
func (s *Service) SettleStockFor(key string, productID string) {
	id, err := bson.ObjectIDFromHex(productID)
	if err != nil {
		return
	}
	s.settledMu.Lock()
	defer s.settledMu.Unlock()
	if s.settled == nil {
		s.settled = map[bson.ObjectID][]string{}
	}
	if len(s.settled[id]) < maxSettled {
		s.settled[id] = append(s.settled[id], key)
	}
}

// maxSettled bounds the keys waiting to be dropped per product (and the size of a take's update).
const maxSettled = 200

// takeSettled hands out the keys waiting to be dropped from a product's document.
func (s *Service) takeSettled(id bson.ObjectID) []string {
	s.settledMu.Lock()
	defer s.settledMu.Unlock()
	keys := s.settled[id]
	delete(s.settled, id)
	return keys
}

// putBackSettled keeps keys for the next take when this one did not apply.
func (s *Service) putBackSettled(id bson.ObjectID, keys []string) {
	for _, k := range keys {
		s.SettleStockFor(k, id.Hex())
	}
}

// GiveBackStock gives a line's units back to its variant: a saved order that was cancelled. The
// caller guarantees it happens once. A product or variant deleted since is skipped.
func (s *Service) GiveBackStock(ctx context.Context, l OrderLine) error {
	l.ExtraIDs = nil
	rs, err := s.resolve([]OrderLine{l})
	if err != nil {
		s.log.Warn().Str("product", l.ProductID).Msg("stock not returned: the product or variant no longer exists")
		return nil
	}
	r := rs[0]
	s.sync.RLock()
	defer s.sync.RUnlock()
	d, ok, err := s.store.addUnits(context.WithoutCancel(ctx), r.product.ID, r.variant.Hex(), r.line.Cantidad)
	if err != nil {
		return err
	}
	if ok {
		s.memory.setStock(d)
	}
	return nil
}

func (s *Service) holdStock(ctx context.Context, key string, l OrderLine, take bool) error {
	if key == "" {
		return apperr.New(apperr.Invalid, "Falta la clave de la reserva.")
	}
	if !take {
		l.ExtraIDs = nil // extras hold no stock: one deleted since does not stop a give-back
	}
	rs, err := s.resolve([]OrderLine{l})
	if err != nil {
		return err
	}
	r := rs[0]
	s.sync.RLock() // a reload must not swap in a copy read before this change (service.go)
	defer s.sync.RUnlock()
	var settled []string
	if take {
		settled = s.takeSettled(r.product.ID)
	}
	d, ok, err := s.store.holdStock(ctx, r.product.ID, r.variant.Hex(), r.line.Cantidad, key, take, settled)
	if !ok {
		s.putBackSettled(r.product.ID, settled)
	}
	if err != nil {
		return err
	}
	if ok {
		s.memory.setStock(d)
		return nil
	}
	// A condition did not hold: done before under this key, not enough units, or the variant gone.
	cur, found, err := s.store.stockOf(ctx, r.product.ID)
	if err != nil {
		return err
	}
	if found {
		s.memory.setStock(cur)
	}
	_, held := cur.Holds[key]
	switch {
	case held == take:
		return nil // taken (or given back) before under this key
	case take:
		return shortage(r.product.Nombre)
	default: // held, but the variant is gone: nothing to give back to
		s.log.Warn().Str("key", key).Str("product", l.ProductID).Msg("stock not returned: the variant no longer exists")
		return s.store.dropHold(ctx, r.product.ID, key)
	}
}

// refreshStock reads one of stockEvery parts of the stock documents into memory, so that sales
// made by other replicas show. A part at a time keeps each poll short: the storefront's answers
// do not wait behind one long read of every shard.
func (s *Service) refreshStock(ctx context.Context, part int) error {
	all, err := s.store.stockPart(ctx, part, stockEvery)
	if err != nil {
		return err
	}
	for _, d := range all {
		s.memory.setStock(d)
	}
	return nil
}
