package cartcheckout

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/cfdi"
	"tienda/pkg/money"
	"tienda/pkg/salestate"
)

// quotedCatalog answers Quote with the lines it was given, priced as the catalogue prices them, and
// has stock for everything. A take charges what Quote said, or charged[i] for line i when the test
// set it: the product's price changed between the quote and the take.
type quotedCatalog struct {
	Catalog
	priced  []PricedLine
	charged map[int]PricedLine
}

func (c *quotedCatalog) Quote(_ context.Context, lines []Line) ([]PricedLine, error) {
	out := make([]PricedLine, len(lines))
	for i, l := range lines {
		out[i] = c.priced[i]
		out[i].Line = l
	}
	return out, nil
}

func (c *quotedCatalog) TakeStock(_ context.Context, key string, l Line, _ StockNote) (PricedLine, error) {
	_, i, _ := splitKey(key)
	out, ok := c.charged[i]
	if !ok {
		out = c.priced[i]
	}
	out.Line = l
	return out, nil
}

func (*quotedCatalog) ReturnStock(context.Context, string, Line, StockNote) error { return nil }
func (*quotedCatalog) SettleStock(string, Line)                                   {}

// draftSales keeps the one sale checkout places, as the sales module would.
type draftSales struct {
	Sales
	draft Draft
	sale  Reserved
	paid  *Payment
}

func (f *draftSales) Reserve(_ context.Context, d Draft) (Reserved, error) {
	f.draft, f.paid = d, nil
	lines := make([]Line, len(d.Lines))
	for i, l := range d.Lines {
		lines[i] = l.Line
	}
	f.sale = Reserved{ID: bson.NewObjectID().Hex(), Folio: "F", Lines: lines, Total: d.Total, Charge: d.Charge, Estado: salestate.Reservando}
	return f.sale, nil
}

// Reprice writes the sale's lines and totals again, while it is reserved.
func (f *draftSales) Reprice(_ context.Context, id string, d Draft) error {
	if id != f.sale.ID || f.sale.Estado != salestate.Reservando {
		return apperr.New(apperr.Conflict, "La venta ya no está reservada.")
	}
	f.draft, f.sale.Total, f.sale.Charge = d, d.Total, d.Charge
	return nil
}

func (f *draftSales) Confirm(context.Context, string) (SavedSale, error) {
	f.sale.Estado = salestate.Confirmada
	return json.Marshal(f.draft)
}

func (f *draftSales) AwaitPayment(context.Context, string) error {
	f.sale.Estado = salestate.EsperandoPago
	return nil
}

func (f *draftSales) Expire(context.Context, string) error {
	f.sale.Estado = salestate.Expirada
	return nil
}

func (f *draftSales) Find(_ context.Context, id string) (Reserved, error) {
	if id != f.sale.ID {
		return Reserved{}, fmt.Errorf("no sale %s", id)
	}
	return f.sale, nil
}

func (f *draftSales) SetPreference(_ context.Context, _, preference string) error {
	f.sale.PreferenceID = preference
	return nil
}

func (f *draftSales) RecordPayment(_ context.Context, _ string, p Payment) (SavedSale, salestate.Estado, error) {
	f.paid = &p
	return nil, salestate.EsperandoPago, nil
}

type anyBuyer struct{}

func (anyBuyer) Contact(context.Context, string) (Buyer, error) {
	return Buyer{ID: "u", Name: "Juan"}, nil
}

func (anyBuyer) Customer(context.Context, string) (Buyer, error) {
	return Buyer{ID: "u", Name: "Juan"}, nil
}

// randomCart is 1-20 lines as the catalogue quotes them: list prices from $0.01 to $99,999.99,
// discounts of 0 %, whole, with decimals and 100 %, up to three extras, 1-50 units each.
func randomCart(r *rand.Rand) []PricedLine {
	lines := make([]PricedLine, 1+r.IntN(20))
	for i := range lines {
		l := PricedLine{Nombre: fmt.Sprintf("Producto %d", i), Precio: money.Cents(1 + r.Int64N(9_999_999))}
		switch r.IntN(6) {
		case 0: // no discount
		case 1:
			l.Descuento = 100
		case 2:
			l.Descuento = float64(1 + r.IntN(99))
		default:
			l.Descuento = float64(1+r.IntN(9999)) / 100 // 0.01 % to 99.99 %
		}
		l.PrecioFinal = l.Precio.Discounted(l.Descuento)
		for range r.IntN(4) * r.IntN(2) {
			e := PricedExtra{ID: bson.NewObjectID().Hex(), Nombre: "Extra", Precio: money.Cents(1 + r.Int64N(999_999))}
			l.Extras = append(l.Extras, e)
			l.PrecioFinal += e.Precio // extras are not discounted
		}
		l.Cantidad = 1 + r.IntN(50)
		lines[i] = l
	}
	return lines
}

