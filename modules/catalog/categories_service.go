package catalog

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

// categories holds the category tree in memory, as an immutable snapshot swapped on each change,
// so reads cost a pointer load. Writes of this replica run one at a time.
type categories struct {
	set   atomic.Pointer[categorySet]
	gen   atomic.Uint64 // grows with every swap (the storefront's response cache keys by it)
	write sync.Mutex
}

// current returns the categories' snapshot (empty before the first load).
func (c *categories) current() *categorySet {
	if s := c.set.Load(); s != nil {
		return s
	}
	return newCategorySet(nil)
}

func (c *categories) replace(cs []Category) {
	c.set.Store(newCategorySet(cs))
	c.gen.Add(1)
}

// generation tells whether the categories changed since an earlier call.
func (c *categories) generation() uint64 { return c.gen.Load() }

// loadCategories reads the category tree into memory.
func (s *Service) loadCategories(ctx context.Context) error {
	cs, err := s.store.allCategories(ctx)
	if err != nil {
		return err
	}
	s.categories.replace(cs)
	return nil
}

// Categories returns the category tree, depth-first, each level in its order.
func (s *Service) Categories() []Category { return s.categories.current().list }

// CategoryUse is a category with the number of products in it, for staff.
type CategoryUse struct {
	Category
	Productos int `json:"productos"`
}

// CategoriesInUse returns the category tree with the products each one holds.
func (s *Service) CategoriesInUse() []CategoryUse {
	set := s.categories.current()
	uses := set.uses(s.memory.each)
	out := make([]CategoryUse, len(set.list))
	for i, c := range set.list {
		out[i] = CategoryUse{Category: c, Productos: uses[c.ID]}
	}
	return out
}

// SupplierCategory returns the category a product of the distributor's top category goes to:
// the first category under the one with that id, that one, or 'Otros'; "" when none exists.
func (s *Service) SupplierCategory(top string) string {
	set := s.categories.current()
	if ch := set.children[top]; len(ch) > 0 {
		return ch[0]
	}
	if _, ok := set.get(top); ok {
		return top
	}
	c, _ := set.resolve("otros")
	return c.ID
}

// CategoryInput is what staff send to create or edit a category; an edit changes the fields sent.
type CategoryInput struct {
	Nombre  *string `json:"nombre"`
	Padre   *string `json:"padre"`
	Icono   *string `json:"icono"`
	Color   *string `json:"color"`
	Tarjeta *bool   `json:"tarjeta"`
	Menu    *string `json:"menu"`
}

const (
	maxCategoryName = 60
	maxMenuName     = 30
	maxCategories   = 500
)

var colourPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

var (
	errCategoryNotFound  = apperr.New(apperr.NotFound, "Categoría no encontrada.")
	errTooManyCategories = apperr.New(apperr.Conflict, fmt.Sprintf("La tienda ya tiene %d categorías, el máximo.", maxCategories))
)

// apply writes the input over c and checks the result against the other categories of set.
func (in CategoryInput) apply(c *Category, set *categorySet) error {
	f := apperr.Fields{}
	if in.Nombre != nil {
		c.Nombre = strings.Join(strings.Fields(*in.Nombre), " ")
	}
	if in.Padre != nil {
		c.Padre = strings.TrimSpace(*in.Padre)
	}
	if in.Icono != nil {
		c.Icono = strings.TrimSpace(*in.Icono)
	}
	if in.Color != nil {
		c.Color = strings.ToLower(strings.TrimSpace(*in.Color))
	}
	if in.Tarjeta != nil {
		c.Tarjeta = *in.Tarjeta
	}
	if in.Menu != nil {
		c.Menu = strings.Join(strings.Fields(*in.Menu), " ")
	}
	switch n := utf8.RuneCountInString(c.Nombre); {
	case n == 0:
		f.Add("nombre", apperr.MsgRequired)
	case n < 2 || n > maxCategoryName:
		f.Add("nombre", fmt.Sprintf("Debe tener entre 2 y %d caracteres.", maxCategoryName))
	case !printable(c.Nombre):
		f.Add("nombre", "Tiene caracteres que no se pueden mostrar.")
	}
	if c.Padre != "" {
		if _, ok := set.get(c.Padre); !ok {
			f.Add("padre", "Elige una categoría de la lista.")
		} else if c.ID != "" && set.subtree(c.ID)[c.Padre] {
			f.Add("padre", "Una categoría no puede quedar dentro de sí misma ni de una de sus subcategorías.")
		}
	}
	if _, ok := f["nombre"]; !ok {
		for _, sib := range set.children[c.Padre] {
			if other, _ := set.get(sib); sib != c.ID && fold(other.Nombre) == fold(c.Nombre) {
				f.Add("nombre", "Ya hay una categoría con este nombre en el mismo nivel.")
			}
		}
	}
	if !slices.Contains(categoryIcons, c.Icono) {
		f.Add("icono", "Elige uno de los iconos de la lista.")
	}
	if !colourPattern.MatchString(c.Color) {
		f.Add("color", "Debe ser un color como #1f5a96.")
	}
	if utf8.RuneCountInString(c.Menu) > maxMenuName {
		f.Add("menu", apperr.MsgMaxChars(maxMenuName))
	} else if !printable(c.Menu) {
		f.Add("menu", "Tiene caracteres que no se pueden mostrar.")
	}
	return f.Err()
}

