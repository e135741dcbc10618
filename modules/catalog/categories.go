package catalog

import "strings"

// AdminCategories is the admin form's category list (SPEC §3).
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

// menuSlugs maps the menu tiles' slugs (SPEC §2) to a storefront id or an admin category.
var menuSlugs = map[string]string{
	"video-vigilancia": "22",
	"energia":          "30",
	"accesorios":       "Accesorios",
	"routers":          "Routers",
	"drones":           "66630",
	"cables":           "65811",
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
