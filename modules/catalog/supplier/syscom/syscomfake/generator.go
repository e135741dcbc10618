package syscomfake

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

// The generated catalogue: the same seed and size always give the same categories, brands and
// products, so a test or a browser run can name a product by its id. Only what searching needs is
// kept per product (its id, leaf category, brand, model, title and base price); the rest of a
// product (prices, stock, pictures, description) is drawn again from the seed and the id when it
// is asked for.

// Category is a node of the category tree (levels 1 to 3).
type Category struct {
	ID       string
	Nombre   string
	Nivel    int
	Parent   *Category
	Children []*Category
}

// Brand is a manufacturer of the catalogue.
type Brand struct {
	ID     string // a slug, as the brand filter takes it
	Nombre string
}

// item is what the catalogue keeps of a product.
type item struct {
	id      int
	leaf    *Category
	brand   int
	modelo  string
	titulo  string
	search  string // lower-case titulo, modelo and brand, for busqueda
	usdCent int64  // precio_lista in US cents
}

// Catalog is a generated catalogue.
type Catalog struct {
	seed       uint64
	Categories []*Category // top level, with their sub-categories
	byCat      map[string]*Category
	Brands     []Brand
	items      []item
	byID       map[int]int // producto_id -> index in items
}

// topCategories are the distributor's 12 top-level categories, with the ids the shop's strip uses.
var topCategories = [][2]string{
	{"22", "Videovigilancia"}, {"25", "Radiocomunicación"}, {"26", "Redes e IT"},
	{"66523", "Audio y Video"}, {"66630", "Robots e Industrial"}, {"65747", "Marketing"},
	{"27", "IoT / GPS / Telemática y Señalización Audiovisual"}, {"30", "Energía / Herramientas"},
	{"32", "Automatización e Intrusión"}, {"37", "Control de Acceso"}, {"38", "Detección de Fuego"},
	{"65811", "Cableado Estructurado"},
}

var (
	secondLevel = []string{"Cámaras", "Grabadores", "Accesorios", "Kits", "Fuentes de poder", "Software"}
	thirdLevel  = []string{"Interior", "Exterior", "PTZ", "Inalámbricos", "Profesional", "Básico"}
	brandNames  = []string{
		"EZVIZ", "HIKVISION", "EPCOM", "HiLook", "DAHUA", "Ubiquiti", "TP-LINK", "Cambium Networks",
		"MikroTik", "Ruijie", "ZKTeco", "Accesspro", "Kenwood", "Motorola Solutions", "Hytera",
		"Syscom", "Linkedpro", "Panduit", "Belden", "Siemon", "System Sensor", "Honeywell", "Bosch",
		"Optex", "DSC", "Paradox", "Axis", "Provision-ISR", "Epcom Power Line", "Victron Energy",
		"Tripp Lite", "CyberPower", "APC", "Yale", "Seco-Larm", "Viakon", "Condumex", "Saxxon",
		"Grandstream", "Yealink",
	}
	nouns    = []string{"Cámara", "Bala", "Domo", "Turret", "Grabador", "Switch", "Radio", "Antena", "Lector", "Panel", "Sensor", "Fuente", "Bobina", "Gabinete", "Kit"}
	features = []string{"4 Megapixel", "Lente 2.8 mm", "IR 30 m", "Exterior IP67", "PoE+", "WiFi 6", "8 Puertos Gigabit", "Audio bidireccional", "ColorVu", "Detección de rostros", "100 m", "12 Vcd", "Montaje en pared", "Batería de respaldo", "Cat6 UTP"}
)

