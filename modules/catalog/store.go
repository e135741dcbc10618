package catalog

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

const (
	productsCollection  = "productos"
	discountsCollection = "discounts"
	imagesCollection    = "imagenes"
	metaCollection      = "catalogo_meta"
	versionID           = "version"
)

// store is the only code that touches the catalogue's collections.
type store struct{ db *mongox.Store }

func (s store) ensureIndexes(ctx context.Context) error {
	return mongox.EnsureIndexes(ctx, s.db.W.Collection(productsCollection),
		mongo.IndexModel{Keys: bson.D{{Key: "categoria", Value: 1}}, Options: options.Index().SetName("categoria")},
		mongo.IndexModel{Keys: bson.D{{Key: "favorito", Value: 1}}, Options: options.Index().SetName("favorito")},
		mongo.IndexModel{Keys: bson.D{{Key: "descuentoId", Value: 1}}, Options: options.Index().SetName("descuentoId")})
}

var errProductNotFound = apperr.New(apperr.NotFound, "Producto no encontrado.")

// allDiscounts reads the discounts collection.
func (s store) allDiscounts(ctx context.Context) ([]Discount, error) {
	cur, err := s.db.R.Collection(discountsCollection).Find(ctx, bson.M{})
	if err != nil {
		return nil, fmt.Errorf("catalog: load discounts: %w", err)
	}
	out := []Discount{}
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("catalog: load discounts: %w", err)
	}
	return out, nil
}

// product reads one product from the store; apperr.NotFound when there is none.
func (s store) product(ctx context.Context, id bson.ObjectID) (Product, error) {
	var p Product
	err := s.db.R.Collection(productsCollection).FindOne(ctx, bson.M{"_id": id}).Decode(&p)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Product{}, errProductNotFound
	}
	if err != nil {
		return Product{}, fmt.Errorf("catalog: product %s: %w", id.Hex(), err)
	}
	return p, nil
}

func (s store) insertProduct(ctx context.Context, p Product) error {
	if _, err := s.db.W.Collection(productsCollection).InsertOne(ctx, p); err != nil {
		return fmt.Errorf("catalog: insert %s: %w", p.ID.Hex(), err)
	}
	return nil
}

// replaceProduct stores p (whose Version is already the next one) only if the stored product is
// still at version prev; it reports false when it was not (changed meanwhile, or deleted).
func (s store) replaceProduct(ctx context.Context, p Product, prev int64) (bool, error) {
	filter := bson.M{"_id": p.ID, "version": prev}
	if prev == 0 {
		// Documents written before versions existed have no version field.
		filter = bson.M{"_id": p.ID, "$or": bson.A{bson.M{"version": 0}, bson.M{"version": bson.M{"$exists": false}}}}
	}
	res, err := s.db.W.Collection(productsCollection).ReplaceOne(ctx, filter, p)
	if err != nil {
		return false, fmt.Errorf("catalog: replace %s: %w", p.ID.Hex(), err)
	}
	return res.MatchedCount == 1, nil
}

func (s store) deleteProduct(ctx context.Context, id bson.ObjectID) (bool, error) {
	res, err := s.db.W.Collection(productsCollection).DeleteOne(ctx, bson.M{"_id": id})
	if err != nil {
		return false, fmt.Errorf("catalog: delete %s: %w", id.Hex(), err)
	}
	return res.DeletedCount == 1, nil
}

