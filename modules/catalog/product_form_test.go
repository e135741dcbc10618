package catalog

import (
	"context"
	"fmt"
	"image/color"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
)

// wholeProduct is a product with every field of the form: brand and its logo, dimensions,
// features, resources and two pictures (uploads).
func wholeProduct(t *testing.T, name string) map[string]any {
	body := catalogtest.FormProduct(name)
	body["marca"], body["modelo"] = "Hikvision", "DS-2CD1043G2"
	body["marca_logo"] = pngDataURL(t, color.RGBA{0, 0, 200, 255})
	body["largo"], body["ancho"], body["alto"] = 12.5, 8, 7.25
	body["details"] = map[string]any{
		"caracteristicas": []string{"  Visión nocturna 30 m ", "IP67"},
		"recursos":        []map[string]any{{"nombre": "Hoja de datos", "link": "https://www.hikvision.com/ds.pdf"}},
		"imagenes":        []string{pngDataURL(t, color.RGBA{200, 0, 0, 255}), pngDataURL(t, color.RGBA{0, 200, 0, 255})},
	}
	return body
}

func TestTheWholeProductIsSavedWithItsPicturesInOrder(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(wholeProduct(t, "Cámara bala"))
	d := p.Details
	if d == nil || len(d.Imagenes) != 2 || p.Imagen != d.Imagenes[0] || p.ImgPortada != p.Imagen || d.ImgPortada != p.Imagen ||
		!strings.HasPrefix(p.MarcaLogo, imageURLPrefix) || p.Largo != 12.5 || p.Ancho != 8 || p.Alto != 7.25 ||
		!slices.Equal(d.Caracteristicas, []string{"Visión nocturna 30 m", "IP67"}) ||
		!slices.Equal(d.Recursos, []Recurso{{Nombre: "Hoja de datos", Link: "https://www.hikvision.com/ds.pdf"}}) {
		t.Fatalf("created %+v details %+v", p, d)
	}
	for _, url := range []string{d.Imagenes[0], d.Imagenes[1], p.MarcaLogo} {
		if res := env.get(url); res.Code != 200 {
			t.Fatalf("GET %s: %d", url, res.Code)
		}
	}
	// The shop sees the features, the resources and every picture in order.
	pub := httpxtest.Decode[PublicProduct](t, env.do("", http.MethodGet, "/v1/productos/"+p.ID.Hex(), nil))
	if pub.Details == nil || !slices.Equal(pub.Details.Imagenes, d.Imagenes) || len(pub.Details.Recursos) != 1 || len(pub.Details.Caracteristicas) != 2 {
		t.Fatalf("public %+v", pub.Details)
	}

	// Reordered and one removed: the first is the main picture, the removed one is deleted.
	first, second := d.Imagenes[0], d.Imagenes[1]
	rec := env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{
		"details": map[string]any{"imagenes": []string{second}, "caracteristicas": []string{"IP67", "PoE"}},
	})
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	u := httpxtest.Decode[Product](t, rec)
	if !slices.Equal(u.Details.Imagenes, []string{second}) || u.Imagen != second || !slices.Equal(u.Details.Caracteristicas, []string{"IP67", "PoE"}) ||
		len(u.Details.Recursos) != 1 || u.MarcaLogo != p.MarcaLogo {
		t.Fatalf("updated %+v details %+v", u, u.Details)
	}
	if res := env.get(first); res.Code != http.StatusNotFound {
		t.Fatalf("removed picture still served: %d", res.Code)
	}
	if got := env.storedProduct(p.ID.Hex()); !slices.Equal(got.Details.Imagenes, []string{second}) {
		t.Fatalf("stored %+v", got.Details)
	}
}

