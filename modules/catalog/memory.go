package catalog

import (
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"

	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"tienda/pkg/money"
	"tienda/pkg/search"
	"tienda/pkg/shoptime"
)

// memory is the in-memory catalogue that answers the storefront's reads. Entries
// are never changed in place: an update swaps in a new Product (with new slices), so a reader
// holding an older copy is never raced.
type memory struct {
	mu        sync.RWMutex
	gen       uint64  // grows with every change (storefront_cache.go caches by it)
	products  []entry // in display order
	byID      map[bson.ObjectID]int
	discounts map[bson.ObjectID]Discount
	words     *search.Index[bson.ObjectID] // the entries' search texts (memory_words.go)
	// stamped is the latest existenciasEn seen (the store's clock): polls ask from a little before.
	stamped time.Time
}

type entry struct {
	p      Product
	search string // folded nombre, titulo, marca, modelo
}

func newEntry(p Product) entry {
	return entry{p: p, search: fold(strings.Join([]string{p.Nombre, p.Titulo, p.Marca, p.Modelo}, " "))}
}

// less is the display order: favourites first, then the newest, then by id.
func less(a, b *Product) bool {
	if a.Favorito != b.Favorito {
		return a.Favorito
	}
	if !a.CreatedAt.Equal(b.CreatedAt) {
		return a.CreatedAt.After(b.CreatedAt)
	}
	return a.ID.Hex() < b.ID.Hex()
}

// replace swaps in a whole catalogue and its discounts (load and reload).
func (m *memory) replace(ps []Product, ds []Discount) {
	entries := make([]entry, len(ps))
	var stamped time.Time
	for i, p := range ps {
		p.Apartados, p.MovimientosPendientes = nil, nil
		entries[i] = newEntry(p)
		if p.ExistenciasEn != nil && p.ExistenciasEn.After(stamped) {
			stamped = *p.ExistenciasEn
		}
	}
	dm := make(map[bson.ObjectID]Discount, len(ds))
	for _, d := range ds {
		dm[d.ID] = d
	}
	words := wordsOf(entries)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	m.setEntries(entries)
	m.words = words
	m.stamped = stamped
	if ds != nil {
		m.discounts = dm
	}
}

// setEntries sorts entries into display order and rebuilds the index; m.mu must be held.
func (m *memory) setEntries(entries []entry) {
	sort.SliceStable(entries, func(i, j int) bool { return less(&entries[i].p, &entries[j].p) })
	byID := make(map[bson.ObjectID]int, len(entries))
	for i := range entries {
		byID[entries[i].p.ID] = i
	}
	m.products, m.byID = entries, byID
}

// stamp notes a product's existenciasEn; m.mu must be held.
func (m *memory) stamp(p *Product) {
	if p.ExistenciasEn != nil && p.ExistenciasEn.After(m.stamped) {
		m.stamped = *p.ExistenciasEn
	}
}

// add puts a new product in the catalogue.
func (m *memory) add(p Product) { m.put(p, true) }

// update puts p (a whole product, as a write returned it or a read found it) in the place of the
// catalogue's copy, unless that copy is of a later revision; a product the catalogue no longer has
// (deleted meanwhile) stays out.
func (m *memory) update(p Product) { m.put(p, false) }

func (m *memory) put(p Product, add bool) {
	p.Apartados, p.MovimientosPendientes = nil, nil // read by the stock writes only
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stamp(&p)
	i, ok := m.byID[p.ID]
	if !ok {
		if !add {
			return
		}
		m.gen++
		entries := make([]entry, len(m.products), len(m.products)+1)
		copy(entries, m.products)
		m.setEntries(append(entries, newEntry(p)))
		m.indexWords(p.ID)
		return
	}
	old := &m.products[i]
	if old.p.Revision > p.Revision {
		return
	}
	m.gen++
	if old.p.Favorito == p.Favorito && old.p.CreatedAt.Equal(p.CreatedAt) {
		// Same place in the order (every sale comes here): in place, as readers copy products out
		// under the read lock.
		if old.p.Nombre == p.Nombre && old.p.Titulo == p.Titulo && old.p.Marca == p.Marca && old.p.Modelo == p.Modelo {
			old.p = p
		} else {
			*old = newEntry(p)
			m.indexWords(p.ID)
		}
		return
	}
	entries := slices.Clone(m.products)
	entries[i] = newEntry(p)
	m.setEntries(entries)
	m.indexWords(p.ID)
}

