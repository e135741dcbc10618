package invoicing

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"tienda/pkg/money"
)

// catalogue is the product data of the variants, as the catalogue answers it.
type catalogue map[string]ProductFiscal

func (c catalogue) FiscalByVariant(ids []string) map[string]ProductFiscal {
	out := map[string]ProductFiscal{}
	for _, id := range ids {
		if p, ok := c[id]; ok {
			out[id] = p
		}
	}
	return out
}

func (c catalogue) MissingSATKey() []ProductFiscal { return nil }

// A sale of two lines against its CFDI worked out by hand:
//
//	line 1: 2 × cámara $1,899.00 at 10% off, with 'Instalación básica' $450.00
//	  ValorUnitario 1,899.00 + 450.00 = 2,349.00; Importe 2 × 2,349.00 = 4,698.00
//	  discounted unit 1,709.10 + 450.00 = 2,159.10; Descuento (2,349.00 − 2,159.10) × 2 = 379.80
//	  Base 4,318.20; IVA 16% = 690.912 → 690.91
//	line 2: 3 × cable $149.99, no SAT key in the catalogue (takes the default), no model
//	  Importe 449.97; Base 449.97; IVA 71.9952 → 72.00
//	SubTotal 5,147.97; Descuento 379.80; IVA 762.91; Total 5,531.08
//	(the sale, IVA per line: subtotal 4,768.17, IVA 690.91 + 72.00 = 762.91, total 5,531.08: the same)
func TestTheCFDIOfASaleAddsUpToWhatWasPaid(t *testing.T) {
	s := &Service{products: catalogue{
		"v1": {ProductID: "p1", Nombre: "Cámara", Modelo: "DS-2CD1043G2-LIUF", SatKey: "46171610", ClaveUnidad: "H87"},
		"v2": {ProductID: "p2", Nombre: "Cable"},
	}, settings: Settings{ClaveDefault: "01010101", LugarExpedicion: "03100"}}
	v := Sale{ID: "s1", Folio: "20261124-101010-0001", Fecha: time.Now(), MetodoPago: "Mercado Pago",
		Subtotal: 476817, IVA: 76291, Total: 553108,
		Lineas: []SaleLine{
			{VarianteID: "v1", Nombre: "Cámara IP bala 4 MP", Talla: "Grande", Cantidad: 2, Precio: 189900, PrecioFinal: 215910,
				Extras: []SaleExtra{{Nombre: "Instalación básica", Precio: 45000}}},
			{VarianteID: "v2", Nombre: "Cable UTP", Cantidad: 3, Precio: 14999, PrecioFinal: 14999},
		}}
	f := Factura{Tipo: TipoIndividual, MetodoPago: "PUE"}
	s.fill(&f, []Sale{v})
	comp := s.comprobante(f) // as stored: what the PAC gets, also on a retry
	c := comp.Conceptos
	if len(c) != 2 || c[0].ClaveProdServ != "46171610" || c[0].NoIdentificacion != "DS-2CD1043G2-LIUF" ||
		c[0].Descripcion != "Cámara IP bala 4 MP (Grande) + Instalación básica" || c[0].ValorUnitario != 234900 ||
		c[0].Importe != 469800 || c[0].Descuento != 37980 || c[0].Base != 431820 || c[0].IVA != 69091 {
		t.Fatalf("line 1: %+v", c[0])
	}
	if c[1].ClaveProdServ != "01010101" || c[1].ClaveUnidad != "H87" || c[1].Unidad != "Pieza" || c[1].Importe != 44997 || c[1].IVA != 7200 {
		t.Fatalf("line 2: %+v", c[1])
	}
	want := []money.Cents{514797, 37980, 76291, 553108}
	if got := []money.Cents{comp.SubTotal, comp.Descuento, comp.IVA, comp.Total}; got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] {
		t.Fatalf("totals %v, want %v", got, want)
	}
	if comp.Total != v.Total || f.Total != 5531.08 || f.FormaPago != "31" || len(f.SinClaveSat) != 1 || f.SinClaveSat[0] != "Cable UTP" {
		t.Fatalf("factura %+v", f)
	}
}

