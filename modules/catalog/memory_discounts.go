package catalog

import (
	"sort"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// The discounts the in-memory catalogue prices with (memory.go).

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

// putDiscount and removeDiscount copy the map: pricing snapshots share the old one. putDiscount
// keeps the version that is there already when it is the same or a later one (two edits answered
// in the other order; a poll reads this replica's own writes too).
func (m *memory) putDiscount(d Discount) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stamp(d.CambiadoEn)
	if cur, ok := m.discounts[d.ID]; ok && cur.Version >= d.Version {
		return
	}
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
	m.dropDiscount(id)
}

// dropDiscount takes a discount out, when it is there; m.mu must be held.
func (m *memory) dropDiscount(id bson.ObjectID) {
	if _, ok := m.discounts[id]; !ok {
		return
	}
	m.gen++
	dm := make(map[bson.ObjectID]Discount, len(m.discounts))
	for k, v := range m.discounts {
		if k != id {
			dm[k] = v
		}
	}
	m.discounts = dm
}
