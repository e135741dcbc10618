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
)

// memory is the in-memory catalogue that answers the storefront's reads (DESIGN.md §2). Entries
// are never changed in place: an update swaps in a new Product (with new slices), so a reader
// holding an older copy is never raced.
type memory struct {
	mu        sync.RWMutex
	gen       uint64  // grows with every change (answers.go caches by it)
	products  []entry // in display order
	byID      map[bson.ObjectID]int
	discounts map[bson.ObjectID]Discount
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
	for i, p := range ps {
		entries[i] = newEntry(p)
	}
	dm := make(map[bson.ObjectID]Discount, len(ds))
	for _, d := range ds {
		dm[d.ID] = d
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	m.setEntries(entries)
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

// upsert puts p in the catalogue unless the catalogue already holds a newer version of it.
func (m *memory) upsert(p Product) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen++
	if i, ok := m.byID[p.ID]; ok {
		old := m.products[i].p
		if old.Version > p.Version {
			return
		}
		if old.StockVersion > p.StockVersion { // a sale wrote after p's stock was read
			p = withStock(p, stockDoc{Variantes: unitsOf(old), Version: old.StockVersion})
		}
		if old.Favorito == p.Favorito && old.CreatedAt.Equal(p.CreatedAt) {
			// Same place in the order: swap the entry alone (the sale path comes here).
			entries := slices.Clone(m.products)
			entries[i] = newEntry(p)
			m.products = entries
			return
		}
		entries := slices.Clone(m.products)
		entries[i] = newEntry(p)
		m.setEntries(entries)
		return
	}
	entries := make([]entry, len(m.products), len(m.products)+1)
	copy(entries, m.products)
	m.setEntries(append(entries, newEntry(p)))
}

// setStock puts a stock document's units on its product, unless the memory holds newer ones.
func (m *memory) setStock(d stockDoc) {
	m.mu.Lock()
	defer m.mu.Unlock()
	i, ok := m.byID[d.ID]
	if !ok || m.products[i].p.StockVersion >= d.Version {
		return
	}
	m.gen++
	// In place: readers copy products out under the read lock, and withStock makes new slices.
	m.products[i].p = withStock(m.products[i].p, d)
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

// all returns every product in display order.
func (m *memory) all() []Product {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out := make([]Product, len(m.products))
	for i := range m.products {
		out[i] = m.products[i].p
	}
	return out
}

// usesImage reports whether a product other than except shows the image url.
func (m *memory) usesImage(url string, except bson.ObjectID) bool {
	m.mu.RLock()
	defer m.mu.RUnlock()
	for i := range m.products {
		p := &m.products[i].p
		if p.ID != except && (p.Imagen == url || p.ImgPortada == url) {
			return true
		}
	}
	return false
}

// page returns one page of the products that pass keep, and whether more follow.
func (m *memory) page(keep func(entry) bool, page, limit int) ([]Product, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	skip := (page - 1) * limit
	out := make([]Product, 0, limit)
	for _, e := range m.products {
		if !keep(e) {
			continue
		}
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

// count returns how many products pass keep.
func (m *memory) count(keep func(entry) bool) int {
	m.mu.RLock()
	defer m.mu.RUnlock()
	n := 0
	for _, e := range m.products {
		if keep(e) {
			n++
		}
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

// shopTZ is the shop's clock for discount expiry: central Mexico, UTC-6 all year since 2022.
var shopTZ = time.FixedZone("America/Mexico_City", -6*60*60)

// pricing prices products at one moment with one set of discounts.
type pricing struct {
	discounts map[bson.ObjectID]Discount
	today     string // AAAA-MM-DD in the shop's time zone
}

func (m *memory) pricing(now time.Time) pricing {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return pricing{discounts: m.discounts, today: now.In(shopTZ).Format(time.DateOnly)}
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
