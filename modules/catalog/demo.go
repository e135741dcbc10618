package catalog

import (
	"context"
	"encoding/binary"
	"fmt"
	"html"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
	"tienda/pkg/mongox"
)

const demoJob = "demo-data"

// SeedDemo creates the demo catalogue once. Products have fixed ids, so a start interrupted half-way
// completes on the next start without duplicates, and the job recorded as done keeps a later start from
// bringing back demo products the staff deleted. Start then makes the demo photos, in the
// background (demo_photos.go).
func (m *Module) SeedDemo(ctx context.Context) error {
	m.demoPhotos = true
	s := m.service
	done, err := mongox.JobDone(ctx, s.store.db.R.Collection(metaCollection), demoJob)
	if err != nil || done {
		return err
	}
	ps, err := demoProducts(s.now())
	if err != nil {
		return err
	}
	if err := s.store.insertIgnoringExisting(ctx, ps); err != nil {
		return err
	}
	if _, err := mongox.MarkJobDone(ctx, s.store.db.W.Collection(metaCollection), demoJob); err != nil {
		return err
	}
	s.log.Info().Int("products", len(ps)).Msg("demo catalogue created")
	if _, err := s.store.bumpVersion(ctx); err != nil {
		return err
	}
	return s.load(ctx)
}

// demoIDTime is the time in the demo products' ids: 2026-01-01T00:00:00Z in Unix seconds.
const demoIDTime = 1767225600

// demoID is a fixed ObjectID for the i-th demo product (sub 0) and its variants and extras (sub
// 1 and up).
func demoID(i, sub int) bson.ObjectID {
	var id bson.ObjectID
	binary.BigEndian.PutUint32(id[0:4], demoIDTime)
	copy(id[4:8], "demo")
	binary.BigEndian.PutUint16(id[8:10], uint16(i))    //nolint:gosec // an index of the demo table (68 lines)
	binary.BigEndian.PutUint16(id[10:12], uint16(sub)) //nolint:gosec // a variant or extra of one demo product
	return id
}

func demoProducts(now time.Time) ([]Product, error) {
	var out []Product
	for i, line := range strings.Split(strings.TrimSpace(demoTable), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 10 {
			return nil, fmt.Errorf("catalog: demo line %d: %d fields", i+1, len(f))
		}
		price, err1 := strconv.ParseFloat(f[5], 64)
		disc, err2 := strconv.ParseFloat(f[6], 64)
		stock, err3 := strconv.Atoi(f[7])
		if err1 != nil || err2 != nil || stock < 0 || err3 != nil {
			return nil, fmt.Errorf("catalog: demo line %d: bad number", i+1)
		}
		out = append(out, demoProduct(i, f, price, disc, stock, now))
	}
	return out, nil
}