// Generate builds a catalogue of n products from seed.
func Generate(seed uint64, n int) *Catalog {
	c := &Catalog{seed: seed, byCat: map[string]*Category{}, byID: make(map[int]int, n)}
	r := rand.New(rand.NewPCG(seed, 0)) //nolint:gosec // G404: a generated catalogue, seeded to be the same every run; no secret
	var leaves []*Category
	next := 100
	for _, t := range topCategories {
		top := &Category{ID: t[0], Nombre: t[1], Nivel: 1}
		c.add(top)
		c.Categories = append(c.Categories, top)
		for _, n2 := range pick(r, secondLevel, 3+r.IntN(3)) {
			mid := &Category{ID: strconv.Itoa(next), Nombre: n2, Nivel: 2, Parent: top}
			next++
			top.Children = append(top.Children, mid)
			c.add(mid)
			for _, n3 := range pick(r, thirdLevel, 2+r.IntN(3)) {
				leaf := &Category{ID: strconv.Itoa(next), Nombre: n3 + " · " + n2, Nivel: 3, Parent: mid}
				next++
				mid.Children = append(mid.Children, leaf)
				c.add(leaf)
				leaves = append(leaves, leaf)
			}
		}
	}
	for _, b := range brandNames {
		c.Brands = append(c.Brands, Brand{ID: slug(b), Nombre: b})
	}
	c.items = make([]item, n)
	for i := range n {
		c.items[i] = c.newItem(i, leaves)
		c.byID[c.items[i].id] = i
	}
	return c
}

func (c *Catalog) add(cat *Category) { c.byCat[cat.ID] = cat }

func (c *Catalog) newItem(i int, leaves []*Category) item {
	r := rand.New(rand.NewPCG(c.seed, uint64(i)+1)) //nolint:gosec // G404: generated data, seeded
	it := item{id: 100000 + 3*i + r.IntN(3), leaf: leaves[r.IntN(len(leaves))], brand: r.IntN(len(c.Brands))}
	brand := c.Brands[it.brand].Nombre
	it.modelo = fmt.Sprintf("%s-%d%c", strings.ToUpper(brand[:2]), 1000+r.IntN(9000), 'A'+rune(r.IntN(26))) //nolint:gosec // G115: IntN(26) is in 0..25
	it.titulo = fmt.Sprintf("%s %s / %s / %s", nouns[r.IntN(len(nouns))], brand, features[r.IntN(len(features))], features[r.IntN(len(features))])
	it.search = strings.ToLower(it.titulo + " " + it.modelo + " " + brand)
	// List prices from 5 to 5,000 dollars, most of them cheap.
	it.usdCent = int64(math.Round(500 * math.Pow(1000, r.Float64())))
	return it
}

// pick returns k distinct names of list in a random order.
func pick(r *rand.Rand, list []string, k int) []string {
	idx := r.Perm(len(list))[:min(k, len(list))]
	out := make([]string, len(idx))
	for i, j := range idx {
		out[i] = list[j]
	}
	return out
}

