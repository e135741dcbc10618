package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cashcut"
	"tienda/pkg/httpx/httpxtest"
)

// movement records a drawer movement through the API and answers it.
func (s *shop) movement(who string, body map[string]any, want int) cashcut.Movement {
	s.t.Helper()
	rec := s.call(who, http.MethodPost, "/v1/cortes/movimientos", body)
	var m cashcut.Movement
	if rec.Code != want || json.Unmarshal(rec.Body.Bytes(), &m) != nil {
		s.t.Fatalf("movement %v: %d %s", body, rec.Code, rec.Body)
	}
	return m
}

func pendingCash(t *testing.T, s *shop) cashcut.PendingCash {
	t.Helper()
	rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/cortes/pendiente", nil)
	var p cashcut.PendingCash
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &p) != nil {
		t.Fatalf("pending: %d %s", rec.Code, rec.Body)
	}
	return p
}

// A day at the cash desk: floats, a withdrawal and a deposit, cash and card sales of two cashiers,
// and 'Hacer corte' with each drawer counted by denomination: Calculado / Contado / Diferencia for
// each cashier and the shop, by hand.
func TestCashDrawerExpectedCountedAndDifference(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	clearOfMidnight(t) // a cashier has one float a day: her two floats below must fall in one day
	if p := pendingCash(t, s); p.Pendiente || p.EfectivoEsperado != 0 || len(p.PorCajero) != 0 {
		t.Fatalf("an empty drawer: %+v", p)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", nil); rec.Code != http.StatusConflict ||
		httpxtest.DecodeError(t, rec).Message != "No hay ventas ni movimientos de caja pendientes de corte." {
		t.Fatalf("a cut of nothing: %d %s", rec.Code, rec.Body)
	}

	// Carmen's float, recorded twice under one _id (a retry): stored once.
	floatID := bson.NewObjectID().Hex()
	fondo := s.movement("cajero@tienda.mx", map[string]any{"_id": floatID, "tipo": "fondo", "monto": 500}, http.StatusCreated)
	again := s.movement("cajero@tienda.mx", map[string]any{"_id": floatID, "tipo": "fondo", "monto": 500}, http.StatusOK)
	if again.ID != fondo.ID || !again.Fecha.Equal(fondo.Fecha) || fondo.NombreUsuario != "Carmen Cajera" {
		t.Fatalf("the float again: %+v, first %+v", again, fondo)
	}
	carmen := fondo.UsuarioID
	// A second float of her day, and another movement's _id with other data, are refused.
	rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/cortes/movimientos", map[string]any{"tipo": "fondo", "monto": 100})
	if rec.Code != http.StatusConflict || httpxtest.DecodeError(t, rec).Message != "Ya registraste el fondo de caja de hoy. Para agregar efectivo registra un depósito." {
		t.Fatalf("a second float: %d %s", rec.Code, rec.Body)
	}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/cortes/movimientos", map[string]any{"_id": floatID, "tipo": "retiro", "monto": 5, "motivo": "x"})
	if rec.Code != http.StatusConflict || httpxtest.DecodeError(t, rec).Message != "Ese movimiento ya se registró con otros datos." {
		t.Fatalf("a reused _id: %d %s", rec.Code, rec.Body)
	}
	s.movement("cajero@tienda.mx", map[string]any{"tipo": "retiro", "monto": 300.50, "motivo": "Pago al proveedor de cable"}, http.StatusCreated)
	s.movement("cajero@tienda.mx", map[string]any{"tipo": "deposito", "monto": 100, "motivo": "Cambio del banco"}, http.StatusCreated)
	ana := s.movement("admin@tienda.mx", map[string]any{"tipo": "fondo", "monto": 200, "motivo": ""}, http.StatusCreated).UsuarioID

	// A float alone is something to close.
	if p := pendingCash(t, s); !p.Pendiente || p.Ventas != 0 || len(p.Movimientos) != 4 || p.Fondo != 700 || p.EfectivoEsperado != 499.5 {
		t.Fatalf("pending movements: %+v", p)
	}
	rows := []struct {
		total  float64
		method string
		user   [2]string
	}{
		{1000.10, "Efectivo", [2]string{carmen, "Carmen Cajera"}},
		{500, "Tarjeta", [2]string{carmen, "Carmen Cajera"}},
		{50, "Efectivo", [2]string{ana, "Ana Admin"}},
	}
	seedPaid(t, s.app, len(rows), func(i int) float64 { return rows[i].total }, func(i int) string { return rows[i].method },
		func(i int) (string, string) { return rows[i].user[0], rows[i].user[1] })

	// Carmen: 500 + 1000.10 - 300.50 + 100 = 1299.60; Ana: 200 + 50 = 250; the shop 1549.60.
	p := pendingCash(t, s)
	if !p.Pendiente || p.Ventas != 3 || p.Fondo != 700 || p.VentasEfectivo != 1050.10 || p.Retiros != 300.5 || p.Depositos != 100 ||
		p.EfectivoEsperado != 1549.60 || len(p.PorCajero) != 2 || p.PorCajero[0].UsuarioID != ana || p.PorCajero[0].EfectivoEsperado != 250 ||
		p.PorCajero[1].UsuarioID != carmen || p.PorCajero[1].EfectivoEsperado != 1299.60 {
		t.Fatalf("pending: %+v", p)
	}

	// Carmen counts 1000 + 200 + 50 + 2x20 + 5 + 4x1 + 0.50 = 1299.50 (10 centavos short); Ana 2x100 + 20 + 3x10 = 250.
	d := func(tipo string, valor float64, n int) map[string]any {
		return map[string]any{"tipo": tipo, "valor": valor, "cantidad": n}
	}
	body := map[string]any{"observaciones": "Cierre del día", "conteos": []any{
		map[string]any{"usuarioId": carmen, "denominaciones": []any{d("billete", 1000, 1), d("billete", 200, 1), d("billete", 50, 1),
			d("billete", 20, 2), d("moneda", 5, 1), d("moneda", 1, 4), d("moneda", 0.5, 1), d("moneda", 10, 0)}},
		map[string]any{"usuarioId": ana, "denominaciones": []any{d("billete", 100, 2), d("moneda", 20, 1), d("moneda", 10, 3)}},
	}}
	rec = s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", body)
	var cut cashcut.Cut
	if rec.Code != 201 || json.Unmarshal(rec.Body.Bytes(), &cut) != nil {
		t.Fatalf("cut: %d %s", rec.Code, rec.Body)
	}
	check := func(where string, c cashcut.Cut) {
		t.Helper()
		if c.NumVentas != 3 || c.NumMovimientos != 4 || c.Fondo != 700 || c.VentasEfectivo != 1050.10 || c.DevolucionesEfectivo != 0 ||
			c.Retiros != 300.5 || c.Depositos != 100 || c.EfectivoEsperado != 1549.60 || c.EfectivoContado == nil || *c.EfectivoContado != 1549.50 ||
			c.Diferencia == nil || *c.Diferencia != -0.1 || len(c.Conteo) != 10 || len(c.PorCajero) != 2 {
			t.Fatalf("%s: %+v", where, c)
		}
		a, k := c.PorCajero[0], c.PorCajero[1]
		if a.NombreUsuario != "Ana Admin" || a.EfectivoEsperado != 250 || *a.EfectivoContado != 250 || *a.Diferencia != 0 ||
			k.NombreUsuario != "Carmen Cajera" || k.Fondo != 500 || k.VentasEfectivo != 1000.10 || k.Retiros != 300.5 || k.Depositos != 100 ||
			k.EfectivoEsperado != 1299.60 || *k.EfectivoContado != 1299.50 || *k.Diferencia != -0.1 || len(k.Conteo) != 7 ||
			k.Conteo[0] != (cashcut.Denomination{Tipo: "billete", Valor: 1000, Cantidad: 1}) {
			t.Fatalf("%s, by cashier: %+v", where, c.PorCajero)
		}
	}
	check("the cut made", cut)
	if len(cut.Movimientos) != 4 || len(cut.Ventas) != 3 {
		t.Fatalf("the cut's movements and sales: %+v", cut)
	}
	rec = s.call("admin@tienda.mx", http.MethodGet, "/v1/cortes/"+cut.ID.Hex(), nil)
	var stored cashcut.Cut
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &stored) != nil || len(stored.Movimientos) != 4 {
		t.Fatalf("reprint: %d %s", rec.Code, rec.Body)
	}
	check("the cut stored", stored)

	// Nothing left to close; the float sent once more is still harmless, and still in cut 1.
	if p := pendingCash(t, s); p.Pendiente || len(p.Movimientos) != 0 || p.EfectivoEsperado != 0 {
		t.Fatalf("after the cut: %+v", p)
	}
	if m := s.movement("cajero@tienda.mx", map[string]any{"_id": floatID, "tipo": "fondo", "monto": 500}, http.StatusOK); m.Corte == nil || *m.Corte != 1 {
		t.Fatalf("the float after the cut: %+v", m)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", body); rec.Code != http.StatusConflict {
		t.Fatalf("a second cut: %d %s", rec.Code, rec.Body)
	}
}

