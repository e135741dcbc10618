package catalog

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/apperr"
	"tienda/pkg/audit"
)

// Service holds the catalogue's use cases. Its exported methods are what other modules may call
// (through interfaces they declare).
type Service struct {
	store  store
	memory *memory
	images *imageCache
	log    zerolog.Logger
	now    func() time.Time
	audit  audit.Recorder // the audit trail (audit.go)

	// renders resizes uploaded pictures, one at a time (image_renditions.go, pkg/imaging).
	renders *renderer

	// reloadLock keeps a reload from swapping in a snapshot taken while a write of this replica
	// was between the store and the memory: writes hold it shared, a reload exclusively.
	reloadLock sync.RWMutex
	// categoriesVersion is the version of the category tree this replica holds (categories_store.go).
	categoriesVersion atomic.Int64

	// batcher gathers the concurrent takes of a product into one write (stock_write_batches.go).
	batcher takeBatcher

	// settled are the keys of settled order lines still in the product documents, by product,
	// waiting for the background loop to remove them (stock_reservations.go).
	settledMu sync.Mutex
	settled   map[bson.ObjectID][]string

	// categories is the category tree (categories_service.go).
	categories categories

	// responses are the storefront's encoded answers, categoryScreens the category pages' first
	// screens (storefront_cache.go, pages.go).
	responses       responseCache
	categoryScreens generationCache[categoryScreen]

	// moves are the stock movements the store refused, tried again by the background loop
	// (movements.go).
	moves movements

	// batchRead, for tests, runs in editBatch and adjustBatch between the read of their products and
	// their write.
	batchRead func()
}

// load reads the whole catalogue, its discounts and its categories into memory.
func (s *Service) load(ctx context.Context) error {
	s.reloadLock.Lock()
	defer s.reloadLock.Unlock()
	v, err := s.store.categoriesVersion(ctx) // before the categories: a write after it is read again
	if err != nil {
		return err
	}
	var entries []*entry // each product held once, as its entry
	if err := s.store.eachProduct(ctx, func(p *Product) { entries = append(entries, newEntry(*p)) }); err != nil {
		return err
	}
	ds, err := s.store.allDiscounts(ctx)
	if err != nil {
		return err
	}
	if err := s.loadCategories(ctx); err != nil {
		return err
	}
	s.memory.replaceEntries(entries, ds)
	s.categoriesVersion.Store(v)
	return nil
}

// How other replicas learn of a write. Every write of a product or a discount document stamps it
// with the server's clock (cambiadoEn: store.update, replaceDiscount, and the inserts), and every
// deletion of one leaves a record stamped the same way (eliminadoEn, deletions.go). Each replica
// polls, every ReloadEvery, the products, the discounts and the deletions stamped since a little
// before the latest stamp it has seen (pollChanges), which costs what was written, not the
// catalogue's size: no write makes other replicas read the whole catalogue. The category tree,
// tens of documents, is read again whole by a replica that sees its version move
// (refreshCategories). Every fullReloadEvery each replica reads everything again anyway, a
// backstop for a write whose stamp or record a crash left out.

// stampMargin is how far before the latest stamp it has seen a poll asks from: a write stamped a
// moment before another may become visible a moment after it.
const stampMargin = 5 * time.Second

// fullReloadEvery is how often a replica that polls reads the whole catalogue again anyway.
const fullReloadEvery = 10 * time.Minute

// pollChanges reads the products and discounts deleted and written since the last poll (by any
// replica) into memory, so that what was created, edited, sold and deleted elsewhere shows here;
// a copy is taken only when it is of a later revision (a discount: version) than the one held. A
// replica never sells from these copies: a take is a guarded update of the stored units. It holds
// the reload lock, so that a deletion by this replica is never undone by a copy read before it.
// The deletions go first: a product created again under the id of a deleted one (deletions.go)
// then comes in as new, whatever revision the deleted copy had.
func (s *Service) pollChanges(ctx context.Context) error {
	s.reloadLock.Lock()
	defer s.reloadLock.Unlock()
	since := s.memory.lastStamp()
	if !since.IsZero() {
		since = since.Add(-stampMargin)
	}
	if err := s.store.deletedSince(ctx, since, s.memory.forget); err != nil {
		return err
	}
	if err := s.store.changedSince(ctx, since, s.memory.add); err != nil {
		return err
	}
	return s.store.discountsChangedSince(ctx, since, s.memory.putDiscount)
}