func TestEveryFieldOfTheFormIsCheckedInSpanish(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := catalogtest.FormProduct("Mal hecho")
	body["largo"] = -1
	body["marca_logo"] = "javascript:alert(1)"
	body["details"] = map[string]any{
		"caracteristicas": []string{"Buena", "   "},
		"recursos": []map[string]any{
			{"nombre": "Manual", "link": "ftp://x.mx/m.pdf"},
			{"nombre": " ", "link": "https://ok.mx/a"},
		},
		"imagenes": []string{"/v1/imagenes/../../etc/passwd"},
	}
	body["variantes"] = []map[string]any{
		{"talla": "Grande", "tamano": "32", "stock": 1, "precioVenta": 10},
		{"talla": " grande ", "tamano": 32, "stock": 1, "precioVenta": 11},
	}
	rec := env.do(auth.Auxiliar, http.MethodPost, "/v1/productos", body)
	if rec.Code != 400 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	// The validator's tags answer first (the dimensions); the rest once those pass.
	if e := httpxtest.DecodeError(t, rec); e.Fields["largo"] != "Debe ser mayor o igual a 0." {
		t.Fatalf("fields %v", e.Fields)
	}
	body["largo"] = 10
	e := httpxtest.DecodeError(t, env.do(auth.Auxiliar, http.MethodPost, "/v1/productos", body))
	if e.Fields["marca_logo"] != "Sube una imagen JPEG, PNG o WebP, o indica una dirección web válida." {
		t.Fatalf("fields %v", e.Fields)
	}
	body["marca_logo"] = ""
	e = httpxtest.DecodeError(t, env.do(auth.Auxiliar, http.MethodPost, "/v1/productos", body))
	if e.Fields["details.imagenes[0]"] == "" {
		t.Fatalf("fields %v", e.Fields)
	}
	body["details"].(map[string]any)["imagenes"] = []string{}
	e = httpxtest.DecodeError(t, env.do(auth.Auxiliar, http.MethodPost, "/v1/productos", body))
	want := map[string]string{
		"details.caracteristicas[1]": "Escribe la característica o quítala de la lista.",
		"details.recursos[0].link":   "Escribe una dirección web completa que empiece con http:// o https://.",
		"details.recursos[1].nombre": "Escribe el nombre del recurso, por ejemplo «Hoja de datos».",
		"variantes[1].tamano":        "Repite la talla y el tamaño de la variante 1; cambia uno de los dos o quita esta variante.",
	}
	for k, v := range want {
		if e.Fields[k] != v {
			t.Errorf("%s: %q (all: %v)", k, e.Fields[k], e.Fields)
		}
	}
	if env.storedCount() != 0 {
		t.Fatal("a refused product was stored")
	}
}