func TestCashDrawerRefusals(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	const amount = "Escribe un importe en pesos con hasta dos decimales, por ejemplo 1250.50."
	cases := []struct {
		body  string
		field string
		msg   string
	}{
		{`{"tipo":"retiro","motivo":"x"}`, "monto", "Escribe el importe."},
		{`{"tipo":"retiro","monto":0,"motivo":"x"}`, "monto", "El importe debe ser mayor que $0.00."},
		{`{"tipo":"retiro","monto":-5,"motivo":"x"}`, "monto", "El importe debe ser mayor que $0.00."},
		{`{"tipo":"retiro","monto":10.555,"motivo":"x"}`, "monto", amount},
		{`{"tipo":"retiro","monto":1e12,"motivo":"x"}`, "monto", "El importe debe ser como máximo $100,000,000.00."},
		{`{"tipo":"retiro","monto":10}`, "motivo", "Escribe el motivo del movimiento."},
		{`{"tipo":"deposito","monto":10,"motivo":"   "}`, "motivo", "Escribe el motivo del movimiento."},
		{`{"tipo":"deposito","monto":10,"motivo":"` + strings.Repeat("ñ", 201) + `"}`, "motivo", "Debe tener como máximo 200 caracteres."},
		{`{"tipo":"prestamo","monto":10,"motivo":"x"}`, "tipo", "Elige el tipo de movimiento: fondo de caja, retiro o depósito de efectivo."},
		{`{"_id":"no-es-id","tipo":"fondo","monto":10}`, "_id", "Identificador inválido."},
		{`{"tipo":"fondo","monto":"mucho"}`, "monto", "Tipo de dato inválido."},
	}
	for _, c := range cases {
		rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/cortes/movimientos", c.body)
		if rec.Code != http.StatusBadRequest || httpxtest.DecodeError(t, rec).Fields[c.field] != c.msg {
			t.Errorf("%s: %d %s", c.body, rec.Code, rec.Body)
		}
	}
	cuts := []struct {
		body  string
		field string
		msg   string
	}{
		{`{"efectivoContado":10,"conteos":[{"usuarioId":"u","denominaciones":[]}]}`, "conteos", "Captura el efectivo contado o el conteo por denominación, no ambos."},
		{`{"conteos":[{"usuarioId":"u","denominaciones":[{"tipo":"billete","valor":1000,"cantidad":-1}]}]}`, "conteos.0.denominaciones.0.cantidad", "Escribe cuántas piezas contaste: un número entero de 0 a 100,000."},
		{`{"conteos":[{"usuarioId":"u","denominaciones":[{"tipo":"moneda","valor":0.5,"cantidad":2.5}]}]}`, "conteos.0.denominaciones.0.cantidad", "Escribe cuántas piezas contaste: un número entero de 0 a 100,000."},
		{`{"conteos":[{"usuarioId":"u","denominaciones":[{"tipo":"billete","valor":2,"cantidad":1}]}]}`, "conteos.0.denominaciones.0.valor", "No es un billete ni una moneda de México."},
		{`{"conteos":[{"denominaciones":[]}]}`, "conteos.0.usuarioId", "Indica de qué cajero es el conteo."},
	}
	for _, c := range cuts {
		rec := s.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/corte", c.body)
		if rec.Code != http.StatusBadRequest || httpxtest.DecodeError(t, rec).Fields[c.field] != c.msg {
			t.Errorf("%s: %d %s", c.body, rec.Code, rec.Body)
		}
	}
	// Only the cash desk records movements and sees the drawer.
	for _, who := range []string{"", "cliente@tienda.mx", "comandero@tienda.mx", "auxiliar@tienda.mx"} {
		want := http.StatusForbidden
		if who == "" {
			want = http.StatusUnauthorized
		}
		if rec := s.call(who, http.MethodPost, "/v1/cortes/movimientos", `{"tipo":"fondo","monto":500}`); rec.Code != want {
			t.Errorf("%q records a float: %d", who, rec.Code)
		}
		if rec := s.call(who, http.MethodGet, "/v1/cortes/pendiente", nil); rec.Code != want {
			t.Errorf("%q sees the drawer: %d", who, rec.Code)
		}
	}
	if n, err := s.app.store.Count(context.Background(), "caja_movimientos", bson.M{}); err != nil || n != 0 {
		t.Fatalf("movements stored by refused requests: %d %v", n, err)
	}
}

