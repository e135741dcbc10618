package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cartcheckout"
	"tienda/modules/cartcheckout/mpfake"
	"tienda/pkg/apperr"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/money"
	"tienda/pkg/salestate"
)

const webhookSecret = "mp-webhook-secret-123"

// shop is a running app with demo data and a fake MercadoPago behind it.
type shop struct {
	t    testing.TB
	app  *App
	h    http.Handler
	mp   *mpfake.Server
	toks map[string]string
}

func newShop(t *testing.T) *shop {
	t.Helper()
	mp := mpfake.New("TEST-token")
	srv := httptest.NewServer(mp)
	t.Cleanup(srv.Close)
	a := MustStart(t, t.TempDir(), map[string]string{"DEMO_DATA": "true", "MP_ACCESS_TOKEN": "TEST-token",
		"MP_API_URL": srv.URL, "MP_WEBHOOK_SECRET": webhookSecret, "PUBLIC_URL": "https://tienda.example.mx"})
	t.Cleanup(func() { closeApp(t, a) })
	return &shop{t: t, app: a, h: a.Handler(), mp: mp, toks: map[string]string{}}
}

// token signs in a demo account once and keeps its token.
func (s *shop) token(email string) string {
	s.t.Helper()
	if tok, ok := s.toks[email]; ok {
		return tok
	}
	pw := map[string]string{"admin@tienda.mx": "Admin#2026", "cajero@tienda.mx": "Cajero#2026",
		"cliente@tienda.mx": "Cliente#2026", "comandero@tienda.mx": "Comandero#2026", "auxiliar@tienda.mx": "Auxiliar#2026"}[email]
	rec := do(s.t, s.h, http.MethodPost, "/v1/usuarios/login", fmt.Sprintf(`{"email":%q,"password":%q}`, email, pw))
	var ans struct{ Data struct{ Token string } }
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &ans) != nil {
		s.t.Fatalf("login %s: %d %s", email, rec.Code, rec.Body)
	}
	s.toks[email] = ans.Data.Token
	return ans.Data.Token
}

// call sends a request as a demo account ("" for a visitor).
func (s *shop) call(who, method, path string, body any) *httptest.ResponseRecorder {
	s.t.Helper()
	var b string
	switch v := body.(type) {
	case nil:
	case string:
		b = v
	default:
		raw, _ := json.Marshal(v)
		b = string(raw)
	}
	if who == "" {
		return do(s.t, s.h, method, path, b)
	}
	return do(s.t, s.h, method, path, b, "Authorization", "Bearer "+s.token(who))
}

type product struct {
	ID        string `json:"_id"`
	Nombre    string `json:"nombre"`
	Stock     int    `json:"stock"`
	Variantes []struct {
		ID          string  `json:"_id"`
		Stock       int     `json:"stock"`
		PrecioVenta float64 `json:"precioVenta"`
		Descuento   float64 `json:"descuento"`
	} `json:"variantes"`
	Extras []struct {
		ID     string  `json:"_id"`
		Precio float64 `json:"precio"`
	} `json:"extras"`
}

func (s *shop) product(id string) product {
	s.t.Helper()
	rec := s.call("", http.MethodGet, "/v1/productos/"+id, nil)
	var p product
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &p) != nil {
		s.t.Fatalf("product %s: %d %s", id, rec.Code, rec.Body)
	}
	return p
}

// products lists the first hundred products of the storefront.
func (s *shop) products() []product {
	s.t.Helper()
	rec := s.call("", http.MethodGet, "/v1/productos?limit=100&compact=0", nil)
	var ans struct{ Products []product }
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
		s.t.Fatal(err)
	}
	return ans.Products
}

// pick returns a demo product with the given discount, some stock and extras.
func (s *shop) pick(discounted bool) product {
	s.t.Helper()
	for _, p := range s.products() {
		if len(p.Variantes) > 0 && p.Variantes[0].Stock >= 5 && (p.Variantes[0].Descuento > 0) == discounted && len(p.Extras) > 0 {
			return p
		}
	}
	s.t.Fatal("no demo product fits")
	return product{}
}

type sale struct {
	ID       string    `json:"_id"`
	Folio    string    `json:"folio"`
	Fecha    time.Time `json:"fecha"`
	Cliente  string    `json:"cliente"`
	Subtotal float64   `json:"subtotal"`
	IVA      float64   `json:"iva"`
	Total    float64   `json:"total"`
	Pago     string    `json:"pago"`
	Estado   string    `json:"estado"`
	Carrito  []struct {
		Precio      float64 `json:"precio"`
		PrecioFinal float64 `json:"precioFinal"`
		Cantidad    int     `json:"cantidad"`
	} `json:"carrito"`
}

