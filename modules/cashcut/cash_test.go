package cashcut

import (
	"testing"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
)

func pesos(p float64) *float64 { return &p }

// A refund comes from the Sales port as an entry with a negative Total: it is taken off its
// method, its user, and its cashier's cash ('Devoluciones en efectivo'), and the expected cash is
// float + cash payments - cash refunds - withdrawals + deposits, for each cashier and the shop.
func TestTotalsTakeRefundsOff(t *testing.T) {
	sales := []PaidSale{
		{ID: "a", Metodo: "Efectivo", UserID: "c1", UserName: "Carmen", Total: 100010},
		{ID: "b", Metodo: "Efectivo", UserID: "c1", UserName: "Carmen", Total: -15005}, // refund in cash
		{ID: "c", Metodo: "Tarjeta", UserID: "c1", UserName: "Carmen", Total: 50000},
		{ID: "d", Metodo: "Tarjeta", UserID: "c1", UserName: "Carmen", Total: -12000}, // refund to the card
		{ID: "e", Metodo: "Efectivo", UserID: "a1", UserName: "Ana", Total: 5000},
	}
	bm, bu := totals(sales)
	want := []MethodTotal{{Metodo: "Efectivo", Venta: 900.05}, {Metodo: "Tarjeta", Venta: 380}}
	if bm.TotalGeneral != 1280.05 || len(bm.Totales) != 2 || bm.Totales[0] != want[0] || bm.Totales[1] != want[1] {
		t.Fatalf("by method %+v", bm)
	}
	if len(bu) != 2 || bu[0].ID.NombreUsuario != "Ana" || bu[0].VentaTotal != 50 || bu[1].VentaTotal != 1230.05 {
		t.Fatalf("by user %+v", bu)
	}
	movs := []Movement{
		{Tipo: TipoFondo, Monto: 500, UsuarioID: "c1", NombreUsuario: "Carmen"},
		{Tipo: TipoRetiro, Monto: 300.5, UsuarioID: "c1", NombreUsuario: "Carmen"},
		{Tipo: TipoDeposito, Monto: 100, UsuarioID: "c1", NombreUsuario: "Carmen"},
		{Tipo: TipoFondo, Monto: 200, UsuarioID: "a1", NombreUsuario: "Ana"},
	}
	f := apperr.Fields{}
	counts := checkCounts(f, []CountInput{{UsuarioID: "c1", Denominaciones: []DenominationInput{
		{Tipo: "billete", Valor: pesos(1000), Cantidad: pesos(1)}, {Tipo: "billete", Valor: pesos(200), Cantidad: pesos(1)},
		{Tipo: "moneda", Valor: pesos(20), Cantidad: pesos(4)}, {Tipo: "moneda", Valor: pesos(0.5), Cantidad: pesos(1)},
		{Tipo: "billete", Valor: pesos(20), Cantidad: pesos(0)},
	}}})
	if len(f) > 0 {
		t.Fatal(f)
	}
	shop, rows := cashTotals(sales, movs, nil, counts)
	// Carmen: 500 + 1000.10 - 150.05 - 300.50 + 100 = 1149.55, counted 1280.50.
	// Ana: 200 + 50 = 250, not counted. Shop: 1399.55, counted 1280.50 (Carmen's count only).
	if len(rows) != 2 || rows[0].NombreUsuario != "Ana" || rows[0].EfectivoEsperado != 250 || rows[0].EfectivoContado != nil || rows[0].Diferencia != nil {
		t.Fatalf("Ana %+v", rows)
	}
	c := rows[1].Cash
	if c.Fondo != 500 || c.VentasEfectivo != 1000.10 || c.DevolucionesEfectivo != 150.05 || c.Retiros != 300.5 || c.Depositos != 100 ||
		c.EfectivoEsperado != 1149.55 || *c.EfectivoContado != 1280.5 || *c.Diferencia != 130.95 || len(c.Conteo) != 4 ||
		c.Conteo[2] != (Denomination{Tipo: "moneda", Valor: 20, Cantidad: 4}) {
		t.Fatalf("Carmen %+v", c)
	}
	if shop.Fondo != 700 || shop.VentasEfectivo != 1050.10 || shop.DevolucionesEfectivo != 150.05 || shop.EfectivoEsperado != 1399.55 ||
		*shop.EfectivoContado != 1280.5 || *shop.Diferencia != -119.05 || len(shop.Conteo) != 4 {
		t.Fatalf("shop %+v", shop)
	}
	// The single amount of earlier releases, and nothing counted.
	counted := money.Cents(140000)
	if shop, _ := cashTotals(sales, movs, &counted, nil); *shop.Diferencia != 0.45 || shop.Conteo != nil {
		t.Fatalf("single amount %+v", shop)
	}
	if shop, _ := cashTotals(sales, movs, nil, nil); shop.EfectivoContado != nil || shop.Diferencia != nil {
		t.Fatalf("not counted %+v", shop)
	}
}

func TestCountsAreWholePiecesOfMexicanMoney(t *testing.T) {
	f := apperr.Fields{}
	checkCounts(f, []CountInput{
		{UsuarioID: "c1", Denominaciones: []DenominationInput{
			{Tipo: "billete", Valor: pesos(1000), Cantidad: pesos(-1)},
			{Tipo: "moneda", Valor: pesos(10), Cantidad: pesos(1.5)},
			{Tipo: "billete", Valor: pesos(10), Cantidad: pesos(1)},
			{Tipo: "moneda", Valor: pesos(0.2), Cantidad: pesos(1)},
			{Tipo: "moneda", Valor: pesos(5), Cantidad: nil},
			{Tipo: "moneda", Valor: pesos(5), Cantidad: pesos(1)},
		}},
		{UsuarioID: "c1"},
		{UsuarioID: " "},
	})
	want := map[string]string{
		"conteos.0.denominaciones.0.cantidad": "Escribe cuántas piezas contaste: un número entero de 0 a 100,000.",
		"conteos.0.denominaciones.1.cantidad": "Escribe cuántas piezas contaste: un número entero de 0 a 100,000.",
		"conteos.0.denominaciones.2.valor":    "No es un billete ni una moneda de México.",
		"conteos.0.denominaciones.3.valor":    "No es un billete ni una moneda de México.",
		"conteos.0.denominaciones.4.cantidad": "Escribe cuántas piezas contaste: un número entero de 0 a 100,000.",
		"conteos.0.denominaciones.5.valor":    "Esa denominación ya está en el conteo.",
		"conteos.1.usuarioId":                 "Ese cajero ya tiene un conteo.",
		"conteos.2.usuarioId":                 "Indica de qué cajero es el conteo.",
	}
	if len(f) != len(want) {
		t.Fatalf("%d errors, want %d: %v", len(f), len(want), f)
	}
	for k, v := range want {
		if f[k] != v {
			t.Errorf("%s: %q, want %q", k, f[k], v)
		}
	}
}
