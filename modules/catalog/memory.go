package catalog

import (
	"bytes"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"tienda/pkg/search"
)

// memory is the in-memory catalogue that answers the storefront's reads. Readers hold the read
// lock while they look at entries and copy products out; writers hold the write lock. A Product
// is never changed in place: an update swaps in a new Product (with new slices), so a reader
// holding an older copy is never raced.
//
// A write costs the same at 50,000 products as at 500: an entry goes in at its place in the order
// (a binary search and a move of pointers) and out the same way, and nothing else is rebuilt.
// Entries enter and leave only through insertEntry and removeEntry (and all at once through
// resetEntries, at a load): an index over the entries hooks there. An update that keeps a
// product's place and its search text swaps the entry's product in place (swapProduct).
type memory struct {
	mu        sync.RWMutex
	gen       uint64   // grows with every change (storefront_cache.go caches by it)
	products  []*entry // in display order (less)
	byID      map[bson.ObjectID]*entry
	discounts map[bson.ObjectID]Discount
	words     *search.Index[bson.ObjectID] // the entries' search texts (memory_words.go)
	// stamped is the latest stamp seen (cambiadoEn of a product or a discount, eliminadoEn of a
	// deletion: all the store's clock): polls ask from a little before.
	stamped time.Time
}

type entry struct {
	p      Product
	search string // folded nombre, titulo, marca, modelo
}

func newEntry(p Product) *entry {
	return &entry{p: p, search: searchText(&p)}
}

// searchText is what a search looks in: the folded nombre, titulo, marca and modelo.
func searchText(p *Product) string {
	return fold(strings.Join([]string{p.Nombre, p.Titulo, p.Marca, p.Modelo}, " "))
}

// less is the display order: favourites first, then the newest, then by id (a total order: the
// ids differ).
func less(a, b *Product) bool {
	if a.Favorito != b.Favorito {
		return a.Favorito
	}
	if !a.CreatedAt.Equal(b.CreatedAt) {
		return a.CreatedAt.After(b.CreatedAt)
	}
	return bytes.Compare(a.ID[:], b.ID[:]) < 0 // the order of their hex forms
}

// samePlace reports whether a and b sort at the same place among the others.
func samePlace(a, b *Product) bool {
	return a.Favorito == b.Favorito && a.CreatedAt.Equal(b.CreatedAt)
}

// replace swaps in a whole catalogue and its discounts.
func (m *memory) replace(ps []Product, ds []Discount) {
	entries := make([]*entry, len(ps))
	for i, p := range ps {
		entries[i] = newEntry(p)
	}
	m.replaceEntries(entries, ds)
}

// replaceEntries swaps in a whole catalogue, as entries in any order, and its discounts (load and
// reload).
func (m *memory) replaceEntries(entries []*entry, ds []Discount) {
	var stamped time.Time
	later := func(t *time.Time) {
		if t != nil && t.After(stamped) {
			stamped = *t
		}
	}
	for _, e := range entries {
		e.p.Apartados, e.p.MovimientosPendientes = nil, nil
		later(e.p.CambiadoEn)
	}
	for i := range ds {
		later(ds[i].CambiadoEn)
	}
	slices.SortFunc(entries, func(a, b *entry) int {
		if less(&a.p, &b.p) {
			return -1
		}
		if less(&b.p, &a.p) {
			return 1
		}
		return 0
	})
	dm := make(map[bson.ObjectID]Discount, len(ds))
	for _, d := range ds {
		dm[d.ID] = d
	}
	words := wordsOf(entries)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	m.resetEntries(entries, words)
	m.stamped = stamped
	if ds != nil {
		m.discounts = dm
	}
}

// resetEntries makes entries (in display order) the whole catalogue, words the index of their
// search texts (wordsOf, built before the lock is taken); m.mu must be held.
func (m *memory) resetEntries(entries []*entry, words *search.Index[bson.ObjectID]) {
	byID := make(map[bson.ObjectID]*entry, len(entries))
	for _, e := range entries {
		byID[e.p.ID] = e
	}
	m.products, m.byID, m.words = entries, byID, words
}

// place is where e is, or goes, in the display order; m.mu must be held.
func (m *memory) place(e *entry) int {
	i, _ := slices.BinarySearchFunc(m.products, e, func(x, e *entry) int {
		switch {
		case x.p.ID == e.p.ID:
			return 0
		case less(&x.p, &e.p):
			return -1
		}
		return 1
	})
	return i
}

