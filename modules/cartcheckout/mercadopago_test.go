package cartcheckout

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"
	"time"

	"tienda/modules/cartcheckout/mpfake"
	"tienda/pkg/money"
)

func TestVerifySignature(t *testing.T) {
	t.Parallel()
	// A vector built independently with openssl.
	const secret = "mp-webhook-secret-123"
	const reqID = "bb56a2f1-6aae-46ac-982e-9dcd3581d08e"
	good := "ts=1704908010,v1=2508b2ed9f1b45e4ba3fc71a2d446f3f221703ea7fb868c83e549247e86553dc"
	if err := VerifySignature(secret, good, reqID, "1319000000"); err != nil {
		t.Fatalf("good signature rejected: %v", err)
	}
	if err := VerifySignature(secret, " ts = 1704908010 , v1 = 2508b2ed9f1b45e4ba3fc71a2d446f3f221703ea7fb868c83e549247e86553dc ", reqID, "1319000000"); err != nil {
		t.Fatalf("spaces around parts: %v", err)
	}
	bad := []struct{ secret, sig, reqID, id string }{
		{secret, good, reqID, "1319000001"},         // another payment
		{secret, good, "otro", "1319000000"},        // another request id
		{"otro-secreto", good, reqID, "1319000000"}, // another secret
		{"", good, reqID, "1319000000"},             // no secret configured
		{secret, "ts=1704908010", reqID, "1319000000"},
		{secret, "v1=2508b2ed", reqID, "1319000000"},
		{secret, "ts=1704908010,v1=zz", reqID, "1319000000"},
		{secret, "", reqID, "1319000000"},
	}
	for _, b := range bad {
		if err := VerifySignature(b.secret, b.sig, b.reqID, b.id); !errors.Is(err, ErrBadSignature) {
			t.Errorf("%+v accepted", b)
		}
	}
}

func FuzzVerifySignature(f *testing.F) {
	f.Add("ts=1704908010,v1=2508b2ed9f1b45e4ba3fc71a2d446f3f221703ea7fb868c83e549247e86553dc", "req", "1")
	f.Fuzz(func(t *testing.T, sig, reqID, id string) {
		_ = VerifySignature("mp-webhook-secret-123", sig, reqID, id) // must never panic
	})
}

func TestMercadoPagoAgainstTheFakeProvider(t *testing.T) {
	t.Parallel()
	fake, mp, apiURL := fakeProvider(t)
	ctx := context.Background()
	items := []PreferenceItem{{ID: "v1", Title: "Cámara", Quantity: 2, UnitPrice: 156660}}
	id, err := mp.CreatePreference(ctx, "venta-1", items, time.Now().Add(72*time.Hour))
	if err != nil || id == "" {
		t.Fatalf("preference: %q %v", id, err)
	}
	again, err := mp.CreatePreference(ctx, "venta-1", items, time.Now().Add(72*time.Hour))
	if err != nil || again != id {
		t.Fatalf("the same reference must reuse its preference (idempotency key): %q vs %q, %v", again, id, err)
	}
	pref, _ := fake.PreferenceFor("venta-1")
	if pref.BackURLs.Success != "https://tienda.example.mx/success" || pref.NotificationURL == "" || pref.Charge() != 3133.20 {
		t.Fatalf("preference sent: %+v", pref)
	}
	pid := fake.Pay("venta-1", "approved", 3133.20)
	p, err := mp.Payment(ctx, pid)
	if err != nil || p.Status != "approved" || p.ExternalReference != "venta-1" || p.Amount != money.Cents(313320) {
		t.Fatalf("payment: %+v %v", p, err)
	}
	if _, err := mp.Payment(ctx, 42); !errors.Is(err, ErrUnknownPayment) {
		t.Fatalf("unknown payment: %v", err)
	}
	list, err := mp.PaymentsFor(ctx, "venta-1")
	if err != nil || len(list) != 1 || list[0].ID != pid {
		t.Fatalf("search: %+v %v", list, err)
	}
	fake.SetDown(true)
	if _, err := mp.Payment(ctx, pid); err == nil || errors.Is(err, ErrUnknownPayment) {
		t.Fatalf("provider down must be an error other than unknown payment: %v", err)
	}
	bad, _ := NewMercadoPago("otro-token", apiURL, "https://tienda.example.mx")
	fake.SetDown(false)
	if _, err := bad.Payment(ctx, pid); err == nil {
		t.Fatal("a wrong access token worked")
	}
}

// fakeProvider is the fake MercadoPago behind a test server for the test's life, our client of it
// (token TEST-token) and the server's address.
func fakeProvider(t *testing.T) (*mpfake.Server, *MercadoPago, string) {
	t.Helper()
	fake := mpfake.New("TEST-token")
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	mp, err := NewMercadoPago("TEST-token", srv.URL, "https://tienda.example.mx")
	if err != nil {
		t.Fatal(err)
	}
	return fake, mp, srv.URL
}
