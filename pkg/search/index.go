package search

import (
	"math/bits"
	"slices"
	"strings"
)

// Index finds the records whose text holds every word of a query, as strings.Contains would find
// each word in the text, without reading every record. A record's text and a query are split into
// words at spaces (strings.Fields); a query word is found in a record when it is part of one of the
// record's words ("1043" is in "ds-2cd1043g0-i"). Texts and queries are compared byte for byte:
// the caller folds both the same way first.
//
// Each distinct word of the records is kept once, with the records that have it; every piece of 1
// to 3 bytes of a word points to the words that hold it. A query word of up to 3 bytes is one such
// piece; a longer one is looked for only in the words that hold its rarest 3-byte piece.
//
// Like a map, an Index may be read by many goroutines at once, but must not be read while it is
// written.
type Index[K comparable] struct {
	docs     map[K]uint32      // record -> its number
	keys     []K               // number -> record
	docWords [][]uint32        // number -> its words' numbers; nil for a free number
	freeDocs []uint32          //
	words    map[string]uint32 // word -> its number
	text     []string          // number -> word
	postings [][]uint32        // number of a word -> the numbers of its records, sorted
	freeWord []uint32          //
	grams    map[string][]uint32
}

// NewIndex returns an empty index.
func NewIndex[K comparable]() *Index[K] {
	return &Index[K]{docs: map[K]uint32{}, words: map[string]uint32{}, grams: map[string][]uint32{}}
}

// Len is how many records the index holds.
func (ix *Index[K]) Len() int { return len(ix.docs) }

// Put sets the text of a record, in place of the one it had.
func (ix *Index[K]) Put(key K, text string) {
	ix.Remove(key)
	var d uint32
	if n := len(ix.freeDocs); n > 0 {
		d, ix.freeDocs = ix.freeDocs[n-1], ix.freeDocs[:n-1]
		ix.keys[d] = key
	} else {
		d = uint32(len(ix.keys)) //nolint:gosec // G115: a catalogue has far fewer than 2³² records
		ix.keys = append(ix.keys, key)
		ix.docWords = append(ix.docWords, nil)
	}
	ix.docs[key] = d
	ws := []uint32{}
	for _, w := range strings.Fields(text) {
		id := ix.word(w)
		if slices.Contains(ws, id) {
			continue
		}
		ws = append(ws, id)
		ix.postings[id] = insertSorted(ix.postings[id], d)
	}
	ix.docWords[d] = ws
}

// Remove takes a record out of the index (nothing when it is not in it).
func (ix *Index[K]) Remove(key K) {
	d, ok := ix.docs[key]
	if !ok {
		return
	}
	delete(ix.docs, key)
	for _, id := range ix.docWords[d] {
		ix.postings[id] = deleteSorted(ix.postings[id], d)
		if len(ix.postings[id]) == 0 {
			ix.dropWord(id)
		}
	}
	var zero K
	ix.keys[d], ix.docWords[d] = zero, nil
	ix.freeDocs = append(ix.freeDocs, d)
}

// word returns the number of w, adding it (and its pieces) when new.
func (ix *Index[K]) word(w string) uint32 {
	if id, ok := ix.words[w]; ok {
		return id
	}
	var id uint32
	if n := len(ix.freeWord); n > 0 {
		id, ix.freeWord = ix.freeWord[n-1], ix.freeWord[:n-1]
		ix.text[id] = w
	} else {
		id = uint32(len(ix.text)) //nolint:gosec // G115: and fewer words
		ix.text = append(ix.text, w)
		ix.postings = append(ix.postings, nil)
	}
	ix.words[w] = id
	for _, g := range pieces(w) {
		ix.grams[g] = insertSorted(ix.grams[g], id)
	}
	return id
}

func (ix *Index[K]) dropWord(id uint32) {
	w := ix.text[id]
	for _, g := range pieces(w) {
		if l := deleteSorted(ix.grams[g], id); len(l) > 0 {
			ix.grams[g] = l
		} else {
			delete(ix.grams, g)
		}
	}
	delete(ix.words, w)
	ix.text[id], ix.postings[id] = "", nil
	ix.freeWord = append(ix.freeWord, id)
}

// pieces are the distinct substrings of 1 to 3 bytes of w.
func pieces(w string) []string {
	var out []string
	for n := 1; n <= 3; n++ {
		for i := 0; i+n <= len(w); i++ {
			if g := w[i : i+n]; !slices.Contains(out, g) {
				out = append(out, g)
			}
		}
	}
	return out
}

// Find returns the records whose text holds every word of query, in no particular order; filtered
// is false when the query has no word, and then every record matches (and none is returned).
func (ix *Index[K]) Find(query string) (keys []K, filtered bool) {
	qs := strings.Fields(query)
	if len(qs) == 0 {
		return nil, false
	}
	var found []uint64 // a bit per record number
	for _, q := range qs {
		set := make([]uint64, (len(ix.keys)+63)/64)
		for _, id := range ix.holding(q) {
			for _, d := range ix.postings[id] {
				set[d/64] |= 1 << (d % 64)
			}
		}
		if found == nil {
			found = set
			continue
		}
		hit := false
		for i := range found {
			found[i] &= set[i]
			hit = hit || found[i] != 0
		}
		if !hit {
			return []K{}, true
		}
	}
	keys = []K{}
	for i, b := range found {
		for b != 0 {
			keys = append(keys, ix.keys[i*64+bits.TrailingZeros64(b)])
			b &= b - 1
		}
	}
	return keys, true
}

// holding returns the numbers of the words that hold q.
func (ix *Index[K]) holding(q string) []uint32 {
	if len(q) <= 3 {
		return ix.grams[q]
	}
	rarest := ix.grams[q[:3]]
	for i := 1; i+3 <= len(q) && len(rarest) > 0; i++ {
		if l := ix.grams[q[i:i+3]]; len(l) < len(rarest) {
			rarest = l
		}
	}
	var out []uint32
	for _, id := range rarest {
		if strings.Contains(ix.text[id], q) {
			out = append(out, id)
		}
	}
	return out
}

func insertSorted(l []uint32, v uint32) []uint32 {
	if i, ok := slices.BinarySearch(l, v); !ok {
		return slices.Insert(l, i, v)
	}
	return l
}

func deleteSorted(l []uint32, v uint32) []uint32 {
	if i, ok := slices.BinarySearch(l, v); ok {
		return slices.Delete(l, i, i+1)
	}
	return l
}
