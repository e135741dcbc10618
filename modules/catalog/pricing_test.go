package catalog

import (
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/money"
)

// A variant sells with its own or its product's active discount, whichever is larger; the extras
// are added undiscounted; IVA (16 %) goes on top.
func TestPricingInOnePlace(t *testing.T) {
	t.Parallel()
	d := Discount{ID: bson.NewObjectID(), Percentage: 15, ExpirationDate: "2026-03-31"}
	p := Product{DescuentoID: d.ID.Hex(), Variantes: []Variante{
		{PrecioVenta: 1000, Descuento: 10}, // the product's 15 % is larger
		{PrecioVenta: 1000, Descuento: 20}, // its own 20 % is larger
		{PrecioVenta: 99.99, Descuento: 0},
		{PrecioVenta: 0, Descuento: 50}, // nothing to discount
	}}
	discounts := map[bson.ObjectID]Discount{d.ID: d}
	active := pricing{discounts: discounts, today: "2026-03-31"}
	expired := pricing{discounts: discounts, today: "2026-04-01"}
	for _, tc := range []struct {
		name      string
		pr        pricing
		pct, fins []float64
	}{
		{"discount active on its last day", active, []float64{15, 20, 15, 0}, []float64{850, 800, 84.99, 0}},
		{"discount expired", expired, []float64{10, 20, 0, 0}, []float64{900, 800, 99.99, 0}},
	} {
		got := tc.pr.priced(p)
		for i, v := range got.Variantes {
			if v.DescuentoEfectivo != tc.pct[i] || v.PrecioFinal != tc.fins[i] {
				t.Errorf("%s, variant %d: %v %% → %v, want %v %% → %v", tc.name, i, v.DescuentoEfectivo, v.PrecioFinal, tc.pct[i], tc.fins[i])
			}
		}
		if tc.pr.discounted(&p) != true {
			t.Errorf("%s: the first variant sells with a discount", tc.name)
		}
	}
	if p.Variantes[0].PrecioFinal != 0 {
		t.Fatal("priced changed the catalogue's own variants")
	}
	// Its own discount only, the product's aside.
	if got := ownFinalPrice(p.Variantes[0]); got != money.MustFromPesos(900) {
		t.Errorf("own final price %v", got)
	}
	// A line's unit: the discounted price plus the extras, undiscounted; with IVA on top.
	unit := lineUnitPrice(money.MustFromPesos(1000), 15, []money.Cents{money.MustFromPesos(450), money.MustFromPesos(250)})
	if unit != money.MustFromPesos(1550) || withIVA(unit) != money.MustFromPesos(1798) {
		t.Errorf("line unit %v, with IVA %v", unit, withIVA(unit))
	}
	if got := finalPrice(money.MustFromPesos(10), 12.5); got != money.MustFromPesos(8.75) {
		t.Errorf("12.5 %% of 10: %v", got)
	}
}