func TestAProductWithStockOrSalesIsArchivedNotDeleted(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Con existencias")) // 8 units
	rec := env.do(auth.Auxiliar, http.MethodDelete, "/v1/productos/"+p.ID.Hex(), nil)
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusConflict || !strings.Contains(e.Message, "«Archivar»") {
		t.Fatalf("delete with stock: %d %s", rec.Code, rec.Body)
	}
	// Without stock but with a sale on record: refused all the same.
	body := catalogtest.FormProduct("Vendido")
	body["variantes"] = []map[string]any{{"talla": "Unico", "stock": 0, "precioVenta": 10}}
	sold := env.mustCreate(body)
	if _, err := env.db.W.Collection(movementsCollection).InsertOne(context.Background(), Movement{
		ID: bson.NewObjectID(), ProductID: sold.ID.Hex(), Tipo: TipoVenta, Cantidad: -1, Fecha: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if rec := env.do(auth.Administrador, http.MethodDelete, "/v1/productos/"+sold.ID.Hex(), nil); rec.Code != http.StatusConflict {
		t.Fatalf("delete with sales: %d %s", rec.Code, rec.Body)
	}
	if env.storedCount() != 2 {
		t.Fatal("a product with history was deleted")
	}

	// Archived: gone from every shop view, listed under 'Archivados' in the back office.
	path := "/v1/productos/" + p.ID.Hex()
	if rec := env.do(auth.Auxiliar, http.MethodPost, path+"/archivar", nil); rec.Code != 200 || !httpxtest.Decode[Product](t, rec).Archivado {
		t.Fatalf("archive: %d %s", rec.Code, rec.Body)
	}
	if rec := env.do("", http.MethodGet, path, nil); rec.Code != http.StatusNotFound {
		t.Fatalf("archived product page: %d", rec.Code)
	}
	// A cart that still holds it cannot buy it; its units can still come back to it.
	line := OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[0].ID.Hex(), Cantidad: 1}
	if _, err := env.m.service.Quote(context.Background(), []OrderLine{line}); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("quote of an archived product: %v", err)
	}
	if _, err := env.m.service.TakeStockFor(context.Background(), "k-archivado", line, StockNote{}); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("take of an archived product: %v", err)
	}
	if err := env.m.service.GiveBackStock(context.Background(), line, StockNote{Folio: "F-1"}); err != nil {
		t.Fatalf("give back to an archived product: %v", err)
	}
	if got := httpxtest.Decode[listBody](t, env.do("", http.MethodGet, "/v1/productos", nil)); len(got.Products) != 0 {
		t.Fatalf("shop list shows %+v", got.Products)
	}
	if got := httpxtest.Decode[searchAnswer](t, env.do("", http.MethodGet, "/v1/productos/search/?q=existencias", nil)); len(got.Productos) != 0 {
		t.Fatalf("search shows %+v", got.Productos)
	}
	for _, sp := range env.m.service.SitemapPages() {
		if strings.Contains(sp.Path, p.ID.Hex()) {
			t.Fatal("archived product in the sitemap")
		}
	}
	admin := func(q string) []Product {
		return httpxtest.Decode[listAnswer[Product]](t, env.do(auth.Auxiliar, http.MethodGet, "/v1/admin/productos"+q, nil)).Products
	}
	if got := admin("?archivados=1"); len(got) != 1 || got[0].ID != p.ID {
		t.Fatalf("archivados %+v", got)
	}
	if got := admin(""); len(got) != 1 || got[0].ID != sold.ID {
		t.Fatalf("back office list %+v", got)
	}
	if rec := env.do(auth.Auxiliar, http.MethodGet, "/v1/admin/productos?archivados=tal", nil); rec.Code != 400 {
		t.Fatalf("bad filter: %d", rec.Code)
	}
	// Restored: in the shop again.
	if rec := env.do(auth.Auxiliar, http.MethodPost, path+"/restaurar", nil); rec.Code != 200 || httpxtest.Decode[Product](t, rec).Archivado {
		t.Fatalf("restore: %d %s", rec.Code, rec.Body)
	}
	if rec := env.do("", http.MethodGet, path, nil); rec.Code != 200 {
		t.Fatalf("restored product page: %d", rec.Code)
	}
	if got := env.storedProduct(p.ID.Hex()); got.Archivado || got.Version != 3 {
		t.Fatalf("stored %+v", got)
	}
	for _, bad := range []string{"/v1/productos/64b0000000000000000000ff/archivar", "/v1/productos/no-es-id/restaurar"} {
		if rec := env.do(auth.Auxiliar, http.MethodPost, bad, nil); rec.Code != http.StatusNotFound {
			t.Errorf("POST %s: %d", bad, rec.Code)
		}
	}
}

func TestADiscountInUseNamesItsProductsBeforeItIsDeleted(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	rec := env.do(auth.Auxiliar, http.MethodPost, "/v1/discounts", map[string]any{"name": "Buen Fin", "percentage": 10, "expirationDate": "2099-01-01"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	d := httpxtest.Decode[discountAnswer](t, rec).Data
	for i := range 7 {
		body := catalogtest.FormProduct(fmt.Sprintf("Producto %d", i+1))
		body["descuentoId"] = d.ID.Hex()
		env.mustCreate(body)
	}
	rec = env.do(auth.Auxiliar, http.MethodDelete, "/v1/discounts/"+d.ID.Hex(), nil)
	msg := httpxtest.DecodeError(t, rec).Message
	if rec.Code != http.StatusConflict || !strings.Contains(msg, "7 productos usan este descuento (") || !strings.Contains(msg, " y 2 más)") ||
		strings.Count(msg, "«Producto ") != 5 {
		t.Fatalf("%d %s", rec.Code, msg)
	}
	if _, err := env.m.service.Discount(d.ID.Hex()); err != nil {
		t.Fatal("the discount in use was deleted")
	}
}

func TestAResourceStoredAsABareLinkIsRead(t *testing.T) {
	raw, err := bson.Marshal(bson.M{"recursos": bson.A{"https://x.mx/a.pdf", bson.M{"nombre": "Manual", "link": "https://x.mx/m.pdf"}}})
	if err != nil {
		t.Fatal(err)
	}
	var d Details
	if err := bson.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d.Recursos, []Recurso{{Nombre: "Recurso", Link: "https://x.mx/a.pdf"}, {Nombre: "Manual", Link: "https://x.mx/m.pdf"}}) {
		t.Fatalf("%+v", d.Recursos)
	}
}
