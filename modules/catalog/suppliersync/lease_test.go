package suppliersync

import (
	"context"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"tienda/modules/catalog"
	"tienda/modules/catalog/supplier/syscom/syscomfake"
	"tienda/pkg/mongox"
)

// On a store whose clock runs 10 minutes ahead of the replicas' own, a replica does not take over
// a job another replica holds and renews: the lease is stamped and measured on the store's clock,
// never on this process's (a stamp on one clock judged on the other would make the job look 10
// minutes old at once, or never old). Once the holder stops renewing for longer than the lease,
// it is taken over, and the old holder's next write is refused.
func TestALeaseIsJudgedOnTheStoresClock(t *testing.T) {
	en := newEnvOn(t, mongox.TestDBAt(t, 10*time.Minute))
	en.setCredentials()
	ctx := context.Background()
	a := en.module()
	a.lease = time.Second
	b := en.module()
	b.lease = time.Second
	if _, err := a.newJob(ctx, Seleccion{Categorias: []string{"26"}}, "u"); err != nil {
		t.Fatal(err)
	}
	j, ok, err := a.claim(ctx)
	if err != nil || !ok {
		t.Fatalf("a claims: %v %v", ok, err)
	}
	if _, ok, err := b.claim(ctx); err != nil || ok {
		t.Fatalf("b took a job a holds: %v %v", ok, err)
	}
	if ok, err := a.save(ctx, &j, map[string]any{"posicion": 0}); err != nil || !ok {
		t.Fatalf("a renews: %v %v", ok, err)
	}
	// b keeps asking; it gets the job once a's last renewal is a lease old on the store's clock.
	renewed := time.Now()
	var got Job
	for deadline := renewed.Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		g, ok, err := b.claim(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			got = g
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("b never took over the job a stopped renewing")
		}
	}
	if waited := time.Since(renewed); waited < 900*time.Millisecond || got.ID != j.ID || got.Dueno != b.owner {
		t.Fatalf("b takes over after %v: %+v", waited, got)
	}
	if ok, err := a.save(ctx, &j, map[string]any{"posicion": 1}); err != nil || ok {
		t.Fatalf("a wrote to a job b holds: %v %v", ok, err)
	}
}

// Two replicas importing the same product at once create it once: the second's insert is refused
// by the unique index on the distributor's id and counted as an update of the first's product.
func TestTwoReplicasImportAProductOnce(t *testing.T) {
	en := newEnv(t)
	en.setCredentials()
	ctx := context.Background()
	// Replica 2: its own catalogue (loaded now, not reloaded), on the same store.
	cat2 := catalog.New(catalog.Deps{Store: en.db, Log: zerolog.Nop(), ReloadEvery: -1})
	if err := cat2.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cat2.Stop)
	m2 := New(Deps{Store: en.db, Catalog: cat2.Service(), Log: zerolog.Nop(), BaseURL: en.url, RequestsPerMinute: -1, SecretKey: testKey, Lease: time.Minute})
	ids := syscomfake.Generate(5, 150).ProductIDs(1)
	// Replica 1 imports it; replica 2 has not loaded it.
	if _, err := en.m.newJob(ctx, Seleccion{Productos: ids}, "u"); err != nil {
		t.Fatal(err)
	}
	en.runJobs(en.m)
	if len(cat2.Service().DistributorProducts("Syscom")) != 0 {
		t.Fatal("replica 2 already knows the product")
	}
	if _, err := m2.newJob(ctx, Seleccion{Productos: ids}, "u"); err != nil {
		t.Fatal(err)
	}
	en.runJobs(m2)
	j := lastJob(t, m2)
	if j.Estado != EstadoTerminada || j.Hechos != 1 || j.Creados != 0 || j.Fallidos != 0 {
		t.Fatalf("replica 2's import: %+v", j)
	}
	n, err := en.db.R.Collection("productos").CountDocuments(ctx, map[string]any{"distribuidor.productoId": ids[0]})
	if err != nil || n != 1 {
		t.Fatalf("%d products of %s: %v", n, ids[0], err)
	}
}
