package catalog

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

// categoriesCollection holds the category tree, one document per category (Category).
const categoriesCollection = "categorias"

// categoriesSeedJob records that the categories of the release that had them in code were
// written into the categorias collection.
const categoriesSeedJob = "categorias-v1"

// seedCategories are the categories of the releases that had them in code: the storefront's 12
// cards (ids of the distributor's categories) and, under them, the admin form's 15 categories
// (products name those by name, kept as an alias), with the menus' six tiles.
func seedCategories() []Category {
	type card struct {
		id, nombre, icono, menu string
		alias                   []string
		admin                   []string
	}
	cards := []card{
		{"22", "Videovigilancia", "camara", "Video Vigilancia", []string{"video-vigilancia"}, []string{"Camaras y DVRs HD", "Camaras IP y NVRs", "Almacenamiento"}},
		{"25", "Radiocomunicación", "telefono", "", nil, nil},
		{"26", "Redes e IT", "router", "", nil, []string{"Routers", "Switches", "Redes", "Enlaces inalambricos", "Servidores"}},
		{"66523", "Audio y Video", "audifonos", "", nil, []string{"Audio", "Video"}},
		{"66630", "Robots e Industrial", "dron", "Drones", []string{"drones"}, nil},
		{"65747", "Marketing", "etiqueta", "", nil, nil},
		{"27", "IoT / GPS / Telemática y Señalización Audiovisual", "ubicacion", "", nil, nil},
		{"30", "Energía / Herramientas", "energia", "Energia", []string{"energia"}, []string{"Energia Solar"}},
		{"32", "Automatización e Intrusión", "escudo", "", nil, []string{"Seguridad"}},
		{"37", "Control de Acceso", "escudo", "", nil, nil},
		{"38", "Detección de Fuego", "alerta", "", nil, nil},
		{"65811", "Cableado Estructurado", "cable", "Cables", nil, []string{"Cables"}},
	}
	// The strip's colours, in turn (brand-800, teal-700, slate-800, indigo-800, amber-700, rose-800).
	colours := []string{"#123a66", "#0f766e", "#1e293b", "#3730a3", "#b45309", "#9f1239"}
	icons := map[string]string{"Camaras y DVRs HD": "camara", "Camaras IP y NVRs": "camara", "Routers": "router",
		"Switches": "router", "Accesorios": "audifonos", "Cables": "cable", "Enlaces inalambricos": "router",
		"Servidores": "cuadricula", "Almacenamiento": "paquete", "Audio": "audifonos", "Video": "camara",
		"Redes": "router", "Seguridad": "escudo", "Energia Solar": "energia", "Otros": "cuadricula"}
	menus := map[string]string{"Accesorios": "Accesorios", "Routers": "Routers"}
	admin := func(nombre, padre, color string, orden int) Category {
		return Category{ID: slugify(nombre), Nombre: nombre, Padre: padre, Orden: orden, Icono: icons[nombre],
			Color: color, Menu: menus[nombre], Alias: []string{fold(nombre)}}
	}
	var out []Category
	for i, c := range cards {
		color := colours[i%len(colours)]
		out = append(out, Category{ID: c.id, Nombre: c.nombre, Orden: i, Icono: c.icono, Color: color, Tarjeta: true, Menu: c.menu, Alias: c.alias})
		for j, a := range c.admin {
			out = append(out, admin(a, c.id, color, j))
		}
	}
	out = append(out, admin("Accesorios", "", colours[0], len(cards)), admin("Otros", "", colours[2], len(cards)+1))
	return out
}

// seedCategoriesOnce writes the seed categories into a store that never had them and answers
// how many it wrote. Each has its own _id, so two replicas starting at once write each once; a
// store seeded already (even if staff deleted every category since) is left alone.
func (s store) seedCategoriesOnce(ctx context.Context) (int, error) {
	if done, err := s.jobDone(ctx, categoriesSeedJob); err != nil || done {
		return 0, err
	}
	written := 0
	now := s.db.Now().UTC().Truncate(time.Millisecond)
	for _, c := range seedCategories() {
		c.UpdatedAt, c.Clave = now, categoryKey(c)
		_, err := s.db.W.Collection(categoriesCollection).InsertOne(ctx, c)
		switch {
		case mongox.IsDuplicate(err):
		case err != nil:
			return written, fmt.Errorf("catalog: seed category %s: %w", c.ID, err)
		default:
			written++
		}
	}
	return written, s.markJobDone(ctx, categoriesSeedJob)
}

// allCategories reads the category tree.
func (s store) allCategories(ctx context.Context) ([]Category, error) {
	out, err := mongox.FindAll[Category](ctx, s.db.R.Collection(categoriesCollection), bson.M{})
	if err != nil {
		return nil, fmt.Errorf("catalog: load categories: %w", err)
	}
	return out, nil
}

