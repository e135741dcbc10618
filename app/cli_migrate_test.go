package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/mongox"
)

// migrate upgrades a store of the earlier release without serving it: the collections the
// earlier release kept are gone and every product holds its variants' units.
func TestMigrateUpgradesAStoreOfTheEarlierRelease(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store, want := loadFixture(t)
	cfg := testConfig(t, t.TempDir(), map[string]string{"JWT_SECRET": "upgrade-test-secret-0123456789abcdef"})
	a := &App{cfg: cfg, log: zerolog.Nop(), store: store}
	for run := range 2 { // repeating it changes nothing
		if err := a.migrate(ctx); err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		names, err := store.R.ListCollectionNames(ctx, bson.M{})
		if err != nil {
			t.Fatal(err)
		}
		for _, gone := range []string{"ventas_cobros", "ventas_reservas", "ventas_abiertas", "ventas_en_espera", "cortes_ventas"} {
			if slices.Contains(names, gone) {
				t.Errorf("run %d: %s is still there", run, gone)
			}
		}
		for pid, variants := range want.Stock {
			oid, _ := bson.ObjectIDFromHex(pid)
			p, found, err := mongox.FindOne[struct {
				Variantes []struct {
					ID    bson.ObjectID `bson:"_id"`
					Stock int           `bson:"stock"`
				} `bson:"variantes"`
			}](ctx, store.R.Collection("productos"), bson.M{"_id": oid})
			if err != nil || !found {
				t.Fatalf("product %s: %v %v", pid, found, err)
			}
			for _, v := range p.Variantes {
				if units, ok := variants[v.ID.Hex()]; ok && units != v.Stock {
					t.Errorf("run %d: product %s variant %s: %d units, want %d", run, pid, v.ID.Hex(), v.Stock, units)
				}
			}
		}
	}
}

func TestMigrateVerbPreparesAFreshStore(t *testing.T) {
	dir := t.TempDir()
	verbEnv(t, dir)
	if code, _, errOut := runVerb("migrate", "--ya"); code != 2 || !strings.Contains(errOut, "no lleva opciones") {
		t.Fatalf("%d %q", code, errOut)
	}
	code, out, errOut := runVerb("migrate")
	if code != 0 || out != "Base de datos lista para la versión "+Version()+".\n" {
		t.Fatalf("%d %q %q", code, out, errOut)
	}
	a := MustStart(t, dir, nil)
	defer closeApp(t, a)
	specs, err := a.store.R.Collection("usuarios").Indexes().ListSpecifications(t.Context())
	if err != nil || !slices.ContainsFunc(specs, func(s mongo.IndexSpecification) bool { return s.Name == "email_unique" }) {
		t.Fatalf("%v %v", specs, err)
	}
	// Index builds do not run beside a shop serving the embedded store: the verb says to stop it.
	if a.store.Embedded() {
		if code, out, errOut := runVerb("migrate"); code != 1 || out != "" || !strings.Contains(errOut, "Detenga la tienda") {
			t.Fatalf("beside a running shop: %d %q %q", code, out, errOut)
		}
	}
}