func decodeSale(t testing.TB, rec *httptest.ResponseRecorder) sale {
	t.Helper()
	var v sale
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("not a sale: %s", rec.Body)
	}
	return v
}

func cartLine(p product, qty int, extras bool) map[string]any {
	l := map[string]any{"id": p.Variantes[0].ID, "producto_id": p.ID, "cantidad": qty,
		"precio": 1, "precioFinal": 0.01, "nombre": "manipulado", "descuento": 99} // prices a client sends are ignored
	if extras {
		l["extras"] = []map[string]any{{"_id": p.Extras[0].ID, "precio": 0}}
	}
	return l
}

func TestCounterOrderIsPricedAndStockedByTheServer(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(true)
	v := p.Variantes[0]
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{
		"cliente": "Juan", "total": 1, "carrito": []any{cartLine(p, 2, true)}})
	if rec.Code != http.StatusCreated {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	got := decodeSale(t, rec)
	// Final price = list x (1 - discount), plus the extra; IVA 16% on top.
	unit := float64(int64(v.PrecioVenta*(100-v.Descuento)+0.5))/100 + p.Extras[0].Precio
	sub := unit * 2
	if got.Folio == "" || got.ID == "" || got.Cliente != "Juan" || got.Pago != "Pendiente" ||
		fmt.Sprintf("%.2f", got.Subtotal) != fmt.Sprintf("%.2f", sub) ||
		fmt.Sprintf("%.2f", got.Total) != fmt.Sprintf("%.2f", sub*1.16) || got.Carrito[0].Precio != v.PrecioVenta {
		t.Fatalf("sale %+v; want unit %.2f", got, unit)
	}
	if after := s.product(p.ID); after.Variantes[0].Stock != v.Stock-2 || after.Stock != p.Stock-2 {
		t.Fatalf("stock %d -> %d", v.Stock, after.Variantes[0].Stock)
	}
	// The thank-you page lists it among the customer's pending orders.
	me := s.call("cliente@tienda.mx", http.MethodPost, "/v1/usuarios/login", `{"email":"cliente@tienda.mx","password":"Cliente#2026"}`)
	var login struct {
		Data struct{ DataUser struct{ ID string } }
	}
	_ = json.Unmarshal(me.Body.Bytes(), &login)
	rec = s.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/ordenes/pendientes/"+login.Data.DataUser.ID, nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), got.Folio) {
		t.Fatalf("pending orders: %d %s", rec.Code, rec.Body)
	}
	if rec := s.call("comandero@tienda.mx", http.MethodGet, "/v1/ventas/ordenes/pendientes/"+login.Data.DataUser.ID, nil); rec.Code != 200 {
		t.Fatalf("staff reading a customer's pending orders: %d", rec.Code)
	}
	if rec := s.call("cajero@tienda.mx", http.MethodGet, "/v1/ventas/usuario/"+login.Data.DataUser.ID, nil); rec.Code != 200 {
		t.Fatalf("staff reading a customer's sales: %d", rec.Code)
	}
}

