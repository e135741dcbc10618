package mongox

import (
	"context"
	"errors"
	"slices"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// buildListIndex builds one list index of coll, as a module's declaration would.
func buildListIndex(ctx context.Context, s *Store, coll, name string, keys bson.D) error {
	return s.BuildIndexes(ctx, Collection{Name: coll, Indexes: []Index{{Name: name, Keys: keys, List: true}}})
}

func key(k string) bson.D { return bson.D{{Key: k, Value: 1}} }

// The planner: a new version is created beside the old one, which goes after; a same name with
// another definition is replaced; a declared index held as declared (directions of any number
// type) is kept; indexes that are no version of a declared one are left alone.
func TestPlanIndexes(t *testing.T) {
	have := []indexSpec{
		{Name: "_id_", Keys: key("_id")},
		{Name: "listas", Keys: bson.D{{Key: "estado", Value: int32(1)}, {Key: "_id", Value: int32(1)}}},
		{Name: "apartados", Keys: key("apartados"), Sparse: true},
		{Name: "folio", Keys: key("folio")},
		{Name: "estado", Keys: bson.D{{Key: "estado", Value: float64(1)}}},
		{Name: "de_un_dba", Keys: key("x")},
		{Name: "correo_v1", Keys: key("c")},
	}
	want := []indexSpec{
		{Name: "listas", Keys: bson.D{{Key: "estado", Value: 1}, {Key: "_id", Value: 1}}},
		{Name: "apartados_v2", Keys: key("revision"), Partial: bson.D{{Key: "apartados", Value: bson.D{{Key: "$exists", Value: true}}}}},
		{Name: "folio", Keys: key("folio"), Unique: true},
		{Name: "estado", Keys: key("estado")},
	}
	declared := []string{"listas", "apartados_v2", "folio", "estado", "correo_v3"} // correo_v3: not built on this engine
	p := planIndexes(want, declared, have)
	names := func(ss []indexSpec) []string {
		var out []string
		for _, s := range ss {
			out = append(out, s.Name)
		}
		return out
	}
	if got := names(p.Create); !slices.Equal(got, []string{"apartados_v2"}) {
		t.Errorf("create %v", got)
	}
	if got := names(p.Replace); !slices.Equal(got, []string{"folio"}) {
		t.Errorf("replace %v", got)
	}
	if !slices.Equal(p.Drop, []string{"apartados", "correo_v1"}) {
		t.Errorf("drop %v", p.Drop)
	}
	// Nothing to do once the store holds the declaration.
	if p := planIndexes(want, declared, want); len(p.Create)+len(p.Replace)+len(p.Drop) != 0 {
		t.Errorf("a second plan: %+v", p)
	}
	for name, base := range map[string]string{"lista": "lista", "lista_v2": "lista", "folio_lista": "folio_lista", "x_v10": "x", "v2": "v2"} {
		if got := indexBase(name); got != base {
			t.Errorf("indexBase(%q) = %q, want %q", name, got, base)
		}
	}
}

func TestSameIndexComparesPartialFilters(t *testing.T) {
	a := indexSpec{Name: "p", Keys: key("t"), Partial: bson.D{{Key: "estado", Value: "valida"}, {Key: "correoPendiente", Value: true}}}
	b := a
	b.Partial = bson.D{{Key: "estado", Value: "valida"}, {Key: "correoPendiente", Value: true}}
	if !sameIndex(a, b) {
		t.Error("the same filter differs")
	}
	b.Partial = bson.D{{Key: "estado", Value: "valida"}}
	if sameIndex(a, b) {
		t.Error("another filter is the same")
	}
	if sameIndex(indexSpec{Keys: key("a")}, indexSpec{Keys: bson.D{{Key: "a", Value: -1}}}) {
		t.Error("another direction is the same")
	}
}

// A release that changes an index's definition under a new name starts: BuildIndexes creates the
// new version beside the old one and drops the old one; the check then passes, and it fails
// while the new version is missing. Repeating BuildIndexes changes nothing.
func TestBuildIndexesReplacesAnOlderVersion(t *testing.T) {
	t.Parallel()
	t.Run("store", func(t *testing.T) { t.Parallel(); replacesAnOlderVersion(t, TestDB(t)) })
	// The path of a store reached by MONGODB_URI, on a FerretDB server: no list index of SQLite's.
	t.Run("server", func(t *testing.T) {
		t.Parallel()
		uri, stop, err := StartServer(t.TempDir(), "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		s, err := Open(context.Background(), Options{URI: uri})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = s.Close(context.Background()); _ = stop() })
		if s.local || !s.ferret {
			t.Fatalf("local %v, ferret %v", s.local, s.ferret)
		}
		replacesAnOlderVersion(t, s)
	})
}

func replacesAnOlderVersion(t *testing.T, s *Store) {
	ctx := context.Background()
	coll := s.W.Collection("indices")
	if _, err := coll.InsertMany(ctx, []any{bson.M{"folio": "A", "clave": 1}, bson.M{"folio": "B", "clave": 2}}); err != nil {
		t.Fatal(err)
	}
	v1 := Collection{Name: "indices", Indexes: []Index{
		{Name: "folio", Keys: key("folio")},
		{Name: "clave", Keys: key("clave")},
		{Name: "lista", Keys: key("folio"), List: true},
	}}
	if err := s.BuildIndexes(ctx, v1); err != nil {
		t.Fatal(err)
	}
	v2 := Collection{Name: "indices", Indexes: []Index{
		{Name: "folio_v2", Keys: key("folio"), Unique: true, Sparse: true},                   // same keys, other options
		{Name: "clave_v2", Keys: bson.D{{Key: "clave", Value: 1}, {Key: "folio", Value: 1}}}, // other keys
		{Name: "lista_v2", Keys: bson.D{{Key: "folio", Value: 1}, {Key: "clave", Value: -1}}, List: true},
		{Name: "pendientes", Keys: key("clave"), Partial: bson.D{{Key: "pendiente", Value: true}}},
		{Name: "con_fecha", Keys: key("clave"), Partial: bson.D{{Key: "fecha", Value: bson.D{{Key: "$exists", Value: true}}}},
			EmbeddedKeys: key("fecha")},
	}}
	var missing *MissingIndexesError
	if err := s.CheckIndexes(ctx, v2); !errors.As(err, &missing) || len(missing.Missing) != len(v2.Indexes)-boolInt(s.ferret) {
		t.Fatalf("check before the new release's migrate: %v", err)
	}
	if err := s.CheckIndexes(ctx, v1); err != nil {
		t.Fatalf("the old release's check: %v", err)
	}
	for run := range 2 {
		if err := s.BuildIndexes(ctx, v2); err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		if err := s.CheckIndexes(ctx, v2); err != nil {
			t.Fatalf("run %d: check: %v", run, err)
		}
		specs, err := coll.Indexes().ListSpecifications(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, sp := range specs {
			names = append(names, sp.Name)
			if sp.Name == "folio_v2" && (sp.Unique == nil || !*sp.Unique) {
				t.Errorf("folio_v2 is not unique")
			}
		}
		slices.Sort(names)
		want := []string{"_id_", "clave_v2", "con_fecha", "folio_v2", "lista_v2", "pendientes"}
		if s.ferret {
			want = []string{"_id_", "clave_v2", "con_fecha", "folio_v2", "lista_v2"} // no partial indexes: con_fecha on fecha
		}
		if s.sqlLists() {
			want = []string{"_id_", "clave_v2", "con_fecha", "folio_v2"} // list indexes are SQLite's
		}
		if !slices.Equal(names, want) {
			t.Fatalf("run %d: indexes %v, want %v", run, names, want)
		}
	}
	if err := s.CheckIndexes(ctx, v1); err == nil {
		t.Fatal("the old release's check passes on the new release's indexes")
	}
	if s.sqlLists() { // the list index: the new version only, in SQLite
		have, _, err := s.sqlite.ListIndexes(ctx, "indices", nil)
		if err != nil || len(have) != 1 || have[0].Name != "lista_v2" {
			t.Fatalf("list indexes %+v, %v", have, err)
		}
	}
}

// An index of the declared name but another definition (one a restore brought, or a declaration
// changed without a new name) is replaced; indexes no declaration names are left alone.
func TestBuildIndexesReplacesASameNameOfOtherDefinition(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := TestDB(t)
	coll := s.W.Collection("indices")
	for _, m := range []mongo.IndexModel{
		{Keys: key("folio"), Options: options.Index().SetName("folio")},
		{Keys: key("otro"), Options: options.Index().SetName("de_un_dba")},
	} {
		if _, err := coll.Indexes().CreateOne(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	c := Collection{Name: "indices", Indexes: []Index{{Name: "folio", Keys: key("folio"), Unique: true, Sparse: true}}}
	if err := s.BuildIndexes(ctx, c); err != nil {
		t.Fatal(err)
	}
	specs, err := coll.Indexes().ListSpecifications(ctx)
	if err != nil {
		t.Fatal(err)
	}
	unique := map[string]bool{}
	for _, sp := range specs {
		unique[sp.Name] = sp.Unique != nil && *sp.Unique
	}
	if !unique["folio"] || len(specs) != 3 {
		t.Fatalf("indexes after BuildIndexes: %v", unique)
	}
	if _, err := coll.InsertMany(ctx, []any{bson.M{"folio": "A"}, bson.M{"folio": "A"}}); !IsDuplicate(err) {
		t.Fatalf("a second folio A: %v", err)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
