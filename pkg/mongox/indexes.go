package mongox

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox/internal/bsonfilter"
)

// Collection is what a module needs of one of its collections: that it exists, and its indexes.
// Modules declare them; BuildIndexes (`tienda migrate`, and every start on the embedded store)
// builds them, and a replica on MongoDB only checks them (CheckIndexes).
type Collection struct {
	Name    string
	Indexes []Index
	// Retired names the indexes (by base name: every version) that an earlier release declared and
	// this one uses no more: BuildIndexes drops them. An index neither declared nor retired (a
	// DBA's own, say) is left alone.
	Retired []string
}

// Index is one index of a collection. Its name carries its version: a changed definition gets a
// new name (lista → lista_v2 → lista_v3), so BuildIndexes creates it beside the old one and drops
// the old one after, and MongoDB never has to refuse a new definition under a name it already
// holds (its codes 85 and 86, which would stop the release). The older versions of a name are the
// indexes named with the same base, the name without its _vN.
type Index struct {
	Name   string
	Keys   bson.D
	Unique bool
	Sparse bool
	// Partial lists only the documents it matches (MongoDB's partialFilterExpression: equalities,
	// $exists: true, $gt/$gte/$lt/$lte, $type, $and). A query uses it only when its filter implies
	// Partial. FerretDB has no partial indexes: there the index is built on EmbeddedKeys instead,
	// or not at all when they are nil.
	Partial bson.D
	// EmbeddedKeys, for a partial index, are the keys of the plain index FerretDB builds in its
	// place: FerretDB's finds use no index, but Each's selection in SQLite on the embedded store
	// does (where.go), for a condition on a top-level field that such an index holds.
	EmbeddedKeys bson.D
	// List marks the index of a paged list (Page): Keys are top-level fields, with direction 1 or
	// -1, the list filters on and sorts by. On MongoDB it ends with _id, the last key of every sort
	// Page runs; on the embedded store it is an index of SQLite's on Page's expressions
	// (list_index.go).
	List bool
}

// MissingIndexesError is CheckIndexes' answer when the store lacks indexes (collection.index)
// that this release declares (Missing), or holds some under their names with another definition
// (Different: a declaration changed without a new name, or a restore's index).
type MissingIndexesError struct{ Missing, Different []string }

func (e *MissingIndexesError) Error() string {
	var parts []string
	if len(e.Missing) > 0 {
		parts = append(parts, "indexes missing: "+strings.Join(e.Missing, ", "))
	}
	if len(e.Different) > 0 {
		parts = append(parts, "indexes defined otherwise: "+strings.Join(e.Different, ", "))
	}
	return "mongox: " + strings.Join(parts, "; ")
}

// BuildIndexes brings colls to what they declare: it creates each collection, then each index
// missing (a changed definition under its new name, beside the old one), then drops the older
// versions of each; on the embedded store it also indexes the _id lookups (IndexIDs). Repeating
// it changes nothing. Indexes are created one at a time: repeating a createIndexes command that
// names two or more existing indexes crashes FerretDB v1.24's connection.
func (s *Store) BuildIndexes(ctx context.Context, colls ...Collection) error {
	for _, c := range colls {
		if err := s.ensureCollection(ctx, c.Name); err != nil {
			return err
		}
		plan, err := s.indexPlan(ctx, c)
		if err != nil {
			return err
		}
		if err := s.applyPlan(ctx, c.Name, plan); err != nil {
			return fmt.Errorf("mongox: indexes of %s: %w", c.Name, err)
		}
		if err := s.buildListIndexes(ctx, c); err != nil {
			return err
		}
	}
	_, err := s.IndexIDs(ctx)
	return err
}

// CheckIndexes answers a *MissingIndexesError naming each index colls declare that the store does
// not hold as declared; nil when it holds them all. It writes nothing: a replica on MongoDB runs
// it at start instead of building (BuildIndexes is `tienda migrate`'s).
func (s *Store) CheckIndexes(ctx context.Context, colls ...Collection) error {
	var missing, different []string
	for _, c := range colls {
		plan, err := s.indexPlan(ctx, c)
		if err != nil {
			return err
		}
		sqlPlan, err := s.listIndexPlan(ctx, c)
		if err != nil {
			return err
		}
		for _, p := range []indexPlan{plan, sqlPlan} {
			for _, ix := range p.Create {
				missing = append(missing, c.Name+"."+ix.Name)
			}
			for _, ix := range p.Replace {
				different = append(different, c.Name+"."+ix.Name)
			}
		}
	}
	if len(missing)+len(different) > 0 {
		return &MissingIndexesError{Missing: missing, Different: different}
	}
	return nil
}

