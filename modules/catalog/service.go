package catalog

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/apperr"
)

// Service holds the catalogue's use cases. Its exported methods are what other modules may call
// (through interfaces they declare).
type Service struct {
	store  store
	memory *memory
	images *imageCache
	log    zerolog.Logger
	now    func() time.Time
	// rereadStock: other processes sell from the same store (see Deps.SoleProcess).
	rereadStock bool

	// sync keeps a reload from swapping in a snapshot taken while a write of this replica was
	// between the store and the memory: writes hold it shared, a reload exclusively.
	sync sync.RWMutex
	// seen is the catalogue version the memory holds.
	seen atomic.Int64

	// settled are the keys of saved orders still in the stock documents, by product: the next
	// take of the product drops them (existencias.go).
	settledMu sync.Mutex
	settled   map[bson.ObjectID][]string
}

// load reads the whole catalogue and its discounts into memory.
func (s *Service) load(ctx context.Context) error {
	s.sync.Lock()
	defer s.sync.Unlock()
	v, err := s.store.version(ctx)
	if err != nil {
		return err
	}
	ps, err := s.store.all(ctx)
	if err != nil {
		return err
	}
	units, err := s.store.allStock(ctx)
	if err != nil {
		return err
	}
	for i := range ps {
		ps[i] = withStock(ps[i], units[ps[i].ID])
	}
	ds, err := s.store.allDiscounts(ctx)
	if err != nil {
		return err
	}
	s.memory.replace(ps, ds)
	s.seen.Store(v)
	return nil
}

// changed tells the other replicas that the catalogue changed. When the new version is the next
// one, this replica holds every change already; otherwise another replica wrote meanwhile and
// the watcher reloads.
func (s *Service) changed(ctx context.Context) {
	v, err := s.store.bumpVersion(context.WithoutCancel(ctx))
	if err != nil {
		s.log.Warn().Err(err).Msg("catalogue version not raised; other replicas see this change later")
		return
	}
	s.seen.CompareAndSwap(v-1, v)
}

// refresh reloads the catalogue when its version moved; it reports whether it did.
func (s *Service) refresh(ctx context.Context) (bool, error) {
	v, err := s.store.version(ctx)
	if err != nil || v == s.seen.Load() {
		return false, err
	}
	return true, s.load(ctx)
}

// stockEvery is how many polls pass between two reads of the same stock document: a sale does not
// raise the catalogue's version (that would be one more write per order), so each poll rereads a
// stockEvery-th of the stock and the units sold by other replicas show here within stockEvery
// polls (unless this process is the store's only writer). A replica never sells from these
// copies: a take is a conditional update of the stored units.
const stockEvery = 5

