package invoicing

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"tienda/pkg/cfdi"
	"tienda/pkg/cfdi/cfditest"
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
//	(the sale: subtotal 4,768.17, IVA 16% = 762.9072 → 762.91, total 5,531.08: the same)
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
// The global has one concepto per line of each sale, the sale's folio on each: a sale of two lines
// whose per-line IVA differs from 16 % of its subtotal is billed at what it was charged.
//
//	F-1: one line of $100.00 → 16.00; F-2: 1 × 0.03 + 1 × 0.03 → IVA 0.00 + 0.00 (16 % of 0.06 is
//	0.01); F-3: free line only (no concepto).
func TestTheGlobalCFDIIsOneConceptoPerSaleLine(t *testing.T) {
	s := &Service{settings: Settings{ClaveDefault: "01010101", LugarExpedicion: "06700"}}
	line := func(unit money.Cents, qty int64) SaleLine {
		return SaleLine{Nombre: "x", Cantidad: qty, Precio: unit, PrecioFinal: unit}
	}
	sales := []Sale{
		{ID: "a", Folio: "F-1", MetodoPago: "Efectivo", Subtotal: 10000, IVA: 1600, Total: 11600, Lineas: []SaleLine{line(10000, 1)}},
		{ID: "b", Folio: "F-2", MetodoPago: "Transferencia", Subtotal: 6, IVA: 0, Total: 6, Lineas: []SaleLine{line(3, 1), line(3, 1)}},
		{ID: "c", Folio: "F-3", MetodoPago: "Transferencia", Lineas: []SaleLine{line(0, 2)}},
	}
	f := Factura{Tipo: TipoGlobal, Global: &Global{Periodicidad: "01", Meses: "11", Anio: 2026},
		Receptor: Receptor{RFC: cfdi.RFCPublicoGeneral, RazonSocial: "PUBLICO EN GENERAL", RegimenFiscal: "616", CodigoPostal: "06700", UsoCFDI: "S01"}}
	s.fill(&f, sales)
	comp := s.comprobante(f)
	if len(comp.Conceptos) != 3 || comp.Conceptos[1].NoIdentificacion != "F-2" || comp.Conceptos[2].NoIdentificacion != "F-2" ||
		comp.Conceptos[1].ClaveProdServ != "01010101" || comp.Conceptos[1].ClaveUnidad != "ACT" || comp.Conceptos[1].Descripcion != "Venta" ||
		comp.Conceptos[1].Cantidad != 1 || comp.Conceptos[1].IVA != 0 {
		t.Fatalf("%+v", comp.Conceptos)
	}
	if comp.Total != 11606 || comp.IVA != 1600 || f.FormaPago != "01" || comp.Global == nil || comp.Global.Meses != "11" {
		t.Fatalf("total %d, IVA %d, forma %s", comp.Total, comp.IVA, f.FormaPago)
	}
	cfditest.Valid(t, stampedXML(t, s, f))
}

// Any sales: the global's total is the sum of its sales' totals to the centavo, and its XML is
// one the SAT accepts.
func TestTheGlobalAddsUpToItsSales(t *testing.T) {
	t.Parallel()
	s := &Service{settings: Settings{ClaveDefault: "01010101", LugarExpedicion: "06700"}}
	r := rand.New(rand.NewPCG(23, 16))
	for n := range 300 {
		var sales []Sale
		var want money.Cents
		for i := range 1 + r.IntN(30) {
			v := Sale{ID: fmt.Sprint(i), Folio: fmt.Sprintf("F-%d", i), MetodoPago: "Efectivo"}
			var lines []money.Line
			for range 1 + r.IntN(8) {
				unit := money.Cents(r.Int64N(500_000))
				if r.IntN(10) == 0 {
					unit = 0 // a free line
				}
				qty := 1 + r.Int64N(12)
				v.Lineas = append(v.Lineas, SaleLine{Nombre: "p", Cantidad: qty, Precio: unit, PrecioFinal: unit})
				lines = append(lines, money.PriceLine(unit, qty))
			}
			t := money.Sum(lines...)
			v.Subtotal, v.IVA, v.Total = t.Subtotal, t.IVA, t.Total
			want += v.Total
			sales = append(sales, v)
		}
		f := Factura{Tipo: TipoGlobal, MetodoPago: "PUE", Global: &Global{Periodicidad: "01", Meses: "11", Anio: 2026},
			Receptor: Receptor{RFC: cfdi.RFCPublicoGeneral, RazonSocial: "PUBLICO EN GENERAL", RegimenFiscal: "616", CodigoPostal: "06700", UsoCFDI: "S01"}}
		s.fill(&f, sales)
		if len(f.Conceptos) == 0 {
			continue
		}
		if got := money.MustFromPesos(f.Total); got != want {
			t.Fatalf("run %d: the global says %v, its sales %v", n, got, want)
		}
		if n%30 == 0 { // the schema check runs xmllint: a sample
			cfditest.Valid(t, stampedXML(t, s, f))
		}
	}
}

