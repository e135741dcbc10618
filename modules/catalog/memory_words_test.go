package catalog

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// scanned is what the memory's reads found before the index: every entry in order whose search
// text holds each word of q.
func scanned(m *memory, q string) []bson.ObjectID {
	m.mu.RLock()
	defer m.mu.RUnlock()
	out := []bson.ObjectID{}
	for _, e := range m.products {
		ok := true
		for _, w := range strings.Fields(q) {
			ok = ok && strings.Contains(e.search, w)
		}
		if ok {
			out = append(out, e.p.ID)
		}
	}
	return out
}

func ids(ps []Product) []bson.ObjectID {
	out := []bson.ObjectID{}
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return out
}

// The index finds what reading every entry found, in the same order, on a seeded catalogue and
// after products are added, renamed, moved in the order (favourite) and removed.
func TestTheWordIndexFindsWhatTheScanFound(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(3, 4))
	kinds := []string{"Cámara IP bala", "Cámara domo", "DVR", "NVR", "Router", "Switch PoE", "Radio portátil", "Panel solar", "Cable UTP", "Dron", "Batería"}
	brands := []string{"Hikvision", "Dahua", "Epcom", "Ubiquiti", "TP-Link", "MikroTik", "ZKTeco", "Ñandú", ""}
	now := time.Now()
	product := func(i int) Product {
		k := kinds[rnd.IntN(len(kinds))]
		return Product{ID: bson.NewObjectID(), Nombre: fmt.Sprintf("%s %d", k, i), Titulo: k + " " + brands[rnd.IntN(len(brands))],
			Marca: brands[rnd.IntN(len(brands))], Modelo: fmt.Sprintf("DS-%dCD%04d", rnd.IntN(9), rnd.IntN(3000)),
			Favorito: rnd.IntN(20) == 0, CreatedAt: now.Add(-time.Duration(rnd.IntN(1000)) * time.Minute), Stock: rnd.IntN(3)}
	}
	var seeded []Product
	for i := range 2000 {
		seeded = append(seeded, product(i))
	}
	m := &memory{}
	m.replace(seeded, nil)
	queries := []string{"camara", "CÁMARA", "cam ip", "domo hik", "ds-", "cd00", "1", "nvr", "poe switch", "ñandu", "nandu",
		"bateria", "batería", "panel solar", "zzz", "router mikrotik", "a b", "12", "tp-link", "-link", "  ", ""}
	check := func(when string) {
		t.Helper()
		for _, q := range queries {
			want := scanned(m, fold(q))
			total := m.count(selection{words: fold(q)})
			all, more := m.page(selection{words: fold(q)}, 1, 5000)
			if got := ids(all); !slices.Equal(got, want) || more || total != len(want) {
				t.Fatalf("%s, %q: the index found %d (count %d), the scan %d", when, q, len(got), total, len(want))
			}
			var byStock []bson.ObjectID
			for _, id := range want {
				if p, _ := m.get(id); p.Stock > 0 {
					byStock = append(byStock, id)
				}
			}
			for _, id := range want {
				if p, _ := m.get(id); p.Stock <= 0 {
					byStock = append(byStock, id)
				}
			}
			for _, page := range []int{1, 2, 50} {
				found, n := m.searchPage(selection{words: fold(q)}, page, 7)
				if want := byStock[min((page-1)*7, len(byStock)):min(page*7, len(byStock))]; n != len(byStock) || !slices.Equal(ids(found), want) {
					t.Fatalf("%s, %q: the search's page %d differs", when, q, page)
				}
			}
		}
	}
	check("seeded")
	if len(scanned(m, "camara")) == 0 || len(scanned(m, "camara")) == len(seeded) {
		t.Fatal("the seeded catalogue does not test a search")
	}
	for i := range 600 {
		p, ok := m.get(seeded[rnd.IntN(len(seeded))].ID)
		if !ok {
			p = seeded[0] // removed: its changes are left out, as the memory leaves them
		}
		switch i % 4 {
		case 0:
			m.add(product(5000 + i))
		case 1: // renamed
			p = cloneProduct(p)
			p.Nombre, p.Marca, p.Revision = kinds[rnd.IntN(len(kinds))]+" renombrado", brands[rnd.IntN(len(brands))], p.Revision+1
			m.update(p)
		case 2: // moved in the order, same words
			p = cloneProduct(p)
			p.Favorito, p.Revision = !p.Favorito, p.Revision+1
			m.update(p)
		case 3:
			m.remove(p.ID)
		}
		if i%150 == 0 {
			check(fmt.Sprintf("after %d changes", i))
		}
	}
	check("after the changes")
}
