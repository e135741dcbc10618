package mongox

import (
	"context"
	"slices"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// A release that stops using an index altogether retires it: BuildIndexes drops every version of
// it, and leaves alone an index no release names (a DBA's own).
func TestBuildIndexesDropsARetiredIndex(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := TestDB(t)
	coll := s.W.Collection("retirados")
	if _, err := coll.InsertOne(ctx, bson.M{"folio": "A", "viejo": 1, "propio": 2}); err != nil {
		t.Fatal(err)
	}
	v1 := Collection{Name: "retirados", Indexes: []Index{
		{Name: "folio", Keys: key("folio")}, {Name: "viejo_v2", Keys: key("viejo")},
	}}
	if err := s.BuildIndexes(ctx, v1); err != nil {
		t.Fatal(err)
	}
	if _, err := coll.Indexes().CreateOne(ctx, mongo.IndexModel{Keys: key("propio"), Options: options.Index().SetName("propio")}); err != nil {
		t.Fatal(err)
	}
	v2 := Collection{Name: "retirados", Indexes: []Index{{Name: "folio", Keys: key("folio")}}, Retired: []string{"viejo"}}
	for run := range 2 {
		if err := s.BuildIndexes(ctx, v2); err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		specs, err := coll.Indexes().ListSpecifications(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, sp := range specs {
			names = append(names, sp.Name)
		}
		slices.Sort(names)
		if want := []string{"_id_", "folio", "propio"}; !slices.Equal(names, want) {
			t.Fatalf("run %d: indexes %v, want %v", run, names, want)
		}
	}
}