// indexSpec is an index as the store lists it, or as a declaration asks it of this engine.
type indexSpec struct {
	Name    string `bson:"name"`
	Keys    bson.D `bson:"key"`
	Unique  bool   `bson:"unique"`
	Sparse  bool   `bson:"sparse"`
	Partial bson.D `bson:"partialFilterExpression"`
	def     string // an embedded store's list index: its definition (sqlitestore.ListIndex)
}

// indexPlan is what brings a collection's indexes to its declaration: Create the missing ones,
// Replace (drop, then create) those whose name holds another definition, then Drop the older
// versions of declared names.
type indexPlan struct {
	Create, Replace []indexSpec
	Drop            []string
}

// planIndexes compares the indexes a collection wants on this engine with those it has. declared
// names every index of the collection's declaration, built on this engine or not: their older
// versions go. An index that is neither declared nor an older version of a declared one (a DBA's
// own, say) is left alone.
func planIndexes(want []indexSpec, declared []string, have []indexSpec) indexPlan {
	var p indexPlan
	for _, w := range want {
		i := slices.IndexFunc(have, func(h indexSpec) bool { return h.Name == w.Name })
		switch {
		case i < 0:
			p.Create = append(p.Create, w)
		case !sameIndex(have[i], w):
			p.Replace = append(p.Replace, w)
		}
	}
	bases := make(map[string]bool, len(declared))
	for _, n := range declared {
		bases[indexBase(n)] = true
	}
	for _, h := range have {
		if h.Name != "_id_" && !slices.Contains(declared, h.Name) && bases[indexBase(h.Name)] {
			p.Drop = append(p.Drop, h.Name)
		}
	}
	return p
}

var versionSuffix = regexp.MustCompile(`_v[0-9]+$`)

// indexBase is an index's name without its version: lista_v2 and lista are versions of lista.
func indexBase(name string) string { return versionSuffix.ReplaceAllString(name, "") }

// sameIndex reports whether two specs define the same index: keys in order with the same
// directions (1 or -1, of whatever number type), the same options and the same partial filter.
func sameIndex(a, b indexSpec) bool {
	if a.Unique != b.Unique || a.Sparse != b.Sparse || a.def != b.def || len(a.Keys) != len(b.Keys) {
		return false
	}
	for i := range a.Keys {
		x, okx := bsonfilter.Direction(a.Keys[i].Value)
		y, oky := bsonfilter.Direction(b.Keys[i].Value)
		if a.Keys[i].Key != b.Keys[i].Key || !okx || !oky || x != y {
			return false
		}
	}
	return canonical(a.Partial) == canonical(b.Partial)
}

// canonical is a filter as relaxed extended JSON, after a round trip through BSON (so that a
// declared filter and the store's listing of it read alike); "" for none.
func canonical(d bson.D) string {
	if len(d) == 0 {
		return ""
	}
	raw, err := bson.Marshal(d)
	if err != nil {
		return "!" + err.Error()
	}
	out, err := bson.MarshalExtJSON(bson.Raw(raw), false, false)
	if err != nil {
		return "!" + err.Error()
	}
	return string(out)
}

// wanted is the index as this engine holds it; ok is false when this engine does not build it
// through the server's indexes: a partial index without EmbeddedKeys on FerretDB, a list index on
// the embedded store (sqlLists: they are SQLite's, listIndexPlan).
func (ix Index) wanted(ferret, sqlLists bool) (indexSpec, bool) {
	switch {
	case ferret && ix.Partial != nil && ix.EmbeddedKeys != nil:
		return indexSpec{Name: ix.Name, Keys: ix.EmbeddedKeys, Unique: ix.Unique}, true
	case (ferret && ix.Partial != nil) || (sqlLists && ix.List):
		return indexSpec{}, false
	}
	keys := ix.Keys
	if ix.List {
		keys = withIDLast(keys)
	}
	// FerretDB does not list an index's sparse (it builds every index as if it were).
	return indexSpec{Name: ix.Name, Keys: keys, Unique: ix.Unique, Sparse: ix.Sparse && !ferret, Partial: ix.Partial}, true
}

