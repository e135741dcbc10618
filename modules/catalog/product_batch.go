package catalog

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/audit"
)

// Products created in bulk (an import's new products): a batch costs a few writes whatever its
// size, where CreateProduct costs a few per product. The products go in one insert, then their
// units' movements ('Alta del producto') in one, then their entries of the audit trail in one.
// The caller gives each product its id; the ids of its movements and of its entry follow from it
// (createdMovementID, createdEntryID). So a batch written again after a crash between two of its
// writes writes only what is missing: a product stored already is not stored again, and
// recordCreated records its movements and entry, which are stored once whatever the number of
// tries.

// newProduct is a product to create in a batch: the id the caller chose for it, and its input.
type newProduct struct {
	id bson.ObjectID
	in ProductInput
}

// createProducts builds and checks each product as CreateProduct does, and writes those that
// pass. It answers the products written (or found written by an earlier try), and, by position in
// news, why each other one was not.
func (s *Service) createProducts(ctx context.Context, news []newProduct) ([]Product, map[int]error) {
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	refused := map[int]error{}
	now := s.now().UTC().Truncate(time.Millisecond)
	pr := s.memory.pricing(now)
	var built []Product
	var from []int // the position in news of each built product
	for i, n := range news {
		in := n.in
		upload, err := s.prepareUploads(ctx, &in)
		p := Product{ID: n.id, CreatedAt: now, UpdatedAt: now, Version: 1, Revision: 1, CambiadoEn: &now}
		if err == nil {
			err = s.applyInput(ctx, &p, in, pr, upload)
		}
		if err != nil {
			refused[i] = err
			continue
		}
		built, from = append(built, p), append(from, i)
	}
	taken, failed, err := s.store.insertNewProducts(ctx, built)
	for _, k := range failed {
		refused[from[k]] = err
	}
	if err != nil && len(failed) == 0 { // the server's stamp: the products carry the store's time
		s.log.Warn().Err(err).Int("products", len(built)).Msg("catalogue: new products not stamped by the server")
	}
	skip := map[int]bool{}
	for _, k := range append(taken, failed...) {
		skip[k] = true
	}
	var written []Product
	for k, p := range built {
		if !skip[k] {
			written = append(written, p)
		}
	}
	for _, k := range taken { // stored by an earlier try: as stored, not as built again
		p, err := s.store.product(ctx, built[k].ID)
		if err != nil {
			refused[from[k]] = err
			continue
		}
		written = append(written, p)
	}
	s.recordCreated(ctx, written)
	return written, refused
}

// recordCreated records what follows the creation of products: each its movements of units (as
// CreateProduct's) and its entry of the trail, under ids that follow from the product's (stored
// once, however often this runs for them), and puts them in the catalogue's memory. A product
// whose units were sold since has its movements made from the units it has now.
func (s *Service) recordCreated(ctx context.Context, ps []Product) {
	var moves []Movement
	entries := make([]audit.Entry, 0, len(ps))
	for i := range ps {
		p := &ps[i]
		for _, m := range editMovements(ctx, nil, p, p.CreatedAt) {
			m.ID = createdMovementID(p.ID, m.VarianteID)
			moves = append(moves, m)
		}
		e := s.productEntry(audit.Crear, p.ID, nil, p)
		e.ID, e.Fecha = createdEntryID(p.ID), p.CreatedAt
		entries = append(entries, e)
	}
	s.record(ctx, moves...)
	for _, p := range ps {
		s.memory.add(p)
	}
	audit.Write(ctx, s.audit, s.log, audit.ActorFrom(ctx), entries...)
}