// setStock puts the units a poll read (stockFields) on their product, unless the memory holds
// that revision or a later one. The entry then carries the revision of its units: its other fields
// may be older, until the reload that the edit behind them triggers.
func (m *memory) setStock(u Product) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stamp(&u)
	i, ok := m.byID[u.ID]
	if !ok || m.products[i].p.Revision >= u.Revision {
		return
	}
	m.gen++
	p := m.products[i].p
	units := make(map[bson.ObjectID]int, len(u.Variantes))
	for _, v := range u.Variantes {
		units[v.ID] = v.Stock
	}
	p.Variantes = slices.Clone(p.Variantes)
	for j := range p.Variantes {
		p.Variantes[j].Stock = units[p.Variantes[j].ID]
	}
	p.Stock, p.TotalExistencia, p.Revision, p.ExistenciasEn = u.Stock, u.TotalExistencia, u.Revision, u.ExistenciasEn
	m.products[i].p = p
}

// lastStamp is the latest existenciasEn the memory has seen (zero when none).
func (m *memory) lastStamp() time.Time {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.stamped
}

func (m *memory) remove(id bson.ObjectID) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	i, ok := m.byID[id]
	if !ok {
		return
	}
	entries := make([]entry, 0, len(m.products)-1)
	entries = append(entries, m.products[:i]...)
	entries = append(entries, m.products[i+1:]...)
	m.setEntries(entries)
	m.unindexWords(id)
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
	i, ok := m.byID[id]
	if !ok {
		return Product{}, false
	}
	return m.products[i].p, true
}

// usesImage reports whether a product other than except shows the image url.
func (m *memory) usesImage(url string, except bson.ObjectID) bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	for i := range m.products {
		p := &m.products[i].p
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
	for i := range m.products {
		fn(&m.products[i].p)
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

func (m *memory) discount(id bson.ObjectID) (Discount, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	d, ok := m.discounts[id]
	return d, ok
}

// discountList returns every discount, the latest expiry first.
func (m *memory) discountList() []Discount {
	m.mu.RLock()
	out := make([]Discount, 0, len(m.discounts))
	for _, d := range m.discounts {
		out = append(out, d)
	}
	m.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool {
		if out[i].ExpirationDate != out[j].ExpirationDate {
			return out[i].ExpirationDate > out[j].ExpirationDate
		}
		return out[i].ID.Hex() > out[j].ID.Hex()
	})
	return out
}

// putDiscount and removeDiscount copy the map: pricing snapshots share the old one.
func (m *memory) putDiscount(d Discount) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	dm := make(map[bson.ObjectID]Discount, len(m.discounts)+1)
	for k, v := range m.discounts {
		dm[k] = v
	}
	dm[d.ID] = d
	m.discounts = dm
}

func (m *memory) removeDiscount(id bson.ObjectID) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	dm := make(map[bson.ObjectID]Discount, len(m.discounts))
	for k, v := range m.discounts {
		if k != id {
			dm[k] = v
		}
	}
	m.discounts = dm
}

// pricing prices products at one moment with one set of discounts.
type pricing struct {
	discounts map[bson.ObjectID]Discount
	today     string // AAAA-MM-DD in the shop's time zone
}

func (m *memory) pricing(now time.Time) pricing {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return pricing{discounts: m.discounts, today: now.In(shoptime.Zone).Format(time.DateOnly)}
}

// active reports whether a discount applies on the pricing's day (its expiry day included).
func (pr pricing) active(d Discount) bool { return d.ExpirationDate >= pr.today }

// productPercent is the percentage of the product's discount while it applies, else 0.
func (pr pricing) productPercent(p *Product) float64 {
	if p.DescuentoID == "" {
		return 0
	}
	id, err := bson.ObjectIDFromHex(p.DescuentoID)
	if err != nil {
		return 0
	}
	d, ok := pr.discounts[id]
	if !ok || !pr.active(d) {
		return 0
	}
	return d.Percentage
}

// effectivePercent is the discount a variant sells with: its own or the product's discount,
// whichever is larger. It counts only if above 0 and when it leaves a price below the list price.
func effectivePercent(own, product float64, price money.Cents) float64 {
	pct := max(own, product)
	if pct <= 0 || price <= 0 {
		return 0
	}
	return min(pct, 100)
}

// priced returns p with each variant's effective discount and final price filled in. The variants
// are copied, so the catalogue's own product is left alone.
func (pr pricing) priced(p Product) Product {
	prod := pr.productPercent(&p)
	vs := make([]Variante, len(p.Variantes))
	for i, v := range p.Variantes {
		price := money.MustFromPesos(v.PrecioVenta)
		v.DescuentoEfectivo = effectivePercent(v.Descuento, prod, price)
		v.PrecioFinal = price.Discounted(v.DescuentoEfectivo).Pesos()
		vs[i] = v
	}
	p.Variantes = vs
	return p
}

// discounted reports whether the product's first variant sells with a discount.
func (pr pricing) discounted(p *Product) bool {
	if len(p.Variantes) == 0 {
		return false
	}
	v := p.Variantes[0]
	return effectivePercent(v.Descuento, pr.productPercent(p), money.MustFromPesos(v.PrecioVenta)) > 0
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
