package catalog

import (
	"encoding/base64"
	"image/color"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/shoptime"
)

type listBody struct {
	Products []Product `json:"products"`
	Meta     struct {
		HasMore bool `json:"hasMore"`
		Total   *int `json:"total"`
	} `json:"meta"`
}

func TestCreateKeepsNamesStockAndPricesConsistentAndStoresTheImageOnce(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := catalogtest.FormProduct("Cámara IP domo 4 MP")
	body["imagen"] = pngDataURL(t, color.RGBA{200, 10, 10, 255})
	body["titulo"] = "otro nombre que pierde"
	body["total_existencia"] = 99
	body["precios"] = map[string]any{"precio_lista": 1}
	p := env.mustCreate(body)

	if p.Nombre != "Cámara IP domo 4 MP" || p.Titulo != p.Nombre {
		t.Errorf("names %q / %q", p.Nombre, p.Titulo)
	}
	if p.Stock != 8 || p.TotalExistencia != 8 {
		t.Errorf("stock %d total_existencia %d, want 8", p.Stock, p.TotalExistencia)
	}
	if p.Precios != (Precios{PrecioLista: 150, Precio1: 150, PrecioDescuento: 135, PrecioOferta: 135}) {
		t.Errorf("precios %+v", p.Precios)
	}
	if len(p.Variantes) != 2 || p.Variantes[0].Tamano != "32" || p.Variantes[0].ID.IsZero() ||
		p.Variantes[0].DescuentoEfectivo != 10 || p.Variantes[0].PrecioFinal != 135 || p.Variantes[1].Tamano != "100 g" {
		t.Errorf("variantes %+v", p.Variantes)
	}
	if len(p.Extras) != 1 || p.Extras[0].Nombre != "Extra Queso" || p.Extras[0].Precio != 100 || p.Extras[0].ID.IsZero() {
		t.Errorf("extras %+v", p.Extras)
	}
	if p.FechaCompra == nil || p.FechaCompra.Format(time.DateOnly) != "2026-03-01" || p.Categoria != "camaras-ip-y-nvrs" {
		t.Errorf("fecha %v categoria %q", p.FechaCompra, p.Categoria)
	}
	if !strings.HasPrefix(p.Imagen, "/v1/imagenes/") || len(p.Imagen) != len("/v1/imagenes/")+32 || p.ImgPortada != p.Imagen {
		t.Fatalf("imagen %q img_portada %q", p.Imagen, p.ImgPortada)
	}

	// The picture is served from its own URL, with year-long caching, byte for byte.
	rec := env.do("", http.MethodGet, p.Imagen, nil)
	want, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(body["imagen"].(string), "data:image/png;base64,"))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" || rec.Body.String() != string(want) ||
		rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Fatalf("image: %d %v", rec.Code, rec.Header())
	}

	// The stored document and the list hold the short URL, never the data URL.
	stored := env.storedProduct(p.ID.Hex())
	if stored.Imagen != p.Imagen || stored.Stock != 8 || stored.Version != 1 {
		t.Errorf("stored %+v", stored)
	}
	rec = env.do("", http.MethodGet, "/v1/productos", nil)
	if rec.Code != 200 || strings.Contains(rec.Body.String(), "base64") || !strings.Contains(rec.Body.String(), p.Imagen) {
		t.Fatalf("list: %d %s", rec.Code, rec.Body)
	}

	// The same picture on a second product is stored once.
	body["nombre"] = "Segunda cámara"
	q := env.mustCreate(body)
	if q.Imagen != p.Imagen {
		t.Fatalf("same bytes, different URL: %q %q", q.Imagen, p.Imagen)
	}
	if n, _ := env.db.R.Collection(imagesCollection).CountDocuments(t.Context(), map[string]any{}); n != 1 {
		t.Fatalf("%d images stored, want 1", n)
	}
}

