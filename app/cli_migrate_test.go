package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

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

// On MongoDB (here FerretDB standing in for it, reached by MONGODB_URI) a replica builds no index:
// the first start on an empty database prepares it; later, a store that lacks an index of this
// release, or holds an older version of one, stops the start with ErrNotMigrated naming it, until
// `tienda migrate` builds it. The release's changed definition then replaces the old index.
func TestReplicaOnMongoDBRefusesAStoreNotMigrated(t *testing.T) {
	uri := storeServer(t)
	ctx := t.Context()
	dir := t.TempDir()
	env := map[string]string{"MONGODB_URI": uri, "JWT_SECRET": strings.Repeat("k", 32)}
	a := MustStart(t, dir, env) // an empty database: prepared by the first start
	if a.store.Embedded() {
		t.Fatal("the store server is taken for the embedded store")
	}
	// A store of the earlier release: sales without the index pagadoEn, and the version 1 of the
	// index a release changed (the catalogue's apartados, sparse on the whole sub-document).
	ventas, productos := a.store.W.Collection("ventas").Indexes(), a.store.W.Collection("productos").Indexes()
	if err := ventas.DropOne(ctx, "pagadoEn"); err != nil {
		t.Fatal(err)
	}
	if err := productos.DropOne(ctx, "apartados_v2"); err != nil {
		t.Fatal(err)
	}
	if _, err := productos.CreateOne(ctx, mongo.IndexModel{Keys: bson.D{{Key: "apartados", Value: 1}},
		Options: options.Index().SetName("apartados").SetSparse(true)}); err != nil {
		t.Fatal(err)
	}
	if err := productos.DropOne(ctx, "distribuidor"); err != nil {
		t.Fatal(err)
	}
	// And its data below this release's level (a one-off job of this release not run).
	if _, err := a.store.W.Collection("tienda_migracion").DeleteMany(ctx, bson.M{}); err != nil {
		t.Fatal(err)
	}
	closeApp(t, a)

	start := func() (*App, error) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		return New(ctx, testConfig(t, dir, env), zerolog.Nop(), testWeb)
	}
	if a, err := start(); !errors.Is(err, ErrNotMigrated) || !strings.Contains(err.Error(), "ventas.pagadoEn") ||
		!strings.Contains(err.Error(), "productos.distribuidor") || !strings.Contains(err.Error(), "productos.apartados_v2") ||
		!strings.Contains(err.Error(), "tienda migrate") || !strings.Contains(err.Error(), fmt.Sprintf("nivel 0 y esta versión pide el %d", dataLevel)) {
		if a != nil {
			closeApp(t, a)
		}
		t.Fatalf("a start on a store not migrated: %v", err)
	}
	for k, v := range env {
		t.Setenv(k, v)
	}
	t.Setenv("DATA_DIR", dir)
	if code, out, errOut := runVerb("migrate"); code != 0 || !strings.Contains(out, "lista") {
		t.Fatalf("migrate: %d %q %q", code, out, errOut)
	}
	a, err := start()
	if err != nil {
		t.Fatalf("a start after migrate: %v", err)
	}
	t.Cleanup(func() { closeApp(t, a) }) // the last one started
	specs, err := a.store.R.Collection("productos").Indexes().ListSpecifications(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range specs {
		if sp.Name == "apartados" {
			t.Error("the older version of apartados is still there")
		}
	}
	// Here a FerretDB builds version 2 on the same keys (it has no partial indexes): MongoDB's
	// "same keys under another name" (85) made migrate drop the older version first.
	has := func(name string) bool {
		return slices.ContainsFunc(specs, func(s mongo.IndexSpecification) bool { return s.Name == name })
	}
	if !has("distribuidor") || !has("apartados_v2") {
		t.Errorf("indexes after migrate: %v", specs)
	}
	// An index held under its name with other options (a restore's, say) is there: the start
	// only warns, and migrate would replace it. Changed with the shop stopped, as an operator
	// would (its background work on ventas beside a drop and create of one name made FerretDB
	// refuse the create now and then).
	closeApp(t, a)
	client, err := mongo.Connect(options.Client().ApplyURI(uri))
	if err != nil {
		t.Fatal(err)
	}
	ventas = client.Database(a.store.W.Name()).Collection("ventas").Indexes()
	if err := ventas.DropOne(ctx, "pagadoEn"); err != nil {
		t.Fatal(err)
	}
	if _, err := ventas.CreateOne(ctx, mongo.IndexModel{Keys: bson.D{{Key: "pagadoEn", Value: -1}}, Options: options.Index().SetName("pagadoEn")}); err != nil {
		t.Fatal(err)
	}
	if err := client.Disconnect(ctx); err != nil {
		t.Fatal(err)
	}
	if a, err = start(); err != nil {
		t.Fatalf("a start on an index defined otherwise: %v", err)
	}
}