// The global invoice: one concepto per sale, its folio, its amount before IVA; its IVA is the
// sale's, so the CFDI adds up to the sales. FormaPago is that of the largest amount.
func TestTheGlobalCFDIIsOneConceptoPerSale(t *testing.T) {
	s := &Service{settings: Settings{ClaveDefault: "01010101"}}
	sales := []Sale{
		{ID: "a", Folio: "F-1", MetodoPago: "Efectivo", Subtotal: 10000, IVA: 1600, Total: 11600},
		{ID: "b", Folio: "F-2", MetodoPago: "Transferencia", Subtotal: 8621, IVA: 1379, Total: 10000},
		{ID: "c", Folio: "F-3", MetodoPago: "Transferencia", Subtotal: 8621, IVA: 1379, Total: 10000},
	}
	f := Factura{Tipo: TipoGlobal, Global: &Global{Periodicidad: "01", Meses: "11", Anio: 2026}}
	s.fill(&f, sales)
	comp := s.comprobante(f)
	if len(comp.Conceptos) != 3 || comp.Conceptos[1].NoIdentificacion != "F-2" || comp.Conceptos[1].ClaveProdServ != "01010101" ||
		comp.Conceptos[1].ClaveUnidad != "ACT" || comp.Conceptos[1].Descripcion != "Venta" || comp.Conceptos[1].IVA != 1379 {
		t.Fatalf("%+v", comp.Conceptos)
	}
	if comp.Total != 31600 || comp.IVA != 4358 || f.FormaPago != "03" || comp.Global == nil || comp.Global.Meses != "11" {
		t.Fatalf("total %d, IVA %d, forma %s", comp.Total, comp.IVA, f.FormaPago)
	}
}

// For random sales (1-20 lines, list prices from $0.01 to $99,999.99, discounts whole, with
// decimals and 100 %, extras, 1-50 units), the CFDI of each, as stored and as the PAC gets it,
// adds up to the sale's subtotal, IVA and total (IVA rounded per line) to the centavo.
func TestTheCFDIOfAnySaleAddsUpToItsTotals(t *testing.T) {
	t.Parallel()
	s := &Service{products: catalogue{}, settings: Settings{ClaveDefault: "01010101"}}
	r := rand.New(rand.NewPCG(23, 7))
	for n := range 2000 {
		v := Sale{ID: "s", Folio: "F", MetodoPago: "Efectivo"}
		for i := range 1 + r.IntN(20) {
			l := SaleLine{VarianteID: fmt.Sprintf("v%d", i), Nombre: "Producto", Cantidad: 1 + r.Int64N(50), Precio: money.Cents(1 + r.Int64N(9_999_999))}
			discount := []float64{0, 100, float64(1 + r.IntN(99)), float64(1+r.IntN(9999)) / 100}[r.IntN(4)]
			l.PrecioFinal = l.Precio.Discounted(discount)
			for range r.IntN(3) {
				e := SaleExtra{Nombre: "Extra", Precio: money.Cents(1 + r.Int64N(999_999))}
				l.Extras, l.PrecioFinal = append(l.Extras, e), l.PrecioFinal+e.Precio
			}
			base := l.PrecioFinal * money.Cents(l.Cantidad)
			v.Subtotal, v.IVA = v.Subtotal+base, v.IVA+(base*16+50)/100 // by hand: IVA per line
			v.Lineas = append(v.Lineas, l)
		}
		v.Total = v.Subtotal + v.IVA
		f := Factura{Tipo: TipoIndividual, MetodoPago: "PUE"}
		s.fill(&f, []Sale{v})
		comp := s.comprobante(f)
		if comp.SubTotal-comp.Descuento != v.Subtotal || comp.IVA != v.IVA || comp.Total != v.Total || money.MustFromPesos(f.Total) != v.Total {
			t.Fatalf("sale %d: CFDI %v - %v + %v = %v, sale %v + %v = %v", n, comp.SubTotal, comp.Descuento, comp.IVA, comp.Total, v.Subtotal, v.IVA, v.Total)
		}
	}
}
