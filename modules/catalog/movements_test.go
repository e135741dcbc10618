package catalog

import (
	"context"
	"net/http"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/auth"
	"tienda/pkg/mongox"
)

// storedMovements reads every stock movement of a product straight from the store, oldest first,
// once the sales' movements kept for the background loop are stored (as its next flush would).
func (env *testEnv) storedMovements(productID string) []Movement {
	env.t.Helper()
	if !env.m.service.storeWaiting(context.Background()) {
		env.t.Fatal("movements not stored")
	}
	var out []Movement
	err := env.db.Each(context.Background(), movementsCollection, bson.M{"productoId": productID}, nil, func(doc bson.Raw) error {
		var m Movement
		if err := bson.Unmarshal(doc, &m); err != nil {
			return err
		}
		out = append(out, m)
		return nil
	})
	if err != nil {
		env.t.Fatal(err)
	}
	sortOldestFirst(out)
	return out
}

func sortOldestFirst(ms []Movement) {
	for i := 1; i < len(ms); i++ {
		for j := i; j > 0 && (ms[j].Fecha.Before(ms[j-1].Fecha) || ms[j].Fecha.Equal(ms[j-1].Fecha) && ms[j].ID.Hex() < ms[j-1].ID.Hex()); j-- {
			ms[j], ms[j-1] = ms[j-1], ms[j]
		}
	}
}

// checkLedger checks that a variant's movements account for its units: each says its units before
// and after and the difference is its quantity, never below 0, and their steps join into one path
// from the units it started with to those it has (whatever order concurrent writes stored them in).
func checkLedger(t *testing.T, ms []Movement, variant bson.ObjectID, from, to int) {
	t.Helper()
	sum := 0
	balance := map[int]int{} // steps leaving a value minus steps reaching it
	for _, m := range ms {
		if m.VarianteID != variant.Hex() {
			continue
		}
		if m.Antes == nil || m.Despues == nil || *m.Despues-*m.Antes != m.Cantidad || *m.Antes < 0 || *m.Despues < 0 {
			t.Fatalf("movement %s %s %+d: %v -> %v", m.Tipo, m.Motivo, m.Cantidad, m.Antes, m.Despues)
		}
		sum += m.Cantidad
		if m.Cantidad != 0 {
			balance[*m.Antes]++
			balance[*m.Despues]--
		}
	}
	if from+sum != to {
		t.Fatalf("the movements add %d to %d units, the variant has %d", sum, from, to)
	}
	if from != to {
		balance[from]--
		balance[to]++
	}
	for units, b := range balance {
		if b != 0 {
			t.Fatalf("the movements' steps do not join into one path: %d units left %+d times more than reached", units, b)
		}
	}
}

