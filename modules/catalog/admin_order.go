package catalog

import (
	"cmp"
	"slices"
	"strings"
)

// adminOrder is a sort of the staff's product list (GET admin/productos?orden): by a key of each
// product, a text or a number, ascending or not; ties keep the catalogue's order.
type adminOrder struct {
	name string // its value of orden
	text func(p *Product) string
	num  func(p *Product) int64
	desc bool
}

// adminOrders are the sorts of the staff's product list, besides the catalogue's own order
// (favourites, then the newest).
var adminOrders = []adminOrder{
	{name: "nombre", text: func(p *Product) string { return fold(p.Nombre) }},
	{name: "stock", num: func(p *Product) int64 { return int64(p.Stock) }},
	{name: "-stock", num: func(p *Product) int64 { return int64(p.Stock) }, desc: true},
	{name: "-updatedAt", num: func(p *Product) int64 { return p.UpdatedAt.UnixNano() }, desc: true},
}

// adminOrderNamed is the sort of adminOrders named name; false for any other (the catalogue's order).
func adminOrderNamed(name string) (adminOrder, bool) {
	i := slices.IndexFunc(adminOrders, func(o adminOrder) bool { return o.name == name })
	if i < 0 {
		return adminOrder{}, false
	}
	return adminOrders[i], true
}

// sortedPage is the page-th page of limit products that s selects in the order o, and how many
// it selects in all.
func (m *memory) sortedPage(s selection, o adminOrder, page, limit int) ([]Product, int) {
	type keyed struct {
		e    *entry
		text string
		num  int64
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	var kept []keyed
	for e := range m.matching(s) {
		k := keyed{e: e}
		if o.text != nil {
			k.text = o.text(&e.p)
		} else {
			k.num = o.num(&e.p)
		}
		kept = append(kept, k)
	}
	slices.SortStableFunc(kept, func(a, b keyed) int {
		c := cmp.Or(strings.Compare(a.text, b.text), cmp.Compare(a.num, b.num))
		if o.desc {
			return -c
		}
		return c
	})
	out := make([]Product, 0, limit)
	for i := (page - 1) * limit; i < len(kept) && i < page*limit; i++ {
		out = append(out, kept[i].e.p)
	}
	return out, len(kept)
}