// Two cashiers press 'Hacer corte' at once over 300 drawer movements: every movement is in exactly
// one cut, and the cuts' withdrawals and deposits add up to what was recorded.
func TestConcurrentCutsClaimEachMovementOnce(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), nil)
	defer closeApp(t, a)
	ctx := context.Background()
	svc := a.cashcut.Service()
	const n = 300
	var retiros, depositos int64
	for i := range n {
		who := cashcut.Actor{ID: fmt.Sprintf("u%d", i%5), Name: fmt.Sprintf("Cajero %d", i%5)}
		cents := int64(1000 + i)
		in := cashcut.MovementInput{Tipo: cashcut.TipoDeposito, Motivo: "Cambio"}
		if i%2 == 0 {
			in.Tipo, retiros = cashcut.TipoRetiro, retiros+cents
		} else {
			depositos += cents
		}
		monto := float64(cents) / 100
		in.Monto = &monto
		if _, _, err := svc.RecordMovement(ctx, who, in); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	cuts := make([]cashcut.Cut, 2)
	errs := make([]error, 2)
	for i := range 2 {
		wg.Go(func() { cuts[i], errs[i] = svc.MakeCut(ctx, cashcut.Actor{ID: "x", Name: "Caja"}, nil, "") })
	}
	wg.Wait()
	seen := map[bson.ObjectID]int{}
	var gotRetiros, gotDepositos int64
	for i, c := range cuts {
		if errs[i] != nil {
			if !strings.Contains(errs[i].Error(), "No hay ventas ni movimientos") && !strings.Contains(errs[i].Error(), "Otro corte se está haciendo") {
				t.Fatal(errs[i])
			}
			continue
		}
		if c.NumMovimientos != len(c.Movimientos) {
			t.Fatalf("cut %d: %d movements stored, %d claimed", c.Numero, c.NumMovimientos, len(c.Movimientos))
		}
		for _, m := range c.Movimientos {
			seen[m.ID]++
			if m.Corte == nil || *m.Corte != c.Numero {
				t.Fatalf("movement %s in cut %d says %v", m.ID.Hex(), c.Numero, m.Corte)
			}
		}
		gotRetiros += int64(c.Retiros*100 + 0.5)
		gotDepositos += int64(c.Depositos*100 + 0.5)
	}
	if len(seen) != n || gotRetiros != retiros || gotDepositos != depositos {
		t.Fatalf("%d movements in cuts (want %d), retiros %d (want %d), depositos %d (want %d)", len(seen), n, gotRetiros, retiros, gotDepositos, depositos)
	}
	for id, k := range seen {
		if k != 1 {
			t.Fatalf("movement %s in %d cuts", id.Hex(), k)
		}
	}
	if k, err := a.store.Count(ctx, "caja_movimientos", bson.M{"corte": bson.M{"$exists": false}}); err != nil || k != 0 {
		t.Fatalf("movements left out: %d %v", k, err)
	}
}