func TestEveryChangeOfUnitsIsRecordedOnce(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Cámara con historial")) // 5 and 3 units
	svc := env.m.Service()
	ctx := context.Background()
	grande, chico := p.Variantes[0].ID, p.Variantes[1].ID
	line := OrderLine{ProductID: p.ID.Hex(), VariantID: grande.Hex(), Cantidad: 2}
	note := StockNote{Folio: "20261124-100000-0001", UsuarioID: "u1", NombreUsuario: "Carmen Cajera", Motivo: "Pedido en caja"}
	for range 2 { // a repeat of the key takes nothing and records nothing
		if _, err := svc.TakeStockFor(ctx, "venta1:0", line, note); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.ReturnStockFor(ctx, "venta1:0", line, StockNote{Tipo: TipoPagoNoRecibido, Motivo: "El pago en línea no llegó"}); err != nil {
		t.Fatal(err)
	}
	if err := svc.ReturnStockFor(ctx, "venta1:0", line, StockNote{Tipo: TipoPagoNoRecibido}); err != nil { // nothing left to give
		t.Fatal(err)
	}
	if _, err := svc.TakeStockFor(ctx, "venta2:0", line, note); err != nil {
		t.Fatal(err)
	}
	if err := svc.GiveBackStock(ctx, line, StockNote{Folio: "F2", UsuarioID: "u2", NombreUsuario: "Ana Admin", Motivo: "Orden cancelada"}); err != nil {
		t.Fatal(err)
	}
	body := catalogtest.FormProduct("Cámara con historial")
	vs := body["variantes"].([]map[string]any)
	vs[0]["_id"], vs[1]["_id"], vs[1]["stock"] = grande.Hex(), chico.Hex(), 7
	if rec := env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), body); rec.Code != http.StatusOK {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	for _, adj := range []map[string]any{
		{"tipo": "entrada", "cantidad": 10, "motivo": "Compra a Syscom"},
		{"tipo": "merma", "cantidad": 1, "motivo": "Caja dañada"},
		{"tipo": "conteo", "cantidad": 12, "motivo": "Inventario de noviembre"},
		{"tipo": "devolucion", "cantidad": 1, "motivo": "Cliente devolvió una pieza"},
	} {
		adj["productoId"], adj["varianteId"] = p.ID.Hex(), grande.Hex()
		if rec := env.do(auth.Auxiliar, http.MethodPost, "/v1/inventario/ajustes", adj); rec.Code != http.StatusCreated {
			t.Fatalf("%v: %d %s", adj, rec.Code, rec.Body)
		}
	}

	stored := env.storedProduct(p.ID.Hex())
	checkTotals(t, stored, 13)
	ms := env.storedMovements(p.ID.Hex())
	var kinds []string
	for _, m := range ms {
		kinds = append(kinds, m.Tipo)
	}
	want := []string{"edicion", "edicion", "venta", "pago_no_recibido", "venta", "cancelacion", "edicion", "entrada", "merma", "conteo", "devolucion"}
	if len(kinds) != len(want) {
		t.Fatalf("movements %v, want %v", kinds, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("movements %v, want %v", kinds, want)
		}
	}
	checkLedger(t, ms, grande, 0, 13)
	checkLedger(t, ms, chico, 0, 7)
	sale := ms[2]
	if sale.Folio != note.Folio || sale.NombreUsuario != "Carmen Cajera" || sale.UsuarioID != "u1" || sale.Cantidad != -2 ||
		*sale.Antes != 5 || *sale.Despues != 3 || sale.Producto != "Cámara con historial" || sale.Talla != "Grande" || sale.Motivo != "Pedido en caja" {
		t.Fatalf("sale %+v", sale)
	}
	if back := ms[3]; back.Folio != note.Folio || back.NombreUsuario != sistema || back.Cantidad != 2 || back.Motivo != "El pago en línea no llegó" {
		t.Fatalf("payment never came %+v", back)
	}
	if cancel := ms[5]; cancel.Folio != "F2" || cancel.NombreUsuario != "Ana Admin" || cancel.Motivo != "Orden cancelada" {
		t.Fatalf("cancelled %+v", cancel)
	}
	if edit := ms[6]; edit.VarianteID != chico.Hex() || *edit.Antes != 3 || *edit.Despues != 7 || edit.NombreUsuario != "Prueba Auxiliar" || edit.Motivo != "Edición del producto" {
		t.Fatalf("edit %+v", edit)
	}
	if count := ms[9]; *count.Antes != 14 || *count.Despues != 12 || count.Cantidad != -2 || count.Motivo != "Inventario de noviembre" {
		t.Fatalf("count %+v", count)
	}
	// Once stored, the movements leave the product (a moment later: the background loop).
	catalogtest.WaitUntil(t, "the pending movements removed", func() bool { return env.storedProduct(p.ID.Hex()).MovimientosPendientes == nil })
}