// oneOffJobs are the one-off jobs of the modules' Upgrade steps, each with the dataLevel of the
// release that added it. A release that adds a job lists it here at a level one higher and raises
// dataLevel to it (store_ready.go), so that its replicas on MongoDB wait for `tienda migrate`.
var oneOffJobs = map[string]int{
	"stock-in-products": 1, "categorias-v1": 1, "imagenes-anchos": 1,
	"busqueda-v1": 1, "pagos-v1": 1, "resumen-v1": 1, "cortes-reclamados-v2": 1,
}

// Every one-off job that migrating a store of the earlier release records (a document {_id: job}
// in a module's *_meta collection) is listed in oneOffJobs at a level no higher than dataLevel,
// and the migration records dataLevel: a job added without raising the level fails here.
func TestEveryOneOffJobHasADataLevel(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store, _ := loadFixture(t)
	before := recordedJobs(t, store) // the earlier release's own, and the demo data's
	a := &App{cfg: testConfig(t, t.TempDir(), map[string]string{"JWT_SECRET": "level-test-secret-0123456789abcdef"}), log: zerolog.Nop(), store: store}
	if err := a.migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if level, err := store.DataLevel(ctx); err != nil || level != dataLevel {
		t.Fatalf("the data level after migrate: %d %v, want %d", level, err, dataLevel)
	}
	top, seen := 0, 0
	for job, coll := range recordedJobs(t, store) {
		if _, earlier := before[job]; earlier {
			continue
		}
		seen++
		level, listed := oneOffJobs[job]
		switch {
		case !listed:
			t.Errorf("%s: the one-off job %q is not in oneOffJobs: list it at level %d and raise dataLevel to it", coll, job, dataLevel+1)
		case level > dataLevel:
			t.Errorf("the one-off job %q is of level %d, above dataLevel %d: raise dataLevel", job, level, dataLevel)
		}
		top = max(top, level)
	}
	if seen == 0 || top != dataLevel {
		t.Errorf("%d jobs recorded, the highest of level %d; dataLevel is %d", seen, top, dataLevel)
	}
}

// recordedJobs are the one-off jobs recorded as done in the store (a document {_id: job} in a
// *_meta collection), each with its collection.
func recordedJobs(t *testing.T, store *mongox.Store) map[string]string {
	t.Helper()
	ctx := context.Background()
	names, err := store.R.ListCollectionNames(ctx, bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	jobs := map[string]string{}
	for _, name := range names {
		if !strings.HasSuffix(name, "_meta") {
			continue
		}
		docs, err := mongox.FindAll[bson.Raw](ctx, store.R.Collection(name), bson.M{})
		if err != nil {
			t.Fatal(err)
		}
		for _, doc := range docs {
			elems, err := doc.Elements()
			if job, isJob := doc.Lookup("_id").StringValueOK(); err == nil && len(elems) == 1 && isJob {
				jobs[job] = name
			}
		}
	}
	return jobs
}