// settleEvery is how often the keys of settled order lines are removed from the products.
const settleEvery = 500 * time.Millisecond

// run removes the keys of settled lines every settleEvery, sweeps the lost movements and the old
// deletion records every lostEvery and, when every > 0, polls the changes of other replicas every
// that often (and reads everything every fullReloadEvery), until stop is closed or the store is
// closed; then it removes the keys still queued.
func (s *Service) run(every time.Duration, stop <-chan struct{}) {
	settle := time.NewTicker(settleEvery)
	defer settle.Stop()
	lost := time.NewTicker(lostEvery)
	defer lost.Stop()
	var poll, reload <-chan time.Time
	if every > 0 {
		t := time.NewTicker(every)
		defer t.Stop()
		poll = t.C
		r := time.NewTicker(fullReloadEvery)
		defer r.Stop()
		reload = r.C
	}
	var lastLogged time.Time
	for {
		var err error
		select {
		case <-stop:
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			if err := s.flushSettled(ctx); err != nil {
				s.log.Warn().Err(err).Msg("settled reservations left in the products at shutdown; checkout's reconciliation removes them")
			}
			cancel()
			return
		case <-settle.C:
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			err = s.flushSettled(ctx)
			cancel()
		case <-lost.C:
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			err = errors.Join(s.recordLost(ctx), s.store.purgeDeletions(ctx, s.now().Add(-deletionsKeptFor)))
			cancel()
		case <-poll:
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			if err = s.refreshCategories(ctx); err == nil {
				err = s.pollChanges(ctx)
			}
			cancel()
		case <-reload:
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			err = s.load(ctx)
			cancel()
		}
		switch {
		case errors.Is(err, mongo.ErrClientDisconnected):
			return
		case err != nil && time.Since(lastLogged) > time.Minute:
			lastLogged = time.Now()
			s.log.Warn().Err(err).Msg("catalogue background work failed; retrying")
		}
	}
}

func parseProductID(hex string) (bson.ObjectID, error) {
	id, err := bson.ObjectIDFromHex(hex)
	if err != nil {
		return bson.ObjectID{}, errProductNotFound
	}
	return id, nil
}

// Product returns one product, priced now; apperr.NotFound when there is none.
func (s *Service) Product(id string) (Product, error) {
	oid, err := parseProductID(id)
	if err != nil {
		return Product{}, err
	}
	p, ok := s.memory.get(oid)
	if !ok {
		return Product{}, errProductNotFound
	}
	return s.memory.pricing(s.now()).priced(p), nil
}

// PublicProduct returns what a shopper may see of one product, priced now; apperr.NotFound when
// there is none or it is archived.
func (s *Service) PublicProduct(id string) (PublicProduct, error) {
	p, err := s.Product(id)
	if err != nil {
		return PublicProduct{}, err
	}
	if p.Archivado {
		return PublicProduct{}, errProductNotFound
	}
	return p.public(), nil
}

// CreateProduct validates and stores a new product. Errors: invalid (with fields), internal.
func (s *Service) CreateProduct(ctx context.Context, in ProductInput) (Product, error) {
	upload, err := s.prepareUploads(ctx, &in)
	if err != nil {
		return Product{}, err
	}
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	now := s.now().UTC().Truncate(time.Millisecond)
	p := Product{ID: bson.NewObjectID(), CreatedAt: now, UpdatedAt: now, Version: 1, Revision: 1}
	pr := s.memory.pricing(now)
	if err := s.applyInput(ctx, &p, in, pr, upload); err != nil {
		return Product{}, err
	}
	moves := editMovements(ctx, nil, &p, now)
	p.MovimientosPendientes = pendingOf(moves)
	if p.Revision, p.CambiadoEn, err = s.store.insertProduct(ctx, p); err != nil {
		return Product{}, err
	}
	s.recordPending(ctx, &p, moves...)
	p.MovimientosPendientes = nil
	s.memory.add(p)
	s.auditProduct(ctx, audit.Crear, p.ID, nil, &p)
	return pr.priced(p), nil
}

// editAttempts bounds how often an edit is tried again when a sale changed the product's units
// between its read and its write.
const editAttempts = 5

