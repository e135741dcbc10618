package catalog

import (
	"testing"

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
	m.setStock(Product{ID: id, Revision: 2, Stock: 4, Variantes: []Variante{{ID: p.Variantes[0].ID, Stock: 4}}})
	if got, _ := m.get(id); got.Revision != 3 || got.Stock != 3 || got.Variantes[0].Stock != 3 || got.Nombre != "A" {
		t.Fatalf("memory %+v", got)
	}
	m.setStock(Product{ID: id, Revision: 4, Stock: 2, TotalExistencia: 2, Variantes: []Variante{{ID: p.Variantes[0].ID, Stock: 2}}})
	if got, _ := m.get(id); got.Revision != 4 || got.Stock != 2 || got.Variantes[0].Stock != 2 {
		t.Fatalf("memory after a poll %+v", got)
	}
	m.remove(id)
	m.update(newer) // a write that raced the deletion does not bring it back
	if _, ok := m.get(id); ok {
		t.Fatal("a deleted product came back")
	}
}