// fillCategoryKeys gives every category its Clave (categories written before it existed; of two
// that share one, the later ids get theirs made unique with the id), which the index clave_v2
// keeps unique.
func (s store) fillCategoryKeys(ctx context.Context) error {
	cats, err := s.allCategories(ctx)
	if err != nil {
		return err
	}
	slices.SortFunc(cats, func(a, b Category) int { return strings.Compare(a.ID, b.ID) })
	taken := map[string]bool{}
	for _, c := range cats {
		if c.Clave != "" {
			taken[c.Clave] = true
		}
	}
	for _, c := range cats {
		if c.Clave != "" {
			continue
		}
		key := categoryKey(c)
		if taken[key] {
			key += "#" + c.ID
		}
		taken[key] = true
		if _, err := s.db.W.Collection(categoriesCollection).UpdateOne(ctx, bson.M{"_id": c.ID, "clave": bson.M{"$exists": false}},
			bson.M{"$set": bson.M{"clave": key}}); err != nil {
			return fmt.Errorf("catalog: category %s: %w", c.ID, err)
		}
	}
	return nil
}

// errCategoryNameTaken is the answer to a category whose level has one of that name already.
var errCategoryNameTaken = apperr.InvalidFields(apperr.MsgCheckFields,
	map[string]string{"nombre": "Ya hay una categoría con este nombre en el mismo nivel."})

// insertCategory writes a new category. Errors: errCategoryNameTaken; a duplicate id is
// reported by mongox.IsDuplicate.
func (s store) insertCategory(ctx context.Context, c Category) error {
	c.Clave = categoryKey(c)
	_, err := s.db.W.Collection(categoriesCollection).InsertOne(ctx, c)
	if mongox.IsDuplicate(err) {
		if _, found, ferr := mongox.FindOne[Category](ctx, s.db.W.Collection(categoriesCollection), bson.M{"_id": c.ID}); ferr == nil && !found {
			return errCategoryNameTaken // not the id: the name, written by another replica meanwhile
		}
	}
	return err
}

// replaceCategory writes c over the stored category with its id. Errors: errCategoryNameTaken.
func (s store) replaceCategory(ctx context.Context, c Category) (bool, error) {
	c.Clave = categoryKey(c)
	r, err := s.db.W.Collection(categoriesCollection).ReplaceOne(ctx, bson.M{"_id": c.ID}, c)
	if mongox.IsDuplicate(err) {
		return false, errCategoryNameTaken
	}
	if err != nil {
		return false, fmt.Errorf("catalog: write category %s: %w", c.ID, err)
	}
	return r.MatchedCount == 1, nil
}

// setCategoryOrder gives each listed category its place.
func (s store) setCategoryOrder(ctx context.Context, ids []string, now time.Time) error {
	for i, id := range ids {
		_, err := s.db.W.Collection(categoriesCollection).UpdateOne(ctx, bson.M{"_id": id},
			bson.M{"$set": bson.M{"orden": i, "updatedAt": now}})
		if err != nil {
			return fmt.Errorf("catalog: order category %s: %w", id, err)
		}
	}
	return nil
}

// deleteCategory removes a category.
func (s store) deleteCategory(ctx context.Context, id string) (bool, error) {
	r, err := s.db.W.Collection(categoriesCollection).DeleteOne(ctx, bson.M{"_id": id})
	if err != nil {
		return false, fmt.Errorf("catalog: delete category %s: %w", id, err)
	}
	return r.DeletedCount == 1, nil
}

// categoriesVersionID is the category tree's version document in the meta collection: raised by
// every write of the tree, polled by every replica (refreshCategories). Its id is the one it had
// when it was the whole catalogue's version.
const categoriesVersionID = "version"

// versionDoc is the category tree's version document.
type versionDoc struct {
	V int64 `bson:"v"`
}

// bumpCategoriesVersion raises the category tree's version document and returns the new version.
func (s store) bumpCategoriesVersion(ctx context.Context) (int64, error) {
	var doc versionDoc
	coll := s.db.W.Collection(metaCollection)
	opts := options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)
	err := coll.FindOneAndUpdate(ctx, bson.M{"_id": categoriesVersionID}, bson.M{"$inc": bson.M{"v": int64(1)}}, opts).Decode(&doc)
	if mongox.IsDuplicate(err) { // two first bumps raced on MongoDB: the document exists now
		err = coll.FindOneAndUpdate(ctx, bson.M{"_id": categoriesVersionID}, bson.M{"$inc": bson.M{"v": int64(1)}}, opts).Decode(&doc)
	}
	if err != nil {
		return 0, fmt.Errorf("catalog: bump categories' version: %w", err)
	}
	return doc.V, nil
}

// categoriesVersion reads the category tree's version (0 before its first write).
func (s store) categoriesVersion(ctx context.Context) (int64, error) {
	doc, _, err := mongox.FindOne[versionDoc](ctx, s.db.R.Collection(metaCollection), bson.M{"_id": categoriesVersionID})
	if err != nil {
		return 0, fmt.Errorf("catalog: categories' version: %w", err)
	}
	return doc.V, nil // 0 when there is no version document yet
}
