package supplier

import (
	"errors"
	"testing"

	"tienda/modules/catalog/supplier/syscom"
	"tienda/pkg/apperr"
	"tienda/pkg/money"
)

func TestRounding(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		r    Rounding
		in   money.Cents
		want money.Cents
	}{
		{"none", Rounding{}, 123456, 123456},
		{"ends in 9: up", EndingIn(9), 123456, 123900},    // 1,234.56 -> 1,239.00
		{"ends in 9: exact", EndingIn(9), 123900, 123900}, // already ends so
		{"ends in 9: a centavo past", EndingIn(9), 123901, 124900},
		{"ends in 9: small", EndingIn(9), 150, 900},
		{"ends in 99: up", EndingIn(99), 123456, 129900}, // 1,234.56 -> 1,299.00
		{"ends in 99: exact", EndingIn(99), 129900, 129900},
		{"ends in 99: past", EndingIn(99), 130000, 139900},
		{"ends in 0", EndingIn(0), 123456, 124000}, // tens of pesos
		{"ends in 5", EndingIn(5), 123456, 123500},
		{"whole pesos", Rounding{Multiplo: 100}, 123456, 123500},
		{"ends in .90", Rounding{Multiplo: 100, Terminacion: 90}, 123456, 123490},
		{"ends in 499", EndingIn(499), 123456, 149900},
	}
	for _, c := range cases {
		if got := c.r.Apply(c.in); got != c.want {
			t.Errorf("%s: %v -> %v, want %v", c.name, c.in, got, c.want)
		}
	}
}

func TestPriceRules(t *testing.T) {
	t.Parallel()
	rules := Rules{
		General:      3000,
		PorCategoria: map[string]Percent{"22": 2500, "1326": 4000},
		PorMarca:     map[string]Percent{"Hikvision": 2000, "EPCOM": 500},
		Minimo:       1000,
	}
	const rate syscom.Rate = 172600 // 17.26
	cases := []struct {
		name   string
		cost   syscom.USD
		marca  string
		cats   []string
		rnd    Rounding
		margin Percent
		rule   string
		costMX money.Cents
		price  money.Cents
	}{
		// 22.29 USD x 17.26 = 384.7254 -> $384.73; +30% = 500.149 -> up to $500.15.
		{"general", 2229, "EZVIZ", []string{"99", "98"}, Rounding{}, 3000, "general", 38473, 50015},
		{"top category", 2229, "EZVIZ", []string{"214", "22"}, Rounding{}, 2500, "categoría 22", 38473, 48092},                            // 480.9125 up
		{"deepest category first", 2229, "EZVIZ", []string{"1326", "214", "22"}, Rounding{}, 4000, "categoría 1326", 38473, 53863},        // 538.622
		{"brand before category, any case", 2229, "HIKVISION", []string{"1326", "22"}, Rounding{}, 2000, "marca Hikvision", 38473, 46168}, // 461.676
		{"minimum over a brand's rule", 2229, "epcom", []string{"22"}, Rounding{}, 1000, "mínimo", 38473, 42321},                          // 423.203
		{"ends in 9", 2229, "EZVIZ", nil, EndingIn(9), 3000, "general", 38473, 50900},
		{"ends in 99", 2229, "EZVIZ", nil, EndingIn(99), 3000, "general", 38473, 59900},
		// 47.25 x 17.26 = 815.535 -> $815.54 (half away from zero); +30% = 1,060.202 -> 1,060.21.
		{"half a centavo", 4725, "EZVIZ", nil, Rounding{}, 3000, "general", 81554, 106021},
		{"a cent", 1, "EZVIZ", nil, Rounding{}, 3000, "general", 17, 23}, // 0.1726 -> 0.17; 0.221 -> 0.23
	}
	for _, c := range cases {
		r := rules
		r.Redondeo = c.rnd
		got, err := r.Price(c.cost, rate, c.marca, c.cats)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		want := Pricing{CostoUSD: c.cost, TipoCambio: rate, CostoMXN: c.costMX, Margen: c.margin, Regla: c.rule, Precio: c.price}
		if got != want {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got, want)
		}
		// The margin actually made is never under the rule's.
		if int64(got.Precio)*10000 < int64(got.CostoMXN)*(10000+int64(got.Margen)) {
			t.Errorf("%s: %v over %v is under %v", c.name, got.Precio, got.CostoMXN, got.Margen)
		}
	}
}

func TestPriceRefusals(t *testing.T) {
	t.Parallel()
	ok := Rules{General: 3000}
	if _, err := ok.Price(0, 172600, "X", nil); !errors.Is(err, ErrSinCosto) {
		t.Errorf("no cost: %v", err)
	}
	if _, err := ok.Price(100, 0, "X", nil); !errors.Is(err, ErrSinTipoCambio) {
		t.Errorf("no rate: %v", err)
	}
	bad := []Rules{
		{General: -1},
		{General: 100001},
		{Minimo: -5},
		{PorCategoria: map[string]Percent{"22": -100}},
		{PorMarca: map[string]Percent{"EZVIZ": 200000}},
		{Redondeo: Rounding{Multiplo: 1000, Terminacion: 1000}},
		{Redondeo: Rounding{Multiplo: 0, Terminacion: 900}},
		{Redondeo: Rounding{Multiplo: 1000, Terminacion: -1}},
	}
	for _, r := range bad {
		err := r.Validate()
		if !apperr.Is(err, apperr.Invalid) {
			t.Errorf("%+v: %v, want an invalid-input error", r, err)
			continue
		}
		var e *apperr.Error
		if errors.As(err, &e) && e.PublicMessage() == "" {
			t.Errorf("%+v: no message for the owner", r)
		}
		if _, err := r.Price(100, 172600, "EZVIZ", []string{"22"}); err == nil {
			t.Errorf("%+v: priced with bad rules", r)
		}
	}
	if err := (Rules{General: 3500, Minimo: 1000, Redondeo: EndingIn(99)}).Validate(); err != nil {
		t.Errorf("good rules refused: %v", err)
	}
	if s := Percent(1250).String(); s != "12.5%" {
		t.Errorf("percent %q", s)
	}
	if s := Percent(3000).String(); s != "30%" {
		t.Errorf("percent %q", s)
	}
}
