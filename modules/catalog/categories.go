package catalog

import "strings"

// AdminCategories is the admin form's category list.
var AdminCategories = []string{
	"Camaras y DVRs HD", "Camaras IP y NVRs", "Routers", "Switches", "Accesorios", "Cables",
	"Enlaces inalambricos", "Servidores", "Almacenamiento", "Audio", "Video", "Redes", "Seguridad",
	"Energia Solar", "Otros",
}

// StoreCategory is one card of the storefront's category strip and the admin categories it covers.
type StoreCategory struct {
	ID     string
	Nombre string
	Admin  []string
}

// StoreCategories is the one table mapping the storefront's 12 supplier categories to the admin
// categories. A product matches a storefront category by its supplier ids or its admin category.
var StoreCategories = []StoreCategory{
	{"22", "Videovigilancia", []string{"Camaras y DVRs HD", "Camaras IP y NVRs", "Almacenamiento"}},
	{"25", "Radiocomunicación", nil},
	{"26", "Redes e IT", []string{"Routers", "Switches", "Redes", "Enlaces inalambricos", "Servidores"}},
	{"66523", "Audio y Video", []string{"Audio", "Video"}},
	{"66630", "Robots e Industrial", nil},
	{"65747", "Marketing", nil},
	{"27", "IoT / GPS / Telemática y Señalización Audiovisual", nil},
	{"30", "Energía / Herramientas", []string{"Energia Solar"}},
	{"32", "Automatización e Intrusión", []string{"Seguridad"}},
	{"37", "Control de Acceso", nil},
	{"38", "Detección de Fuego", nil},
	{"65811", "Cableado Estructurado", []string{"Cables"}},
}

// menuTile is one category tile of the shop menus: its slug, its name as the menus show
// it (frontend/src/lib/categories.ts) and the storefront id or admin category it stands for.
type menuTile struct{ Slug, Nombre, Target string }

var menuTiles = []menuTile{
	{"video-vigilancia", "Video Vigilancia", "22"},
	{"energia", "Energia", "30"},
	{"accesorios", "Accesorios", "Accesorios"},
	{"routers", "Routers", "Routers"},
	{"drones", "Drones", "66630"},
	{"cables", "Cables", "65811"},
}

// menuSlugs maps the menu tiles' slugs to a storefront id or an admin category.
var menuSlugs = func() map[string]string {
	m := map[string]string{}
	for _, t := range menuTiles {
		m[t.Slug] = t.Target
	}
	return m
}()

// categoryName returns the name of a category page's id (a storefront id, a menu slug or an admin
// category, as categoryMatcher takes them); false for anything else.
func categoryName(id string) (string, bool) {
	for _, t := range menuTiles {
		if strings.EqualFold(t.Slug, id) {
			return t.Nombre, true
		}
	}
	for _, sc := range StoreCategories {
		if sc.ID == id {
			return sc.Nombre, true
		}
	}
	for _, a := range AdminCategories {
		if strings.EqualFold(a, id) {
			return a, true
		}
	}
	return "", false
}

// productCategory returns the storefront category a product is listed under, for its breadcrumb.
func productCategory(p Product) (StoreCategory, bool) {
	for _, sc := range StoreCategories {
		if categoryMatcher(sc.ID)(p) {
			return sc, true
		}
	}
	return StoreCategory{}, false
}

// categoryMatcher returns a predicate for a categoria filter given as a storefront id, a menu slug
// or an admin category name (case-insensitive). An unknown filter matches nothing.
func categoryMatcher(filter string) func(Product) bool {
	f := strings.TrimSpace(filter)
	if v, ok := menuSlugs[strings.ToLower(f)]; ok {
		f = v
	}
	for _, sc := range StoreCategories {
		if sc.ID == f {
			return func(p Product) bool {
				for _, id := range p.Categorias {
					if id == sc.ID {
						return true
					}
				}
				for _, a := range sc.Admin {
					if strings.EqualFold(p.Categoria, a) {
						return true
					}
				}
				return false
			}
		}
	}
	return func(p Product) bool { return strings.EqualFold(p.Categoria, f) }
}