func slug(s string) string {
	var b strings.Builder
	for _, ch := range strings.ToLower(s) {
		if (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') {
			b.WriteRune(ch)
		} else if b.Len() > 0 && !strings.HasSuffix(b.String(), "-") {
			b.WriteByte('-')
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// Len is the number of products.
func (c *Catalog) Len() int { return len(c.items) }

// ProductIDs returns the ids of the first n products (all when n <= 0), for tests.
func (c *Catalog) ProductIDs(n int) []string {
	if n <= 0 || n > len(c.items) {
		n = len(c.items)
	}
	out := make([]string, n)
	for i := range n {
		out[i] = strconv.Itoa(c.items[i].id)
	}
	return out
}

// path is a category's path, deepest first, as a product lists it.
func path(cat *Category) []*Category {
	var out []*Category
	for ; cat != nil; cat = cat.Parent {
		out = append(out, cat)
	}
	return out
}

// usd formats US cents as the distributor does: a string with two decimals.
func usd(cents int64) string { return fmt.Sprintf("%d.%02d", cents/100, cents%100) }

// product is a product's answer: the list fields, and with detail the single-product fields too.
// Quirks come from the product's index so that every shape the notes describe is served: ids and
// prices as strings, a total sometimes as a string, iconos an object or an empty list, existencia
// with or without 'asterisco', volume prices on some, and descriptions carrying inline styles,
// images, iframes and the odd script.
func (c *Catalog) product(i int, detail bool) map[string]any {
	it := c.items[i]
	r := rand.New(rand.NewPCG(c.seed^0x5157c0, uint64(it.id))) //nolint:gosec // G404: generated data, seeded
	brand := c.Brands[it.brand]
	id := strconv.Itoa(it.id)
	var cats []map[string]any
	for _, cat := range path(it.leaf) {
		cats = append(cats, map[string]any{"id": cat.ID, "nombre": cat.Nombre, "nivel": cat.Nivel})
	}
	special := it.usdCent * int64(70+r.IntN(20)) / 100
	discount := special * int64(80+r.IntN(15)) / 100
	precios := map[string]any{"precio_1": usd(it.usdCent), "precio_especial": usd(special), "precio_descuento": usd(discount), "precio_lista": usd(it.usdCent)}
	if i%7 == 3 {
		precios["volumen"] = map[string]string{"200": usd(discount * 97 / 100), "50": usd(discount * 99 / 100)}
	}
	stock := r.IntN(600)
	existencia := map[string]any{"nuevo": stock}
	if i%5 == 2 {
		existencia["asterisco"] = map[string]int{"e": 2, "g": 1 + r.IntN(4)}
	}
	var total any = stock
	if i%11 == 5 {
		total = strconv.Itoa(stock) // the type varies
	}
	var iconos any = []any{}
	if i%3 == 0 {
		iconos = map[string]string{"sup_der": "https://ftp3.syscom.mx/usuarios/fotos/iconos/nuevo.png", "sup_izq": ""}
	}
	img := fmt.Sprintf("https://ftp3.syscom.mx/usuarios/fotos/BancoFotografiasSyscom/%s/%s-p.PNG", brand.Nombre, it.modelo)
	p := map[string]any{
		"producto_id": id, "modelo": it.modelo, "total_existencia": total, "titulo": it.titulo,
		"marca": brand.Nombre, "sat_key": fmt.Sprintf("4617%04d", 1000+r.IntN(9000)), "img_portada": img,
		"categorias": cats, "marca_logo": "https://ftp3.syscom.mx/usuarios/fotos/logotipos/" + brand.ID + ".png",
		"link": "/producto/" + id + "-" + slug(it.modelo) + ".html", "iconos": iconos,
		"peso": fmt.Sprintf("%.2f", 0.1+r.Float64()*10), "existencia": existencia, "link_privado": "",
		"unidad_de_medida": map[string]any{"codigo_unidad": "1", "nombre": "Pieza", "clave_unidad_sat": "H87"},
		"alto":             fmt.Sprintf("%.1f", 5+r.Float64()*40), "largo": fmt.Sprintf("%.1f", 5+r.Float64()*60),
		"ancho": fmt.Sprintf("%.1f", 5+r.Float64()*40), "pvol": fmt.Sprintf("%.2f", r.Float64()*8),
		"precios": precios,
	}
	if detail {
		c.addDetail(p, i, r, img)
	}
	return p
}

func (c *Catalog) addDetail(p map[string]any, i int, r *rand.Rand, img string) {
	it := c.items[i]
	p["descripcion"] = description(i, it.titulo)
	p["caracteristicas"] = pick(r, features, 3+r.IntN(4))
	var imgs []map[string]string
	for k := range 1 + r.IntN(4) {
		imgs = append(imgs, map[string]string{"imagen": strings.Replace(img, "-p.PNG", fmt.Sprintf("-%d.PNG", k+1), 1), "orden": strconv.Itoa(k)})
	}
	p["imagenes"] = imgs
	p["recursos"] = []map[string]string{
		{"recurso": "Hoja de especificaciones", "path": "https://ftp3.syscom.mx/usuarios/ftp/" + it.modelo + ".pdf"},
	}
}

// description is a product's HTML description as the distributor sends it: styled, with a picture,
// a video iframe on most, and, on some, what a sanitiser must take out.
func description(i int, titulo string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<div style="font-family: Arial; color:#333"><h2 style="color:#06c">%s</h2>`, titulo)
	b.WriteString(`<p>Ideal para <b>proyectos residenciales</b> y <i>comerciales</i>.</p><ul><li>Fácil instalación</li><li>Garantía de fábrica</li></ul>`)
	b.WriteString(`<img src="https://ftp3.syscom.mx/usuarios/fotos/banner.jpg" width="600" onerror="this.style.display='none'">`)
	if i%4 != 1 {
		b.WriteString(`<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ" frameborder="0" allowfullscreen></iframe>`)
	}
	if i%9 == 4 {
		b.WriteString(`<script>document.write('<img src=x>')</script><a href="javascript:alert(1)" onclick="steal()">Más información</a>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}
