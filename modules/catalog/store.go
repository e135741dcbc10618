package catalog

import (
	"context"
	"errors"
	"fmt"
	"time"

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
	sizesCollection     = "imagenes_anchos"
	metaCollection      = "catalogo_meta"
)

// store is the only code that touches the catalogue's collections.
type store struct{ db *mongox.Store }

// collections are the catalogue's collections and their indexes.
func (s store) collections() []mongox.Collection {
	return []mongox.Collection{
		{Name: productsCollection, Indexes: []mongox.Index{
			{Name: "categoria", Keys: bson.D{{Key: "categoria", Value: 1}}},
			{Name: "favorito", Keys: bson.D{{Key: "favorito", Value: 1}}},
			{Name: "descuentoId", Keys: bson.D{{Key: "descuentoId", Value: 1}}},
			// The polls of other replicas: the products written lately.
			{Name: "cambiadoEn", Keys: bson.D{{Key: "cambiadoEn", Value: 1}}},
			// The reconciliation of reservations and the movements' sweep: the few products
			// reserving units for unsettled lines, and those holding movements not yet stored
			// (movements.go). Partial, listing only those; keyed on their revision, a number every
			// such product has (each write of apartados or movimientosPendientes raises it), which
			// the queries name (eachReservation, eachPending) so that MongoDB uses these. Version 1
			// of each was sparse on the whole sub-document, each reservation a part of its key. The
			// embedded store, which has no partial index, keeps that one: its selection in SQLite
			// of the products holding the field reads it (mongox.Store.Each).
			{Name: "apartados_v2", Keys: bson.D{{Key: "revision", Value: 1}},
				Partial:      bson.D{{Key: "apartados", Value: bson.D{{Key: "$exists", Value: true}}}},
				EmbeddedKeys: bson.D{{Key: "apartados", Value: 1}}},
			{Name: "movimientosPendientes_v2", Keys: bson.D{{Key: "revision", Value: 1}},
				Partial:      bson.D{{Key: "movimientosPendientes", Value: bson.D{{Key: "$exists", Value: true}}}},
				EmbeddedKeys: bson.D{{Key: "movimientosPendientes", Value: 1}}},
			// A distributor's product once among the shop's, so that two replicas importing the
			// same product at once create it once: the second insert is refused as a duplicate
			// (mongox.IsDuplicate) and the importer finds the product with DistributorProductID.
			// Sparse: the shop's own products have none.
			{Name: "distribuidor", Keys: bson.D{{Key: "distribuidor.nombre", Value: 1}, {Key: "distribuidor.productoId", Value: 1}},
				Unique: true, Sparse: true},
		}},
		s.movementIndexes(),
		s.discountIndexes(),
		s.deletionIndexes(),
		// Sparse since version 2, so that the categories an earlier release wrote without a clave
		// get theirs after it exists (Upgrade).
		{Name: categoriesCollection, Indexes: []mongox.Index{
			{Name: "clave_v2", Keys: bson.D{{Key: "clave", Value: 1}}, Unique: true, Sparse: true},
		}},
	}
}

var errProductNotFound = apperr.New(apperr.NotFound, "Producto no encontrado.")

// product reads one product from the store; apperr.NotFound when there is none.
func (s store) product(ctx context.Context, id bson.ObjectID) (Product, error) {
	p, found, err := mongox.FindOne[Product](ctx, s.db.R.Collection(productsCollection), bson.M{"_id": id})
	if err != nil {
		return Product{}, fmt.Errorf("catalog: product %s: %w", id.Hex(), err)
	}
	if !found {
		return Product{}, errProductNotFound
	}
	return p, nil
}

// insertProduct inserts a new product, then stamps it (cambiadoEn) for the other replicas' polls,
// and returns its revision and stamp. A crash in between leaves it unstamped: other replicas then
// see it at their next full reload.
func (s store) insertProduct(ctx context.Context, p Product) (revision int64, stamp *time.Time, err error) {
	if _, err := s.db.W.Collection(productsCollection).InsertOne(ctx, p); err != nil {
		return 0, nil, fmt.Errorf("catalog: insert %s: %w", p.ID.Hex(), err)
	}
	after, ok, err := s.update(ctx, p.ID, nil, bson.M{})
	if err != nil || !ok {
		return p.Revision, nil, err // deleted meanwhile: nothing to stamp
	}
	return after.Revision, after.CambiadoEn, nil
}

