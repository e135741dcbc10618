package catalog

import (
	"context"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/mongox"
)

func TestReservedStockIsTakenAndGivenBackOncePerKey(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(formProduct("Cámara con reservas"))
	svc := env.m.Service()
	ctx := context.Background()
	line := OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[1].ID.Hex(), Cantidad: 2} // stock 3

	if err := svc.TakeStockFor(ctx, "venta1:0", line); err != nil {
		t.Fatal(err)
	}
	if err := svc.TakeStockFor(ctx, "venta1:0", line); err != nil { // a repeat takes nothing
		t.Fatal(err)
	}
	if err := svc.TakeStockFor(ctx, "venta2:0", line); !apperr.Is(err, apperr.Conflict) {
		t.Fatalf("only 1 left, want a shortage: %v", err)
	}
	got, _ := svc.Product(p.ID.Hex())
	if got.Variantes[1].Stock != 1 || got.Stock != 6 || got.TotalExistencia != 6 {
		t.Fatalf("after taking: variant %d, stock %d, total %d", got.Variantes[1].Stock, got.Stock, got.TotalExistencia)
	}
	stored := env.storedProduct(p.ID.Hex())
	checkTotals(t, stored, 5)
	if h := stored.Apartados["venta1:0"]; len(stored.Apartados) != 1 || h.Variante != p.Variantes[1].ID || h.Cantidad != 2 {
		t.Fatalf("reservations %+v", stored.Apartados)
	}
	// An admin edit keeps the reservations, and the units.
	if rec := env.do(auth.Administrador, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"nombre": "Cámara renombrada", "version": p.Version}); rec.Code != http.StatusOK {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	if stored := env.storedProduct(p.ID.Hex()); len(stored.Apartados) != 1 || stored.Variantes[1].Stock != 1 {
		t.Fatalf("after an edit: reservations %v, units %d", stored.Apartados, stored.Variantes[1].Stock)
	}
	for range 3 {
		if err := svc.ReturnStockFor(ctx, "venta1:0", line); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.ReturnStockFor(ctx, "nunca-tomada:0", line); err != nil {
		t.Fatal(err)
	}
	got, _ = svc.Product(p.ID.Hex())
	stored = env.storedProduct(p.ID.Hex())
	if got.Variantes[1].Stock != 3 || got.Stock != 8 || stored.Apartados != nil {
		t.Fatalf("after giving back: variant %d, stock %d, reservations %v", got.Variantes[1].Stock, got.Stock, stored.Apartados)
	}
	checkTotals(t, stored, 5)
	if raw, err := env.db.R.Collection(productsCollection).FindOne(ctx, bson.M{"_id": p.ID}).Raw(); err != nil || raw.Lookup("apartados").Type != 0 {
		t.Fatalf("apartados left in the document: %v %v", raw.Lookup("apartados"), err)
	}
}

// Concurrent repeats of one key take once; concurrent give-backs of it give back once.
func TestConcurrentRepeatsOfAKeyTakeAndGiveBackOnce(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(formProduct("Cámara disputada"))
	svc := env.m.Service()
	line := OrderLine{ProductID: p.ID.Hex(), Cantidad: 2} // variant 0: 5 units
	run := func(f func() error) {
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() {
				if err := f(); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	run(func() error { return svc.TakeStockFor(context.Background(), "venta:0", line) })
	checkTotals(t, env.storedProduct(p.ID.Hex()), 3)
	run(func() error { return svc.ReturnStockFor(context.Background(), "venta:0", line) })
	stored := env.storedProduct(p.ID.Hex())
	checkTotals(t, stored, 5)
	if stored.Apartados != nil {
		t.Fatalf("reservations left: %v", stored.Apartados)
	}
}

func TestSettledKeysAreRemovedAndCancelledUnitsComeBack(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(formProduct("Cámara más vendida"))
	svc := env.m.Service()
	ctx := context.Background()
	line := OrderLine{ProductID: p.ID.Hex(), Cantidad: 1} // stock 5
	for _, key := range []string{"venta1:0", "venta2:0", "venta3:0"} {
		if err := svc.TakeStockFor(ctx, key, line); err != nil {
			t.Fatal(err)
		}
	}
	svc.SettleStockFor("venta1:0", line.ProductID)
	svc.SettleStockFor("venta2:0", line.ProductID)
	if err := svc.flushSettled(ctx); err != nil {
		t.Fatal(err)
	}
	stored := env.storedProduct(p.ID.Hex())
	if _, ok := stored.Apartados["venta3:0"]; !ok || len(stored.Apartados) != 1 {
		t.Fatalf("after three sales, two of them settled: %v", stored.Apartados)
	}
	checkTotals(t, stored, 2)
	// The last one goes a moment later by the background loop, and apartados with it.
	svc.SettleStockFor("venta3:0", line.ProductID)
	waitUntil(t, "the last key removed", func() bool { return env.storedProduct(p.ID.Hex()).Apartados == nil })
	// A saved order cancelled later gives its units back without its key.
	if err := svc.GiveBackStock(ctx, line); err != nil {
		t.Fatal(err)
	}
	if got, _ := svc.Product(p.ID.Hex()); got.Variantes[0].Stock != 3 || env.storedProduct(p.ID.Hex()).Variantes[0].Stock != 3 {
		t.Fatalf("after a cancellation: memory %d, store %d", got.Variantes[0].Stock, env.storedProduct(p.ID.Hex()).Variantes[0].Stock)
	}
	checkTotals(t, env.storedProduct(p.ID.Hex()), 3)
	// ReservedStock lists what is reserved, through the store (and its indexes: one product of two
	// has reservations).
	env.mustCreate(formProduct("Cámara sin ventas"))
	if _, err := env.db.IndexIDs(ctx); err != nil {
		t.Fatal(err)
	}
	if err := svc.TakeStockFor(ctx, "venta4:0", line); err != nil {
		t.Fatal(err)
	}
	reserved, err := svc.ReservedStock(ctx)
	if err != nil || len(reserved) != 1 || reserved[0] != (ReservedStock{Key: "venta4:0", ProductID: p.ID.Hex()}) {
		t.Fatalf("reserved %v, %v", reserved, err)
	}
}

// A best-seller's document stays small: under a stream of sales settled as they are saved, its
// reservations are empty again a moment after the last one.
func TestABestSellersReservationsEmptyUnderLoad(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := formProduct("Cámara superventas")
	body["variantes"] = []map[string]any{{"talla": "Unico", "stock": 100000, "precioVenta": 150}}
	p := env.mustCreate(body)
	svc := env.m.Service()
	var wg sync.WaitGroup
	var n atomic.Int32
	for w := range 8 {
		wg.Go(func() {
			for i := range 50 {
				key := fmt.Sprintf("venta%d-%d:0", w, i)
				if err := svc.TakeStockFor(context.Background(), key, OrderLine{ProductID: p.ID.Hex(), Cantidad: 1}); err != nil {
					t.Error(err)
					return
				}
				n.Add(1)
				svc.SettleStockFor(key, p.ID.Hex())
			}
		})
	}
	wg.Wait()
	start := time.Now()
	waitUntil(t, "the reservations emptied", func() bool { return env.storedProduct(p.ID.Hex()).Apartados == nil })
	stored := env.storedProduct(p.ID.Hex())
	checkTotals(t, stored, 100000-int(n.Load()))
	t.Logf("%d sales; reservations empty %v after the last", n.Load(), time.Since(start).Round(time.Millisecond))
}

// An admin's edits and sales at the same time: the edits are not refused for the sales (they
// carry a version the sales do not change), and no unit sold between an edit's read and its
// write is overwritten.
func TestEditsDuringSalesKeepEveryUnitSold(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := formProduct("Cámara editada en plena venta")
	body["variantes"].([]map[string]any)[1]["stock"] = 60
	p := env.mustCreate(body)
	svc := env.m.Service()
	var sold atomic.Int32
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 10 {
				err := svc.TakeStockFor(context.Background(), fmt.Sprintf("venta%d-%d:0", w, i), OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[1].ID.Hex(), Cantidad: 1})
				if err != nil {
					t.Error(err)
					return
				}
				sold.Add(1)
			}
		})
	}
	for i := range 10 {
		rec := env.do(auth.Administrador, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{
			"nombre": fmt.Sprintf("Nombre %d", i), "descripcion": "Editada", "version": p.Version + int64(i)})
		if rec.Code != http.StatusOK {
			t.Errorf("edit %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	wg.Wait()
	stored := env.storedProduct(p.ID.Hex())
	if stored.Nombre != "Nombre 9" || stored.Version != p.Version+10 || sold.Load() != 40 {
		t.Fatalf("after the edits: %q version %d, %d sold", stored.Nombre, stored.Version, sold.Load())
	}
	if stored.Variantes[1].Stock != 20 || len(stored.Apartados) != 40 {
		t.Fatalf("units %d (want 60 - 40), %d reservations", stored.Variantes[1].Stock, len(stored.Apartados))
	}
	checkTotals(t, stored, 5)
	if mem, _ := svc.Product(p.ID.Hex()); mem.Variantes[1].Stock != 20 || mem.Nombre != "Nombre 9" {
		t.Fatalf("memory: %q, %d units", mem.Nombre, mem.Variantes[1].Stock)
	}
}

// The memory never takes a copy older than the one it holds.
func TestTheMemoryNeverGoesBack(t *testing.T) {
	t.Parallel()
	m := &memory{}
	id := bson.NewObjectID()
	p := Product{ID: id, Nombre: "A", Revision: 1, Stock: 5, Variantes: []Variante{{ID: bson.NewObjectID(), Stock: 5}}}
	m.add(p)
	newer := cloneProduct(p)
	newer.Revision, newer.Stock, newer.Variantes[0].Stock = 3, 3, 3
	m.update(newer)
	older := cloneProduct(p)
	older.Revision, older.Nombre = 2, "B"
	m.update(older)
	m.setStock(Product{ID: id, Revision: 2, Stock: 4, Variantes: []Variante{{ID: p.Variantes[0].ID, Stock: 4}}})
	if got, _ := m.get(id); got.Revision != 3 || got.Stock != 3 || got.Variantes[0].Stock != 3 || got.Nombre != "A" {
		t.Fatalf("memory %+v", got)
	}
	m.setStock(Product{ID: id, Revision: 4, Stock: 2, TotalExistencia: 2, Variantes: []Variante{{ID: p.Variantes[0].ID, Stock: 2}}})
	if got, _ := m.get(id); got.Revision != 4 || got.Stock != 2 || got.Variantes[0].Stock != 2 {
		t.Fatalf("memory after a poll %+v", got)
	}
	m.remove(id)
	m.update(newer) // a write that raced the deletion does not bring it back
	if _, ok := m.get(id); ok {
		t.Fatal("a deleted product came back")
	}
}

// An edit rewrites every stored field, and removes the optional ones it empties.
func TestEditedFieldsCoverEveryOptionalField(t *testing.T) {
	t.Parallel()
	typ := reflect.TypeFor[Product]()
	for f := range typ.Fields() {
		tag := f.Tag.Get("bson")
		name, opts, _ := strings.Cut(tag, ",")
		if strings.Contains(opts, "omitempty") && name != "apartados" && name != "existenciasEn" && !slices.Contains(optionalFields, name) {
			t.Errorf("%s is left out when empty but not in optionalFields", name)
		}
	}
	set, unset, err := editedFields(Product{ID: bson.NewObjectID(), Nombre: "X", Revision: 9, Apartados: map[string]Apartado{"a:0": {Cantidad: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"_id", "revision", "apartados", "existenciasEn", "variantes", "stock", "total_existencia"} {
		if _, ok := set[k]; ok {
			t.Errorf("editedFields sets %s", k)
		}
	}
	if set["nombre"] == nil || set["version"] == nil || len(unset) != len(optionalFields) {
		t.Fatalf("set %v, unset %v", set, unset)
	}
}

func TestProductsWrittenBeforeStockMovedOutKeepTheirUnits(t *testing.T) {
	t.Parallel()
	db := mongox.TestDB(t)
	ctx := context.Background()
	id, variant := bson.NewObjectID(), bson.NewObjectID()
	now := time.Now().UTC().Truncate(time.Millisecond)
	legacy := bson.M{"_id": id, "nombre": "Cámara de antes", "categoria": "Videovigilancia", "version": int64(1),
		"variantes": bson.A{bson.M{"_id": variant, "talla": "Unico", "stock": 7, "precioVenta": 100.0}},
		"stock":     7, "total_existencia": 7, "createdAt": now, "updatedAt": now}
	if _, err := db.W.Collection(productsCollection).InsertOne(ctx, legacy); err != nil {
		t.Fatal(err)
	}
	m := MustModule(t, db, 0)
	got, err := m.Service().Product(id.Hex())
	if err != nil || got.Variantes[0].Stock != 7 || got.Stock != 7 {
		t.Fatalf("after the move: %+v %v", got.Variantes, err)
	}
	if err := m.Service().TakeStockFor(ctx, "venta:0", OrderLine{ProductID: id.Hex(), Cantidad: 2}); err != nil {
		t.Fatal(err)
	}
	// Once only: a later start does not bring the old units back.
	again := MustModule(t, db, 0)
	if got, _ := again.Service().Product(id.Hex()); got.Variantes[0].Stock != 5 {
		t.Fatalf("after a restart: %d units, want 5", got.Variantes[0].Stock)
	}
}

// A store written by the version that kept stock in existencias_XX collections: every unit and
// reservation (its "holds") moves into the products, also when the move is interrupted half-way
// and run again.
func TestStockDocumentsOfTheEarlierVersionMoveIntoTheProducts(t *testing.T) {
	t.Parallel()
	db := mongox.TestDB(t)
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Millisecond)
	type want struct {
		units        []int
		reservations map[string]Apartado
	}
	wants := map[bson.ObjectID]want{}
	var products []any
	shard := func(id bson.ObjectID) string { return fmt.Sprintf("existencias_%02x", id[11]) }
	for i := range 12 {
		id := bson.NewObjectID()
		vs := []bson.ObjectID{bson.NewObjectID()}
		if i%3 == 0 {
			vs = append(vs, bson.NewObjectID(), bson.NewObjectID())
		}
		variantes := bson.A{}
		units := map[string]int{}
		w := want{reservations: map[string]Apartado{}}
		for j, v := range vs {
			// Today's product documents carry no units; an old one may carry stale ones.
			variantes = append(variantes, bson.M{"_id": v, "talla": fmt.Sprint(j), "precioVenta": 100.0})
			units[v.Hex()] = 10*i + j
			w.units = append(w.units, 10*i+j)
		}
		reservations := map[string]int{}
		if i%2 == 0 {
			reservations[fmt.Sprintf("%s:0", bson.NewObjectID().Hex())] = 2
			for k, n := range reservations {
				r := Apartado{Cantidad: n}
				if len(vs) == 1 {
					r.Variante = vs[0]
				}
				w.reservations[k] = r
			}
		}
		wants[id] = w
		products = append(products, bson.M{"_id": id, "nombre": fmt.Sprintf("Producto %d", i), "categoria": "Cables",
			"version": int64(3), "variantes": variantes, "extras": bson.A{}, "createdAt": now, "updatedAt": now})
		if _, err := db.W.Collection(shard(id)).InsertOne(ctx, bson.M{"_id": id, "variantes": units, "holds": reservations, "version": int64(7)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.W.Collection(productsCollection).InsertMany(ctx, products); err != nil {
		t.Fatal(err)
	}
	if _, err := mongox.MarkJobDone(ctx, db.W.Collection(metaCollection), "existencias-v1"); err != nil { // today's marker
		t.Fatal(err)
	}

	// Interrupted: some products moved, then the process stopped.
	s := store{db: db}
	colls, err := s.legacyCollections(ctx)
	if err != nil || len(colls) == 0 {
		t.Fatalf("legacy collections %v, %v", colls, err)
	}
	legacy := map[bson.ObjectID]legacyStock{}
	for _, c := range colls {
		docs, err := mongox.FindAll[legacyStock](ctx, db.R.Collection(c), bson.M{})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range docs {
			legacy[d.ID] = d
		}
	}
	half := 0
	for _, doc := range products[:6] {
		var p unmovedProduct
		raw, _ := bson.Marshal(doc)
		if err := bson.Unmarshal(raw, &p); err != nil {
			t.Fatal(err)
		}
		if ok, err := s.moveOne(ctx, p, legacy); err != nil || !ok {
			t.Fatalf("move %s: %v %v", p.ID.Hex(), ok, err)
		}
		if ok, _ := s.moveOne(ctx, p, legacy); ok {
			t.Fatal("a product was moved twice")
		}
		half++
	}

	// The next start moves the rest, once; the one after does nothing.
	m := MustModule(t, db, 0)
	if again := MustModule(t, db, 0); again == nil {
		t.Fatal("second start")
	}
	for id, w := range wants {
		got := (&testEnv{t: t, m: m}).storedProduct(id.Hex())
		for j, n := range w.units {
			if got.Variantes[j].Stock != n {
				t.Errorf("%s variant %d: %d units, want %d", got.Nombre, j, got.Variantes[j].Stock, n)
			}
		}
		checkTotals(t, got, w.units[0])
		if got.Revision != 1 || got.Version != 3 {
			t.Errorf("%s: revision %d, version %d", got.Nombre, got.Revision, got.Version)
		}
		if len(w.reservations) == 0 && got.Apartados != nil || len(w.reservations) > 0 && !reflect.DeepEqual(got.Apartados, w.reservations) {
			t.Errorf("%s: reservations %v, want %v", got.Nombre, got.Apartados, w.reservations)
		}
		mem, _ := m.Service().Product(id.Hex())
		if mem.Stock != got.Stock {
			t.Errorf("%s: memory %d, store %d", got.Nombre, mem.Stock, got.Stock)
		}
	}
	if colls, err := s.legacyCollections(ctx); err != nil || len(colls) != 0 {
		t.Fatalf("stock collections left: %v %v", colls, err)
	}
	// A reservation moved without its variant is given back to the variant its order line names.
	for id, w := range wants {
		for k, r := range w.reservations {
			if !r.Variante.IsZero() {
				continue
			}
			stored := (&testEnv{t: t, m: m}).storedProduct(id.Hex())
			if err := m.Service().ReturnStockFor(ctx, k, OrderLine{ProductID: id.Hex(), VariantID: stored.Variantes[1].ID.Hex()}); err != nil {
				t.Fatal(err)
			}
			after := (&testEnv{t: t, m: m}).storedProduct(id.Hex())
			if after.Variantes[1].Stock != stored.Variantes[1].Stock+r.Cantidad || after.Apartados != nil {
				t.Fatalf("given back: %+v", after)
			}
			checkTotals(t, after, stored.Variantes[0].Stock)
		}
	}
	t.Logf("%d products moved before the interruption, %d after", half, len(wants)-half)
}

// waitUntil waits up to 5 seconds for ok.
func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("not within 5 s: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Takes of one product that arrive while a write of it is in flight go together in the next one;
// every take gets its own answer.
func TestTakesArrivingTogetherShareAWrite(t *testing.T) {
	t.Parallel()
	var q takeBatcher
	id := bson.NewObjectID()
	var writes, lines atomic.Int32
	write := func(_ context.Context, _ bson.ObjectID, batch []*stockTake) {
		writes.Add(1)
		lines.Add(int32(len(batch)))
		time.Sleep(5 * time.Millisecond)
		for _, b := range batch {
			if b.n > 5 {
				b.err = apperr.New(apperr.Conflict, "Sin existencias suficientes de X.")
			}
		}
	}
	var wg sync.WaitGroup
	var refused atomic.Int32
	for i := range 40 {
		wg.Go(func() {
			err := q.do(context.Background(), id, &stockTake{key: fmt.Sprintf("v%d:0", i), n: i % 10}, write)
			if (err != nil) != (i%10 > 5) {
				t.Errorf("take %d: %v", i, err)
			}
			if err != nil {
				refused.Add(1)
			}
		})
	}
	wg.Wait()
	if lines.Load() != 40 || writes.Load() >= 40 || refused.Load() != 16 || len(q.queues) != 0 {
		t.Fatalf("%d lines in %d writes, %d refused, %d queues left", lines.Load(), writes.Load(), refused.Load(), len(q.queues))
	}
	t.Logf("40 takes in %d writes", writes.Load())
}

// Buyers of two variants of one product at once, some short: every unit accounted for.
func TestBuyersOfTwoVariantsAtOnce(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(formProduct("Cámara de dos tallas")) // 5 and 3 units
	svc := env.m.Service()
	var sold [2]atomic.Int32
	var wg sync.WaitGroup
	for i := range 30 {
		wg.Go(func() {
			v := i % 2
			err := svc.TakeStockFor(context.Background(), fmt.Sprintf("venta%d:0", i), OrderLine{ProductID: p.ID.Hex(), VariantID: p.Variantes[v].ID.Hex(), Cantidad: 1 + i%3})
			switch {
			case err == nil:
				sold[v].Add(int32(1 + i%3))
			case !apperr.Is(err, apperr.Conflict):
				t.Error(err)
			}
		})
	}
	wg.Wait()
	stored := env.storedProduct(p.ID.Hex())
	checkTotals(t, stored, 5-int(sold[0].Load()))
	if stored.Variantes[1].Stock != 3-int(sold[1].Load()) || stored.Variantes[0].Stock < 0 || stored.Variantes[1].Stock < 0 {
		t.Fatalf("variants %d and %d after selling %d and %d", stored.Variantes[0].Stock, stored.Variantes[1].Stock, sold[0].Load(), sold[1].Load())
	}
	reserved := 0
	for _, r := range stored.Apartados {
		reserved += r.Cantidad
	}
	if reserved != int(sold[0].Load()+sold[1].Load()) {
		t.Fatalf("%d units reserved for %d sold", reserved, sold[0].Load()+sold[1].Load())
	}
}
