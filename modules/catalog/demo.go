package catalog

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/democatalog"
)

const demoJob = "demo-data"

// The demo catalogue (DEMO_DATA): its lines, drawings and photos are data of pkg/democatalog;
// this file makes them the shop's products and pictures.

// SeedDemo creates the demo catalogue once. Products have fixed ids, so a start interrupted half-way
// completes on the next start without duplicates, and the job recorded as done keeps a later start from
// bringing back demo products the staff deleted. Start stores the demo photos, in the background
// (seedDemoPhotos), when the module was built with Deps.Demo.
func (m *Module) SeedDemo(ctx context.Context) error {
	s := m.service
	done, err := s.store.jobDone(ctx, demoJob)
	if err != nil || done {
		return err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	ps, err := demoProducts(now)
	if err != nil {
		return err
	}
	for i := range ps {
		ps[i].CambiadoEn = &now // stamped for the other replicas' polls, as any new product
	}
	if _, failed, err := s.store.insertNewProducts(ctx, ps); len(failed) > 0 {
		return err
	}
	if err := s.store.markJobDone(ctx, demoJob); err != nil {
		return err
	}
	s.log.Info().Int("products", len(ps)).Msg("demo catalogue created")
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
	binary.BigEndian.PutUint16(id[8:10], uint16(i))    //nolint:gosec // an index of the demo catalogue (68 lines)
	binary.BigEndian.PutUint16(id[10:12], uint16(sub)) //nolint:gosec // a variant or extra of one demo product
	return id
}

func demoProducts(now time.Time) ([]Product, error) {
	lines, err := democatalog.Products()
	if err != nil {
		return nil, err
	}
	out := make([]Product, 0, len(lines))
	for i, l := range lines {
		out = append(out, demoProduct(i, l, now))
	}
	return out, nil
}

func demoProduct(i int, l democatalog.Product, now time.Time) Product {
	catID, categoria, marca, modelo, nombre := l.StorefrontID, l.Category, l.Marca, l.Modelo, l.Nombre
	price, disc, stock := l.Price, l.Discount, l.Stock
	img := democatalog.DrawingURL(i)
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
	final := ownFinalPrice(variantes[0]).Pesos()
	desc := fmt.Sprintf("%s marca %s, modelo %s. Producto original con garantía del fabricante, factura y soporte técnico en tienda.", nombre, marca, modelo)
	created := now.UTC().Add(-time.Duration(i) * time.Hour)
	return Product{
		ID: demoID(i, 0), SupplierProductID: fmt.Sprintf("%d", 100000+i*37), Titulo: nombre, Marca: marca, Modelo: modelo,
		Garantia: []string{"1 año", "2 años", "6 meses", "3 años"}[i%4], SatKey: l.SatKey,
		UnidadDeMedida: UnidadMedida{ClaveUnidadSat: "H87"}, TotalExistencia: total, ImgPortada: img,
		Largo: float64(10 + i%30), Ancho: float64(8 + i%12), Alto: float64(5 + i%20),
		Precios:    Precios{PrecioLista: price, Precio1: price, PrecioDescuento: final, PrecioOferta: final},
		Categorias: []string{catID},
		Details: &Details{
			Caracteristicas: []string{"Marca " + marca, "Modelo " + modelo, "Garantía directa con el fabricante", "Soporte técnico en español"},
			Recursos:        []Recurso{}, ImgPortada: img, Imagenes: []string{img}, Descripcion: desc,
		},
		Nombre: nombre, Descripcion: desc, DescripcionCorta: nombre, Categoria: categoria, Proveedor: "Demo",
		Favorito: l.Favorite, Imagen: img, Stock: total, Variantes: variantes, Extras: nonNil(extras),
		Version: 1, Revision: 1, CreatedAt: created, UpdatedAt: created,
	}
}

func nonNil(e []Extra) []Extra {
	if e == nil {
		return []Extra{}
	}
	return e
}

// demoImage answers a demo product's drawing (democatalog.Drawing).
func (m *Module) demoImage(c *echo.Context) error {
	svg, ok := democatalog.Drawing(c.Param("name"))
	if !ok {
		return apperr.New(apperr.NotFound, "Imagen no disponible")
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=86400")
	return c.Blob(http.StatusOK, "image/svg+xml", svg)
}

// demoPhotosJob records that the demo photos were stored and shown.
const demoPhotosJob = "demo-fotos"

// seedDemoPhotos stores the demo photos (drawn and resized ahead: pkg/democatalog) as uploads
// are and points their products to them, unless the staff changed a product's picture since. It
// runs in the background after start, once per store.
func (m *Module) seedDemoPhotos(ctx context.Context) error {
	s := m.service
	if done, err := s.store.jobDone(ctx, demoPhotosJob); err != nil || done {
		return err
	}
	photos, err := democatalog.Photos()
	if err != nil {
		return err
	}
	for _, ph := range photos {
		p := s.prepared(newImage(ph.JPEG, "image/jpeg"), ph.Sizes, ph.Info)
		if err := s.save(ctx, p); err != nil {
			return err
		}
		// Other replicas see the new picture by its product's stamp (pollChanges).
		if err := s.showDemoPhoto(ctx, demoID(ph.Product, 0), democatalog.DrawingURL(ph.Product), imageURLPrefix+p.image.ID); err != nil {
			return err
		}
	}
	if err := s.store.markJobDone(ctx, demoPhotosJob); err != nil {
		return err
	}
	s.log.Info().Int("photos", len(photos)).Msg("demo photos stored")
	return nil
}

// showDemoPhoto points a demo product still showing its drawing to its photo. The edit is not the
// staff's: the product's version stays.
func (s *Service) showDemoPhoto(ctx context.Context, id bson.ObjectID, drawing, photo string) error {
	s.reloadLock.RLock()
	defer s.reloadLock.RUnlock()
	p, ok, err := s.store.update(ctx, id, bson.M{"imagen": drawing, "img_portada": drawing}, bson.M{"$set": bson.M{
		"imagen": photo, "img_portada": photo, "details.img_portada": photo, "details.imagenes": []string{photo}}})
	if err != nil || !ok {
		return err
	}
	s.memory.update(p)
	return nil
}