// cfdiLineas are the cart's lines as the CFDI carries them (modules/invoicing's saleLines):
// ValorUnitario the list price plus the extras, Descuento what the discount took.
func cfdiLineas(lines []PricedLine) []cfdi.Linea {
	out := make([]cfdi.Linea, len(lines))
	for i, l := range lines {
		valor := l.Precio
		for _, e := range l.Extras {
			valor += e.Precio
		}
		n := int64(l.Cantidad)
		out[i] = cfdi.Linea{Cantidad: n, ValorUnitario: valor, Descuento: valor.Times(n) - money.PriceLine(l.PrecioFinal, n).Base}
	}
	return out
}

// For random carts, what checkout stores as the sale's subtotal, IVA and total, what the
// MercadoPago preference charges (through the real SDK and the fake provider) and what the CFDI's
// conceptos add up to agree to the centavo; the payment that comes back for the preference's
// amount is accepted; and returning each line's units in random pieces refunds exactly the line.
func TestEveryCartAgreesToTheCentavo(t *testing.T) {
	t.Parallel()
	fake, mp, _ := fakeProvider(t)
	catalog, sales := &quotedCatalog{}, &draftSales{}
	s := &Service{catalog: catalog, sales: sales, users: anyBuyer{}, payments: &payments{provider: mp},
		log: zerolog.Nop(), now: time.Now}
	ctx := context.Background()
	r := rand.New(rand.NewPCG(23, 6))
	perLineDiffers := 0
	const carts = 1000
	for cart := range carts {
		catalog.priced = randomCart(r)
		order := Order{Cliente: "Juan"}
		var sub, iva, ivaOnSub money.Cents // worked out by hand: IVA rounded per line
		for i, l := range catalog.priced {
			order.Lines = append(order.Lines, Line{ProductID: fmt.Sprintf("p%d", i), VariantID: fmt.Sprintf("v%d", i), Cantidad: l.Cantidad})
			base := l.PrecioFinal.Times(int64(l.Cantidad))
			sub, iva = sub+base, iva+(base*16+50)/100
		}
		if ivaOnSub = (sub*16 + 50) / 100; ivaOnSub != iva {
			perLineDiffers++
		}
		_, err := s.CreatePreference(ctx, "u", Buyer{ID: "u", Name: "Juan"}, order)
		d := sales.draft
		if d.Subtotal != sub || d.IVA != iva || d.Total != sub+iva || d.Charge != d.Total {
			t.Fatalf("cart %d: sale %v + %v = %v (charge %v), want %v + %v", cart, d.Subtotal, d.IVA, d.Total, d.Charge, sub, iva)
		}
		if d.Total == 0 { // nothing to pay: the provider refuses a preference without items
			if err == nil {
				t.Fatalf("cart %d: a preference for $0.00", cart)
			}
			continue
		}
		if err != nil {
			t.Fatalf("cart %d: %v", cart, err)
		}
		pref, ok := fake.PreferenceFor(sales.sale.ID)
		if !ok || money.MustFromPesos(pref.Charge()) != d.Total {
			t.Fatalf("cart %d: the preference charges %v, the sale is %v: %+v", cart, pref.Charge(), d.Total, pref.Items)
		}
		pid := fake.Pay(sales.sale.ID, "approved", pref.Charge())
		if res, err := s.ConfirmPayment(ctx, fmt.Sprint(pid)); err != nil || !res.Guardada || sales.paid == nil || sales.paid.Amount != d.Total {
			t.Fatalf("cart %d: paying the preference's amount: %+v %v", cart, res, err)
		}
		conceptos, cfdiSub, desc, cfdiIVA, cfdiTotal := cfdi.Compute(cfdiLineas(d.Lines))
		if cfdiSub-desc != d.Subtotal || cfdiIVA != d.IVA || cfdiTotal != d.Total {
			t.Fatalf("cart %d: CFDI %v - %v + %v = %v, sale %v + %v = %v", cart, cfdiSub, desc, cfdiIVA, cfdiTotal, d.Subtotal, d.IVA, d.Total)
		}
		for i, l := range d.Lines {
			line := money.PriceLine(l.PrecioFinal, int64(l.Cantidad))
			if c := conceptos[i]; c.Base != line.Base || c.IVA != line.IVA || c.Descuento < 0 {
				t.Fatalf("cart %d line %d: concepto %+v, line %+v", cart, i, c, line)
			}
			var back money.Totals
			for returned := int64(0); returned < line.Cantidad; {
				k := 1 + r.Int64N(line.Cantidad-returned)
				piece := money.Refund(l.PrecioFinal, returned, k)
				back.Subtotal, back.IVA, back.Total = back.Subtotal+piece.Base, back.IVA+piece.IVA, back.Total+piece.Total
				returned += k
			}
			if back != money.Sum(line) {
				t.Fatalf("cart %d line %d: refunds %+v, line %+v", cart, i, back, line)
			}
		}
	}
	t.Logf("%d of %d carts have another IVA per line than on their subtotal", perLineDiffers, carts)
	if perLineDiffers < carts/10 {
		t.Fatalf("only %d carts where IVA per line differs from IVA on the subtotal: the test proves little", perLineDiffers)
	}
}