func TestBadOrdersTakeNothing(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	before := s.product(p.ID).Variantes[0].Stock
	tests := []struct {
		name   string
		who    string
		body   string
		status int
		text   string
	}{
		{"visitor", "", `{"cliente":"Juan","carrito":[]}`, 401, ""},
		{"empty cart", "cliente@tienda.mx", `{"cliente":"Juan","carrito":[]}`, 400, "vacío"},
		{"no name", "cliente@tienda.mx", fmt.Sprintf(`{"carrito":[{"id":%q,"producto_id":%q,"cantidad":1}]}`, p.Variantes[0].ID, p.ID), 400, "nombre"},
		{"zero", "cliente@tienda.mx", fmt.Sprintf(`{"cliente":"Juan","carrito":[{"id":%q,"producto_id":%q,"cantidad":0}]}`, p.Variantes[0].ID, p.ID), 400, "cantidad"},
		{"negative", "cliente@tienda.mx", fmt.Sprintf(`{"cliente":"Juan","carrito":[{"id":%q,"producto_id":%q,"cantidad":-3}]}`, p.Variantes[0].ID, p.ID), 400, "cantidad"},
		{"fraction", "cliente@tienda.mx", fmt.Sprintf(`{"cliente":"Juan","carrito":[{"id":%q,"producto_id":%q,"cantidad":1.5}]}`, p.Variantes[0].ID, p.ID), 400, ""},
		{"unknown product", "cliente@tienda.mx", `{"cliente":"Juan","carrito":[{"id":"6955b90064656d6f0000ffff","producto_id":"6955b90064656d6f0000fffe","cantidad":1}]}`, 404, ""},
		{"operator", "cliente@tienda.mx", `{"cliente":{"$gt":""},"carrito":[{"id":{"$ne":""},"producto_id":"x","cantidad":1}]}`, 400, ""},
		{"too many", "cliente@tienda.mx", fmt.Sprintf(`{"cliente":"Juan","carrito":[{"id":%q,"producto_id":%q,"cantidad":%d}]}`, p.Variantes[0].ID, p.ID, before+1), 409, p.Nombre},
		{"second line short", "cliente@tienda.mx", fmt.Sprintf(`{"cliente":"Juan","carrito":[{"id":%q,"producto_id":%q,"cantidad":1},{"id":%q,"producto_id":%q,"cantidad":%d}]}`,
			p.Variantes[0].ID, p.ID, p.Variantes[0].ID, p.ID, before), 409, p.Nombre},
	}
	for _, tt := range tests {
		rec := s.call(tt.who, http.MethodPost, "/v1/ventas", tt.body)
		e := httpxtest.DecodeError(t, rec)
		if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.text) {
			t.Errorf("%s: %d %s", tt.name, rec.Code, rec.Body)
		}
		_ = e
	}
	if after := s.product(p.ID).Variantes[0].Stock; after != before {
		t.Fatalf("stock changed by bad orders: %d -> %d", before, after)
	}
}

func TestFiftyBuyersForTenUnits(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	rec := s.call("admin@tienda.mx", http.MethodPost, "/v1/productos", map[string]any{
		"nombre": "Cámara de oferta relámpago", "categoria": "Camaras IP y NVRs",
		"variantes": []map[string]any{{"talla": "Unico", "tamano": "1", "stock": 10, "precioCompra": 100, "precioVenta": 150, "descuento": 0}},
	})
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	var p product
	_ = json.Unmarshal(rec.Body.Bytes(), &p)
	tok := s.token("cliente@tienda.mx")
	body := fmt.Sprintf(`{"cliente":"Juan","carrito":[{"id":%q,"producto_id":%q,"cantidad":1}]}`, p.Variantes[0].ID, p.ID)
	var ok, short atomic.Int32
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			rec := do(t, s.h, http.MethodPost, "/v1/ventas", body, "Authorization", tok)
			switch rec.Code {
			case http.StatusCreated:
				ok.Add(1)
			case http.StatusConflict:
				short.Add(1)
			default:
				t.Errorf("%d %s", rec.Code, rec.Body)
			}
		})
	}
	wg.Wait()
	after := s.product(p.ID)
	if ok.Load() != 10 || short.Load() != 40 || after.Variantes[0].Stock != 0 || after.Stock != 0 {
		t.Fatalf("sold %d, refused %d, stock left %d", ok.Load(), short.Load(), after.Variantes[0].Stock)
	}
}