// update applies update to product id while guard holds, raising its revision and stamping
// cambiadoEn (for the other replicas' polls) in the same write, and returns the product after it;
// ok is false when the guard does not hold or there is no such product. Every write of a product
// document comes here: a guard holds only while every writer of the collection goes through
// mongox's guarded writes (UpdateOneIf, DeleteOneIf).
func (s store) update(ctx context.Context, id bson.ObjectID, guard, update bson.M) (Product, bool, error) {
	raw, err := s.db.UpdateOneIf(ctx, productsCollection, id, guard, stamped(update))
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Product{}, false, nil
	}
	if err != nil {
		return Product{}, false, fmt.Errorf("catalog: update %s: %w", id.Hex(), err)
	}
	var p Product
	if err := bson.Unmarshal(raw, &p); err != nil {
		return Product{}, false, fmt.Errorf("catalog: update %s: %w", id.Hex(), err)
	}
	return p, true, nil
}

// stamped is update raising the product's revision and stamping cambiadoEn, as every write of a
// product does.
func stamped(update bson.M) bson.M {
	inc, _ := update["$inc"].(bson.M)
	withRevision := bson.M{"revision": int64(1)}
	for k, v := range inc {
		withRevision[k] = v
	}
	dates, _ := update["$currentDate"].(bson.M)
	stamped := bson.M{"cambiadoEn": true}
	for k, v := range dates {
		stamped[k] = v
	}
	u := bson.M{"$inc": withRevision, "$currentDate": stamped}
	for k, v := range update {
		if k != "$inc" && k != "$currentDate" {
			u[k] = v
		}
	}
	return u
}

// stockChange is an update that adds delta to the variant at index i and to the product's totals;
// more adds other operators.
func stockChange(i, delta int, more bson.M) bson.M {
	u := bson.M{
		"$inc": bson.M{fmt.Sprintf("variantes.%d.stock", i): delta, "stock": delta, "total_existencia": delta},
	}
	for k, v := range more {
		u[k] = v
	}
	return u
}

// deleteProduct deletes a product while guard holds, in turn with the guarded writes of the same
// document.
func (s store) deleteProduct(ctx context.Context, id bson.ObjectID, guard bson.M) (bool, error) {
	ok, err := s.db.DeleteOneIf(ctx, productsCollection, id, guard)
	if err != nil {
		return false, fmt.Errorf("catalog: delete %s: %w", id.Hex(), err)
	}
	return ok, nil
}

var errImageNotFound = apperr.New(apperr.NotFound, "Imagen no disponible")

func (s store) image(ctx context.Context, id string) (storedImage, error) {
	return s.findImage(ctx, imagesCollection, id, nil)
}

// imageSize reads one size of a picture by its id ("{picture}/{size}.{webp|jpg}").
func (s store) imageSize(ctx context.Context, id string) (storedImage, error) {
	return s.findImage(ctx, sizesCollection, id, nil)
}

// imageSizes reads the list of sizes of a picture, without its bytes; apperr.NotFound when there
// is no such picture. It is nil for a picture stored by an earlier version.
func (s store) imageSizes(ctx context.Context, id string) (*[]int, error) {
	img, err := s.findImage(ctx, imagesCollection, id, bson.M{"anchos": 1})
	return img.Anchos, err
}

func (s store) findImage(ctx context.Context, coll, id string, projection bson.M) (storedImage, error) {
	opts := options.FindOne()
	if projection != nil {
		opts.SetProjection(projection)
	}
	img, found, err := mongox.FindOne[storedImage](ctx, s.db.R.Collection(coll), bson.M{"_id": id}, opts)
	if err != nil {
		return storedImage{}, fmt.Errorf("catalog: image %s: %w", id, err)
	}
	if !found {
		return storedImage{}, errImageNotFound
	}
	return img, nil
}

// insertImageSizes stores a picture's sizes, then the picture listing them (or, when the picture
// is there already without sizes, the list): a picture that lists sizes always has them. Each
// document is inserted once under its id, so a repeat, or two replicas sizing the same picture,
// store one copy.
func (s store) insertImageSizes(ctx context.Context, img storedImage, sizes []storedImage) error {
	for _, r := range sizes {
		if _, err := s.db.W.Collection(sizesCollection).InsertOne(ctx, r); err != nil && !mongox.IsDuplicate(err) {
			return fmt.Errorf("catalog: insert image size %s: %w", r.ID, err)
		}
	}
	_, err := s.db.W.Collection(imagesCollection).InsertOne(ctx, img)
	if mongox.IsDuplicate(err) {
		_, err = s.db.W.Collection(imagesCollection).UpdateOne(ctx,
			bson.M{"_id": img.ID, "anchos": bson.M{"$exists": false}},
			bson.M{"$set": bson.M{"anchos": img.Anchos, "ancho": img.Ancho, "alto": img.Alto}})
	}
	if err != nil {
		return fmt.Errorf("catalog: insert image %s: %w", img.ID, err)
	}
	return nil
}

