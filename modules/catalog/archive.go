package catalog

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
)

// A product with stock or sales is never deleted: its sales, movements and invoices point to it.
// It is archived instead (Product.Archivado): hidden from the shop (lists, search, sitemap, its
// page), listed in the back office under 'Archivados', and restorable.

// errHasHistory answers a DELETE of a product with stock or sales; the admin screen offers 'Archivar'.
var errHasHistory = apperr.New(apperr.Conflict,
	"Este producto tiene existencias o ventas registradas, así que no se puede eliminar. Usa «Archivar» para ocultarlo de la tienda; podrás restaurarlo cuando quieras.")

// DeleteProduct removes a product that has no stock, no reserved units and no sales; one that has
// any is refused (errHasHistory). Errors: not_found, conflict, internal.
func (s *Service) DeleteProduct(ctx context.Context, id string) error {
	oid, err := parseProductID(id)
	if err != nil {
		return err
	}
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	for range editAttempts {
		cur, err := s.store.product(ctx, oid)
		if err != nil {
			return err
		}
		if cur.Stock > 0 || len(cur.Apartados) > 0 {
			return errHasHistory
		}
		if sold, err := s.store.hasSales(ctx, oid); err != nil {
			return err
		} else if sold {
			return errHasHistory
		}
		// Guarded by the revision read: a sale or an entry in between makes it read again.
		guard := bson.M{"revision": cur.Revision}
		if cur.Revision == 0 {
			guard["revision"] = bson.M{"$in": bson.A{0, nil}} // written before revisions existed
		}
		ok, err := s.store.deleteProduct(ctx, oid, guard)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		s.memory.remove(oid)
		s.deleted(ctx, oid, deletedProduct)
		cur.Apartados, cur.MovimientosPendientes = nil, nil
		s.forgetImages(ctx, cur, oid, nil)
		s.auditProduct(ctx, audit.Eliminar, oid, &cur, nil)
		return nil
	}
	return errStale
}

// hasSales reports whether a stock movement of a sale of the product was ever recorded.
func (s store) hasSales(ctx context.Context, id bson.ObjectID) (bool, error) {
	err := s.db.R.Collection(movementsCollection).FindOne(ctx, bson.M{"productoId": id.Hex(), "tipo": TipoVenta}).Err()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("catalog: sales of %s: %w", id.Hex(), err)
	}
	return true, nil
}

// SetArchived archives (true) or restores (false) a product. It is an edit: its version grows and
// the audit trail records it. Errors: not_found, internal.
func (s *Service) SetArchived(ctx context.Context, id string, archived bool) (Product, error) {
	oid, err := parseProductID(id)
	if err != nil {
		return Product{}, err
	}
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	cur, err := s.store.product(ctx, oid)
	if err != nil {
		return Product{}, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	update := bson.M{"$set": bson.M{"archivado": true, "updatedAt": now}, "$inc": bson.M{"version": int64(1)}}
	if !archived {
		update = bson.M{"$unset": bson.M{"archivado": ""}, "$set": bson.M{"updatedAt": now}, "$inc": bson.M{"version": int64(1)}}
	}
	p, ok, err := s.store.update(ctx, oid, bson.M{}, update)
	if err != nil {
		return Product{}, err
	}
	if !ok {
		return Product{}, errProductNotFound
	}
	cur.Apartados, cur.MovimientosPendientes, p.Apartados, p.MovimientosPendientes = nil, nil, nil, nil
	s.memory.update(p)
	s.auditProduct(ctx, audit.Actualizar, p.ID, &cur, &p)
	return s.memory.pricing(now).priced(p), nil
}
