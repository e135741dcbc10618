package catalog

import (
	"context"
	"net/http"
	"testing"
	"time"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

func TestTakeStockRejectsBadLinesAndTakesNothing(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Radio portátil"))
	good := OrderLine{ProductID: p.ID.Hex(), Cantidad: 1}
	tests := []struct {
		name string
		line OrderLine
		code apperr.Code
	}{
		{"malformed product id", OrderLine{ProductID: "zzz", Cantidad: 1}, apperr.Invalid},
		{"unknown product", OrderLine{ProductID: "64b0000000000000000000ff", Cantidad: 1}, apperr.NotFound},
		{"unknown variant", OrderLine{ProductID: p.ID.Hex(), VariantID: "64b0000000000000000000ff", Cantidad: 1}, apperr.Invalid},
		{"malformed variant", OrderLine{ProductID: p.ID.Hex(), VariantID: "x", Cantidad: 1}, apperr.Invalid},
		{"unknown extra", OrderLine{ProductID: p.ID.Hex(), ExtraIDs: []string{"64b0000000000000000000ff"}, Cantidad: 1}, apperr.Invalid},
		{"zero quantity", OrderLine{ProductID: p.ID.Hex(), Cantidad: 0}, apperr.Invalid},
		{"negative quantity", OrderLine{ProductID: p.ID.Hex(), Cantidad: -3}, apperr.Invalid},
	}
	for _, tt := range tests {
		_, err := env.m.Service().TakeStockFor(context.Background(), "venta:0", tt.line, StockNote{})
		if !apperr.Is(err, tt.code) {
			t.Errorf("%s: %v, want %s", tt.name, err, tt.code)
		}
		if _, err := env.m.Service().Quote(context.Background(), []OrderLine{tt.line}); !apperr.Is(err, tt.code) {
			t.Errorf("quote %s: %v, want %s", tt.name, err, tt.code)
		}
	}
	if _, err := env.m.Service().TakeStockFor(context.Background(), "", good, StockNote{}); !apperr.Is(err, apperr.Invalid) {
		t.Errorf("no key: %v", err)
	}
	checkTotals(t, env.storedProduct(p.ID.Hex()), 5)
}

func TestQuotePricesFromTheCatalogue(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	p := env.mustCreate(catalogtest.FormProduct("Kit DVR"))
	svc := env.m.Service()
	extra := p.Extras[0].ID.Hex()
	q, err := svc.Quote(context.Background(), []OrderLine{
		{ProductID: p.ID.Hex(), ExtraIDs: []string{extra}, Cantidad: 2},
		{ProductID: p.ID.Hex(), VariantID: p.Variantes[1].ID.Hex(), Cantidad: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	first := q[0]
	// 150 with 10% off = 135, plus the extra's 100 (not discounted).
	if first.VariantID != p.Variantes[0].ID.Hex() || first.Precio != 15000 || first.Descuento != 10 ||
		first.PrecioFinal != 23500 || first.Stock != 5 || first.Talla != "Grande" || first.Tamano != "32" ||
		len(first.Extras) != 1 || first.Extras[0].Precio != 10000 || first.Extras[0].Nombre != "Extra Queso" ||
		first.Nombre != "Kit DVR" || first.Imagen != p.Imagen {
		t.Fatalf("first line %+v", first)
	}
	if q[1].PrecioFinal != 8000 || q[1].Descuento != 0 || q[1].Stock != 3 {
		t.Fatalf("second line %+v", q[1])
	}

	// A product discount applies while it has not expired (the larger of the two wins). The
	// service's clock stays at one instant, so its today is the test's whatever the wall clock does
	// meanwhile (the run may cross the shop's midnight).
	at := time.Now()
	svc.now = func() time.Time { return at }
	today := at.In(shoptime.Zone).Format(time.DateOnly)
	rec := env.do(auth.Auxiliar, http.MethodPost, "/v1/discounts", map[string]any{
		"name": "Buen Fin", "description": "Noviembre", "percentage": 25, "expirationDate": today})
	if rec.Code != http.StatusCreated {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	d := httpxtest.Decode[struct{ Data Discount }](t, rec).Data
	rec = env.do(auth.Auxiliar, http.MethodPatch, "/v1/productos/"+p.ID.Hex(), map[string]any{"descuentoId": d.ID.Hex()})
	if rec.Code != http.StatusOK {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	q, _ = svc.Quote(context.Background(), []OrderLine{{ProductID: p.ID.Hex(), Cantidad: 1}})
	if q[0].Descuento != 25 || q[0].PrecioFinal != money.MustFromPesos(112.5) {
		t.Fatalf("with discount: %+v", q[0])
	}
	svc.now = func() time.Time { return time.Now().Add(48 * time.Hour) }
	q, _ = svc.Quote(context.Background(), []OrderLine{{ProductID: p.ID.Hex(), Cantidad: 1}})
	if q[0].Descuento != 10 || q[0].PrecioFinal != 13500 {
		t.Fatalf("after expiry: %+v", q[0])
	}
}
