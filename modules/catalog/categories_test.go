package catalog

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

// A store written before categories were data: it has products naming their category by the
// admin list's names and no categorias collection. The start writes the 12 cards and the 15
// admin categories once; a second start changes nothing; every product keeps its category and
// the storefront's filters find it as before.
func TestAnOldStoreGetsTheSeedCategoriesOnceAndProductsKeepTheirs(t *testing.T) {
	t.Parallel()
	db := mongox.TestDB(t)
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	old := map[string]string{"Camaras IP y NVRs": "", "Cables": "", "Energia Solar": "", "Otros": ""}
	for name := range old {
		id := bson.NewObjectID()
		old[name] = id.Hex()
		doc := bson.M{"_id": id, "nombre": "Producto " + name, "categoria": name, "revision": int64(1),
			"variantes": bson.A{bson.M{"_id": bson.NewObjectID(), "talla": "Unico", "stock": 3, "precioVenta": 100.0}},
			"stock":     3, "total_existencia": 3, "createdAt": now, "updatedAt": now}
		if _, err := db.W.Collection(productsCollection).InsertOne(ctx, doc); err != nil {
			t.Fatal(err)
		}
	}
	m := MustModule(t, db, 0)
	stored := func() []bson.M {
		docs, err := mongox.FindAll[bson.M](ctx, db.R.Collection(categoriesCollection), bson.M{})
		if err != nil {
			t.Fatal(err)
		}
		return docs
	}
	first := stored()
	cards, admin := 0, 0
	for _, c := range m.Service().Categories() {
		if c.Tarjeta {
			cards++
		} else {
			admin++
		}
	}
	if len(first) != 27 || cards != 12 || admin != 15 {
		t.Fatalf("seed: %d documents, %d cards, %d admin categories; want 27, 12, 15", len(first), cards, admin)
	}
	strip := []string{}
	for _, c := range m.Service().Categories() {
		if c.Tarjeta {
			strip = append(strip, c.ID+" "+c.Nombre)
		}
	}
	want := []string{"22 Videovigilancia", "25 Radiocomunicación", "26 Redes e IT", "66523 Audio y Video", "66630 Robots e Industrial",
		"65747 Marketing", "27 IoT / GPS / Telemática y Señalización Audiovisual", "30 Energía / Herramientas",
		"32 Automatización e Intrusión", "37 Control de Acceso", "38 Detección de Fuego", "65811 Cableado Estructurado"}
	if !reflect.DeepEqual(strip, want) {
		t.Errorf("strip %q\nwant %q", strip, want)
	}

	// Twice: nothing changes, also when the job mark is lost and the seed runs again.
	if err := m.Upgrade(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.W.Collection(metaCollection).DeleteOne(ctx, bson.M{"_id": categoriesSeedJob}); err != nil {
		t.Fatal(err)
	}
	again := MustModule(t, db, 0)
	if second := stored(); !reflect.DeepEqual(first, second) {
		t.Fatalf("a second start changed the categories: %d -> %d documents", len(first), len(second))
	}

	// Products keep their category, and the filters of today's storefront find them.
	s := again.Service()
	for name, id := range old {
		p, err := s.Product(id)
		if err != nil || p.Categoria != name {
			t.Fatalf("%s: categoria %q %v", name, p.Categoria, err)
		}
		if _, ok := s.categories.current().resolve(p.Categoria); !ok {
			t.Errorf("%s does not resolve", name)
		}
	}
	find := func(filter string) []string {
		var out []string
		match := s.categories.current().matcher(filter)
		s.memory.each(func(p *Product) {
			if match(*p) {
				out = append(out, p.Categoria)
			}
		})
		return out
	}
	for filter, want := range map[string]string{"22": "Camaras IP y NVRs", "video-vigilancia": "Camaras IP y NVRs",
		"65811": "Cables", "cables": "Cables", "energia": "Energia Solar", "Energia Solar": "Energia Solar", "otros": "Otros"} {
		if got := find(filter); len(got) != 1 || got[0] != want {
			t.Errorf("filter %q: %q, want [%s]", filter, got, want)
		}
	}
	if got := find("no-existe"); len(got) != 0 {
		t.Errorf("an unknown filter matched %q", got)
	}

	// A store whose staff deleted a seed category does not get it back at the next start.
	if _, err := db.W.Collection(categoriesCollection).DeleteOne(ctx, bson.M{"_id": "38"}); err != nil {
		t.Fatal(err)
	}
	third := MustModule(t, db, 0)
	if _, ok := third.Service().categories.current().get("38"); ok {
		t.Error("a deleted category came back")
	}
}

func TestCategoriesThroughTheAPI(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	type list struct {
		Categorias []CategoryUse `json:"categorias"`
	}
	type one struct {
		Categoria Category `json:"categoria"`
	}
	body := map[string]any{"nombre": "  Cámaras   térmicas ", "padre": "22", "icono": "camara", "color": "#A1B2C3", "tarjeta": false, "menu": "Térmicas"}

	// Permissions: every staff role reads, only the Administrador writes, the storefront reads.
	for _, r := range []auth.Role{auth.Auxiliar, auth.Cajero, auth.Comandero, auth.Cliente, ""} {
		if rec := env.do(r, http.MethodPost, "/v1/admin/categorias", body); rec.Code != http.StatusForbidden && rec.Code != http.StatusUnauthorized {
			t.Errorf("%q created a category: %d", r, rec.Code)
		}
	}
	for r, want := range map[auth.Role]int{auth.Auxiliar: 200, auth.Cajero: 200, auth.Comandero: 200, auth.Cliente: 403, "": 401} {
		if rec := env.do(r, http.MethodGet, "/v1/admin/categorias", nil); rec.Code != want {
			t.Errorf("%q reads the staff list: %d, want %d", r, rec.Code, want)
		}
	}

	rec := env.do(auth.Administrador, http.MethodPost, "/v1/admin/categorias", body)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	created := httpxtest.Decode[one](t, rec).Categoria
	if created.ID != "camaras-termicas" || created.Nombre != "Cámaras térmicas" || created.Color != "#a1b2c3" || created.Padre != "22" || created.Orden != 3 {
		t.Fatalf("created %+v", created)
	}

	// The public read has it, with an ETag a browser sends back.
	pub := env.do("", http.MethodGet, "/v1/categorias", nil)
	if pub.Code != 200 || !strings.Contains(pub.Header().Get("Cache-Control"), "public") || !strings.Contains(pub.Body.String(), `"camaras-termicas"`) {
		t.Fatalf("public read: %d %q %.200s", pub.Code, pub.Header().Get("Cache-Control"), pub.Body)
	}
	cached := httptest.NewRequest(http.MethodGet, "/v1/categorias", nil)
	cached.Header.Set("If-None-Match", pub.Header().Get("ETag"))
	if r := env.srv.Serve(cached); r.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: %d", r.Code)
	}

	// Validation, in Spanish, naming the field.
	bad := []struct {
		body  map[string]any
		field string
		msg   string
	}{
		{map[string]any{"nombre": "Cámaras Térmicas", "padre": "22"}, "nombre", "Ya hay una categoría con este nombre en el mismo nivel."},
		{map[string]any{"nombre": "X"}, "nombre", "Debe tener entre 2 y 60 caracteres."},
		{map[string]any{"nombre": strings.Repeat("n", 61)}, "nombre", "Debe tener entre 2 y 60 caracteres."},
		{map[string]any{"nombre": "Nueva", "icono": "bomba"}, "icono", "Elige uno de los iconos de la lista."},
		{map[string]any{"nombre": "Nueva", "color": "rojo"}, "color", "Debe ser un color como #1f5a96."},
		{map[string]any{"nombre": "Nueva", "color": "#12345"}, "color", "Debe ser un color como #1f5a96."},
		{map[string]any{"nombre": "Nueva", "padre": "no-existe"}, "padre", "Elige una categoría de la lista."},
		{map[string]any{"nombre": "Nueva", "menu": strings.Repeat("m", 31)}, "menu", apperr.MsgMaxChars(30)},
	}
	for _, b := range bad {
		rec := env.do(auth.Administrador, http.MethodPost, "/v1/admin/categorias", b.body)
		e := httpxtest.DecodeError(t, rec)
		if rec.Code != http.StatusBadRequest || e.Fields[b.field] != b.msg {
			t.Errorf("%v: %d %+v", b.body, rec.Code, e)
		}
	}
	// The same name under another parent is fine.
	if rec := env.do(auth.Administrador, http.MethodPost, "/v1/admin/categorias", map[string]any{"nombre": "Cámaras térmicas"}); rec.Code != http.StatusCreated {
		t.Errorf("same name at the top: %d %s", rec.Code, rec.Body)
	}
	// A category cannot go under itself or one of its own.
	if rec := env.do(auth.Administrador, http.MethodPatch, "/v1/admin/categorias/22", map[string]any{"padre": "camaras-termicas"}); rec.Code != http.StatusBadRequest {
		t.Errorf("a cycle: %d %s", rec.Code, rec.Body)
	}

	// Products may use it (by id or name) and must use one that exists.
	p := catalogtest.FormProduct("Cámara térmica")
	p["categoria"] = "camaras-termicas"
	prod := env.mustCreate(p)
	if prod.Categoria != "camaras-termicas" {
		t.Fatalf("product categoria %q", prod.Categoria)
	}
	p["categoria"] = "Juguetes"
	if rec := env.do(auth.Administrador, http.MethodPost, "/v1/productos", p); rec.Code != http.StatusBadRequest {
		t.Errorf("an unknown category was accepted: %d", rec.Code)
	}
	// The storefront's card of the parent lists it.
	if got := httpxtest.Decode[listBody](t, env.do("", http.MethodGet, "/v1/productos?categoria=22", nil)); len(got.Products) != 1 {
		t.Errorf("card 22 lists %d products", len(got.Products))
	}

	// A rename keeps the id; what named it before still finds it.
	rec = env.do(auth.Administrador, http.MethodPatch, "/v1/admin/categorias/camaras-termicas", map[string]any{"nombre": "Termografía"})
	if rec.Code != 200 || httpxtest.Decode[one](t, rec).Categoria.ID != "camaras-termicas" {
		t.Fatalf("rename: %d %s", rec.Code, rec.Body)
	}
	// Its old name is now only the top-level one's: a name in use wins over an earlier name.
	if c, _ := env.m.service.categories.current().resolve("Cámaras térmicas"); c.ID != "camaras-termicas-2" {
		t.Errorf("old name resolves to %q", c.ID)
	}
	for _, name := range []string{"Paquetes", "Combos"} {
		if rec := env.do(auth.Administrador, http.MethodPatch, "/v1/admin/categorias/camaras-termicas-2", map[string]any{"nombre": name}); rec.Code != 200 {
			t.Fatalf("rename to %s: %d %s", name, rec.Code, rec.Body)
		}
	}
	for _, name := range []string{"PAQUETES", "Combos"} {
		if c, _ := env.m.service.categories.current().resolve(name); c.ID != "camaras-termicas-2" {
			t.Errorf("%s resolves to %q", name, c.ID)
		}
	}

	// Reorder one level.
	rec = env.do(auth.Administrador, http.MethodPut, "/v1/admin/categorias/orden", map[string]any{"ids": []string{"camaras-termicas", "almacenamiento", "camaras-ip-y-nvrs", "camaras-y-dvrs-hd"}})
	if rec.Code != 200 {
		t.Fatalf("order: %d %s", rec.Code, rec.Body)
	}
	var under22 []string
	for _, c := range httpxtest.Decode[list](t, rec).Categorias {
		if c.Padre == "22" {
			under22 = append(under22, c.ID)
		}
	}
	if want := []string{"camaras-termicas", "almacenamiento", "camaras-ip-y-nvrs", "camaras-y-dvrs-hd"}; !reflect.DeepEqual(under22, want) {
		t.Errorf("order %q", under22)
	}
	for _, ids := range [][]string{{"22", "22"}, {"22", "almacenamiento"}, {"no-existe"}, {}} {
		if rec := env.do(auth.Administrador, http.MethodPut, "/v1/admin/categorias/orden", map[string]any{"ids": ids}); rec.Code != http.StatusBadRequest {
			t.Errorf("order %q: %d", ids, rec.Code)
		}
	}

	// Delete: refused while a product uses it, or while it has subcategories; then done.
	rec = env.do(auth.Administrador, http.MethodDelete, "/v1/admin/categorias/camaras-termicas", nil)
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusConflict || e.Message != "No se puede eliminar: la usan 1 producto. Cámbialos de categoría primero." {
		t.Errorf("delete in use: %d %+v", rec.Code, e)
	}
	rec = env.do(auth.Administrador, http.MethodDelete, "/v1/admin/categorias/26", nil)
	if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusConflict || e.Message != "No se puede eliminar: tiene 5 subcategorías. Muévelas o elimínalas primero." {
		t.Errorf("delete with children: %d %+v", rec.Code, e)
	}
	uses := map[string]int{}
	for _, c := range httpxtest.Decode[list](t, env.do(auth.Cajero, http.MethodGet, "/v1/admin/categorias", nil)).Categorias {
		uses[c.ID] = c.Productos
	}
	if uses["camaras-termicas"] != 1 || uses["22"] != 0 {
		t.Errorf("uses %v", uses)
	}
	if rec := env.do(auth.Administrador, http.MethodPatch, "/v1/productos/"+prod.ID.Hex(), map[string]any{"categoria": "Otros", "version": prod.Version}); rec.Code != 200 {
		t.Fatalf("move the product: %d %s", rec.Code, rec.Body)
	}
	if rec := env.do(auth.Administrador, http.MethodDelete, "/v1/admin/categorias/camaras-termicas", nil); rec.Code != http.StatusNoContent {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body)
	}
	if rec := env.do(auth.Administrador, http.MethodDelete, "/v1/admin/categorias/camaras-termicas", nil); rec.Code != http.StatusNotFound {
		t.Errorf("delete again: %d", rec.Code)
	}
	// Another replica's start reads what this one wrote.
	other := MustModule(t, env.db, 0)
	if _, ok := other.Service().categories.current().get("camaras-termicas"); ok {
		t.Error("the deleted category is still in the store")
	}
	if c, ok := other.Service().categories.current().get("camaras-termicas-2"); !ok || c.Nombre != "Combos" {
		t.Errorf("the other replica reads %+v", c)
	}
}