func TestACrashBetweenTakingStockAndSavingIsPutRight(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	before := s.product(p.ID).Variantes[0].Stock
	ctx := context.Background()
	line := cartcheckout.Line{ProductID: p.ID, VariantID: p.Variantes[0].ID, Cantidad: 3}
	// What POST ventas does up to the crash: the reservation, then the stock.
	priced, err := catalogStock{s.app.catalog.Service()}.Quote(ctx, []cartcheckout.Line{line})
	if err != nil {
		t.Fatal(err)
	}
	m := money.PriceLine(priced[0].PrecioFinal, 3)
	r, err := checkoutSales{s.app.sales.Service()}.Reserve(ctx, cartcheckout.Draft{Lines: priced, Buyer: cartcheckout.Buyer{ID: "u"},
		Cliente: "Juan", Origen: "caja", Subtotal: m.Base, IVA: m.IVA, Total: m.Total})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (catalogStock{s.app.catalog.Service()}).TakeStock(ctx, fmt.Sprintf("%s:0", r.ID), line, cartcheckout.StockNote{}); err != nil {
		t.Fatal(err)
	}
	if got := s.product(p.ID).Variantes[0].Stock; got != before-3 {
		t.Fatalf("stock %d", got)
	}
	// The next start's sweep, once the reservation is old enough.
	svc := s.app.checkout.Service()
	later := func() time.Time { return time.Now().Add(10 * time.Minute) }
	svc.SetClock(later)
	for range 2 { // a repeat is harmless
		if err := svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.product(p.ID).Variantes[0].Stock; got != before {
		t.Fatalf("stock after the sweep %d, want %d", got, before)
	}
	if held := storedReservations(t, s.app, p.ID); len(held) != 0 {
		t.Fatalf("reservations left: %v", held)
	}
}

// storedReservations reads a product's reservations (apartados) straight from the store; nil when it has none.
func storedReservations(t *testing.T, a *App, id string) map[string]any {
	t.Helper()
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Apartados map[string]any `bson:"apartados"`
	}
	if err := a.store.R.Collection("productos").FindOne(context.Background(), bson.M{"_id": oid}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	return doc.Apartados
}

// waitForNoReservations waits up to 3 seconds for a product to reserve nothing.
func waitForNoReservations(t *testing.T, a *App, id string) time.Duration {
	t.Helper()
	start := time.Now()
	for held := storedReservations(t, a, id); held != nil; held = storedReservations(t, a, id) {
		if time.Since(start) > 3*time.Second {
			t.Fatalf("%d reservations left after 3 s: %v", len(held), held)
		}
		time.Sleep(20 * time.Millisecond)
	}
	return time.Since(start)
}

// A best-seller's document stays small: the keys of counter orders are removed a moment after
// the orders are saved.
func TestCounterOrdersLeaveNoReservationsBehind(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	before := s.product(p.ID).Variantes[0].Stock
	tok := s.token("cliente@tienda.mx")
	body := fmt.Sprintf(`{"cliente":"Juan","carrito":[{"id":%q,"producto_id":%q,"cantidad":1}]}`, p.Variantes[0].ID, p.ID)
	const orders = 40
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range orders / 8 {
				if rec := do(t, s.h, http.MethodPost, "/v1/ventas", body, "Authorization", tok); rec.Code != http.StatusCreated && rec.Code != http.StatusConflict {
					t.Errorf("%d %s", rec.Code, rec.Body)
				}
			}
		})
	}
	wg.Wait()
	took := waitForNoReservations(t, s.app, p.ID)
	after := s.product(p.ID)
	if sold := before - after.Variantes[0].Stock; sold != min(orders, before) || after.Stock < 0 {
		t.Fatalf("sold %d of %d units in %d orders", sold, before, orders)
	}
	t.Logf("reservations empty %v after the last order", took.Round(time.Millisecond))
}

// The catalogue's queue of settled keys is lost in a crash: the reconciliation at the next start
// (and every minute) finds each key still held and settles it by its sale: a saved order keeps
// its units, one never saved gives them back once its reservation is old, one waiting for its
// online payment keeps them.
func TestAQueueLostInACrashIsMadeGoodByTheReconciliation(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	ctx := context.Background()
	p := s.pick(false)
	before := s.product(p.ID).Variantes[0].Stock
	stock, sales := catalogStock{s.app.catalog.Service()}, checkoutSales{s.app.sales.Service()}
	line := cartcheckout.Line{ProductID: p.ID, VariantID: p.Variantes[0].ID, Cantidad: 1}
	reserve := func(origen string) cartcheckout.Reserved {
		t.Helper()
		priced, err := stock.Quote(ctx, []cartcheckout.Line{line})
		if err != nil {
			t.Fatal(err)
		}
		m := money.PriceLine(priced[0].PrecioFinal, 1)
		r, err := sales.Reserve(ctx, cartcheckout.Draft{Lines: priced, Buyer: cartcheckout.Buyer{ID: "u"}, Cliente: "Juan",
			Origen: origen, Subtotal: m.Base, IVA: m.IVA, Total: m.Total, Charge: m.Total})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := stock.TakeStock(ctx, r.ID+":0", line, cartcheckout.StockNote{}); err != nil {
			t.Fatal(err)
		}
		return r
	}
	// Saved, its key never settled (the crash took the queue); never saved; waiting for payment.
	saved := reserve("caja")
	if _, err := sales.Confirm(ctx, saved.ID); err != nil {
		t.Fatal(err)
	}
	abandoned := reserve("caja")
	waiting := reserve("mercadopago")
	if err := sales.AwaitPayment(ctx, waiting.ID); err != nil {
		t.Fatal(err)
	}
	if held := storedReservations(t, s.app, p.ID); len(held) != 3 {
		t.Fatalf("reservations %v", held)
	}
	// The next start's reconciliation: the young reservation may still be in flight.
	checkout := s.app.checkout
	if err := checkout.Service().Reconcile(ctx); err != nil {
		t.Fatal(err)
	}
	// The settled key goes with the catalogue's next batch of stock writes.
	held := storedReservations(t, s.app, p.ID)
	for deadline := time.Now().Add(10 * time.Second); len(held) > 2 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		held = storedReservations(t, s.app, p.ID)
	}
	if _, ok := held[abandoned.ID+":0"]; !ok || len(held) != 2 || s.product(p.ID).Variantes[0].Stock != before-3 {
		t.Fatalf("after the first reconciliation: reservations %v, stock %d", held, s.product(p.ID).Variantes[0].Stock)
	}
	// Five minutes later (and again: a repeat changes nothing).
	checkout.Service().SetClock(func() time.Time { return time.Now().Add(6 * time.Minute) })
	for range 2 {
		if err := checkout.Service().Sweep(ctx); err != nil {
			t.Fatal(err)
		}
	}
	held = storedReservations(t, s.app, p.ID)
	if _, ok := held[waiting.ID+":0"]; !ok || len(held) != 1 || s.product(p.ID).Variantes[0].Stock != before-2 {
		t.Fatalf("after the reconciliation: reservations %v, stock %d, want %d", held, s.product(p.ID).Variantes[0].Stock, before-2)
	}
	if _, err := sales.Find(ctx, abandoned.ID); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("the abandoned reservation: %v", err)
	}
	if v, err := sales.Find(ctx, saved.ID); err != nil || v.Estado != salestate.Confirmada {
		t.Fatalf("the saved order: %+v %v", v, err)
	}
}

