package catalog

import (
	"sort"
	"strings"
	"sync"
	"unicode"

	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// memory is the in-memory catalogue that answers the storefront's reads (DESIGN.md §2).
type memory struct {
	mu       sync.RWMutex
	products []entry // in display order
	byID     map[bson.ObjectID]int
}

type entry struct {
	p      Product
	search string // folded nombre, titulo, marca, modelo
}

func (m *memory) replace(ps []Product) {
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Favorito != ps[j].Favorito {
			return ps[i].Favorito
		}
		if !ps[i].CreatedAt.Equal(ps[j].CreatedAt) {
			return ps[i].CreatedAt.After(ps[j].CreatedAt)
		}
		return ps[i].ID.Hex() < ps[j].ID.Hex()
	})
	entries := make([]entry, len(ps))
	byID := make(map[bson.ObjectID]int, len(ps))
	for i, p := range ps {
		entries[i] = entry{p: p, search: fold(strings.Join([]string{p.Nombre, p.Titulo, p.Marca, p.Modelo}, " "))}
		byID[p.ID] = i
	}
	m.mu.Lock()
	m.products, m.byID = entries, byID
	m.mu.Unlock()
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

// fold lower-cases s and strips accents, for accent-insensitive search.
func fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	return strings.ToLower(out)
}