// Two replicas, each with the categories it last read, name a new category of one level alike at
// once, and one renames another into that name: the store keeps one of that name, and each
// other write gets the form's Spanish answer.
func TestReplicasNeverGiveTwoCategoriesOfALevelOneName(t *testing.T) {
	t.Parallel()
	db := mongox.TestDB(t)
	a, b := MustModule(t, db, 0), MustModule(t, db, 0)
	ctx := context.Background()
	name := "Detectores de metal"
	type result struct {
		m   *Module
		err error
	}
	results := make(chan result, 2)
	for _, m := range []*Module{a, b} {
		go func() {
			_, err := m.Service().CreateCategory(ctx, CategoryInput{Nombre: &name})
			results <- result{m, err}
		}()
	}
	var loser *Module
	var failed []error
	for range 2 {
		if r := <-results; r.err != nil {
			loser, failed = r.m, append(failed, r.err)
		}
	}
	if len(failed) != 1 || !errors.Is(failed[0], errCategoryNameTaken) {
		t.Fatalf("errors %v, want one errCategoryNameTaken", failed)
	}
	// A rename into that name written by a replica that has not read it: the store refuses it.
	other := "Videoporteros"
	c, err := loser.Service().CreateCategory(ctx, CategoryInput{Nombre: &other})
	if err != nil {
		t.Fatal(err)
	}
	c.Nombre = "DETECTORES de Metál" // the same name as compared: case and accents aside
	if _, err := loser.service.store.replaceCategory(ctx, c); !errors.Is(err, errCategoryNameTaken) {
		t.Fatalf("rename: %v, want errCategoryNameTaken", err)
	}
	n, err := db.W.Collection(categoriesCollection).CountDocuments(ctx, bson.M{"clave": "/" + fold(name)})
	if err != nil || n != 1 {
		t.Fatalf("%d categories named %q: %v", n, name, err)
	}
}

