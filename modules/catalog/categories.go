package catalog

import (
	"slices"
	"strings"
	"sync"
	"time"
)

// Category is one category of the shop's tree, a document of the categorias collection. Its id
// never changes: products name their category by it (Product.Categoria), pages link to
// /busqueda/{id}. Older spellings (a product written before categories were data named its
// category by name; the menus linked to slugs such as video-vigilancia) stay in Alias.
type Category struct {
	ID     string `bson:"_id" json:"id"`
	Nombre string `bson:"nombre" json:"nombre"`
	// Padre is the id of the parent category; empty for a top-level one.
	Padre string `bson:"padre,omitempty" json:"padre"`
	// Orden places the category among its siblings (lower first, then by name).
	Orden int `bson:"orden" json:"orden"`
	// Icono is one of categoryIcons, drawn by the menus.
	Icono string `bson:"icono" json:"icono"`
	// Color is the card's colour, #rrggbb.
	Color string `bson:"color" json:"color"`
	// Tarjeta: the category is a card of the storefront's category strip.
	Tarjeta bool `bson:"tarjeta" json:"tarjeta"`
	// Menu is the category's name in the header menus and the side menu; empty: not there.
	Menu string `bson:"menu,omitempty" json:"menu"`
	// Alias are other ids and names that lead to the category (lower case, without accents).
	Alias     []string  `bson:"alias,omitempty" json:"alias,omitempty"`
	UpdatedAt time.Time `bson:"updatedAt" json:"-"`
	// Clave is the parent's id and the name as compared (categoryKey), unique in the store: two
	// categories of one level never share a name, even when two replicas write them at once.
	Clave string `bson:"clave,omitempty" json:"-"`
}

// categoryKey is c's Clave.
func categoryKey(c Category) string { return c.Padre + "/" + fold(c.Nombre) }

// categoryIcons are the icons the front end draws (frontend/src/components/layout/categoria-icons.ts).
var categoryIcons = []string{"camara", "energia", "audifonos", "router", "dron", "cable", "escudo", "cuadricula",
	"paquete", "etiqueta", "camion", "telefono", "ubicacion", "alerta"}

// categorySet is an immutable snapshot of the categories: a write builds a new one.
type categorySet struct {
	list     []Category // depth-first, each level by Orden then Nombre
	byID     map[string]int
	byKey    map[string]string // fold(id) -> id
	byName   map[string]string // fold(nombre) -> id, for names held by one category only
	byAlias  map[string]string // alias -> id
	children map[string][]string
	// spelled caches what categoryOf found for a spelling that is not an id (products written
	// before categories were data name theirs by name), so a filter folds each spelling once.
	spelled sync.Map
}

func newCategorySet(cs []Category) *categorySet {
	set := &categorySet{byID: map[string]int{}, byKey: map[string]string{}, byName: map[string]string{}, byAlias: map[string]string{}, children: map[string][]string{}}
	known := map[string]bool{}
	for _, c := range cs {
		known[c.ID] = true
	}
	sorted := slices.Clone(cs)
	slices.SortFunc(sorted, func(a, b Category) int {
		if a.Orden != b.Orden {
			return a.Orden - b.Orden
		}
		return strings.Compare(fold(a.Nombre), fold(b.Nombre))
	})
	byParent := map[string][]Category{}
	for _, c := range sorted {
		p := c.Padre
		if !known[p] {
			p = "" // a lost parent makes it top-level rather than invisible
		}
		byParent[p] = append(byParent[p], c)
	}
	var walk func(parent string)
	walk = func(parent string) {
		for _, c := range byParent[parent] {
			if _, seen := set.byID[c.ID]; seen {
				continue
			}
			set.byID[c.ID] = len(set.list)
			set.list = append(set.list, c)
			set.children[parent] = append(set.children[parent], c.ID)
			walk(c.ID)
		}
	}
	walk("")
	names := map[string]int{}
	for _, c := range set.list {
		names[fold(c.Nombre)]++
	}
	for _, c := range set.list {
		set.byKey[fold(c.ID)] = c.ID
		if n := fold(c.Nombre); names[n] == 1 {
			set.byName[n] = c.ID
		}
	}
	for _, c := range set.list {
		for _, a := range c.Alias {
			if _, taken := set.byAlias[a]; !taken {
				set.byAlias[a] = c.ID
			}
		}
	}
	return set
}

// resolve returns the category that s names, ignoring case and accents: its id, else a name no
// other category has, else an alias (an earlier name or link). It is the one check of a
// product's category.
func (set *categorySet) resolve(s string) (Category, bool) {
	if i, ok := set.byID[s]; ok {
		return set.list[i], true
	}
	k := fold(strings.TrimSpace(s))
	id, ok := set.byKey[k]
	if !ok {
		id, ok = set.byName[k]
	}
	if !ok {
		id, ok = set.byAlias[k]
	}
	if !ok {
		return Category{}, false
	}
	return set.list[set.byID[id]], true
}

// get returns the category with that id.
func (set *categorySet) get(id string) (Category, bool) {
	i, ok := set.byID[id]
	if !ok {
		return Category{}, false
	}
	return set.list[i], true
}

// subtree returns the ids of c and of every category under it.
func (set *categorySet) subtree(id string) map[string]bool {
	out := map[string]bool{id: true}
	var walk func(string)
	walk = func(p string) {
		for _, ch := range set.children[p] {
			out[ch] = true
			walk(ch)
		}
	}
	walk(id)
	return out
}

// root returns the top-level category above id (id's own when it is top-level).
func (set *categorySet) root(id string) Category {
	c := set.list[set.byID[id]]
	for i := 0; c.Padre != "" && i < len(set.list); i++ {
		p, ok := set.get(c.Padre)
		if !ok {
			break
		}
		c = p
	}
	return c
}

// categoryOf returns the id of the category a product's categoria names; "" when none.
func (set *categorySet) categoryOf(categoria string) string {
	if _, ok := set.byID[categoria]; ok {
		return categoria
	}
	if id, ok := set.spelled.Load(categoria); ok {
		return id.(string)
	}
	c, _ := set.resolve(categoria)
	set.spelled.Store(categoria, c.ID)
	return c.ID
}

// matcher returns a predicate for a categoria filter naming a category (as resolve takes it): a
// product matches when its category is that one or one under it, or when it lists one of those
// among its supplier category ids. An unknown filter matches nothing.
func (set *categorySet) matcher(filter string) func(Product) bool {
	c, ok := set.resolve(filter)
	if !ok {
		return func(Product) bool { return false }
	}
	in := set.subtree(c.ID)
	return func(p Product) bool {
		if in[set.categoryOf(p.Categoria)] {
			return true
		}
		for _, id := range p.Categorias {
			if in[id] {
				return true
			}
		}
		return false
	}
}

// uses counts the products in each category (their own, not the ones under it), by id; a
// product listing a supplier category id counts for that category too.
func (set *categorySet) uses(each func(func(*Product))) map[string]int {
	out := map[string]int{}
	each(func(p *Product) {
		own := set.categoryOf(p.Categoria)
		if own != "" {
			out[own]++
		}
		for _, id := range p.Categorias {
			if _, ok := set.byID[id]; ok && id != own {
				out[id]++
			}
		}
	})
	return out
}

// productCategory returns the top-level category a product is listed under, for its breadcrumb.
func (set *categorySet) productCategory(p Product) (Category, bool) {
	if id := set.categoryOf(p.Categoria); id != "" {
		return set.root(id), true
	}
	for _, id := range p.Categorias {
		if _, ok := set.byID[id]; ok {
			return set.root(id), true
		}
	}
	return Category{}, false
}
