package search

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func found(ix *Index[int], q string) []int {
	keys, _ := ix.Find(q)
	slices.Sort(keys)
	return keys
}

func TestIndexFindsWordsAndPartsOfWords(t *testing.T) {
	t.Parallel()
	ix := NewIndex[int]()
	ix.Put(1, Fold("Cámara IP bala Hikvision DS-2CD1043G0-I"))
	ix.Put(2, Fold("Cámara domo Dahua HAC-HDW1200"))
	ix.Put(3, Fold("Switch PoE TP-Link TL-SG1008P"))
	for q, want := range map[string][]int{
		"camara":          {1, 2},
		"cam":             {1, 2},
		"ama":             {1, 2},    // inside a word, not only its start
		"c":               {1, 2, 3}, // one byte: "switch" has a c too
		"1043":            {1},
		"ds-2cd1043g0-i":  {1},
		"camara hik":      {1},
		"hik camara":      {1}, // words in any order
		"domo dahua 1200": {2},
		"poe tp-link":     {3},
		"camara poe":      {}, // every word must be found
		"camaras":         {}, // a word longer than any record's
		"dahua-hac":       {}, // no search spans two words
		"zzz":             {}, // a piece nobody has
		"ip":              {1},
		"1":               {1, 2, 3},
	} {
		if got := found(ix, Fold(q)); !slices.Equal(got, want) {
			t.Errorf("Find(%q) = %v, want %v", q, got, want)
		}
	}
	for _, q := range []string{"", "   ", "\t\n"} {
		if keys, filtered := ix.Find(q); filtered || keys != nil {
			t.Errorf("Find(%q) = %v, %v: a query without words filters nothing", q, keys, filtered)
		}
	}
	if keys, filtered := NewIndex[int]().Find("camara"); !filtered || len(keys) != 0 {
		t.Errorf("an empty index found %v, %v", keys, filtered)
	}
}

func TestIndexFollowsChangesAndRemovals(t *testing.T) {
	t.Parallel()
	ix := NewIndex[string]()
	ix.Put("a", "camara domo")
	ix.Put("b", "camara bala")
	ix.Put("a", "router mikrotik") // changed: its old words leave it
	if keys, _ := ix.Find("domo"); len(keys) != 0 {
		t.Errorf("the changed record is still found by its old word: %v", keys)
	}
	if keys, _ := ix.Find("mikro"); !slices.Equal(keys, []string{"a"}) {
		t.Errorf("the changed record is not found by its new word: %v", keys)
	}
	ix.Remove("b")
	ix.Remove("b") // twice, and an unknown one: nothing
	ix.Remove("z")
	if keys, _ := ix.Find("camara"); len(keys) != 0 || ix.Len() != 1 {
		t.Errorf("a removed record is still found: %v (%d records)", keys, ix.Len())
	}
	// Words nobody has any more are forgotten, and numbers are reused without mixing records up.
	ix.Remove("a")
	if len(ix.words) != 0 || len(ix.grams) != 0 {
		t.Errorf("an empty index keeps %d words and %d pieces", len(ix.words), len(ix.grams))
	}
	ix.Put("c", "nvr 16 canales")
	ix.Put("d", "dvr 8 canales")
	if keys, _ := ix.Find("vr"); len(keys) != 2 {
		t.Errorf("after reuse: %v", keys)
	}
	if keys, _ := ix.Find("nvr canal"); !slices.Equal(keys, []string{"c"}) {
		t.Errorf("after reuse: %v", keys)
	}
}

// TestIndexFindsWhatAScanFinds compares the index with strings.Contains over every record, on
// random texts and queries, through random additions, changes and removals.
func TestIndexFindsWhatAScanFinds(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 2))
	vocab := []string{"cámara", "camara", "domo", "bala", "ip", "4mp", "hikvision", "dahua", "ñandú", "nvr", "dvr",
		"ds-2cd1043g0-i", "tl-sg1008p", "poe", "1", "a", "cable", "utp", "cat6", "305m", "panel", "solar", "100w"}
	text := func() string {
		var ws []string
		for range 1 + rnd.IntN(6) {
			w := vocab[rnd.IntN(len(vocab))]
			if rnd.IntN(4) == 0 {
				w += fmt.Sprint(rnd.IntN(50))
			}
			ws = append(ws, w)
		}
		return strings.Join(ws, " ")
	}
	texts := map[int]string{}
	ix := NewIndex[int]()
	for step := range 3000 {
		switch k := rnd.IntN(300); {
		case step%3 != 0 || len(texts) < 20:
			texts[k] = text()
			ix.Put(k, texts[k])
		default:
			delete(texts, k)
			ix.Remove(k)
		}
		if step%50 != 0 {
			continue
		}
		for range 20 {
			w := vocab[rnd.IntN(len(vocab))]
			from := rnd.IntN(len(w))
			q := w[from : from+1+rnd.IntN(len(w)-from)] // any part of a word, bytes of an 'ñ' too
			if rnd.IntN(2) == 0 {
				q += " " + vocab[rnd.IntN(len(vocab))][:1]
			}
			var want []int
			for k, tx := range texts {
				if all(strings.Fields(q), func(w string) bool { return strings.Contains(tx, w) }) {
					want = append(want, k)
				}
			}
			slices.Sort(want)
			if got := found(ix, q); !slices.Equal(got, want) && len(got)+len(want) > 0 {
				t.Fatalf("step %d, Find(%q) = %v, the scan finds %v", step, q, got, want)
			}
		}
	}
	if ix.Len() != len(texts) {
		t.Errorf("the index holds %d records, not %d", ix.Len(), len(texts))
	}
}

func all(ws []string, ok func(string) bool) bool {
	for _, w := range ws {
		if !ok(w) {
			return false
		}
	}
	return true
}