func TestSupplierShapedProductGetsAVariantFromItsPrices(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(map[string]any{
		"titulo": "Radio Kenwood", "categoria": "otros", "total_existencia": 12, "marca": "Kenwood", "modelo": "TK-3402",
		"precios":    map[string]any{"precio_lista": 1000, "precio_descuento": 850},
		"categorias": []string{"25"}, "img_portada": "https://proveedor.example/radio.jpg",
		"details": map[string]any{"caracteristicas": []string{"UHF"}, "descripcion": "Radio UHF"},
	})
	if p.Nombre != "Radio Kenwood" || p.Categoria != "otros" || p.Stock != 12 || len(p.Variantes) != 1 ||
		p.Variantes[0].PrecioVenta != 1000 || p.Variantes[0].Descuento != 15 || p.Variantes[0].Stock != 12 ||
		p.Precios.PrecioDescuento != 850 || p.Imagen != "https://proveedor.example/radio.jpg" || p.Descripcion != "Radio UHF" {
		t.Fatalf("%+v", p)
	}
	// A storefront filter matches its supplier category id.
	got := httpxtest.Decode[listBody](t, env.do("", http.MethodGet, "/v1/productos?categoria=25", nil))
	if len(got.Products) != 1 || got.Products[0].ID != p.ID {
		t.Fatalf("categoria=25: %+v", got.Products)
	}
}

func TestBadProductInputIsRefusedInSpanishAndChangesNothing(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	existing := env.mustCreate(catalogtest.FormProduct("Producto existente"))
	withVariant := func(k string, v any) map[string]any {
		b := catalogtest.FormProduct("Nuevo")
		vs := b["variantes"].([]map[string]any)
		vs[0][k] = v
		return b
	}
	with := func(k string, v any) map[string]any {
		b := catalogtest.FormProduct("Nuevo")
		b[k] = v
		return b
	}
	gif := "data:image/gif;base64," + base64.StdEncoding.EncodeToString([]byte("GIF89a\x01\x00\x01\x00"))
	svg := "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString([]byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`))
	liar := "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte("<html>no soy png</html>"))
	huge := "data:image/png;base64," + base64.StdEncoding.EncodeToString(append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 5<<20)...))
	tests := []struct {
		name  string
		body  any
		field string
		msg   string
	}{
		{"not JSON", `{"nombre":`, "", "El cuerpo de la solicitud no es JSON válido."},
		{"empty", ``, "", "El cuerpo de la solicitud está vacío."},
		{"array", `[]`, "", ""},
		{"no name", with("nombre", ""), "nombre", apperr.MsgRequired},
		{"name of wrong type", with("nombre", 5), "nombre", "Tipo de dato inválido."},
		{"huge name", with("nombre", strings.Repeat("a", 201)), "nombre", apperr.MsgMaxChars(200)},
		{"no category", with("categoria", ""), "categoria", apperr.MsgRequired},
		{"unknown category", with("categoria", "Juguetes"), "categoria", "Elige una de las categorías de la lista."},
		{"operator as category", with("categoria", map[string]any{"$ne": ""}), "categoria", "Tipo de dato inválido."},
		{"negative stock", withVariant("stock", -1), "variantes[0].stock", apperr.MsgIntAtLeast(0)},
		{"fractional stock", withVariant("stock", 1.5), "variantes[0].stock", apperr.MsgInteger},
		{"stock as text", withVariant("stock", "cinco"), "variantes.stock", "Tipo de dato inválido."},
		{"no stock", withVariant("stock", nil), "variantes[0].stock", apperr.MsgRequired},
		{"negative price", withVariant("precioVenta", -10), "variantes[0].precioVenta", "Debe ser un importe mayor o igual a 0."},
		{"price below a centavo", withVariant("precioVenta", 10.555), "variantes[0].precioVenta", "Usa como máximo dos decimales (centavos)."},
		{"purchase price below a centavo", withVariant("precioCompra", 0.001), "variantes[0].precioCompra", "Usa como máximo dos decimales (centavos)."},
		{"price as text", withVariant("precioVenta", "12.5x"), "variantes.precioVenta", "Tipo de dato inválido."},
		{"extra price below a centavo", with("extras", []map[string]any{{"nombre": "Soporte", "precio": 99.999}}), "extras[0].precio", "Usa como máximo dos decimales (centavos)."},
		{"huge price", withVariant("precioVenta", 1e15), "variantes[0].precioVenta", "Debe ser como máximo 10000000."},
		{"discount above 100", withVariant("descuento", 101), "variantes[0].descuento", "Debe ser un número entre 0 y 100."},
		{"negative discount", withVariant("descuento", -5), "variantes[0].descuento", "Debe ser un número entre 0 y 100."},
		{"no variants", with("variantes", []any{}), "variantes", "Agrega al menos una variante."},
		{"extra without price", with("extras", []map[string]any{{"nombre": "Soporte"}}), "extras[0].precio", apperr.MsgRequired},
		{"extra without name", with("extras", []map[string]any{{"precio": 5}}), "extras[0].nombre", apperr.MsgRequired},
		{"bad purchase date", with("fechaCompra", "01/03/2026"), "fechaCompra", "Ingresa una fecha válida en formato AAAA-MM-DD."},
		{"unknown discount", with("descuentoId", "64b0000000000000000000ff"), "descuentoId", "Ese descuento no existe."},
		{"gif image", with("imagen", gif), "imagen", "La imagen debe ser JPEG, PNG o WebP."},
		{"svg image", with("imagen", svg), "imagen", "La imagen debe ser JPEG, PNG o WebP."},
		{"html labelled png", with("imagen", liar), "imagen", "La imagen debe ser JPEG, PNG o WebP."},
		{"image over 5 MB", with("imagen", huge), "imagen", "La imagen pesa más de 5 MB. Elige una imagen más ligera."},
		{"javascript URL", with("imagen", "javascript:alert(1)"), "imagen", "Sube una imagen JPEG, PNG o WebP, o indica una dirección web válida."},
		{"too many variants", with("variantes", make([]map[string]any, 51)), "variantes", apperr.MsgMaxItems(50)},
	}
	before := env.storedCount()
	for _, tt := range tests {
		for _, req := range []struct{ method, path string }{
			{http.MethodPost, "/v1/productos"}, {http.MethodPatch, "/v1/productos/" + existing.ID.Hex()},
		} {
			rec := env.do(auth.Administrador, req.method, req.path, tt.body)
			e := httpxtest.DecodeError(t, rec)
			if rec.Code != http.StatusBadRequest || e.Code != "invalid" {
				t.Errorf("%s %s: %d %s", tt.name, req.method, rec.Code, rec.Body)
				continue
			}
			if tt.field != "" && e.Fields[tt.field] != tt.msg {
				t.Errorf("%s %s: fields %v, want %s=%q", tt.name, req.method, e.Fields, tt.field, tt.msg)
			}
			if tt.field == "" && tt.msg != "" && e.Message != tt.msg {
				t.Errorf("%s %s: message %q", tt.name, req.method, e.Message)
			}
		}
	}
	if n := env.storedCount(); n != before {
		t.Fatalf("%d products stored, want %d", n, before)
	}
	if got := env.storedProduct(existing.ID.Hex()); got.Version != 1 || got.Nombre != "Producto existente" {
		t.Fatalf("existing product changed: %+v", got)
	}
	if n, _ := env.db.R.Collection(imagesCollection).CountDocuments(t.Context(), map[string]any{}); n != 0 {
		t.Fatalf("%d images stored by refused writes", n)
	}
}