// markUnsized records that a picture stored by an earlier version cannot be resized (its original
// is served instead).
func (s store) markUnsized(ctx context.Context, id string) error {
	_, err := s.db.W.Collection(imagesCollection).UpdateOne(ctx,
		bson.M{"_id": id, "anchos": bson.M{"$exists": false}}, bson.M{"$set": bson.M{"anchos": []int{}}})
	if err != nil {
		return fmt.Errorf("catalog: image %s: %w", id, err)
	}
	return nil
}

// unsizedImages lists the pictures stored without sizes (by an earlier version).
func (s store) unsizedImages(ctx context.Context) ([]string, error) {
	var ids []string
	err := s.db.Each(ctx, imagesCollection, bson.M{"anchos": bson.M{"$exists": false}}, bson.M{"_id": 1}, func(doc bson.Raw) error {
		if id, ok := doc.Lookup("_id").StringValueOK(); ok {
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("catalog: images without sizes: %w", err)
	}
	return ids, nil
}

// deleteImage deletes a picture and its sizes (the sizes first: a picture left by a crash in
// between is sized again when asked for).
func (s store) deleteImage(ctx context.Context, id string) error {
	ids := bson.A{}
	for _, size := range imageWidths {
		ids = append(ids, sizeID(id, size, "webp"), sizeID(id, size, "jpg"))
	}
	if _, err := s.db.W.Collection(sizesCollection).DeleteMany(ctx, bson.M{"_id": bson.M{"$in": ids}}); err != nil {
		return fmt.Errorf("catalog: delete image sizes %s: %w", id, err)
	}
	if _, err := s.db.W.Collection(imagesCollection).DeleteOne(ctx, bson.M{"_id": id}); err != nil {
		return fmt.Errorf("catalog: delete image %s: %w", id, err)
	}
	return nil
}

// eachProduct calls fn with every product of the catalogue, for the in-memory copy (on the
// embedded store, straight from SQLite: mongox.Each).
func (s store) eachProduct(ctx context.Context, fn func(*Product)) error {
	err := s.db.Each(ctx, productsCollection, bson.M{}, nil, func(doc bson.Raw) error {
		var p Product
		if err := bson.Unmarshal(doc, &p); err != nil {
			return err
		}
		fn(&p)
		return nil
	})
	if err != nil {
		return fmt.Errorf("catalog: load: %w", err)
	}
	return nil
}

// changedSince calls fn with every product written at or after since (every stamped product when
// since is zero), through the cambiadoEn index.
func (s store) changedSince(ctx context.Context, since time.Time, fn func(Product)) error {
	filter := bson.M{"cambiadoEn": bson.M{"$exists": true}}
	if !since.IsZero() {
		filter = bson.M{"cambiadoEn": bson.M{"$gte": since}}
	}
	err := s.db.Each(ctx, productsCollection, filter, nil, func(doc bson.Raw) error {
		var p Product
		if err := bson.Unmarshal(doc, &p); err != nil {
			return err
		}
		fn(p)
		return nil
	})
	if err != nil {
		return fmt.Errorf("catalog: poll products: %w", err)
	}
	return nil
}

// eachReservation calls fn with the reservations of every product that has some, through the
// partial apartados_v2 index (the filter names its key, revision).
func (s store) eachReservation(ctx context.Context, fn func(id bson.ObjectID, reservations map[string]Apartado)) error {
	filter := bson.M{"apartados": bson.M{"$exists": true}, "revision": bson.M{"$exists": true}}
	err := s.db.Each(ctx, productsCollection, filter, bson.M{"apartados": 1}, func(doc bson.Raw) error {
		var p struct {
			ID        bson.ObjectID       `bson:"_id"`
			Apartados map[string]Apartado `bson:"apartados"`
		}
		if err := bson.Unmarshal(doc, &p); err != nil {
			return err
		}
		fn(p.ID, p.Apartados)
		return nil
	})
	if err != nil {
		return fmt.Errorf("catalog: reserved stock: %w", err)
	}
	return nil
}

// insertNewProducts inserts products in one write, stamped (cambiadoEn) with the store's time
// for the other replicas' polls: the positions of those whose id was taken already (written
// before), and of those not written, with the first error.
func (s store) insertNewProducts(ctx context.Context, ps []Product) (taken, failed []int, err error) {
	docs := make([]any, len(ps))
	ids := make([]bson.ObjectID, len(ps))
	for i := range ps {
		docs[i], ids[i] = ps[i], ps[i].ID
	}
	taken, failed, err = mongox.InsertNew(ctx, s.db.W.Collection(productsCollection), docs)
	if len(failed) < len(ps) {
		if serr := s.db.StampMany(ctx, productsCollection, ids, "cambiadoEn"); serr != nil && err == nil {
			err = serr
		}
	}
	return taken, failed, err
}