// CreateCategory adds a category at the end of its level. Its id is made from its name.
func (s *Service) CreateCategory(ctx context.Context, in CategoryInput) (Category, error) {
	s.categories.write.Lock()
	defer s.categories.write.Unlock()
	set := s.categories.current()
	if len(set.list) >= maxCategories {
		return Category{}, errTooManyCategories
	}
	c := Category{Icono: "cuadricula", Color: "#123a66"}
	if err := in.apply(&c, set); err != nil {
		return Category{}, err
	}
	for _, sib := range set.children[c.Padre] {
		if o, _ := set.get(sib); o.Orden >= c.Orden {
			c.Orden = o.Orden + 1
		}
	}
	c.UpdatedAt = s.now().UTC()
	base := slugify(c.Nombre)
	for i := 1; ; i++ {
		c.ID = base
		if i > 1 {
			c.ID = fmt.Sprintf("%s-%d", base, i)
		}
		if _, taken := set.get(c.ID); taken {
			continue
		}
		err := s.store.insertCategory(ctx, c)
		if mongox.IsDuplicate(err) && i < 100 { // another replica took the id meanwhile
			continue
		}
		if errors.Is(err, errCategoryNameTaken) {
			return Category{}, err
		}
		if err != nil {
			return Category{}, fmt.Errorf("catalog: insert category: %w", err)
		}
		break
	}
	return c, s.categoriesChanged(ctx)
}

// UpdateCategory changes a category's name, parent, icon, colour, card or menu name. A new name
// keeps the old one as an alias, so what named the category before still finds it.
func (s *Service) UpdateCategory(ctx context.Context, id string, in CategoryInput) (Category, error) {
	s.categories.write.Lock()
	defer s.categories.write.Unlock()
	set := s.categories.current()
	cur, ok := set.get(id)
	if !ok {
		return Category{}, errCategoryNotFound
	}
	c := cur
	c.Alias = slices.Clone(cur.Alias)
	if err := in.apply(&c, set); err != nil {
		return Category{}, err
	}
	if old := fold(cur.Nombre); fold(c.Nombre) != old && !slices.Contains(c.Alias, old) {
		c.Alias = append(c.Alias, old)
	}
	if c.Padre != cur.Padre { // at the end of its new level
		c.Orden = 0
		for _, sib := range set.children[c.Padre] {
			if o, _ := set.get(sib); o.Orden >= c.Orden {
				c.Orden = o.Orden + 1
			}
		}
	}
	c.UpdatedAt = s.now().UTC()
	found, err := s.store.replaceCategory(ctx, c)
	if err != nil {
		return Category{}, err
	}
	if !found {
		return Category{}, errCategoryNotFound
	}
	return c, s.categoriesChanged(ctx)
}

// OrderCategories puts the categories of one level in the order given.
func (s *Service) OrderCategories(ctx context.Context, ids []string) error {
	s.categories.write.Lock()
	defer s.categories.write.Unlock()
	set := s.categories.current()
	if len(ids) == 0 {
		return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"ids": apperr.MsgRequired})
	}
	seen := map[string]bool{}
	var parent string
	for i, id := range ids {
		c, ok := set.get(id)
		switch {
		case !ok:
			return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"ids": "Hay una categoría que no existe."})
		case seen[id]:
			return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"ids": "Hay una categoría repetida."})
		case i > 0 && c.Padre != parent:
			return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"ids": "Las categorías deben ser del mismo nivel."})
		}
		seen[id], parent = true, c.Padre
	}
	if err := s.store.setCategoryOrder(ctx, ids, s.now().UTC()); err != nil {
		return err
	}
	return s.categoriesChanged(ctx)
}

// DeleteCategory removes a category no product uses and with none under it.
func (s *Service) DeleteCategory(ctx context.Context, id string) error {
	s.categories.write.Lock()
	defer s.categories.write.Unlock()
	set := s.categories.current()
	if _, ok := set.get(id); !ok {
		return errCategoryNotFound
	}
	if n := len(set.children[id]); n > 0 {
		return apperr.New(apperr.Conflict, fmt.Sprintf("No se puede eliminar: tiene %s. Muévelas o elimínalas primero.", plural(n, "subcategoría", "subcategorías")))
	}
	if n := set.uses(s.memory.each)[id]; n > 0 {
		return apperr.New(apperr.Conflict, fmt.Sprintf("No se puede eliminar: la usan %s. Cámbialos de categoría primero.", plural(n, "producto", "productos")))
	}
	found, err := s.store.deleteCategory(ctx, id)
	if err != nil {
		return err
	}
	if !found {
		return errCategoryNotFound
	}
	return s.categoriesChanged(ctx)
}

// categoriesChanged reads the tree again and tells the other replicas, raising the tree's version
// (refreshCategories). When the new version is the next one, this replica holds every change
// already; otherwise another replica wrote meanwhile, and the next poll reads the tree again.
// s.categories.write must be held.
func (s *Service) categoriesChanged(ctx context.Context) error {
	ctx = context.WithoutCancel(ctx)
	err := s.loadCategories(ctx)
	v, verr := s.store.bumpCategoriesVersion(ctx)
	if verr != nil {
		s.log.Warn().Err(verr).Msg("categories' version not raised; other replicas see this change at their next full reload")
		return err
	}
	s.categoriesVersion.CompareAndSwap(v-1, v)
	return err
}

// refreshCategories reads the category tree again when its version moved (another replica wrote
// it): tens of documents, never the products.
func (s *Service) refreshCategories(ctx context.Context) error {
	s.categories.write.Lock()
	defer s.categories.write.Unlock()
	v, err := s.store.categoriesVersion(ctx)
	if err != nil || v == s.categoriesVersion.Load() {
		return err
	}
	if err := s.loadCategories(ctx); err != nil {
		return err
	}
	s.categoriesVersion.Store(v)
	return nil
}

// printable reports whether every character of s can be shown (no control or format characters,
// no replacement character for broken text).
func printable(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) || r == utf8.RuneError {
			return false
		}
	}
	return true
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// slugify makes an id of a name: lower case, no accents, words joined by '-'.
func slugify(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range fold(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "categoria"
	}
	return b.String()
}