// A nota de crédito has one concepto per returned line at the refund's amounts, type E, related
// with 01 to the CFDI it returns part of.
func TestTheNotaDeCreditoIsTheRefund(t *testing.T) {
	s := &Service{settings: Settings{LugarExpedicion: "06700"}}
	d := SaleReturn{ID: "d1", Metodo: "Tarjeta", Lineas: []ReturnLine{
		{Nombre: "Cámara | IP", Cantidad: 2, Subtotal: 379820, IVA: 60771},
		{Nombre: "Regalo", Cantidad: 1},
		{Nombre: "Cable", Cantidad: 3, Subtotal: 44997, IVA: 7200},
	}}
	f := Factura{Tipo: TipoEgreso, MetodoPago: "PUE", Relacionado: "6F1C9C0E-1B2A-4C3D-8E4F-5A6B7C8D9E0F",
		FormaPago: formaOf(Sale{MetodoPago: d.Metodo, TipoTarjeta: "debito"})}
	f.Receptor = Receptor{RFC: "GODE561231GR8", RazonSocial: "EDGAR GONZALEZ DIAZ", RegimenFiscal: "612", CodigoPostal: "06700", UsoCFDI: usoNota}
	f.setAmounts(noteLines("F-9", d))
	if len(f.Conceptos) != 2 || f.Conceptos[0].Cantidad != 2 || f.Conceptos[0].ValorUnitario != 1899.10 || f.Conceptos[0].IVA != 607.71 ||
		f.Conceptos[0].Descripcion != "Devolución: Cámara / IP" || f.Conceptos[1].IVA != 72 ||
		f.Subtotal != 4248.17 || f.IVA != 679.71 || f.Total != 4927.88 || f.FormaPago != "28" {
		t.Fatalf("%+v", f)
	}
	doc := string(stampedXML(t, s, f))
	cfditest.Valid(t, []byte(doc))
	for _, want := range []string{`TipoDeComprobante="E"`, `<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="6F1C9C0E`, `ClaveProdServ="84111506"`} {
		if !strings.Contains(doc, want) {
			t.Errorf("the XML lacks %s:\n%s", want, doc)
		}
	}
}

// A line returned in two parts: the refunds add up to exactly what the line was charged, and each
// part's nota takes 16 % of its own Base, as the SAT computes it, so the second part's nota is a
// centavo more than its refund. That is the rule the shop keeps ('Facturas' says what was
// refunded beside such a nota).
func TestALineReturnedInPartsRefundsWhatItWasChargedAndEachNotaFollowsTheSAT(t *testing.T) {
	unit := money.Cents(189910)
	charged := money.PriceLine(unit, 2) // IVA 607.71 = 16 % of 3,798.20
	first, second := money.Refund(unit, 0, 1), money.Refund(unit, 1, 1)
	if first.Total+second.Total != charged.Total || first.IVA != 30386 || second.IVA != 30385 {
		t.Fatalf("refunds %v + %v, the line was charged %v", first, second, charged)
	}
	for _, part := range []struct {
		refund   money.Line
		notaDiff money.Cents
	}{{first, 0}, {second, 1}} {
		d := SaleReturn{Lineas: []ReturnLine{{Nombre: "Cámara", Cantidad: 1, Subtotal: part.refund.Base, IVA: part.refund.IVA}}}
		var f Factura
		f.setAmounts(noteLines("F-9", d))
		if got := money.MustFromPesos(f.Total) - part.refund.Total; got != part.notaDiff {
			t.Errorf("the nota of a refund of %v totals %.2f: %d centavos off, want %d", part.refund.Total, f.Total, got, part.notaDiff)
		}
	}
}