// A replica that stops between a write of units and the insert of its movement leaves the
// movement in the product: the sweep stores it, once, and a writer that comes back with the exact
// units replaces what the sweep could only reconstruct.
func TestTheSweepStoresMovementsAStoppedReplicaLeft(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Cámara interrumpida"))
	svc := env.m.Service()
	ctx := context.Background()
	old := time.Now().Add(-2 * lostAfter).UTC().Truncate(time.Millisecond)
	full := fullProduct(t, env, p.ID)
	pending := newMovement(&full, 1, TipoEntrada, 4, old)
	pending.Motivo = "Compra"
	pending.by("u1", "Ana")
	lostSale := Apartado{Variante: p.Variantes[0].ID, Cantidad: 1, Movimiento: bson.NewObjectID(), Folio: "F9", UsuarioID: "u2",
		NombreUsuario: "Beto", Fecha: old}
	young := Apartado{Variante: p.Variantes[0].ID, Cantidad: 1, Movimiento: bson.NewObjectID(), Fecha: time.Now().UTC()}
	legacy := Apartado{Variante: p.Variantes[0].ID, Cantidad: 1} // an earlier version's: no movement to store
	_, ok, err := svc.store.update(ctx, p.ID, nil, bson.M{"$set": bson.M{
		pendingField(pending.ID): pending, "apartados.v9:0": lostSale, "apartados.v10:0": young, "apartados.v11:0": legacy}})
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	for range 2 { // a repeat stores nothing twice
		if err := svc.recordLost(ctx); err != nil {
			t.Fatal(err)
		}
	}
	ms := env.storedMovements(p.ID.Hex())
	got := map[bson.ObjectID]Movement{}
	for _, m := range ms {
		got[m.ID] = m
	}
	if len(ms) != 4 { // the two of the product's creation, and the two lost
		t.Fatalf("%d movements: %+v", len(ms), ms)
	}
	if m := got[pending.ID]; m.Tipo != TipoEntrada || m.Cantidad != 4 || !m.Reconstruido || m.Antes != nil || m.NombreUsuario != "Ana" {
		t.Fatalf("pending movement stored as %+v", m)
	}
	if m := got[lostSale.Movimiento]; m.Tipo != TipoVenta || m.Cantidad != -1 || !m.Reconstruido || m.Folio != "F9" ||
		m.NombreUsuario != "Beto" || m.Talla != "Grande" || !m.Fecha.Equal(old) {
		t.Fatalf("lost sale stored as %+v", m)
	}
	catalogtest.WaitUntil(t, "the stored pending movement removed", func() bool { return env.storedProduct(p.ID.Hex()).MovimientosPendientes == nil })

	// The writer, back, stores its exact movement: it replaces the reconstructed one.
	exact := got[lostSale.Movimiento]
	exact.Reconstruido, exact.Motivo = false, "Pedido en caja"
	exact.withUnits(4)
	if !svc.record(ctx, exact) {
		t.Fatal("not stored")
	}
	if m := env.storedMovements(p.ID.Hex()); len(m) != 4 {
		t.Fatalf("%d movements after the writer came back", len(m))
	}
	stored, found, err := mongox.FindOne[Movement](ctx, env.db.R.Collection(movementsCollection), bson.M{"_id": exact.ID})
	if err != nil || !found || stored.Reconstruido || stored.Antes == nil || *stored.Antes != 5 || stored.Motivo != "Pedido en caja" {
		t.Fatalf("after the writer: %+v %v %v", stored, found, err)
	}
}

// fullProduct reads a product from the store.
func fullProduct(t *testing.T, env *testEnv, id bson.ObjectID) Product {
	t.Helper()
	return env.storedProduct(id.Hex())
}

// A sale's movement is stored by the background loop, many at a time, before its settled
// reservation (what the sweep would store it from) is removed.
func TestASalesMovementIsStoredBeforeItsReservationGoes(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Cámara vendida"))
	svc := env.m.Service()
	for i := range 5 {
		key := "venta" + string(rune('a'+i)) + ":0"
		if _, err := svc.TakeStockFor(context.Background(), key, OrderLine{ProductID: p.ID.Hex(), Cantidad: 1}, StockNote{Folio: key}); err != nil {
			t.Fatal(err)
		}
		svc.SettleStockFor(key, p.ID.Hex())
	}
	catalogtest.WaitUntil(t, "the settled reservations removed", func() bool { return env.storedProduct(p.ID.Hex()).Apartados == nil })
	n, err := env.db.Count(context.Background(), movementsCollection, bson.M{"productoId": p.ID.Hex(), "tipo": TipoVenta})
	if err != nil || n != 5 {
		t.Fatalf("%d sales' movements stored when their reservations went (%v)", n, err)
	}
}
