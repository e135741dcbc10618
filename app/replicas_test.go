package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cartcheckout/mpfake"
	"tienda/modules/cashcut"
	"tienda/modules/sales"
	"tienda/pkg/money"
	"tienda/pkg/mongox"
)

// Two replicas of the shop on one store, used at the same time: counter orders, online payments
// (the return page on one replica, the webhook on the other), cancellations, 'Hacer corte' from a
// cashier on each, and one replica restarting while a cut a crash left is being finished. Nothing
// a replica needs may live only in the other's memory.
func TestTwoReplicasOnOneStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := mongox.TestDB(t)
	mp := mpfake.New("TEST-token")
	srv := httptest.NewServer(mp)
	t.Cleanup(srv.Close)
	env := map[string]string{"DEMO_DATA": "true", "MP_ACCESS_TOKEN": "TEST-token", "MP_API_URL": srv.URL,
		"MP_WEBHOOK_SECRET": webhookSecret, "PUBLIC_URL": "https://tienda.example.mx",
		"JWT_SECRET": "two-replicas-secret-0123456789abcdef"}
	dir := t.TempDir()
	staff := []string{"admin@tienda.mx", "cajero@tienda.mx", "cliente@tienda.mx", "comandero@tienda.mx"}
	start := func() *shop {
		t.Helper()
		a, err := NewOnStore(ctx, testConfig(t, dir, env), zerolog.Nop(), testWeb, store)
		if err != nil {
			t.Fatal(err)
		}
		s := &shop{t: t, app: a, h: a.Handler(), mp: mp, toks: map[string]string{}}
		for _, who := range staff {
			s.token(who) // signed in before the goroutines share s
		}
		return s
	}
	a, b := start(), start()
	defer func() { closeApp(t, a.app) }()
	replicas := []*shop{a, b}

	counter, online := a.pick(false), a.pick(true)
	stockOf := func(s *shop, id string) int { return s.product(id).Variantes[0].Stock }
	counterBefore, onlineBefore := stockOf(a, counter.ID), stockOf(a, online.ID)

	// Counter orders from both replicas, more than the stock.
	var mu sync.Mutex
	var placed []sale
	var wg sync.WaitGroup
	for i := range counterBefore + 6 {
		wg.Go(func() {
			s := replicas[i%2]
			rec := s.call([]string{"cliente@tienda.mx", "cajero@tienda.mx"}[i%2], http.MethodPost, "/v1/ventas",
				map[string]any{"cliente": fmt.Sprintf("Cliente %d", i), "carrito": []any{cartLine(counter, 1, false)}})
			switch rec.Code {
			case http.StatusCreated:
				mu.Lock()
				placed = append(placed, decodeSale(t, rec))
				mu.Unlock()
			case http.StatusConflict: // sold out
			default:
				t.Errorf("order: %d %s", rec.Code, rec.Body)
			}
		})
	}
	wg.Wait()
	if len(placed) != counterBefore {
		t.Fatalf("%d orders of %d units", len(placed), counterBefore)
	}

	// At once: cashiers pay orders on both replicas, a Comandero cancels some, both cashiers press
	// 'Hacer corte' now and then, and online orders are paid, confirmed on one replica while the
	// webhook reaches the other.
	cancelled := map[string]bool{}
	for i, v := range placed {
		if i%4 == 0 {
			cancelled[v.ID] = true
		}
	}
	for i, v := range placed {
		s := replicas[i%2]
		wg.Go(func() {
			var rec *httptest.ResponseRecorder
			if cancelled[v.ID] {
				rec = s.call("comandero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, `{"entrega":"Cancelado"}`)
			} else {
				rec = s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID,
					fmt.Sprintf(`{"pago":"Pagado","metodoPago":%q}`, []string{"Efectivo", "Tarjeta", "Transferencia"}[i%3]))
			}
			if rec.Code != http.StatusOK {
				t.Errorf("%s: %d %s", v.Folio, rec.Code, rec.Body)
			}
		})
	}
	for _, s := range replicas {
		wg.Go(func() {
			for range 3 {
				rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", `{"efectivoContado": 100}`)
				if rec.Code != http.StatusCreated && rec.Code != http.StatusConflict {
					t.Errorf("cut: %d %s", rec.Code, rec.Body)
				}
				time.Sleep(20 * time.Millisecond)
			}
		})
	}
	var payments []int
	for range 3 {
		ref, charge := a.order(online, 1)
		pid := mp.Pay(ref, "approved", charge)
		payments = append(payments, pid)
		wg.Go(func() {
			if rec := a.confirm(pid, map[string]string{"external_reference": ref}); rec.Code != http.StatusOK {
				t.Errorf("confirm: %d %s", rec.Code, rec.Body)
			}
		})
		wg.Go(func() {
			if rec := b.webhook(pid, ""); rec.Code != http.StatusOK {
				t.Errorf("webhook: %d %s", rec.Code, rec.Body)
			}
		})
	}
	wg.Wait()

	// A replica crashed while making the next cut: written, nothing claimed yet, five minutes ago.
	// Replica b restarts (its start sweeps) while a's cashier presses 'Hacer corte': the cut is
	// finished once, with the cashier who asked for it.
	last, _, err := a.app.cashcut.Service().List(ctx, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	next := int64(1)
	if len(last) > 0 {
		next = last[0].Numero + 1
	}
	left := cashcut.Cut{ID: bson.NewObjectID(), Numero: next, Fecha: time.Now().UTC().Add(-5 * time.Minute).Truncate(time.Millisecond),
		UsuarioID: "c9", NombreUsuario: "Cajera caída", Estado: cashcut.EstadoEnProceso, PorUsuario: []cashcut.ByUser{}}
	if _, err := store.W.Collection("cortes").InsertOne(ctx, left); err != nil {
		t.Fatal(err)
	}
	// A sale paid after the cuts so far, for it to claim.
	var third product
	for _, p := range b.products() {
		if p.ID != counter.ID && p.ID != online.ID && len(p.Variantes) > 0 && p.Variantes[0].Stock > 0 {
			third = p
			break
		}
	}
	rec := b.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Ana", "carrito": []any{cartLine(third, 1, false)}})
	late := decodeSale(t, rec)
	if rec := b.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+late.ID, `{"pago":"Pagado"}`); rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	closeApp(t, b.app)
	wg.Go(func() { b = start() })
	wg.Go(func() {
		rec := a.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", nil)
		if rec.Code != http.StatusCreated && rec.Code != http.StatusConflict {
			t.Errorf("cut: %d %s", rec.Code, rec.Body)
		}
	})
	wg.Wait()
	defer func() { closeApp(t, b.app) }()
	if rec := b.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", nil); rec.Code != http.StatusCreated && rec.Code != http.StatusConflict {
		t.Fatalf("last cut: %d %s", rec.Code, rec.Body)
	}

	// One sale per payment.
	for _, pid := range payments {
		if n := a.salesWithPayment(pid); n != 1 {
			t.Errorf("payment %d: %d sales", pid, n)
		}
	}
	// Every paid sale in exactly one cut; cut numbers 1..n with no gap, all closed, each one's
	// totals exact to the centavo from the sales it claimed.
	if n, err := store.Count(ctx, "ventas", bson.M{"pago": sales.PagoPagado, "corte": bson.M{"$exists": false}}); err != nil || n != 0 {
		t.Fatalf("%d paid sales in no cut (%v)", n, err)
	}
	cur, err := store.R.Collection("cortes").Find(ctx, bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	var cuts []cashcut.Cut
	if err := cur.All(ctx, &cuts); err != nil {
		t.Fatal(err)
	}
	numbers := map[int64]cashcut.Cut{}
	for _, c := range cuts {
		numbers[c.Numero] = c
	}
	if len(numbers) != len(cuts) || numbers[left.Numero].NombreUsuario != "Cajera caída" {
		t.Fatalf("cuts %+v", cuts)
	}
	var paid int
	for n := int64(1); n <= int64(len(cuts)); n++ {
		c, ok := numbers[n]
		if !ok || c.Estado != cashcut.EstadoCerrado {
			t.Fatalf("cut #%d: %+v (numbers %v)", n, c, len(cuts))
		}
		var sum money.Cents
		k := 0
		err := store.Each(ctx, "ventas", bson.M{"corte": n}, bson.M{"total": 1, "pago": 1}, func(doc bson.Raw) error {
			var v sales.Sale
			if err := bson.Unmarshal(doc, &v); err != nil {
				return err
			}
			if v.Pago != sales.PagoPagado {
				t.Errorf("cut #%d claimed an unpaid sale", n)
			}
			sum += money.MustFromPesos(v.Total)
			k++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if total := money.MustFromPesos(c.PorMetodo.TotalGeneral); total != sum || c.NumVentas != k {
			t.Errorf("cut #%d: %d sales for %v stored, %d for %v claimed", n, c.NumVentas, total, k, sum)
		}
		paid += k
	}
	if want := len(placed) - len(cancelled) + len(payments) + 1; paid != want {
		t.Errorf("%d sales in cuts, want %d", paid, want)
	}

	// Stock as a third replica reads it: what was sold is gone, what was cancelled is back.
	c := start()
	defer func() { closeApp(t, c.app) }()
	if got, want := stockOf(c, counter.ID), counterBefore-(len(placed)-len(cancelled)); got != want {
		t.Errorf("counter product: stock %d, want %d", got, want)
	}
	if got, want := stockOf(c, online.ID), onlineBefore-len(payments); got != want {
		t.Errorf("online product: stock %d, want %d", got, want)
	}
	// Every collection the store holds is described in docs/data-model.md.
	page, err := os.ReadFile("../docs/data-model.md")
	if err != nil {
		t.Fatal(err)
	}
	names, err := store.R.ListCollectionNames(ctx, bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if !strings.Contains(string(page), "### `"+name+"`") {
			t.Errorf("collection %s is not in docs/data-model.md", name)
		}
	}
	var list struct{ Cortes []json.RawMessage }
	if rec := c.call("admin@tienda.mx", http.MethodGet, "/v1/cortes", nil); rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &list) != nil || len(list.Cortes) != len(cuts) {
		t.Errorf("cut history: %d %s", rec.Code, rec.Body)
	}
}
