package cfdi

import (
	"testing"

	"tienda/pkg/money"
)

// A sale of three lines, computed by hand as the CFDI must carry it.
//
//  1. Playera, $199.00 × 3 with 15 % off: precio descontado 199.00 × 0.85 = 169.15,
//     Descuento = (199.00 − 169.15) × 3 = 2.985 × 3 → 89.55; Importe = 597.00;
//     Base = 597.00 − 89.55 = 507.45; IVA = 507.45 × 0.16 = 81.192 → 81.19.
//  2. Taza $120.00 with extras $15.00 and $10.00, × 2: ValorUnitario = 145.00,
//     Importe = 290.00, no Descuento, Base = 290.00, IVA = 46.40.
//  3. Llavero $10.97 × 1: Base = 10.97, IVA = 1.7552 → 1.76 (rounded to the nearest centavo:
//     truncating would give 1.75). With a 16 % rate an exact half centavo cannot occur
//     (16·b/100 has a fraction that is a multiple of 0.04 centavos), so "half-up" matters as
//     "to the nearest": .52 goes up, .48 goes down.
//
// SubTotal = 597.00 + 290.00 + 10.97 = 897.97; Descuento = 89.55;
// IVA = 81.19 + 46.40 + 1.76 = 129.35; Total = 897.97 − 89.55 + 129.35 = 937.77.
func TestComputeSale(t *testing.T) {
	t.Parallel()
	lineas := []Linea{
		{ClaveProdServ: "53102000", Cantidad: 3, ClaveUnidad: "H87", Descripcion: "Playera (M)",
			ValorUnitario: 19900, Descuento: (19900 - money.Cents(19900).Discounted(15)) * 3},
		{ClaveProdServ: "52152000", Cantidad: 2, ClaveUnidad: "H87", Descripcion: "Taza + asa, tapa", ValorUnitario: 12000 + 1500 + 1000},
		{ClaveProdServ: "01010101", Cantidad: 1, ClaveUnidad: "H87", Descripcion: "Llavero", ValorUnitario: 1097},
	}
	conceptos, sub, desc, iva, total := Compute(lineas)
	want := []struct{ importe, descuento, base, iva money.Cents }{
		{59700, 8955, 50745, 8119},
		{29000, 0, 29000, 4640},
		{1097, 0, 1097, 176},
	}
	if len(conceptos) != len(want) {
		t.Fatalf("%d conceptos, want %d", len(conceptos), len(want))
	}
	for i, w := range want {
		c := conceptos[i]
		if c.Importe != w.importe || c.Descuento != w.descuento || c.Base != w.base || c.IVA != w.iva {
			t.Errorf("concepto %d = importe %v descuento %v base %v iva %v, want %+v", i+1, c.Importe, c.Descuento, c.Base, c.IVA, w)
		}
		if c.Linea != lineas[i] {
			t.Errorf("concepto %d lost its línea: %+v", i+1, c.Linea)
		}
	}
	if sub != 89797 || desc != 8955 || iva != 12935 || total != 93777 {
		t.Fatalf("totals = %v %v %v %v, want $897.97 $89.55 $129.35 $937.77", sub, desc, iva, total)
	}
}

// IVA per concepto, rounded to the nearest centavo, then added: two lines of $0.03 have
// 0.48 centavos of IVA each → 0 each and 0 in all, though 16 % of the $0.06 sum would be 0.96 → 1.
func TestComputeRoundsPerConcepto(t *testing.T) {
	t.Parallel()
	_, sub, _, iva, total := Compute([]Linea{{Cantidad: 1, ValorUnitario: 3}, {Cantidad: 1, ValorUnitario: 3}})
	if sub != 6 || iva != 0 || total != 6 {
		t.Fatalf("sub %v iva %v total %v, want $0.06 $0.00 $0.06", sub, iva, total)
	}
	cases := map[money.Cents]money.Cents{3: 0, 4: 1, 1097: 176, 1203: 192, 50745: 8119, 100000: 16000}
	// 4 → 0.64 → 1; 1203 → 192.48 → 192.
	for base, want := range cases {
		c, _, _, got, _ := Compute([]Linea{{Cantidad: 1, ValorUnitario: base}})
		if got != want || c[0].Base != base {
			t.Errorf("IVA of %v = %v, want %v", base, got, want)
		}
	}
}

// A factura global: one concepto per sale, Cantidad 1, ValorUnitario the sale's subtotal.
func TestComputeGlobal(t *testing.T) {
	t.Parallel()
	ventas := []money.Cents{86207, 43103, 1}
	lineas := make([]Linea, 0, len(ventas))
	for _, v := range ventas {
		lineas = append(lineas, Linea{ClaveProdServ: "01010101", ClaveUnidad: "ACT", Cantidad: 1, Descripcion: "Venta", ValorUnitario: v})
	}
	// 862.07 × 0.16 = 137.9312 → 137.93; 431.03 × 0.16 = 68.9648 → 68.96; 0.01 × 0.16 → 0.
	_, sub, desc, iva, total := Compute(lineas)
	if sub != 129311 || desc != 0 || iva != 13793+6896 || total != 129311+20689 {
		t.Fatalf("global totals = %v %v %v %v", sub, desc, iva, total)
	}
	if c, s, _, _, tot := Compute(nil); len(c) != 0 || s != 0 || tot != 0 {
		t.Fatal("no líneas must give nothing")
	}
}