// UpdateProduct writes the fields the input carries over the stored product. When the input
// carries the version it was read at and the product was edited since, it is refused; a sale in
// between is not an edit. Units the edit does not change are left as sales leave them: the write
// is guarded by the units it read, and tried again on a fresh read when a sale came first.
// Errors: invalid, not_found, conflict, internal.
func (s *Service) UpdateProduct(ctx context.Context, id string, in ProductInput) (Product, error) {
	oid, err := parseProductID(id)
	if err != nil {
		return Product{}, err
	}
	upload, err := s.prepareUploads(ctx, &in)
	if err != nil {
		return Product{}, err
	}
	return s.edit(ctx, oid, upload, func(cur Product) (ProductInput, bool, error) {
		if in.Version != nil && *in.Version != cur.Version {
			return in, false, errStale
		}
		return in, true, nil
	})
}

// edit writes the input build makes from the product as stored (false: write nothing, and answer
// the stored product), reading it again when a sale or an edit came between the read and the
// write: the one edit loop of UpdateProduct and UpdateProductWith.
func (s *Service) edit(ctx context.Context, oid bson.ObjectID, upload uploads, build func(cur Product) (ProductInput, bool, error)) (Product, error) {
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	for range editAttempts {
		cur, err := s.store.product(ctx, oid)
		if err != nil {
			return Product{}, err
		}
		in, write, err := build(cloneProduct(cur))
		if err != nil {
			return Product{}, err
		}
		if !write {
			return cur, nil
		}
		now := s.now().UTC().Truncate(time.Millisecond)
		next := cloneProduct(cur)
		next.Version, next.UpdatedAt = cur.Version+1, now
		if next.CreatedAt.IsZero() {
			next.CreatedAt = now
		}
		pr := s.memory.pricing(now)
		if err := s.applyInput(ctx, &next, in, pr, upload); err != nil {
			return Product{}, err
		}
		update, guard, err := editOf(cur, next)
		if err != nil {
			return Product{}, err
		}
		moves := editMovements(ctx, &cur, &next, now)
		withPending(update, moves)
		p, ok, err := s.store.update(ctx, oid, guard, update)
		if err != nil {
			return Product{}, err
		}
		if !ok {
			continue // edited, sold or deleted since the read: read again
		}
		s.recordPending(ctx, &p, moves...)
		cur.MovimientosPendientes, p.MovimientosPendientes = nil, nil
		s.memory.update(p)
		s.forgetImages(ctx, cur, p.ID, &p)
		s.auditProduct(ctx, audit.Actualizar, p.ID, &cur, &p)
		return pr.priced(p), nil
	}
	return Product{}, errStale
}

var errStale = apperr.New(apperr.Conflict, "El producto cambió mientras lo editabas (por ejemplo, se vendieron piezas). Recárgalo y vuelve a guardar.")

// applyInput applies a product input, storing its new uploads (prepared by prepareUploads) first.
// The main picture is the first of the list when the input sends the list.
func (s *Service) applyInput(ctx context.Context, p *Product, in ProductInput, pr pricing, up uploads) error {
	if err := in.resolvePictures(up); err != nil {
		return err
	}
	set(&p.Imagen, in.Imagen)
	if err := in.apply(p, pr, s.categories.current()); err != nil {
		return err
	}
	if in.Details != nil && in.Details.Imagenes != nil {
		p.Details.Imagenes = in.Details.Imagenes
		if in.Imagen == nil {
			p.Imagen = ""
			if len(p.Details.Imagenes) > 0 {
				p.Imagen = p.Details.Imagenes[0]
			}
		}
	}
	if p.Imagen == "" && in.Imagen == nil {
		p.Imagen = p.ImgPortada
	}
	p.ImgPortada = p.Imagen
	if p.Details != nil && (p.Details.ImgPortada == "" || in.Imagen != nil || in.Details != nil && in.Details.Imagenes != nil) {
		p.Details.ImgPortada = p.Imagen
	}
	return s.saveUploads(ctx, up)
}

func cloneProduct(p Product) Product {
	p.Apartados, p.MovimientosPendientes = nil, nil
	p.Variantes = append([]Variante(nil), p.Variantes...)
	p.Extras = append([]Extra(nil), p.Extras...)
	p.Categorias = append([]string(nil), p.Categorias...)
	if p.Details != nil {
		d := *p.Details
		p.Details = &d
	}
	return p
}