func TestWritesNeedTheCatalogueRole(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := catalogtest.FormProduct("Producto protegido")
	body["variantes"] = []map[string]any{{"talla": "Unico", "stock": 0, "precioVenta": 10}} // no stock: it may be deleted
	p := env.mustCreate(body)
	rec := env.do(auth.Administrador, http.MethodPost, "/v1/discounts", map[string]any{"name": "X", "percentage": 10, "expirationDate": "2030-01-01"})
	d := httpxtest.Decode[struct{ Data Discount }](t, rec).Data
	writes := []struct {
		method, path string
		body         any
	}{
		{http.MethodGet, "/v1/admin/productos/" + p.ID.Hex(), nil},
		{http.MethodPost, "/v1/productos", catalogtest.FormProduct("Nuevo")},
		{http.MethodPatch, "/v1/productos/" + p.ID.Hex(), map[string]any{"nombre": "Cambio"}},
		{http.MethodPost, "/v1/productos/" + p.ID.Hex() + "/archivar", nil},
		{http.MethodPost, "/v1/productos/" + p.ID.Hex() + "/restaurar", nil},
		{http.MethodDelete, "/v1/productos/" + p.ID.Hex(), nil},
		{http.MethodGet, "/v1/admin/productos", nil},
		{http.MethodGet, "/v1/discounts", nil},
		{http.MethodGet, "/v1/discounts/" + d.ID.Hex(), nil},
		{http.MethodPost, "/v1/discounts", map[string]any{"name": "Y", "percentage": 10, "expirationDate": "2030-01-01"}},
		{http.MethodPatch, "/v1/discounts/" + d.ID.Hex(), map[string]any{"name": "Y", "percentage": 10, "expirationDate": "2030-01-01"}},
		{http.MethodDelete, "/v1/discounts/" + d.ID.Hex(), nil},
	}
	for _, w := range writes {
		if rec := env.do("", w.method, w.path, w.body); rec.Code != http.StatusUnauthorized || httpxtest.DecodeError(t, rec).Message != "Inicia sesión para continuar." {
			t.Errorf("visitor %s %s: %d %s", w.method, w.path, rec.Code, rec.Body)
		}
		for _, role := range []auth.Role{auth.Cliente, auth.Comandero, auth.Cajero} {
			if rec := env.do(role, w.method, w.path, w.body); rec.Code != http.StatusForbidden || httpxtest.DecodeError(t, rec).Message != "No tienes permiso para realizar esta acción." {
				t.Errorf("%s %s %s: %d %s", role, w.method, w.path, rec.Code, rec.Body)
			}
		}
	}
	if got := env.storedProduct(p.ID.Hex()); got.Nombre != "Producto protegido" || env.storedCount() != 1 {
		t.Fatalf("a refused write changed the catalogue: %+v", got)
	}
	// The Auxiliar may do all of it.
	for _, w := range writes {
		rec := env.do(auth.Auxiliar, w.method, w.path, w.body)
		if rec.Code >= 300 {
			t.Errorf("auxiliar %s %s: %d %s", w.method, w.path, rec.Code, rec.Body)
		}
	}
	// The storefront's reads are public.
	for _, path := range []string{"/v1/productos", "/v1/productos/search/?q=nuevo"} {
		if rec := env.do("", http.MethodGet, path, nil); rec.Code != 200 {
			t.Errorf("visitor GET %s: %d", path, rec.Code)
		}
	}
}