// The preference charges exactly the sale's total: a line whose total divides evenly by its
// quantity is one item of that quantity, any other one item of quantity 1 saying how many.
func TestPreferenceItemsChargeEachLinesTotal(t *testing.T) {
	t.Parallel()
	items := preferenceItems([]PricedLine{
		{Line: Line{VariantID: "a", Cantidad: 2}, Nombre: "Cámara", PrecioFinal: 215910}, // 4,318.20 + 690.91 = 5,009.11: odd
		{Line: Line{VariantID: "b", Cantidad: 4}, Nombre: "Cable", PrecioFinal: 2500},    // 100.00 + 16.00 = 116.00: 29.00 each
		{Line: Line{VariantID: "c", Cantidad: 3}, Nombre: "Regalo", PrecioFinal: 0},      // free: left out
	})
	want := []PreferenceItem{
		{ID: "a", Title: "Cámara (x2)", Quantity: 1, UnitPrice: 500911},
		{ID: "b", Title: "Cable", Quantity: 4, UnitPrice: 2900},
	}
	if fmt.Sprint(items) != fmt.Sprint(want) {
		t.Fatalf("items %+v, want %+v", items, want)
	}
}

// The cart's totals before ordering (frontend/src/features/checkout/carrito-totals.ts) mirror the
// server's: the table its test checks cartTotals against is what checkout prices those carts at,
// and in several of them IVA per line differs from 16 % of the subtotal.
func TestTheCartPagesTableIsWhatCheckoutCharges(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../../frontend/src/features/checkout/carrito-totals.cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Nota   string
		Lineas []struct {
			PrecioFinal float64
			Cantidad    int
		}
		Subtotal, IVA, Total float64
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	differ := 0
	for _, c := range cases {
		lines := make([]PricedLine, len(c.Lineas))
		for i, l := range c.Lineas {
			lines[i] = PricedLine{Line: Line{Cantidad: l.Cantidad}, PrecioFinal: money.MustFromPesos(l.PrecioFinal)}
		}
		got := totalsOf(lines)
		want := money.Totals{Subtotal: money.MustFromPesos(c.Subtotal), IVA: money.MustFromPesos(c.IVA), Total: money.MustFromPesos(c.Total)}
		if got != want {
			t.Errorf("%s: checkout prices it %+v, the cart page's table says %+v", c.Nota, got, want)
		}
		if got.IVA != got.Subtotal.MulRatio(money.IVARate, 100) {
			differ++
		}
	}
	if len(cases) < 10 || differ < 3 {
		t.Fatalf("%d cases, %d where IVA per line differs from IVA on the subtotal", len(cases), differ)
	}
}

