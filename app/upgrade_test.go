package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cashcut"
	"tienda/pkg/mongox"
	"tienda/pkg/salestate"
)

// upgradeFixture is a store written by the release before stock moved back into the products and
// cuts claimed their sales (testdata/upgrade-v1/README.md says how it was made).
const upgradeFixture = "testdata/upgrade-v1"

// expectedUpgrade is what testdata/upgrade-v1/expected.json says of the fixture.
type expectedUpgrade struct {
	Stock     map[string]map[string]int `json:"stock"`              // product -> variant -> units
	Holds     map[string]map[string]int `json:"stockHolds"`         // product -> key -> units held
	Waiting   map[string]map[string]int `json:"heldByWaitingSales"` // sale -> product -> units
	Settled   []string                  `json:"settledHoldKeys"`    // keys of saved orders' lines
	SaleFacts map[string]struct {
		Folio   string           `json:"folio"`
		Estado  salestate.Estado `json:"estado"`
		Pago    string           `json:"pago"`
		Entrega string           `json:"entrega"`
		Total   float64          `json:"total"`
		Cut     int64            `json:"cut"`
	} `json:"saleFacts"`
	Cuts []struct {
		ID           string             `json:"id"`
		Numero       int64              `json:"numero"`
		Sales        []string           `json:"sales"`
		TotalGeneral float64            `json:"totalGeneral"`
		ByMethod     map[string]float64 `json:"totalsByMethod"`
	} `json:"cuts"`
	PaidNotInAnyCut      []string           `json:"paidNotInAnyCut"`
	NotCutTotalsByMethod map[string]float64 `json:"notCutTotalsByMethod"`
	NotCutTotalGeneral   float64            `json:"notCutTotalGeneral"`
}