// A store whose categories were written before Clave existed, two of them with one name at one
// level (a race of an earlier release), gets every Clave and the unique index at start.
func TestCategoriesWrittenBeforeTheirKeyGetOneAtStart(t *testing.T) {
	t.Parallel()
	db := mongox.TestDB(t)
	ctx := context.Background()
	for _, id := range []string{"acceso", "acceso-2"} {
		if _, err := db.W.Collection(categoriesCollection).InsertOne(ctx, bson.M{"_id": id, "nombre": "Acceso", "icono": "escudo", "color": "#123a66"}); err != nil {
			t.Fatal(err)
		}
	}
	MustModule(t, db, 0)
	got, err := mongox.FindAll[Category](ctx, db.R.Collection(categoriesCollection), bson.M{"_id": bson.M{"$in": bson.A{"acceso", "acceso-2"}}})
	if err != nil || len(got) != 2 {
		t.Fatalf("%v %v", got, err)
	}
	keys := map[string]string{}
	for _, c := range got {
		keys[c.ID] = c.Clave
	}
	if keys["acceso"] != "/acceso" || keys["acceso-2"] != "/acceso#acceso-2" {
		t.Fatalf("keys %v", keys)
	}
}

// A category written on one replica reaches another at its poll, which reads the category tree
// again and never the products.
func TestReplicaReadsTheCategoryTreeAgainWithoutAFullReload(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	other := MustModule(t, env.db, 50*time.Millisecond).Service()
	hidden := hiddenProduct(t, env)
	name := "Cámaras térmicas"
	c, err := env.m.Service().CreateCategory(context.Background(), CategoryInput{Nombre: &name})
	if err != nil {
		t.Fatal(err)
	}
	catalogtest.WaitUntil(t, "the other replica reads the new category", func() bool { _, ok := other.categories.current().get(c.ID); return ok })
	if err := env.m.Service().DeleteCategory(context.Background(), c.ID); err != nil {
		t.Fatal(err)
	}
	catalogtest.WaitUntil(t, "the other replica drops the deleted category", func() bool { _, ok := other.categories.current().get(c.ID); return !ok })
	notReloaded(t, other, hidden)
}
