package catalog

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// The memory never takes a copy older than the one it holds.
func TestTheMemoryNeverGoesBack(t *testing.T) {
	t.Parallel()
	m := &memory{}
	id := bson.NewObjectID()
	p := Product{ID: id, Nombre: "A", Revision: 1, Stock: 5, Variantes: []Variante{{ID: bson.NewObjectID(), Stock: 5}}}
	m.add(p)
	newer := cloneProduct(p)
	newer.Revision, newer.Stock, newer.Variantes[0].Stock = 3, 3, 3
	m.update(newer)
	older := cloneProduct(p)
	older.Revision, older.Nombre = 2, "B"
	m.update(older)
	polled := cloneProduct(p) // a poll's copy older than the one held
	polled.Revision, polled.Stock, polled.Variantes[0].Stock = 2, 4, 4
	m.update(polled)
	if got, _ := m.get(id); got.Revision != 3 || got.Stock != 3 || got.Variantes[0].Stock != 3 || got.Nombre != "A" {
		t.Fatalf("memory %+v", got)
	}
	polled = cloneProduct(newer)
	polled.Revision, polled.Stock, polled.Variantes[0].Stock = 4, 2, 2
	m.update(polled)
	if got, _ := m.get(id); got.Revision != 4 || got.Stock != 2 || got.Variantes[0].Stock != 2 {
		t.Fatalf("memory after a poll %+v", got)
	}
	m.remove(id)
	m.update(newer) // a write that raced the deletion does not bring it back
	if _, ok := m.get(id); ok {
		t.Fatal("a deleted product came back")
	}
}

// Entries put in, moved and taken out one at a time keep the display order a full sort gives.
func TestTheMemoryKeepsItsOrderWriteByWrite(t *testing.T) {
	t.Parallel()
	m := &memory{}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var ids []bson.ObjectID
	for i := range 300 {
		p := Product{ID: bson.NewObjectID(), Nombre: fmt.Sprint("P", i), Revision: 1, Favorito: i%7 == 0,
			CreatedAt: base.Add(time.Duration(i%40) * time.Hour)} // ties on the date: the id decides
		ids = append(ids, p.ID)
		m.add(p)
		switch i % 5 {
		case 1: // moved: another date, a favourite now, a new name
			q, _ := m.get(ids[i/2])
			q.Revision++
			q.CreatedAt, q.Favorito, q.Nombre = q.CreatedAt.Add(-3*time.Hour), !q.Favorito, q.Nombre+" bis"
			m.update(q)
		case 3:
			m.remove(ids[i/3])
		}
	}
	sorted := slices.Clone(m.products)
	slices.SortFunc(sorted, func(a, b *entry) int {
		switch {
		case less(&a.p, &b.p):
			return -1
		case less(&b.p, &a.p):
			return 1
		}
		return 0
	})
	if !slices.Equal(sorted, m.products) {
		t.Fatal("the memory's order is not the display order")
	}
	if len(m.byID) != len(m.products) {
		t.Fatalf("%d by id, %d in order", len(m.byID), len(m.products))
	}
	for _, e := range m.products {
		if m.byID[e.p.ID] != e || e.search != searchText(&e.p) {
			t.Fatalf("entry %s out of step", e.p.Nombre)
		}
	}
}