func TestUpdateChangesWhatItSendsAndRefusesStaleVersions(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := catalogtest.FormProduct("Cámara original")
	body["marca"], body["modelo"] = "Hikvision", "DS-1"
	body["imagen"] = pngDataURL(t, color.RGBA{0, 0, 200, 255})
	p := env.mustCreate(body)
	oldImage := p.Imagen

	// The form sends the whole product back with its ids: variant ids are kept, new rows get new
	// ids, fields it does not send (marca, modelo) stay.
	rec := env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{
		"_id": p.ID.Hex(), "nombre": "Cámara editada", "version": p.Version, "imagen": pngDataURL(t, color.RGBA{0, 200, 0, 255}),
		"variantes": []map[string]any{
			{"_id": p.Variantes[1].ID.Hex(), "talla": "Chico", "stock": 10, "precioVenta": 90},
			{"talla": "Mediano", "stock": 1, "precioVenta": 120, "descuento": 5},
		},
	})
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	u := httpxtest.Decode[Product](t, rec)
	if u.Nombre != "Cámara editada" || u.Titulo != u.Nombre || u.Marca != "Hikvision" || u.Modelo != "DS-1" ||
		u.Stock != 11 || u.TotalExistencia != 11 || u.Precios.PrecioLista != 90 || u.Version != 2 ||
		u.Variantes[0].ID != p.Variantes[1].ID || u.Variantes[1].ID == p.Variantes[0].ID || len(u.Extras) != 1 ||
		u.Imagen == oldImage || !u.CreatedAt.Equal(p.CreatedAt) {
		t.Fatalf("updated %+v", u)
	}
	// The picture no product shows any more is gone.
	if rec := env.do("", http.MethodGet, oldImage, nil); rec.Code != http.StatusNotFound {
		t.Fatalf("old image: %d", rec.Code)
	}
	// A form opened before that edit may not overwrite it.
	rec = env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"nombre": "Viejo", "version": p.Version})
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusConflict || !strings.HasPrefix(e.Message, "El producto cambió") {
		t.Fatalf("stale: %d %s", rec.Code, rec.Body)
	}
	for _, path := range []string{"/v1/productos/64b0000000000000000000ff", "/v1/productos/no-es-id", "/v1/productos/%7B%22$ne%22:1%7D"} {
		rec := env.do(auth.Auxiliar, http.MethodPatch, path, map[string]any{"nombre": "X"})
		if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusNotFound || e.Message != "Producto no encontrado." {
			t.Errorf("PATCH %s: %d %s", path, rec.Code, rec.Body)
		}
		if rec := env.do(auth.Auxiliar, http.MethodDelete, path, nil); rec.Code != http.StatusNotFound {
			t.Errorf("DELETE %s: %d", path, rec.Code)
		}
		if rec := env.do("", http.MethodGet, path, nil); rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d", path, rec.Code)
		}
	}
	if got := env.storedProduct(p.ID.Hex()); got.Nombre != "Cámara editada" || got.Version != 2 {
		t.Fatalf("stored %+v", got)
	}

	// Delete (once its units are gone): gone from the shop and the store, and so is its picture.
	rec = env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"variantes": []map[string]any{
		{"_id": u.Variantes[0].ID.Hex(), "talla": "Chico", "stock": 0, "precioVenta": 90},
		{"_id": u.Variantes[1].ID.Hex(), "talla": "Mediano", "stock": 0, "precioVenta": 120},
	}})
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if rec := env.do(auth.Administrador, http.MethodDelete, "/v1/productos/"+p.ID.Hex(), nil); rec.Code != http.StatusNoContent {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body)
	}
	if rec := env.do("", http.MethodGet, "/v1/productos/"+p.ID.Hex(), nil); rec.Code != http.StatusNotFound {
		t.Fatalf("after delete: %d", rec.Code)
	}
	if rec := env.do("", http.MethodGet, u.Imagen, nil); rec.Code != http.StatusNotFound || env.storedCount() != 0 {
		t.Fatalf("image after delete: %d", rec.Code)
	}
	if rec := env.do(auth.Administrador, http.MethodDelete, "/v1/productos/"+p.ID.Hex(), nil); rec.Code != http.StatusNotFound {
		t.Fatalf("second delete: %d", rec.Code)
	}
}