// model is the index to create (on FerretDB never sparse: it builds every index as if it were).
func (ix indexSpec) model() mongo.IndexModel {
	o := options.Index().SetName(ix.Name)
	if ix.Unique {
		o.SetUnique(true)
	}
	if ix.Sparse {
		o.SetSparse(true)
	}
	if ix.Partial != nil {
		o.SetPartialFilterExpression(ix.Partial)
	}
	return mongo.IndexModel{Keys: ix.Keys, Options: o}
}

// indexPlan plans c's indexes other than the embedded store's list indexes.
func (s *Store) indexPlan(ctx context.Context, c Collection) (indexPlan, error) {
	have, err := s.listIndexes(ctx, c.Name)
	if err != nil {
		return indexPlan{}, err
	}
	var want []indexSpec
	declared := make([]string, 0, len(c.Indexes))
	for _, ix := range c.Indexes {
		declared = append(declared, ix.Name)
		if w, ok := ix.wanted(s.ferret, s.sqlLists()); ok {
			want = append(want, w)
		}
	}
	p := planIndexes(want, declared, have)
	for _, h := range have {
		if slices.Contains(c.Retired, indexBase(h.Name)) && !slices.Contains(declared, h.Name) {
			p.Drop = append(p.Drop, h.Name)
		}
	}
	return p, nil
}

// listIndexes lists coll's indexes; none when coll does not exist.
func (s *Store) listIndexes(ctx context.Context, coll string) ([]indexSpec, error) {
	cur, err := s.W.Collection(coll).Indexes().List(ctx)
	if isNamespaceNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("mongox: indexes of %s: %w", coll, err)
	}
	var have []indexSpec
	if err := cur.All(ctx, &have); err != nil {
		return nil, fmt.Errorf("mongox: indexes of %s: %w", coll, err)
	}
	return have, nil
}

// applyPlan runs plan on coll: creations first, drops of the older versions last, so that the
// collection is never without one version of an index.
func (s *Store) applyPlan(ctx context.Context, coll string, plan indexPlan) error {
	ix := s.W.Collection(coll).Indexes()
	for _, w := range plan.Replace {
		// The name holds another definition: a declaration changed without a new name. Replace it.
		if err := dropIndex(ctx, ix, w.Name); err != nil {
			return err
		}
		if _, err := ix.CreateOne(ctx, w.model()); err != nil {
			return fmt.Errorf("create %s: %w", w.Name, err)
		}
	}
	dropped := map[string]bool{}
	for _, w := range plan.Create {
		_, err := ix.CreateOne(ctx, w.model())
		if indexConflict(err) {
			// MongoDB holds an index of the same keys under an older name, with options it does
			// not tell apart (codes 85, 86): the older version must go first.
			for _, old := range plan.Drop {
				if indexBase(old) == indexBase(w.Name) && !dropped[old] {
					if err := dropIndex(ctx, ix, old); err != nil {
						return err
					}
					dropped[old] = true
				}
			}
			_, err = ix.CreateOne(ctx, w.model())
		}
		if err != nil {
			return fmt.Errorf("create %s: %w", w.Name, err)
		}
	}
	for _, old := range plan.Drop {
		if !dropped[old] {
			if err := dropIndex(ctx, ix, old); err != nil {
				return err
			}
		}
	}
	return nil
}

// dropIndex drops index name; one dropped meanwhile (another migrate) is no error.
func dropIndex(ctx context.Context, ix mongo.IndexView, name string) error {
	err := ix.DropOne(ctx, name)
	var se mongo.ServerError
	if err != nil && !(errors.As(err, &se) && (se.HasErrorCode(indexNotFound) || se.HasErrorCode(namespaceNotFound))) {
		return fmt.Errorf("drop %s: %w", name, err)
	}
	return nil
}

// MongoDB's (and FerretDB's) codes for an index or a collection that does not exist.
const (
	indexNotFound     = 27
	namespaceNotFound = 26
)

func isNamespaceNotFound(err error) bool {
	var se mongo.ServerError
	return errors.As(err, &se) && se.HasErrorCode(namespaceNotFound)
}

// indexConflict reports whether err is MongoDB's IndexOptionsConflict (85) or
// IndexKeySpecsConflict (86): an index of that name or keys exists with other options.
func indexConflict(err error) bool {
	var se mongo.ServerError
	return errors.As(err, &se) && (se.HasErrorCode(85) || se.HasErrorCode(86))
}

// withIDLast is keys and then _id ascending, the last key of every sort Page runs: on MongoDB the
// index then serves the whole sort (an index without it sorts each page's ties in memory).
func withIDLast(keys bson.D) bson.D {
	return append(slices.Clone(keys), bson.E{Key: "_id", Value: 1})
}