// insertEntry puts a new entry at its place; m.mu must be held and no entry of its id be there.
func (m *memory) insertEntry(e *entry) {
	if m.byID == nil {
		m.byID = map[bson.ObjectID]*entry{}
	}
	m.products = slices.Insert(m.products, m.place(e), e)
	m.byID[e.p.ID] = e
	m.indexWords(e)
}

// removeEntry takes an entry out; m.mu must be held.
func (m *memory) removeEntry(e *entry) {
	i := m.place(e)
	if i >= len(m.products) || m.products[i] != e {
		i = slices.Index(m.products, e) // never: the order is kept by every write
	}
	if i >= 0 {
		m.products[len(m.products)-1], m.products = nil, slices.Delete(m.products, i, i+1)
	}
	delete(m.byID, e.p.ID)
	m.unindexWords(e.p.ID)
}

// swapProduct puts p in the place of e's product, which sorts at the same place and has the same
// search text; m.mu must be held. Readers copy products out under the read lock, so the entry may
// change in place.
func (m *memory) swapProduct(e *entry, p Product) { e.p = p }

// stamp notes a stamp seen (nil: none); m.mu must be held.
func (m *memory) stamp(t *time.Time) {
	if t != nil && t.After(m.stamped) {
		m.stamped = *t
	}
}

// add puts a new product in the catalogue.
func (m *memory) add(p Product) { m.put(p, true) }

// update puts p (a whole product, as a write returned it or a read found it) in the place of the
// catalogue's copy, unless that copy is of the same or a later revision; a product the catalogue no longer has
// (deleted meanwhile) stays out.
func (m *memory) update(p Product) { m.put(p, false) }

func (m *memory) put(p Product, add bool) {
	p.Apartados, p.MovimientosPendientes = nil, nil // read by the stock writes only
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stamp(p.CambiadoEn)
	old, ok := m.byID[p.ID]
	if !ok {
		if !add {
			return
		}
		m.gen++
		m.insertEntry(newEntry(p))
		return
	}
	if old.p.Revision >= p.Revision {
		return // the same write again (a poll reads this replica's own writes too), or an older one
	}
	m.gen++
	if samePlace(&old.p, &p) && old.p.Nombre == p.Nombre && old.p.Titulo == p.Titulo && old.p.Marca == p.Marca && old.p.Modelo == p.Modelo {
		m.swapProduct(old, p) // every sale comes here
		return
	}
	m.removeEntry(old)
	m.insertEntry(newEntry(p))
}

// lastStamp is the latest stamp the memory has seen (zero when none).
func (m *memory) lastStamp() time.Time {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.stamped
}

// remove takes a product out; one the catalogue does not hold changes nothing.
func (m *memory) remove(id bson.ObjectID) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e, ok := m.byID[id]; ok {
		m.gen++
		m.removeEntry(e)
	}
}

// generation tells whether the memory changed since an earlier call.
func (m *memory) generation() uint64 {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.gen
}

func (m *memory) get(id bson.ObjectID) (Product, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	e, ok := m.byID[id]
	if !ok {
		return Product{}, false
	}
	return e.p, true
}

// usesImage reports whether a product other than except shows the image url.
func (m *memory) usesImage(url string, except bson.ObjectID) bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	for _, e := range m.products {
		p := &e.p
		if p.ID != except && slices.Contains(pictureURLs(p), url) {
			return true
		}
	}
	return false
}

// page returns one page of the products s selects, and whether more follow.
func (m *memory) page(s selection, page, limit int) ([]Product, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	skip := (page - 1) * limit
	out := make([]Product, 0, limit)
	for e := range m.matching(s) {
		if skip > 0 {
			skip--
			continue
		}
		if len(out) == limit {
			return out, true
		}
		out = append(out, e.p)
	}
	return out, false
}

// each calls fn with every product, in the catalogue's order, under the read lock: fn must not
// keep p nor call back into memory.
func (m *memory) each(fn func(p *Product)) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	for _, e := range m.products {
		fn(&e.p)
	}
}

// count returns how many products s selects.
func (m *memory) count(s selection) int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	n := 0
	for range m.matching(s) {
		n++
	}
	return n
}

// fold lower-cases s and strips accents, for accent-insensitive search.
func fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	return strings.ToLower(out)
}