// clearDiscount takes a deleted discount off every product that pointed to it and returns their ids.
func (s store) clearDiscount(ctx context.Context, discount string) ([]bson.ObjectID, error) {
	coll := s.db.W.Collection(productsCollection)
	cur, err := s.db.R.Collection(productsCollection).Find(ctx, bson.M{"descuentoId": discount},
		options.Find().SetProjection(bson.M{"_id": 1}))
	if err != nil {
		return nil, fmt.Errorf("catalog: products of discount: %w", err)
	}
	var docs []struct {
		ID bson.ObjectID `bson:"_id"`
	}
	if err := cur.All(ctx, &docs); err != nil {
		return nil, fmt.Errorf("catalog: products of discount: %w", err)
	}
	ids := make([]bson.ObjectID, 0, len(docs))
	for _, d := range docs {
		_, err := coll.UpdateOne(ctx, bson.M{"_id": d.ID, "descuentoId": discount},
			bson.M{"$unset": bson.M{"descuentoId": ""}, "$inc": bson.M{"version": 1}})
		if err != nil {
			return nil, fmt.Errorf("catalog: clear discount: %w", err)
		}
		ids = append(ids, d.ID)
	}
	return ids, nil
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

// insertImage stores an image once: its id is the hash of its bytes, so a second upload of the
// same picture finds it there already.
func (s store) insertImage(ctx context.Context, img storedImage) error {
	_, err := s.db.W.Collection(imagesCollection).InsertOne(ctx, img)
	if err != nil && !mongox.IsDuplicate(err) {
		return fmt.Errorf("catalog: insert image: %w", err)
	}
	return nil
}

func (s store) image(ctx context.Context, id string) (storedImage, error) {
	var img storedImage
	err := s.db.R.Collection(imagesCollection).FindOne(ctx, bson.M{"_id": id}).Decode(&img)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return storedImage{}, apperr.New(apperr.NotFound, "Imagen no disponible")
	}
	if err != nil {
		return storedImage{}, fmt.Errorf("catalog: image %s: %w", id, err)
	}
	return img, nil
}

func (s store) deleteImage(ctx context.Context, id string) error {
	if _, err := s.db.W.Collection(imagesCollection).DeleteOne(ctx, bson.M{"_id": id}); err != nil {
		return fmt.Errorf("catalog: delete image %s: %w", id, err)
	}
	return nil
}

// bumpVersion raises the catalogue's version document, which other replicas poll, and returns
// the new version.
func (s store) bumpVersion(ctx context.Context) (int64, error) {
	var doc struct {
		V int64 `bson:"v"`
	}
	coll := s.db.W.Collection(metaCollection)
	opts := options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)
	err := coll.FindOneAndUpdate(ctx, bson.M{"_id": versionID}, bson.M{"$inc": bson.M{"v": int64(1)}}, opts).Decode(&doc)
	if mongox.IsDuplicate(err) { // two first bumps raced on MongoDB: the document exists now
		err = coll.FindOneAndUpdate(ctx, bson.M{"_id": versionID}, bson.M{"$inc": bson.M{"v": int64(1)}}, opts).Decode(&doc)
	}
	if err != nil {
		return 0, fmt.Errorf("catalog: bump version: %w", err)
	}
	return doc.V, nil
}

// version reads the catalogue's version (0 before the first write).
func (s store) version(ctx context.Context) (int64, error) {
	var doc struct {
		V int64 `bson:"v"`
	}
	err := s.db.R.Collection(metaCollection).FindOne(ctx, bson.M{"_id": versionID}).Decode(&doc)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("catalog: version: %w", err)
	}
	return doc.V, nil
}

// all reads the whole catalogue, for the in-memory copy.
func (s store) all(ctx context.Context) ([]Product, error) {
	cur, err := s.db.R.Collection(productsCollection).Find(ctx, bson.M{})
	if err != nil {
		return nil, fmt.Errorf("catalog: load: %w", err)
	}
	var out []Product
	if err := cur.All(ctx, &out); err != nil {
		return nil, fmt.Errorf("catalog: load: %w", err)
	}
	return out, nil
}

// insertIgnoringExisting inserts products, and their stock, whose ids are not taken yet.
func (s store) insertIgnoringExisting(ctx context.Context, ps []Product) error {
	docs, units := make([]any, len(ps)), map[string][]any{}
	for i := range ps {
		docs[i] = ps[i]
		coll := stockCollection(ps[i].ID)
		units[coll] = append(units[coll], stockOfProduct(ps[i]))
	}
	for coll, ds := range units {
		if err := s.insertMany(ctx, coll, ds); err != nil {
			return err
		}
	}
	return s.insertMany(ctx, productsCollection, docs)
}

func (s store) insertMany(ctx context.Context, coll string, docs []any) error {
	_, err := s.db.W.Collection(coll).InsertMany(ctx, docs, options.InsertMany().SetOrdered(false))
	var bwe mongo.BulkWriteException
	if errors.As(err, &bwe) {
		for _, we := range bwe.WriteErrors {
			if !mongox.IsDuplicate(we) {
				return fmt.Errorf("catalog: insert: %w", err)
			}
		}
		return nil
	}
	if err != nil && !mongox.IsDuplicate(err) {
		return fmt.Errorf("catalog: insert: %w", err)
	}
	return nil
}