// stampedXML is the CFDI of f as a PAC would stamp it, for the schema check.
func stampedXML(t *testing.T, s *Service, f Factura) []byte {
	t.Helper()
	f.Fecha = time.Now()
	comp := s.comprobante(f)
	comp.Emisor = cfdi.Emisor{RFC: "EKU9003173C9", Nombre: "ESCUELA KEMPER URGATE", RegimenFiscal: "601"}
	if comp.Receptor.RFC == "" {
		comp.Receptor = cfdi.Receptor{RFC: "GODE561231GR8", Nombre: "EDGAR GONZALEZ DIAZ", RegimenFiscal: "612", CodigoPostal: "06700", UsoCFDI: "G03"}
	}
	doc, err := comp.XML(&cfdi.Timbre{UUID: "6F1C9C0E-1B2A-4C3D-8E4F-5A6B7C8D9E0F", FechaTimbrado: time.Now(), RfcProvCertif: "SPR190613I52",
		SelloCFD: "c2VsbG8=", NoCertificadoSAT: "30001000000500003456", SelloSAT: "c2F0", NoCertificado: "30001000000500003416"})
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// A free line (price 0, or a 100 % discount) is left out of the CFDI, a free extra stays in the
// description, a '|' or a control character in a name is cleaned, and a unit key the SAT does not
// have takes the default: the CFDI is one the SAT accepts.
func TestFreeLinesAndBadNamesNeverBlockTheCFDI(t *testing.T) {
	s := &Service{products: catalogue{
		"v1": {ProductID: "p1", Nombre: "Cámara", Modelo: "DS|2CD", SatKey: "46171610", ClaveUnidad: "PZA"},
		"v2": {ProductID: "p2", Nombre: "Regalo", SatKey: "46171610", ClaveUnidad: "H87"},
	}, settings: Settings{ClaveDefault: "01010101", LugarExpedicion: "03100"}}
	v := Sale{ID: "s1", Folio: "F-1", Fecha: time.Now(), MetodoPago: "Efectivo", Subtotal: 189900, IVA: 30384, Total: 220284,
		Lineas: []SaleLine{
			{VarianteID: "v1", Nombre: "Cámara | IP\tbala", Cantidad: 1, Precio: 189900, PrecioFinal: 189900,
				Extras: []SaleExtra{{Nombre: "Soporte gratis", Precio: 0}}},
			{VarianteID: "v2", Nombre: "Llavero de regalo", Cantidad: 2, Precio: 0, PrecioFinal: 0},
			{VarianteID: "v2", Nombre: "Funda al 100 %", Cantidad: 1, Precio: 25000, PrecioFinal: 0},
		}}
	f := Factura{Tipo: TipoIndividual, MetodoPago: "PUE"}
	s.fill(&f, []Sale{v})
	if len(f.Conceptos) != 1 || f.Conceptos[0].Descripcion != "Cámara / IP bala + Soporte gratis" || f.Conceptos[0].ClaveUnidad != "H87" ||
		f.Conceptos[0].NoIdentificacion != "DS/2CD" || f.Total != v.Total.Pesos() {
		t.Fatalf("%+v", f)
	}
	cfditest.Valid(t, stampedXML(t, s, f))

	// Every line free: nothing to bill.
	free := Factura{Tipo: TipoIndividual}
	s.fill(&free, []Sale{{ID: "s2", Lineas: v.Lineas[1:]}})
	if len(free.Conceptos) != 0 || free.Total != 0 {
		t.Fatalf("a free sale: %+v", free)
	}
	if why := (&Service{now: time.Now, settings: Settings{DiasGracia: 5}}).whyNot(Sale{Pagada: true, Fecha: time.Now()}); !strings.Contains(why, "sin costo") {
		t.Fatalf("a free sale is billable: %q", why)
	}

	// A global with a free sale: the free one has no concepto.
	g := Factura{Tipo: TipoGlobal, Global: &Global{Periodicidad: "01", Meses: "11", Anio: 2026},
		Receptor: Receptor{RFC: "XAXX010101000", RazonSocial: "PUBLICO EN GENERAL", RegimenFiscal: "616", CodigoPostal: "03100", UsoCFDI: "S01"}}
	s.fill(&g, []Sale{{ID: "a", Folio: "F-1", MetodoPago: "Efectivo", Subtotal: 10000, IVA: 1600, Total: 11600,
		Lineas: []SaleLine{{Nombre: "x", Cantidad: 1, Precio: 10000, PrecioFinal: 10000}}}, {ID: "b", Folio: "F-2", MetodoPago: "Efectivo", Lineas: v.Lineas[1:]}})
	if len(g.Conceptos) != 1 || g.Total != 116 {
		t.Fatalf("global: %+v", g)
	}
	cfditest.Valid(t, stampedXML(t, s, g))
}

// A debit card is FormaPago 28 and a credit card 04, at the counter and online; a card of
// unknown type is taken as credit.
func TestFormaPagoTellsDebitFromCredit(t *testing.T) {
	for _, tc := range []struct {
		v    Sale
		want string
	}{
		{Sale{MetodoPago: "Tarjeta", TipoTarjeta: "debito"}, "28"},
		{Sale{MetodoPago: "Tarjeta", TipoTarjeta: "credito"}, "04"},
		{Sale{MetodoPago: "Tarjeta"}, "04"},
		{Sale{MetodoPago: "Mercado Pago", PaymentType: "debit_card"}, "28"},
		{Sale{MetodoPago: "Mercado Pago", PaymentType: "credit_card"}, "04"},
		{Sale{MetodoPago: "Mercado Pago", PaymentType: "account_money"}, "31"},
		{Sale{MetodoPago: "Mercado Pago", PaymentType: "ticket"}, "01"},
		{Sale{MetodoPago: "Mercado Pago"}, "31"},
		{Sale{MetodoPago: "Efectivo"}, "01"},
		{Sale{MetodoPago: "Transferencia"}, "03"},
	} {
		if got := formaOf(tc.v); got != tc.want {
			t.Errorf("formaOf(%s %s%s) = %s, want %s", tc.v.MetodoPago, tc.v.TipoTarjeta, tc.v.PaymentType, got, tc.want)
		}
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