func TestShopListsSearchAndFilters(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	mk := func(name, cat string, stock, desc int, fav bool) Product {
		b := catalogtest.FormProduct(name)
		b["categoria"], b["favorito"] = cat, fav
		b["variantes"] = []map[string]any{{"talla": "Unico", "stock": stock, "precioVenta": 1000, "descuento": desc}}
		b["marca"] = "Marca" + strings.Fields(name)[0]
		return env.mustCreate(b)
	}
	camara := mk("Cámara bala 4 MP", "Camaras IP y NVRs", 5, 0, true)
	fuente := mk("Fuente de Energía 12 V", "Energia Solar", 3, 15, false)
	agotada := mk("Cámara agotada", "Camaras y DVRs HD", 0, 0, true)
	router := mk("Router Wi-Fi 6", "Routers", 9, 0, false)

	ids := func(path string) []string {
		t.Helper()
		rec := env.do("", http.MethodGet, path, nil)
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
		var out []string
		if strings.Contains(path, "/search") {
			for _, p := range httpxtest.Decode[struct{ Productos []Product }](t, rec).Productos {
				out = append(out, p.Nombre)
			}
			return out
		}
		for _, p := range httpxtest.Decode[listBody](t, rec).Products {
			out = append(out, p.Nombre)
		}
		return out
	}
	eq := func(path string, want ...string) {
		t.Helper()
		if got := ids(path); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
	eq("/v1/productos", camara.Nombre, router.Nombre, fuente.Nombre)    // favourites first, then newest; no zero stock
	eq("/v1/productos/search/?q=camara", camara.Nombre, agotada.Nombre) // the sold-out one last
	eq("/v1/productos/search/?q=agotada", agotada.Nombre)
	eq("/v1/productos/search/?q=ENERGIA", fuente.Nombre)
	eq("/v1/productos/search/?q=marcafuente", fuente.Nombre)
	eq("/v1/productos/search/?q=ca")
	eq("/v1/productos/search?q=wi-fi%20router", router.Nombre)
	eq("/v1/productos?titulo=cámara", camara.Nombre)
	eq("/v1/productos?categoria=22", camara.Nombre) // storefront id -> admin categories; the sold-out one hidden
	eq("/v1/productos?categoria=video-vigilancia", camara.Nombre)
	eq("/v1/productos?categoria=energia", fuente.Nombre)
	eq("/v1/productos?categoria=routers", router.Nombre)
	eq("/v1/productos?categoria=Routers", router.Nombre)
	eq("/v1/productos?categoria=descuentos", fuente.Nombre)
	eq("/v1/productos?favorito=1", camara.Nombre)
	eq("/v1/productos?categoria=no-existe")
	// User text is only ever compared in memory: operators and patterns are plain text.
	for _, q := range []string{`{"$regex":".*"}`, `.*`, `$where`, `[$ne]`, `^C`} {
		eq("/v1/productos/search/?q=" + url.QueryEscape(q))
		eq("/v1/productos?titulo=" + url.QueryEscape(q))
		eq("/v1/productos?categoria=" + url.QueryEscape(q))
	}
	eq("/v1/productos?titulo[$ne]=x", camara.Nombre, router.Nombre, fuente.Nombre) // not our parameter

	// A search's pages: the sold-out match on the last one, and the total on each.
	type searchBody struct {
		Productos []Product
		Meta      struct {
			HasMore     bool
			Page, Limit int
			Total       *int
		}
	}
	for page, want := range map[string]struct {
		name string
		more bool
	}{"1": {camara.Nombre, true}, "2": {agotada.Nombre, false}} {
		s := httpxtest.Decode[searchBody](t, env.do("", http.MethodGet, "/v1/productos/search/?q=camara&limit=1&page="+page, nil))
		if len(s.Productos) != 1 || s.Productos[0].Nombre != want.name || s.Meta.HasMore != want.more || s.Meta.Total == nil || *s.Meta.Total != 2 {
			t.Errorf("search page %s: %+v", page, s)
		}
	}
	if s := httpxtest.Decode[searchBody](t, env.do("", http.MethodGet, "/v1/productos/search/?q=ca", nil)); len(s.Productos) != 0 || s.Meta.Total == nil || *s.Meta.Total != 0 {
		t.Errorf("short search: %+v", s)
	}

	// Paging.
	got := httpxtest.Decode[listBody](t, env.do("", http.MethodGet, "/v1/productos?limit=2&page=1", nil))
	if len(got.Products) != 2 || !got.Meta.HasMore {
		t.Errorf("page 1: %d %v", len(got.Products), got.Meta.HasMore)
	}
	got = httpxtest.Decode[listBody](t, env.do("", http.MethodGet, "/v1/productos?limit=2&page=2", nil))
	if len(got.Products) != 1 || got.Meta.HasMore {
		t.Errorf("page 2: %d %v", len(got.Products), got.Meta.HasMore)
	}
	// The admin list shows the sold-out product too, with a total.
	rec := env.do(auth.Auxiliar, http.MethodGet, "/v1/admin/productos?titulo=camara", nil)
	admin := httpxtest.Decode[listBody](t, rec)
	if len(admin.Products) != 2 || admin.Meta.Total == nil || *admin.Meta.Total != 2 || admin.Products[0].ID != agotada.ID {
		t.Errorf("admin list: %s", rec.Body)
	}

	// Bad parameters: 400 naming every bad one at once, in the listed wording.
	long := strings.Repeat("a", 101)
	for path, want := range map[string]map[string]string{
		"/v1/productos?page=0&limit=1000&favorito=quiza&compact=tal": {"page": apperr.MsgIntBetween(1, 100000),
			"limit": apperr.MsgIntBetween(1, 100), "favorito": apperr.MsgFlag, "compact": apperr.MsgFlag},
		"/v1/productos?page=uno":                                  {"page": apperr.MsgIntBetween(1, 100000)},
		"/v1/productos?titulo=" + long + "&categoria=" + long:     {"titulo": apperr.MsgMaxChars(100), "categoria": apperr.MsgMaxChars(100)},
		"/v1/productos/search/?q=" + strings.Repeat("cámara", 20): {"q": apperr.MsgMaxChars(100)},
		"/v1/productos/search/?q=camara&page=0&limit=500":         {"page": apperr.MsgIntBetween(1, 100000), "limit": apperr.MsgIntBetween(1, 100)},
		"/v1/admin/productos?limit=-1&archivados=2&orden=precio": {"limit": apperr.MsgIntBetween(1, 100), "archivados": apperr.MsgFlag,
			"orden": apperr.MsgOneOf("nombre", "stock", "-stock", "-updatedAt")},
		"/v1/inventario/bajo?page=x&limit=0": {"page": apperr.MsgIntBetween(1, 100000), "limit": apperr.MsgIntBetween(1, 100)},
	} {
		rec := env.do(auth.Auxiliar, http.MethodGet, path, nil)
		if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Message != apperr.BadParameters(e.Fields).Message || !maps.Equal(e.Fields, want) {
			t.Errorf("%s: %d %s", path, rec.Code, rec.Body)
		}
	}
	// The storefront's list has neither a sort nor the archived products: it ignores them.
	if rec := env.do("", http.MethodGet, "/v1/productos?orden=precio&archivados=2", nil); rec.Code != 200 {
		t.Errorf("the storefront's list with the staff's parameters: %d %s", rec.Code, rec.Body)
	}

	// Compact answers leave the heavy fields out; the detail has them.
	detail := httpxtest.Decode[Product](t, env.do("", http.MethodGet, "/v1/productos/"+camara.ID.Hex(), nil))
	if detail.Descripcion == "" || detail.Variantes[0].PrecioFinal != 1000 {
		t.Errorf("detail %+v", detail)
	}
}

func TestDiscountsCRUDValidationAndExpiry(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	// The service's clock stays at one instant, so its today is the test's whatever the wall clock
	// does meanwhile (the run may cross the shop's midnight).
	at := time.Now()
	env.m.Service().now = func() time.Time { return at }
	today := at.In(shoptime.Zone).Format(time.DateOnly)
	rec := env.do(auth.Administrador, http.MethodPost, "/v1/discounts", map[string]any{
		"name": " Hot Sale ", "description": "Mayo", "percentage": 20, "expirationDate": today})
	if rec.Code != http.StatusCreated {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	d := httpxtest.Decode[struct{ Data Discount }](t, rec).Data
	if d.Name != "Hot Sale" || d.Percentage != 20 || d.ExpirationDate != today {
		t.Fatalf("%+v", d)
	}
	list := httpxtest.Decode[struct{ Data []Discount }](t, env.do(auth.Auxiliar, http.MethodGet, "/v1/discounts", nil)).Data
	if len(list) != 1 || list[0].ID != d.ID {
		t.Fatalf("list %+v", list)
	}
	if got := httpxtest.Decode[struct{ Data Discount }](t, env.do(auth.Auxiliar, http.MethodGet, "/v1/discounts/"+d.ID.Hex(), nil)).Data; got.Name != "Hot Sale" {
		t.Fatalf("get %+v", got)
	}

	bad := []struct {
		body  any
		field string
	}{
		{map[string]any{"percentage": 10, "expirationDate": today}, "name"},
		{map[string]any{"name": "  ", "percentage": 10, "expirationDate": today}, "name"},
		{map[string]any{"name": "X", "expirationDate": today}, "percentage"},
		{map[string]any{"name": "X", "percentage": 0, "expirationDate": today}, "percentage"},
		{map[string]any{"name": "X", "percentage": 101, "expirationDate": today}, "percentage"},
		{map[string]any{"name": "X", "percentage": "diez", "expirationDate": today}, "percentage"},
		{map[string]any{"name": "X", "percentage": 10}, "expirationDate"},
		{map[string]any{"name": "X", "percentage": 10, "expirationDate": "31/12/2026"}, "expirationDate"},
		{map[string]any{"name": "X", "percentage": 10, "expirationDate": "2026-13-01"}, "expirationDate"},
		{map[string]any{"name": strings.Repeat("x", 121), "percentage": 10, "expirationDate": today}, "name"},
		{map[string]any{"name": map[string]any{"$gt": ""}, "percentage": 10, "expirationDate": today}, "name"},
		{map[string]any{"name": "X", "percentage": 15, "expirationDate": "2020-01-01"}, "expirationDate"},
		{map[string]any{"name": "X", "percentage": 15, "expirationDate": at.In(shoptime.Zone).AddDate(0, 0, -1).Format(time.DateOnly)}, "expirationDate"},
	}
	for _, b := range bad {
		for _, r := range []struct{ method, path string }{{http.MethodPost, "/v1/discounts"}, {http.MethodPatch, "/v1/discounts/" + d.ID.Hex()}} {
			rec := env.do(auth.Auxiliar, r.method, r.path, b.body)
			if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Fields[b.field] == "" {
				t.Errorf("%s %v: %d %s", r.method, b.body, rec.Code, rec.Body)
			}
		}
	}
	if got, _ := env.m.Service().Discount(d.ID.Hex()); got.Name != "Hot Sale" || len(env.m.Service().Discounts()) != 1 {
		t.Fatalf("refused writes changed discounts: %+v", got)
	}

	// A product pointing to it sells with it and shows in 'Descuentos' until it expires.
	b := catalogtest.FormProduct("Disco duro")
	b["descuentoId"] = d.ID.Hex()
	b["variantes"] = []map[string]any{{"talla": "Unico", "stock": 4, "precioVenta": 2000}}
	p := env.mustCreate(b)
	if p.Variantes[0].DescuentoEfectivo != 20 || p.Variantes[0].PrecioFinal != 1600 || p.Variantes[0].Descuento != 0 {
		t.Fatalf("priced %+v", p.Variantes[0])
	}
	if got := httpxtest.Decode[listBody](t, env.do("", http.MethodGet, "/v1/productos?categoria=descuentos", nil)); len(got.Products) != 1 {
		t.Fatalf("descuentos: %+v", got)
	}
	// Two days later it has expired.
	env.m.Service().now = func() time.Time { return time.Now().Add(48 * time.Hour) }
	if got := httpxtest.Decode[Product](t, env.do("", http.MethodGet, "/v1/productos/"+p.ID.Hex(), nil)); got.Variantes[0].PrecioFinal != 2000 {
		t.Fatalf("expired discount still applies: %+v", got.Variantes[0])
	}
	if got := httpxtest.Decode[listBody](t, env.do("", http.MethodGet, "/v1/productos?categoria=descuentos", nil)); len(got.Products) != 0 {
		t.Fatalf("descuentos after expiry: %+v", got)
	}

	// An expired discount is not offered to a product that does not have it; the one that has it keeps it.
	other := catalogtest.FormProduct("Otro disco")
	other["descuentoId"] = d.ID.Hex()
	rec = env.do(auth.Auxiliar, http.MethodPost, "/v1/productos", other)
	if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Fields["descuentoId"] != "Ese descuento ya venció. Elige otro o cambia su fecha de expiración." {
		t.Fatalf("expired discount on a new product: %d %s", rec.Code, rec.Body)
	}
	rec = env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"descuentoId": d.ID.Hex(), "nombre": "Disco duro 2 TB"})
	if rec.Code != 200 {
		t.Fatalf("product keeping its expired discount: %d %s", rec.Code, rec.Body)
	}

	// A discount a product uses is not deleted: the answer names the product; once taken off it, it is.
	rec = env.do(auth.Auxiliar, http.MethodDelete, "/v1/discounts/"+d.ID.Hex(), nil)
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusConflict || !strings.Contains(e.Message, "1 producto usa este descuento («Disco duro 2 TB»)") {
		t.Fatalf("discount in use: %d %s", rec.Code, rec.Body)
	}
	if rec := env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"descuentoId": ""}); rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if rec := env.do(auth.Auxiliar, http.MethodDelete, "/v1/discounts/"+d.ID.Hex(), nil); rec.Code != http.StatusNoContent {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	for _, path := range []string{"/v1/discounts/" + d.ID.Hex(), "/v1/discounts/xyz"} {
		if rec := env.do(auth.Auxiliar, http.MethodGet, path, nil); rec.Code != 404 || httpxtest.DecodeError(t, rec).Message != "Descuento no encontrado." {
			t.Errorf("GET %s: %d %s", path, rec.Code, rec.Body)
		}
		if rec := env.do(auth.Auxiliar, http.MethodDelete, path, nil); rec.Code != 404 {
			t.Errorf("DELETE %s: %d", path, rec.Code)
		}
	}
}
