package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cashcut"
	"tienda/modules/sales"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
	"tienda/pkg/salestate"
)

// seedPaid writes paid sales straight into ventas, as the checkout and a cashier would leave them.
func seedPaid(t testing.TB, a *App, n int, total func(i int) float64, method func(i int) string, user func(i int) (string, string)) {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Millisecond)
	docs := make([]sales.Sale, n)
	for i := range n {
		id, name := user(i)
		tot := total(i)
		docs[i] = sales.Sale{ID: bson.NewObjectID(), Folio: "F-" + bson.NewObjectID().Hex(), Fecha: now,
			Carrito: []sales.Item{{ID: "v", ProductID: "p", Nombre: "Algo", Cantidad: 1}}, Historial: []sales.Cambio{},
			Total: tot, Estado: salestate.Confirmada, Guardado: true, Pago: sales.PagoPagado, Entrega: sales.EntregaPendiente,
			MetodoPago: method(i), CobradoPor: id, NombreCobro: name, PagadoEn: &now, Origen: sales.OrigenCaja}
	}
	if err := sales.SeedPaid(context.Background(), a.store, docs); err != nil {
		t.Fatal(err)
	}
}

func TestCashCutReportsAndCut(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	// Hand-computed: Efectivo 100.10 + 0.20 = 100.30 (Carmen), Tarjeta 50.05 (Carmen),
	// Mercado Pago 1709.10 (online). Total 1859.45; Carmen 150.35.
	rows := []struct {
		total  float64
		method string
		user   [2]string
	}{
		{100.10, "Efectivo", [2]string{"c1", "Carmen Cajera"}},
		{0.20, "Efectivo", [2]string{"c1", "Carmen Cajera"}},
		{50.05, "Tarjeta", [2]string{"c1", "Carmen Cajera"}},
		{1709.10, "Mercado Pago", [2]string{"mercadopago", "Mercado Pago"}},
	}
	seedPaid(t, s.app, len(rows), func(i int) float64 { return rows[i].total }, func(i int) string { return rows[i].method },
		func(i int) (string, string) { return rows[i].user[0], rows[i].user[1] })

	rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/reporte/metodo-pago", nil)
	var bm cashcut.ByMethod
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &bm) != nil {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	want := []cashcut.MethodTotal{{Metodo: "Efectivo", Venta: 100.30}, {Metodo: "Tarjeta", Venta: 50.05}, {Metodo: "Mercado Pago", Venta: 1709.10}}
	if bm.TotalGeneral != 1859.45 || len(bm.Totales) != 3 || bm.Totales[0] != want[0] || bm.Totales[1] != want[1] || bm.Totales[2] != want[2] {
		t.Fatalf("by method %+v", bm)
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/reporte/usuario", nil)
	var bu []cashcut.ByUser
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &bu) != nil || len(bu) != 2 ||
		bu[0].ID.NombreUsuario != "Carmen Cajera" || bu[0].VentaTotal != 150.35 || bu[1].VentaTotal != 1709.10 {
		t.Fatalf("by user %d %s", rec.Code, rec.Body)
	}
	for _, who := range []string{"", "cliente@tienda.mx", "comandero@tienda.mx", "auxiliar@tienda.mx"} {
		want := http.StatusForbidden
		if who == "" {
			want = http.StatusUnauthorized
		}
		if rec := s.call(who, http.MethodPost, "/v1/ventas/corte", nil); rec.Code != want {
			t.Errorf("%q: %d", who, rec.Code)
		}
	}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", `{"efectivoContado": 90.30, "observaciones": "faltan 10"}`)
	var cut cashcut.Cut
	if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &cut) != nil {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if len(cut.Ventas) != 4 || cut.PorMetodo.TotalGeneral != 1859.45 || cut.EfectivoEsperado != 100.30 || cut.Diferencia == nil ||
		*cut.Diferencia != -10 || cut.NombreUsuario != "Carmen Cajera" {
		t.Fatalf("cut %+v", cut)
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/reporte/metodo-pago", nil)
	if !strings.Contains(rec.Body.String(), `"totalGeneral":0`) {
		t.Fatalf("after the cut: %s", rec.Body)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", nil); rec.Code != http.StatusConflict ||
		httpxtest.DecodeError(t, rec).Message != "No hay ventas ni movimientos de caja pendientes de corte." {
		t.Fatalf("empty cut: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("admin@tienda.mx", http.MethodGet, "/v1/cortes", nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), cut.ID.Hex()) {
		t.Fatalf("history: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("admin@tienda.mx", http.MethodGet, "/v1/cortes/"+cut.ID.Hex(), nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"folio"`) {
		t.Fatalf("reprint: %d %s", rec.Code, rec.Body)
	}
}

// Two cashiers press 'Hacer corte' at once: one cut closes every sale, once; the other is refused.
func TestConcurrentCutsSplitTheSales(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), nil)
	defer closeApp(t, a)
	const n = 1000
	seedPaid(t, a, n, func(i int) float64 { return float64(100+i%7) + 0.01*float64(i%100) },
		func(i int) string { return []string{"Efectivo", "Tarjeta", "Transferencia"}[i%3] },
		func(i int) (string, string) { return "u" + string(rune('a'+i%4)), "Cajero " + string(rune('A'+i%4)) })
	var want int64
	for i := range n {
		want += int64(100+i%7)*100 + int64(i%100)
	}
	svc := a.cashcut.Service()
	var wg sync.WaitGroup
	cuts := make([]cashcut.Cut, 2)
	errs := make([]error, 2)
	for i := range 2 {
		wg.Go(func() {
			cuts[i], errs[i] = svc.MakeCut(context.Background(), cashcut.Actor{ID: "x", Name: "Caja"}, nil, "")
		})
	}
	wg.Wait()
	seen := map[string]int{}
	var got int64
	for i, c := range cuts {
		if errs[i] != nil {
			// The second cashier waits for the first cut, then finds nothing left; on a slow
			// machine the wait may run out first (the cut's own, or the store's for its one
			// writer, a 503), and they are told to try again.
			if !strings.Contains(errs[i].Error(), "No hay ventas ni movimientos") && !strings.Contains(errs[i].Error(), "Otro corte se está haciendo") &&
				!mongox.IsUnavailable(errs[i]) {
				t.Fatal(errs[i])
			}
			continue
		}
		for _, v := range c.Ventas {
			seen[v.ID]++
		}
		got += int64(c.PorMetodo.TotalGeneral*100 + 0.5)
	}
	if len(seen) != n || got != want {
		t.Fatalf("%d sales in cuts (want %d), total %d (want %d)", len(seen), n, got, want)
	}
	if errs[0] == nil && errs[1] == nil && cuts[0].Numero+cuts[1].Numero != 3 || (errs[0] == nil) == (errs[1] == nil) && errs[0] != nil {
		t.Fatalf("cut numbers %d and %d (%v, %v)", cuts[0].Numero, cuts[1].Numero, errs[0], errs[1])
	}
	for id, k := range seen {
		if k != 1 {
			t.Fatalf("sale %s in %d cuts", id, k)
		}
	}
}

func TestACutLeftHalfWayIsFinishedByTheSweep(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := MustStart(t, dir, nil)
	ctx := context.Background()
	seedPaid(t, a, 3, func(int) float64 { return 10 }, func(int) string { return "Efectivo" }, func(int) (string, string) { return "c", "Caja" })
	// A crash in the middle of cut #1: written, one of its three sales claimed, asked for by
	// Carmen, who counted 25 pesos, five minutes ago.
	counted := 25.0
	left := cashcut.Cut{ID: bson.NewObjectID(), Numero: 1, Fecha: time.Now().UTC().Add(-5 * time.Minute).Truncate(time.Millisecond),
		UsuarioID: "c1", NombreUsuario: "Carmen Cajera", Estado: cashcut.EstadoEnProceso, Cash: cashcut.Cash{EfectivoContado: &counted}, PorUsuario: []cashcut.ByUser{}}
	if _, err := a.store.W.Collection("cortes").InsertOne(ctx, left); err != nil {
		t.Fatal(err)
	}
	var one sales.Sale
	if err := a.store.R.Collection("ventas").FindOne(ctx, bson.M{}).Decode(&one); err != nil {
		t.Fatal(err)
	}
	if _, err := a.store.W.Collection("ventas").UpdateOne(ctx, bson.M{"_id": one.ID}, bson.M{"$set": bson.M{"corte": int64(1)}}); err != nil {
		t.Fatal(err)
	}
	// A cut being made right now is left alone.
	if err := a.cashcut.Service().Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	closeApp(t, a)

	b := MustStart(t, dir, nil) // its start sweeps
	defer closeApp(t, b)
	c, err := b.cashcut.Service().Get(ctx, left.ID)
	if err != nil || c.Estado != cashcut.EstadoCerrado || len(c.Ventas) != 3 || c.NumVentas != 3 || c.PorMetodo.TotalGeneral != 30 ||
		c.Numero != 1 || c.NombreUsuario != "Carmen Cajera" || c.Diferencia == nil || *c.Diferencia != -5 {
		t.Fatalf("cut after restart: %+v %v", c, err)
	}
	// Nothing is pending any more; a refused cut uses no number, and the next one is #2.
	for range 2 {
		if _, err := b.cashcut.Service().MakeCut(ctx, cashcut.Actor{ID: "x"}, nil, ""); err == nil || !strings.Contains(err.Error(), "No hay ventas") {
			t.Fatalf("a second cut over the same sales: %v", err)
		}
	}
	seedPaid(t, b, 1, func(int) float64 { return 5 }, func(int) string { return "Tarjeta" }, func(int) (string, string) { return "c", "Caja" })
	next, err := b.cashcut.Service().MakeCut(ctx, cashcut.Actor{ID: "x", Name: "Caja"}, nil, "")
	if err != nil || next.Numero != 2 || next.NumVentas != 1 {
		t.Fatalf("next cut: %+v %v", next, err)
	}
}

// The sweep leaves a cut being made alone: it is not older than any live cut may take.
func TestTheSweepLeavesALiveCutAlone(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), nil)
	defer closeApp(t, a)
	ctx := context.Background()
	seedPaid(t, a, 2, func(int) float64 { return 10 }, func(int) string { return "Efectivo" }, func(int) (string, string) { return "c", "Caja" })
	live := cashcut.Cut{ID: bson.NewObjectID(), Numero: 1, Fecha: time.Now().UTC(), NombreUsuario: "Carmen", Estado: cashcut.EstadoEnProceso, PorUsuario: []cashcut.ByUser{}}
	if _, err := a.store.W.Collection("cortes").InsertOne(ctx, live); err != nil {
		t.Fatal(err)
	}
	if err := a.cashcut.Service().Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	var stored cashcut.Cut
	if err := a.store.R.Collection("cortes").FindOne(ctx, bson.M{"_id": live.ID}).Decode(&stored); err != nil || stored.Estado != cashcut.EstadoEnProceso {
		t.Fatalf("the live cut: %+v %v", stored, err)
	}
	if n, err := a.store.Count(ctx, "ventas", bson.M{"corte": bson.M{"$exists": true}}); err != nil || n != 0 {
		t.Fatalf("sales claimed by the sweep: %d %v", n, err)
	}
}

func TestAnOrderPaidAtTheCounterEntersTheNextCut(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(p, 1, false)}})
	v := decodeSale(t, rec)
	if rec := s.call("comandero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, `{"pago":"Pagado"}`); rec.Code != http.StatusForbidden {
		t.Fatalf("a Comandero set the payment: %d", rec.Code)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, `{"pago":"Pagado","metodoPago":"Tarjeta"}`)
	if rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/reporte/usuario", nil)
	if !strings.Contains(rec.Body.String(), "Carmen Cajera") {
		t.Fatalf("the cashier who took the money: %s", rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", nil)
	if rec.Code != 201 || !strings.Contains(rec.Body.String(), v.Folio) {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, `{"pago":"Pendiente"}`); rec.Code != http.StatusConflict {
		t.Fatalf("un-paying a sale in a cut: %d", rec.Code)
	}
}