// A product's price changed between the quote and the take of its stock (edited on another
// replica): the take answers the price it had when its stock was taken, and the sale, the
// preference and the payment charge that price, on the counter and online alike.
func TestFenceASaleIsChargedThePricesItsStockWasTakenAt(t *testing.T) {
	t.Parallel()
	fake, mp, _ := fakeProvider(t)
	quoted := []PricedLine{
		{Nombre: "Cámara", Precio: 100000, PrecioFinal: 100000},
		{Nombre: "Cable", Precio: 5000, Descuento: 10, PrecioFinal: 4500},
	}
	edited := quoted[1]
	edited.Precio, edited.PrecioFinal = 6000, 5400 // $60 less 10 % since the quote
	catalog := &quotedCatalog{priced: quoted, charged: map[int]PricedLine{1: edited}}
	sales := &draftSales{}
	s := &Service{catalog: catalog, sales: sales, users: anyBuyer{}, payments: &payments{provider: mp},
		log: zerolog.Nop(), now: time.Now}
	order := Order{Cliente: "Juan", Lines: []Line{{ProductID: "p0", Cantidad: 1}, {ProductID: "p1", Cantidad: 3}}}
	want := money.Sum(money.PriceLine(100000, 1), money.PriceLine(5400, 3))
	check := func(how string) {
		t.Helper()
		d := sales.draft
		if d.Lines[1].PrecioFinal != 5400 || d.Lines[0].PrecioFinal != 100000 {
			t.Fatalf("%s: lines charged %v and %v, want the quote's $1,000 and the take's $54", how, d.Lines[0].PrecioFinal, d.Lines[1].PrecioFinal)
		}
		if d.Subtotal != want.Subtotal || d.IVA != want.IVA || d.Total != want.Total || d.Charge != want.Total || sales.sale.Total != want.Total {
			t.Fatalf("%s: sale %v + %v = %v (charge %v), want %+v", how, d.Subtotal, d.IVA, d.Total, d.Charge, want)
		}
	}

	if _, err := s.PlaceCounterOrder(context.Background(), "u", Buyer{ID: "u", Name: "Juan"}, order); err != nil {
		t.Fatal(err)
	}
	check("counter")

	if _, err := s.CreatePreference(context.Background(), "u", Buyer{ID: "u", Name: "Juan"}, order); err != nil {
		t.Fatal(err)
	}
	check("online")
	pref, ok := fake.PreferenceFor(sales.sale.ID)
	if !ok || money.MustFromPesos(pref.Charge()) != want.Total {
		t.Fatalf("the preference charges %v, want %v", pref.Charge(), want.Total)
	}
	pid := fake.Pay(sales.sale.ID, "approved", pref.Charge())
	if res, err := s.ConfirmPayment(context.Background(), fmt.Sprint(pid)); err != nil || !res.Guardada {
		t.Fatalf("paying the preference's amount: %+v %v", res, err)
	}
}

// The take of a line found other units than the quote expected (another order took the shop's own
// units in between): the sale's line stores the units the take took from the distributor and the
// longer delivery, which staff read to order them.
func TestTheSaleStoresTheUnitsTheTakeTookFromTheDistributor(t *testing.T) {
	t.Parallel()
	quoted := []PricedLine{{Nombre: "Cámara", Precio: 100000, PrecioFinal: 100000, ConProveedor: 1, Entrega: "con proveedor"}}
	taken := quoted[0]
	taken.ConProveedor = 3
	sales := &draftSales{}
	s := &Service{catalog: &quotedCatalog{priced: quoted, charged: map[int]PricedLine{0: taken}}, sales: sales, users: anyBuyer{},
		log: zerolog.Nop(), now: time.Now}
	order := Order{Cliente: "Juan", Lines: []Line{{ProductID: "p0", Cantidad: 3}}}
	if _, err := s.PlaceCounterOrder(context.Background(), "u", Buyer{ID: "u", Name: "Juan"}, order); err != nil {
		t.Fatal(err)
	}
	if l := sales.draft.Lines[0]; l.ConProveedor != 3 || l.Entrega != "con proveedor" {
		t.Fatalf("stored line: %d from the distributor (%q), want the take's 3", l.ConProveedor, l.Entrega)
	}
}
