package catalog

import (
	"iter"
	"math/bits"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/search"
)

// The memory's reads by words (the storefront's search, a list's 'titulo'): an index of the
// entries' search texts (pkg/search.Index) gives the products whose name, title, brand or model
// hold every word, as reading every entry would, without reading them; memory.go keeps it up to
// date where it adds, changes and removes entries.

// selection is what a read of the memory keeps: the entries whose search text holds every word of
// words (folded; "" for every entry), and of those the ones keep accepts (nil: all of them).
type selection struct {
	words string
	keep  func(*entry) bool
}

func (s selection) keeps(e *entry) bool { return s.keep == nil || s.keep(e) }

// noWords stands for the index of a memory never filled.
var noWords = search.NewIndex[bson.ObjectID]()

// wordsOf indexes the search texts of entries.
func wordsOf(entries []*entry) *search.Index[bson.ObjectID] {
	ix := search.NewIndex[bson.ObjectID]()
	for _, e := range entries {
		ix.Put(e.p.ID, e.search)
	}
	return ix
}

// indexWords puts e's search text in the index (insertEntry); m.mu must be held.
func (m *memory) indexWords(e *entry) {
	if m.words == nil {
		m.words = search.NewIndex[bson.ObjectID]()
	}
	m.words.Put(e.p.ID, e.search)
}

// unindexWords takes id out of the index; m.mu must be held.
func (m *memory) unindexWords(id bson.ObjectID) {
	if m.words != nil {
		m.words.Remove(id)
	}
}

// searchPage is the page-th page of limit products that s selects, those with stock first, the
// sold-out ones after them, each group in the catalogue's order; and how many it selects in all.
func (m *memory) searchPage(s selection, page, limit int) ([]Product, int) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	from, to := (page-1)*limit, page*limit
	var inStock, soldOut []*entry // the first 'to' of each: no more can be on the page
	n, stocked := 0, 0
	for e := range m.matching(s) {
		n++
		if forSale(&e.p) { // units of its own, or the distributor's
			stocked++
			if len(inStock) < to {
				inStock = append(inStock, e)
			}
		} else if len(soldOut) < to {
			soldOut = append(soldOut, e)
		}
	}
	out := make([]Product, 0, limit)
	for i := from; i < to && i < n; i++ {
		if i < stocked {
			out = append(out, inStock[i].p)
		} else {
			out = append(out, soldOut[i-stocked].p)
		}
	}
	return out, n
}

// matching yields, in the catalogue's order, the entries s selects; m.mu must be held (read).
func (m *memory) matching(s selection) iter.Seq[*entry] {
	return func(yield func(*entry) bool) {
		words := m.words
		if words == nil {
			words = noWords
		}
		ids, filtered := words.Find(s.words)
		if !filtered {
			for _, e := range m.products {
				if s.keeps(e) && !yield(e) {
					return
				}
			}
			return
		}
		// The found entries' places (a binary search each), as bits: read in order, they are the
		// catalogue's order.
		at := make([]uint64, (len(m.products)+63)/64)
		for _, id := range ids {
			if e, ok := m.byID[id]; ok {
				i := m.place(e)
				at[i/64] |= 1 << (i % 64)
			}
		}
		for w, b := range at {
			for b != 0 {
				e := m.products[w*64+bits.TrailingZeros64(b)]
				b &= b - 1
				if s.keeps(e) && !yield(e) {
					return
				}
			}
		}
	}
}
