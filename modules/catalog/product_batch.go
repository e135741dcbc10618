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
// RecordCreated records its movements and entry, which are stored once whatever the number of
// tries.

// NewProduct is a product to create in a batch: the id the caller chose for it, and its input.
type NewProduct struct {
	ID bson.ObjectID
	In ProductInput
}

// CreateProducts builds and checks each product as CreateProduct does, and writes those that
// pass. It answers the products written (or found written by an earlier try), and, by position in
// news, why each other one was not.
func (s *Service) CreateProducts(ctx context.Context, news []NewProduct) ([]Product, map[int]error) {
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	refused := map[int]error{}
	now := s.now().UTC().Truncate(time.Millisecond)
	pr := s.memory.pricing(now)
	var built []Product
	var from []int // the position in news of each built product
	for i, n := range news {
		in := n.In
		upload, err := s.prepareUploads(ctx, &in)
		p := Product{ID: n.ID, CreatedAt: now, UpdatedAt: now, Version: 1, Revision: 1, CambiadoEn: &now}
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
	s.RecordCreated(ctx, written)
	return written, refused
}

// RecordCreated records what follows the creation of products: each its movements of units (as
// CreateProduct's) and its entry of the trail, under ids that follow from the product's (stored
// once, however often this runs for them), and puts them in the catalogue's memory. A product
// whose units were sold since has its movements made from the units it has now.
func (s *Service) RecordCreated(ctx context.Context, ps []Product) {
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

// Products edited in bulk (an import's changed products, a new price list): a batch costs a few
// writes whatever its size, where UpdateProduct costs a few per product. Each edit is built and
// guarded as UpdateProduct's (editOf: the version the edit read, the units of the variants whose
// units it writes; editMovements in movimientosPendientes), and all go in one write of the store
// (store.updateEach: one SQLite transaction on the embedded store, findAndModify a few at a time
// on MongoDB), each stamped (cambiadoEn, revision) as update stamps it. Then their movements go
// in one insert and their entries of the trail in one. An edit whose guard failed (a sale or an
// edit since the read) is made again by the one edit loop (edit), which reads the product again.

// ProductEdit is a product to edit in a batch: its id, and the input of the edit, which writes the
// units of none of its kept variants (the stored units stay: a sale since the plan is kept).
type ProductEdit struct {
	ID bson.ObjectID
	In ProductInput
}

// EditProducts writes each edit as UpdateProduct does, and answers, by position in edits, why
// each one not written was not.
func (s *Service) EditProducts(ctx context.Context, edits []ProductEdit) map[int]error {
	refused, again := s.editBatch(ctx, edits)
	for _, i := range again {
		e := edits[i]
		in := e.In
		upload, err := s.prepareUploads(ctx, &in)
		if err == nil {
			_, err = s.edit(ctx, e.ID, upload, func(cur Product) (ProductInput, bool, error) {
				in.Variantes = storedUnits(cur, in.Variantes)
				return in, true, nil
			})
		}
		if err != nil {
			refused[i] = err
		}
	}
	return refused
}

// editBatch writes the edits in one write of the store, and answers why each one not written was
// not, and which ones a sale or an edit since the read kept from being written (again).
func (s *Service) editBatch(ctx context.Context, edits []ProductEdit) (refused map[int]error, again []int) {
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	refused = map[int]error{}
	ids := make([]bson.ObjectID, len(edits))
	for i, e := range edits {
		ids[i] = e.ID
	}
	stored, err := s.store.products(ctx, ids)
	if err != nil {
		for i := range edits {
			refused[i] = err
		}
		return refused, nil
	}
	if s.batchRead != nil {
		s.batchRead()
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	pr := s.memory.pricing(now)
	var bs []builtEdit
	var ws []guardedWrite
	for i, e := range edits {
		cur, ok := stored[e.ID]
		if !ok {
			refused[i] = errProductNotFound
			continue
		}
		b, w, err := s.buildEdit(ctx, cur, e.In, now, pr)
		if err != nil {
			refused[i] = err
			continue
		}
		b.at = i
		ws, bs = append(ws, w), append(bs, b)
	}
	if len(ws) == 0 {
		return refused, nil
	}
	after, err := s.store.updateEach(ctx, ws)
	if err != nil {
		for _, b := range bs {
			refused[b.at] = err
		}
		return refused, nil
	}
	var moves []Movement
	var movedIn []bson.ObjectID // the product of each movement
	var written []*Product
	entries := make([]audit.Entry, 0, len(bs))
	for k, b := range bs {
		p := after[k]
		if p == nil {
			again = append(again, b.at) // edited, sold or deleted since the read
			continue
		}
		for _, m := range withUnitsAfter(p, b.moves) {
			moves, movedIn = append(moves, m), append(movedIn, p.ID)
		}
		written = append(written, p)
		cur := b.cur
		cur.MovimientosPendientes = nil
		entries = append(entries, s.productEntry(audit.Actualizar, p.ID, &cur, p))
		s.forgetImages(ctx, cur, p.ID, p)
	}
	if s.record(ctx, moves...) {
		for k, m := range moves {
			s.queueUnset(movedIn[k], pendingField(m.ID))
		}
	}
	for _, p := range written {
		p.MovimientosPendientes = nil
		s.memory.update(*p)
	}
	audit.Write(ctx, s.audit, s.log, audit.ActorFrom(ctx), entries...)
	return refused, again
}

// builtEdit is an edit of a batch: its position, the product as read and as it is to be, and the
// movements its write carries.
type builtEdit struct {
	at        int
	cur, next Product
	moves     []Movement
}

// buildEdit builds the edit of cur by in as edit does, with the units cur has, and its write.
func (s *Service) buildEdit(ctx context.Context, cur Product, in ProductInput, now time.Time, pr pricing) (builtEdit, guardedWrite, error) {
	in.Variantes = storedUnits(cur, in.Variantes)
	upload, err := s.prepareUploads(ctx, &in)
	if err != nil {
		return builtEdit{}, guardedWrite{}, err
	}
	next := cloneProduct(cur)
	next.Version, next.UpdatedAt = cur.Version+1, now
	if next.CreatedAt.IsZero() {
		next.CreatedAt = now
	}
	if err := s.applyInput(ctx, &next, in, pr, upload); err != nil {
		return builtEdit{}, guardedWrite{}, err
	}
	update, guard, err := editOf(cur, next)
	if err != nil {
		return builtEdit{}, guardedWrite{}, err
	}
	moves := editMovements(ctx, &cur, &next, now)
	withPending(update, moves)
	return builtEdit{cur: cur, next: next, moves: moves}, guardedWrite{id: cur.ID, guard: guard, update: update}, nil
}

// storedUnits sets the units of the kept variants of vs to cur's: an edit of their other fields.
func storedUnits(cur Product, vs []VariantInput) []VariantInput {
	vs = append([]VariantInput(nil), vs...)
	for i := range vs {
		for _, v := range cur.Variantes {
			if v.ID.Hex() == vs[i].ID {
				units := float64(v.Stock)
				vs[i].Stock = &units
			}
		}
	}
	return vs
}