func demoProduct(i int, f []string, price, disc float64, stock int, now time.Time) Product {
	catID, categoria, marca, modelo, nombre := f[0], f[1], f[2], f[3], f[4]
	img := "/v1/imagenes/demo/" + demoSlug(i) + ".svg"
	variantes := []Variante{{ID: demoID(i, 1), Talla: "Unico", Tamano: "1 pieza", Stock: stock,
		PrecioCompra: math.Round(price * 0.7), PrecioVenta: price, Descuento: disc}}
	if categoria == "Cables" && strings.Contains(nombre, "305 m") && stock > 0 {
		// Cable reels also sell by shorter lengths.
		variantes = append(variantes,
			Variante{ID: demoID(i, 2), Talla: "Mediano", Tamano: "100 m", Stock: 10, PrecioCompra: math.Round(price * 0.3), PrecioVenta: math.Round(price * 0.4), Descuento: disc},
			Variante{ID: demoID(i, 3), Talla: "Chico", Tamano: "20 m", Stock: 0, PrecioCompra: math.Round(price * 0.07), PrecioVenta: math.Round(price * 0.1), Descuento: 0})
	}
	var extras []Extra
	if price >= 1500 {
		extras = []Extra{{ID: demoID(i, 11), Nombre: "Instalación básica", Precio: 450}, {ID: demoID(i, 12), Nombre: "Configuración remota", Precio: 250}}
	}
	total := 0
	for _, v := range variantes {
		total += v.Stock
	}
	final := money.MustFromPesos(price).Discounted(disc).Pesos()
	desc := fmt.Sprintf("%s marca %s, modelo %s. Producto original con garantía del fabricante, factura y soporte técnico en tienda.", nombre, marca, modelo)
	created := now.UTC().Add(-time.Duration(i) * time.Hour)
	return Product{
		ID: demoID(i, 0), ProductoID: fmt.Sprintf("%d", 100000+i*37), Titulo: nombre, Marca: marca, Modelo: modelo,
		Garantia: []string{"1 año", "2 años", "6 meses", "3 años"}[i%4], SatKey: f[9],
		UnidadDeMedida: UnidadMedida{ClaveUnidadSat: "H87"}, TotalExistencia: total, ImgPortada: img,
		Largo: float64(10 + i%30), Ancho: float64(8 + i%12), Alto: float64(5 + i%20),
		Precios:    Precios{PrecioLista: price, Precio1: price, PrecioDescuento: final, PrecioOferta: final},
		Categorias: []string{catID},
		Details: &Details{
			Caracteristicas: []string{"Marca " + marca, "Modelo " + modelo, "Garantía directa con el fabricante", "Soporte técnico en español"},
			Recursos:        []Recurso{}, ImgPortada: img, Imagenes: []string{img}, Descripcion: desc,
		},
		Nombre: nombre, Descripcion: desc, DescripcionCorta: nombre, Categoria: categoria, Proveedor: "Demo",
		Favorito: f[8] == "1", Imagen: img, Stock: total, Variantes: variantes, Extras: nonNil(extras),
		Version: 1, Revision: 1, CreatedAt: created, UpdatedAt: created,
	}
}

func nonNil(e []Extra) []Extra {
	if e == nil {
		return []Extra{}
	}
	return e
}

func demoSlug(i int) string { return fmt.Sprintf("producto-%03d", i) }

var demoImageName = regexp.MustCompile(`^producto-(\d{3})\.svg$`)

var categoryColors = map[string][2]string{
	"22": {"#0f2a4a", "#14b8a6"}, "25": {"#1e3a8a", "#60a5fa"}, "26": {"#0b3b5c", "#22d3ee"},
	"66523": {"#3b0764", "#c084fc"}, "66630": {"#1f2937", "#f59e0b"}, "65747": {"#7c2d12", "#fb923c"},
	"27": {"#064e3b", "#34d399"}, "30": {"#713f12", "#facc15"}, "32": {"#7f1d1d", "#f87171"},
	"37": {"#312e81", "#a5b4fc"}, "38": {"#991b1b", "#fca5a5"}, "65811": {"#134e4a", "#5eead4"},
}

// demoImage draws a demo product's picture: the brand, the model and the category's colours.
func (m *Module) demoImage(c *echo.Context) error {
	match := demoImageName.FindStringSubmatch(c.Param("name"))
	if match == nil {
		return apperr.New(apperr.NotFound, "Imagen no disponible")
	}
	i, _ := strconv.Atoi(match[1])
	lines := strings.Split(strings.TrimSpace(demoTable), "\n")
	if i >= len(lines) {
		return apperr.New(apperr.NotFound, "Imagen no disponible")
	}
	f := strings.Split(lines[i], "|")
	colors, ok := categoryColors[f[0]]
	if !ok {
		colors = [2]string{"#0f2a4a", "#14b8a6"}
	}
	svg := fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="%[3]s %[4]s">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%[1]s"/><stop offset="1" stop-color="%[2]s"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<circle cx="200" cy="165" r="92" fill="#ffffff" fill-opacity="0.12"/>
<circle cx="200" cy="165" r="58" fill="#ffffff" fill-opacity="0.9"/>
<circle cx="200" cy="165" r="30" fill="%[1]s"/>
<circle cx="212" cy="153" r="9" fill="#ffffff" fill-opacity="0.8"/>
<text x="200" y="305" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-size="34" font-weight="700" fill="#ffffff">%[3]s</text>
<text x="200" y="345" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-size="22" fill="#ffffff" fill-opacity="0.85">%[4]s</text>
</svg>`, colors[0], colors[1], html.EscapeString(f[2]), html.EscapeString(f[3]))
	c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=86400")
	return c.Blob(http.StatusOK, "image/svg+xml", []byte(svg))
}