// loadFixture gives a test a store holding the fixture, every collection as the earlier release
// left it, and what expected.json says of it.
func loadFixture(t *testing.T) (*mongox.Store, expectedUpgrade) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(upgradeFixture, "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want expectedUpgrade
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	store := mongox.TestDB(t)
	files, err := filepath.Glob(filepath.Join(upgradeFixture, "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("fixture: %v %v", files, err)
	}
	for _, f := range files {
		coll := strings.TrimSuffix(filepath.Base(f), ".jsonl")
		file, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		var docs []any
		lines := bufio.NewScanner(file)
		lines.Buffer(make([]byte, 1<<20), 16<<20)
		for lines.Scan() {
			var doc bson.Raw
			if err := bson.UnmarshalExtJSON(lines.Bytes(), true, &doc); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			docs = append(docs, doc)
		}
		file.Close()
		if len(docs) > 0 {
			if _, err := store.W.Collection(coll).InsertMany(context.Background(), docs); err != nil {
				t.Fatalf("%s: %v", coll, err)
			}
		}
	}
	return store, want
}

// migrateOnMongoDB runs `tienda migrate` on store when it is a MongoDB: there a replica refuses a
// store of an earlier release until its own release's migrate has run (app.readyStore); the
// embedded store's start migrates it itself.
func migrateOnMongoDB(t *testing.T, store *mongox.Store, dir string, env map[string]string) {
	t.Helper()
	if store.Embedded() {
		return
	}
	if err := (&App{cfg: testConfig(t, dir, env), log: zerolog.Nop(), store: store}).migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
}

// A store written by the earlier release starts on this one (on the embedded store the start
// migrates it; on MongoDB `tienda migrate` does, first) with every product, stock unit, sale,
// payment and cut intact, and starting again changes nothing.
func TestAStoreOfTheEarlierReleaseIsUpgradedInPlace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store, want := loadFixture(t)
	dir := t.TempDir()
	env := map[string]string{"JWT_SECRET": "upgrade-test-secret-0123456789abcdef"}
	migrateOnMongoDB(t, store, dir, env)
	for start := range 2 {
		a, err := NewOnStore(ctx, testConfig(t, dir, env), zerolog.Nop(), testWeb, store)
		if err != nil {
			t.Fatalf("start %d: %v", start, err)
		}
		s := &shop{t: t, app: a, h: a.Handler(), toks: map[string]string{}}

		// Every unit of every variant.
		for pid, variants := range want.Stock {
			p := s.product(pid)
			got := map[string]int{}
			total := 0
			for _, v := range p.Variantes {
				got[v.ID] = v.Stock
				total += v.Stock
			}
			for vid, units := range variants {
				if got[vid] != units {
					t.Errorf("start %d: product %s variant %s: %d units, want %d", start, pid, vid, got[vid], units)
				}
			}
			if p.Stock != total {
				t.Errorf("start %d: product %s: stock %d, its variants hold %d", start, pid, p.Stock, total)
			}
		}
		// Every sale, with its payment and the cut that closed it.
		for id, f := range want.SaleFacts {
			oid, _ := bson.ObjectIDFromHex(id)
			v, err := a.sales.Service().Get(ctx, oid)
			if err != nil || v.Folio != f.Folio || v.Estado != f.Estado || v.Pago != f.Pago || v.Entrega != f.Entrega || v.Total != f.Total || v.Corte != f.Cut {
				t.Errorf("start %d: sale %s: %+v %v; want %+v", start, id, v, err, f)
			}
		}
		// The cut keeps its sales and totals.
		for _, c := range want.Cuts {
			rec := s.call("admin@tienda.mx", http.MethodGet, "/v1/cortes/"+c.ID, nil)
			var cut cashcut.Cut
			if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &cut) != nil {
				t.Fatalf("start %d: cut %s: %d %s", start, c.ID, rec.Code, rec.Body)
			}
			var ids []string
			for _, v := range cut.Ventas {
				ids = append(ids, v.ID)
			}
			slices.Sort(ids)
			wantIDs := slices.Sorted(slices.Values(c.Sales))
			if cut.Numero != c.Numero || cut.PorMetodo.TotalGeneral != c.TotalGeneral || cut.NumVentas != len(c.Sales) || !slices.Equal(ids, wantIDs) {
				t.Errorf("start %d: cut %+v; want %+v", start, cut, c)
			}
		}
		// What no cut closed yet waits for the next one, by method.
		rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/reporte/metodo-pago", nil)
		var bm cashcut.ByMethod
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &bm) != nil || bm.TotalGeneral != want.NotCutTotalGeneral || len(bm.Totales) != len(want.NotCutTotalsByMethod) {
			t.Errorf("start %d: pending by method %d %s", start, rec.Code, rec.Body)
		}
		for _, m := range bm.Totales {
			if want.NotCutTotalsByMethod[m.Metodo] != m.Venta {
				t.Errorf("start %d: pending %s %.2f, want %.2f", start, m.Metodo, m.Venta, want.NotCutTotalsByMethod[m.Metodo])
			}
		}
		// Nothing the earlier release kept only for the embedded store's speed is left.
		names, err := store.R.ListCollectionNames(ctx, bson.M{})
		if err != nil {
			t.Fatal(err)
		}
		for _, gone := range []string{"ventas_cobros", "ventas_reservas", "ventas_abiertas", "ventas_en_espera", "cortes_ventas"} {
			if slices.Contains(names, gone) {
				t.Errorf("start %d: %s is still there", start, gone)
			}
		}
		closeApp(t, a)
	}

	// The next cut is #2 and closes exactly what was paid and never cut.
	a, err := NewOnStore(ctx, testConfig(t, dir, env), zerolog.Nop(), testWeb, store)
	if err != nil {
		t.Fatal(err)
	}
	defer closeApp(t, a)
	c, err := a.cashcut.Service().MakeCut(ctx, cashcut.Actor{ID: "c", Name: "Caja"}, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, v := range c.Ventas {
		ids = append(ids, v.ID)
	}
	slices.Sort(ids)
	if c.Numero != 2 || c.PorMetodo.TotalGeneral != want.NotCutTotalGeneral || !slices.Equal(ids, slices.Sorted(slices.Values(want.PaidNotInAnyCut))) {
		t.Fatalf("cut #2: %+v", c)
	}
	if left, err := a.sales.Service().Unclaimed(ctx); err != nil || len(left) != 0 {
		t.Fatalf("after cut #2: %d unclaimed %v", len(left), err)
	}
}