// watch polls the version document until stop is closed or the store is closed.
func (s *Service) watch(every time.Duration, stop <-chan struct{}) {
	t := time.NewTicker(every)
	defer t.Stop()
	var lastLogged time.Time
	tick := 0
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		reloaded, err := s.refresh(ctx)
		if tick++; err == nil && !reloaded && s.rereadStock {
			err = s.refreshStock(ctx, tick%stockEvery)
		}
		cancel()
		switch {
		case errors.Is(err, mongo.ErrClientDisconnected):
			return
		case err != nil && time.Since(lastLogged) > time.Minute:
			lastLogged = time.Now()
			s.log.Warn().Err(err).Msg("catalogue reload failed")
		case reloaded:
			s.log.Info().Int64("version", s.seen.Load()).Msg("catalogue reloaded: changed by another replica")
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

// CreateProduct validates and stores a new product. Errors: invalid (with fields), internal.
func (s *Service) CreateProduct(ctx context.Context, in ProductInput) (Product, error) {
	s.sync.RLock()
	defer s.sync.RUnlock()
	now := s.now().UTC().Truncate(time.Millisecond)
	p := Product{ID: bson.NewObjectID(), CreatedAt: now, UpdatedAt: now, Version: 1}
	pr := s.memory.pricing(now)
	if err := s.applyInput(ctx, &p, in, pr); err != nil {
		return Product{}, err
	}
	units := stockOfProduct(p)
	if err := s.store.insertStock(ctx, units); err != nil {
		return Product{}, err
	}
	if err := s.store.insertProduct(ctx, p); err != nil {
		return Product{}, err
	}
	p = withStock(p, units)
	s.memory.upsert(p)
	s.changed(ctx)
	return pr.priced(p), nil
}

// UpdateProduct writes the fields the input carries over the stored product. When the input
// carries the version it was read at and the product changed since, it is refused. Errors:
// invalid, not_found, conflict, internal.
func (s *Service) UpdateProduct(ctx context.Context, id string, in ProductInput) (Product, error) {
	oid, err := parseProductID(id)
	if err != nil {
		return Product{}, err
	}
	s.sync.RLock()
	defer s.sync.RUnlock()
	for attempt := 0; ; attempt++ {
		stored, err := s.store.product(ctx, oid)
		if err != nil {
			return Product{}, err
		}
		units, _, err := s.store.stockOf(ctx, oid)
		if err != nil {
			return Product{}, err
		}
		cur := withStock(stored, units)
		if in.Version != nil && *in.Version != cur.Version {
			return Product{}, errStale
		}
		now := s.now().UTC().Truncate(time.Millisecond)
		next := cloneProduct(cur)
		next.Version, next.UpdatedAt = cur.Version+1, now
		if next.CreatedAt.IsZero() {
			next.CreatedAt = now
		}
		pr := s.memory.pricing(now)
		if err := s.applyInput(ctx, &next, in, pr); err != nil {
			return Product{}, err
		}
		// The stock first, and only the units the edit changes, while they are still the ones read.
		ok := true
		if from, to, gone := stockEdit(cur, next); len(to)+len(gone) > 0 {
			var d stockDoc
			if d, ok, err = s.store.setStock(ctx, oid, from, to, gone); err != nil {
				return Product{}, err
			}
			if ok {
				s.memory.setStock(d) // written, whatever happens to the product document
			}
			next = withStock(next, d)
		}
		if ok {
			if ok, err = s.store.replaceProduct(ctx, next, cur.Version); err != nil {
				return Product{}, err
			}
		}
		if !ok {
			// A sale or another edit changed it between our read and our write: read again,
			// unless the caller asked to write over the version it saw.
			if in.Version != nil || attempt == 2 {
				return Product{}, errStale
			}
			continue
		}
		s.memory.upsert(next)
		s.forgetImage(ctx, cur, next.ID, next.Imagen)
		s.changed(ctx)
		return pr.priced(next), nil
	}
}

var errStale = apperr.New(apperr.Conflict, "El producto cambió mientras lo editabas (por ejemplo, se vendieron piezas). Recárgalo y vuelve a guardar.")

// DeleteProduct removes a product. Errors: not_found, internal.
func (s *Service) DeleteProduct(ctx context.Context, id string) error {
	oid, err := parseProductID(id)
	if err != nil {
		return err
	}
	s.sync.RLock()
	defer s.sync.RUnlock()
	old, inMemory := s.memory.get(oid)
	ok, err := s.store.deleteProduct(ctx, oid)
	if err != nil {
		return err
	}
	s.memory.remove(oid)
	if !ok {
		return errProductNotFound
	}
	if err := s.store.deleteStock(ctx, oid); err != nil {
		s.log.Warn().Err(err).Str("product", id).Msg("stock of a deleted product left behind")
	}
	if inMemory {
		s.forgetImage(ctx, old, oid, "")
	}
	s.changed(ctx)
	return nil
}

// applyInput applies a product input, storing a newly uploaded image first.
func (s *Service) applyInput(ctx context.Context, p *Product, in ProductInput, pr pricing) error {
	var img *storedImage
	if in.Imagen != nil {
		v := strings.TrimSpace(*in.Imagen)
		if strings.HasPrefix(v, "data:") {
			parsed, err := parseDataURL(v)
			if err != nil {
				return err
			}
			img = &parsed
			v = imageURLPrefix + parsed.ID
		} else if err := checkImageURL(v); err != nil {
			return err
		}
		p.Imagen = v
	}
	if err := in.apply(p, pr); err != nil {
		return err
	}
	if p.Imagen == "" && in.Imagen == nil {
		p.Imagen = p.ImgPortada
	}
	p.ImgPortada = p.Imagen
	if p.Details != nil && p.Details.ImgPortada == "" {
		p.Details.ImgPortada = p.Imagen
	}
	if img != nil {
		img.CreatedAt = s.now().UTC()
		if err := s.store.insertImage(ctx, *img); err != nil {
			return err
		}
	}
	return nil
}

// forgetImage deletes the uploaded image a product no longer shows when no other product does.
func (s *Service) forgetImage(ctx context.Context, old Product, id bson.ObjectID, now string) {
	for _, url := range []string{old.Imagen, old.ImgPortada} {
		imgID := uploadedImageID(url)
		if imgID == "" || url == now || s.memory.usesImage(url, id) {
			continue
		}
		if err := s.store.deleteImage(context.WithoutCancel(ctx), imgID); err != nil {
			s.log.Warn().Err(err).Str("image", imgID).Msg("unused image not deleted")
		}
		s.images.drop(imgID)
	}
}

// stockEdit compares the units of a product before and after an edit: to has the variants whose
// units the edit sets (new ones included), from what the edited ones had, gone the removed ones.
func stockEdit(cur, next Product) (from, to map[string]int, gone []string) {
	was, now := unitsOf(cur), unitsOf(next)
	from, to = map[string]int{}, map[string]int{}
	for v, n := range now {
		if old, ok := was[v]; !ok || old != n {
			to[v] = n
			if ok {
				from[v] = old
			}
		}
	}
	for v := range was {
		if _, ok := now[v]; !ok {
			gone = append(gone, v)
		}
	}
	return from, to, gone
}

func cloneProduct(p Product) Product {
	p.Variantes = append([]Variante(nil), p.Variantes...)
	p.Extras = append([]Extra(nil), p.Extras...)
	p.Categorias = append([]string(nil), p.Categorias...)
	if p.Details != nil {
		d := *p.Details
		p.Details = &d
	}
	return p
}