// A cashier's retry after an answer that never arrived repeats the request with the cart's
// Idempotency-Key: the order is placed once, its units taken once, and every repeat answers it.
// The key is the account's own: another account's order with the same key is another order.
func TestARepeatedCounterOrderIsPlacedOnce(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(true)
	stock := p.Variantes[0].Stock
	body := `{"cliente": "Mostrador", "carrito": [` + mustJSON(t, cartLine(p, 1, false)) + `]}`
	place := func(who, key string) *httptest.ResponseRecorder {
		return do(t, s.h, http.MethodPost, "/v1/ventas", body, "Authorization", "Bearer "+s.token(who), "Idempotency-Key", key)
	}
	s.token("cajero@tienda.mx")
	s.token("cliente@tienda.mx")
	const key = "8b0c4a8e-3f7d-4b7e-9d43-2f8f0c7a1e55"
	codes := make([]int, 6)
	folios := make([]string, 6)
	var wg sync.WaitGroup
	for i := range codes {
		wg.Go(func() {
			rec := place("cajero@tienda.mx", key)
			var v struct{ Folio string }
			_ = json.Unmarshal(rec.Body.Bytes(), &v) // checked below with the code
			codes[i], folios[i] = rec.Code, v.Folio
		})
	}
	wg.Wait()
	// Each repeat answers the first order, or (while the first is still placing it) says so.
	rec := place("cajero@tienda.mx", key)
	if rec.Code != http.StatusCreated {
		t.Fatalf("a repeat after the first: %d %s", rec.Code, rec.Body)
	}
	first := decodeSale(t, rec)
	for i, code := range codes {
		if code == http.StatusCreated && folios[i] != first.Folio || code != http.StatusCreated && code != http.StatusConflict {
			t.Fatalf("attempt %d: %d %s (the order is %s)", i, code, folios[i], first.Folio)
		}
	}
	if got := s.product(p.ID).Variantes[0].Stock; got != stock-1 {
		t.Fatalf("stock %d -> %d: taken more than once", stock, got)
	}
	// Another account's order with the same key is its own.
	other := place("cliente@tienda.mx", key)
	if other.Code != http.StatusCreated || decodeSale(t, other).Folio == first.Folio || s.product(p.ID).Variantes[0].Stock != stock-2 {
		t.Fatalf("another account, same key: %d %s", other.Code, other.Body)
	}
	// A key that is not one is refused in Spanish, and takes nothing.
	bad := place("cajero@tienda.mx", "clave con espacios")
	if e := httpxtest.DecodeError(t, bad); bad.Code != http.StatusBadRequest || e.Fields["Idempotency-Key"] == "" || s.product(p.ID).Variantes[0].Stock != stock-2 {
		t.Fatalf("a bad key: %d %s", bad.Code, bad.Body)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}
