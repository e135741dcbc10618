package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/httpx/httpxtest"
)

// order places an online order for p and returns the sale id (the preference's reference).
func (s *shop) order(p product, qty int) (ref string, charge float64) {
	s.t.Helper()
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas/mercado-pago-preference", map[string]any{
		"public_key": "TEST-pk", "items": []any{cartLine(p, qty, false)}})
	var ans struct{ ID string }
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &ans) != nil || ans.ID == "" {
		s.t.Fatalf("preference: %d %s", rec.Code, rec.Body)
	}
	for _, pref := range s.mp.Preferences() {
		if pref.ID == ans.ID {
			return pref.ExternalReference, pref.Charge()
		}
	}
	s.t.Fatal("the provider has no such preference")
	return "", 0
}

func (s *shop) confirm(paymentID int, extra map[string]string) *httptest.ResponseRecorder {
	s.t.Helper()
	body := map[string]string{"payment_id": strconv.Itoa(paymentID), "collection_id": strconv.Itoa(paymentID),
		"status": "approved", "collection_status": "approved", "payment_type": "credit_card", "site_id": "MLM"}
	for k, v := range extra {
		body[k] = v
	}
	return s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas/mercado-pago/confirmar", body)
}

func signed(id, reqID string) string {
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(webhookSecret))
	fmt.Fprintf(mac, "id:%s;request-id:%s;ts:%s;", id, reqID, ts)
	return "ts=" + ts + ",v1=" + hex.EncodeToString(mac.Sum(nil))
}

func (s *shop) webhook(paymentID int, signature string) *httptest.ResponseRecorder {
	s.t.Helper()
	id := strconv.Itoa(paymentID)
	if signature == "" {
		signature = signed(id, "req-1")
	}
	return do(s.t, s.h, http.MethodPost, "/v1/webhooks/mercadopago?data.id="+id+"&type=payment",
		fmt.Sprintf(`{"action":"payment.updated","type":"payment","data":{"id":%q}}`, id), "x-signature", signature, "x-request-id", "req-1")
}

// paidSales counts the sales recorded with a payment id.
func (s *shop) salesWithPayment(paymentID int) int64 {
	s.t.Helper()
	n, err := s.app.store.R.Collection("ventas").CountDocuments(context.Background(), bson.M{"mercadoPago.payment_id": strconv.Itoa(paymentID), "pago": "Pagado"})
	if err != nil {
		s.t.Fatal(err)
	}
	return n
}

func TestOnlinePaymentIsRecordedOnceWhateverComesFirst(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(true)
	before := s.product(p.ID).Variantes[0].Stock
	ref, charge := s.order(p, 2)
	if got := s.product(p.ID).Variantes[0].Stock; got != before-2 {
		t.Fatalf("an online order holds its stock: %d -> %d", before, got)
	}
	// The line's total, IVA included, rounded once for the line: two units at their final price,
	// plus 16 % rounded to the centavo; one item of 2 units when it halves evenly, else one of 1.
	pref, found := s.mp.PreferenceFor(ref)
	if !found {
		t.Fatalf("no preference for %s", ref)
	}
	finalCents := int64(p.Variantes[0].PrecioVenta*(100-p.Variantes[0].Descuento) + 0.5)
	lineTotal := 2*finalCents + (2*finalCents*16+50)/100
	wantQty, wantUnit := 2, lineTotal/2
	if lineTotal%2 != 0 {
		wantQty, wantUnit = 1, lineTotal
	}
	if it := pref.Items[0]; len(pref.Items) != 1 || it.Quantity != wantQty || fmt.Sprintf("%.2f", it.UnitPrice) != fmt.Sprintf("%.2f", float64(wantUnit)/100) ||
		int64(math.Round(charge*100)) != lineTotal {
		t.Fatalf("items sent %+v (charge %.2f), want %d x %d centavos: the line's final price plus IVA", pref.Items, charge, wantQty, wantUnit)
	}
	pid := s.mp.Pay(ref, "approved", charge)
	// The return page (twice: a reload) and the webhook, all at once.
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			if rec := s.confirm(pid, map[string]string{"external_reference": ref}); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"guardada":true`) {
				t.Errorf("confirm: %d %s", rec.Code, rec.Body)
			}
		})
		wg.Go(func() {
			if rec := s.webhook(pid, ""); rec.Code != 200 {
				t.Errorf("webhook: %d %s", rec.Code, rec.Body)
			}
		})
	}
	wg.Wait()
	if n := s.salesWithPayment(pid); n != 1 {
		t.Fatalf("%d sales for one payment", n)
	}
	rec := s.confirm(pid, nil)
	if !strings.Contains(rec.Body.String(), `"nueva":false`) || !strings.Contains(rec.Body.String(), `"folio"`) {
		t.Fatalf("a repeat answers the same sale: %s", rec.Body)
	}
	if got := s.product(p.ID).Variantes[0].Stock; got != before-2 {
		t.Fatalf("stock after payment %d, want %d", got, before-2)
	}
}

func TestPaymentsThatMustNotBeRecorded(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	before := s.product(p.ID).Variantes[0].Stock

	t.Run("missing return data", func(t *testing.T) {
		rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas/mercado-pago/confirmar", `{"payment_id":"1","status":"null"}`)
		if rec.Code != 400 || httpxtest.DecodeError(t, rec).Message != "Datos de pago inválidos" {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
	t.Run("unknown payment", func(t *testing.T) {
		if rec := s.confirm(5, nil); rec.Code != 404 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
	t.Run("amount mismatch", func(t *testing.T) {
		ref, charge := s.order(p, 1)
		pid := s.mp.Pay(ref, "approved", charge-1)
		rec := s.confirm(pid, nil)
		if rec.Code != http.StatusPaymentRequired || s.salesWithPayment(pid) != 0 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
	t.Run("pending keeps the stock", func(t *testing.T) {
		ref, charge := s.order(p, 1)
		pid := s.mp.Pay(ref, "pending", charge)
		rec := s.confirm(pid, map[string]string{"status": "pending"})
		if rec.Code != http.StatusPaymentRequired || !strings.Contains(rec.Body.String(), "pendiente") || s.salesWithPayment(pid) != 0 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		s.mp.SetStatus(pid, "approved") // approved later: the webhook records it
		if rec := s.webhook(pid, ""); rec.Code != 200 || s.salesWithPayment(pid) != 1 {
			t.Fatalf("webhook after approval: %d %s", rec.Code, rec.Body)
		}
	})
	t.Run("rejected gives the stock back", func(t *testing.T) {
		stock := s.product(p.ID).Variantes[0].Stock
		ref, charge := s.order(p, 2)
		pid := s.mp.Pay(ref, "rejected", charge)
		if rec := s.confirm(pid, nil); rec.Code != http.StatusPaymentRequired || s.salesWithPayment(pid) != 0 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		if got := s.product(p.ID).Variantes[0].Stock; got != stock {
			t.Fatalf("stock %d, want %d", got, stock)
		}
	})
	t.Run("forged signature", func(t *testing.T) {
		ref, charge := s.order(p, 1)
		pid := s.mp.Pay(ref, "approved", charge)
		for _, sig := range []string{"ts=1,v1=00", signed("999", "req-1"), "basura"} {
			if rec := s.webhook(pid, sig); rec.Code != 401 {
				t.Fatalf("%q: %d", sig, rec.Code)
			}
		}
		if s.salesWithPayment(pid) != 0 {
			t.Fatal("a forged notification recorded a sale")
		}
	})
	t.Run("provider down, then back", func(t *testing.T) {
		ref, charge := s.order(p, 1)
		pid := s.mp.Pay(ref, "approved", charge)
		s.mp.SetDown(true)
		rec := s.confirm(pid, nil)
		s.mp.SetDown(false)
		if rec.Code != 503 || !strings.Contains(httpxtest.DecodeError(t, rec).Message, "Mercado Pago") || s.salesWithPayment(pid) != 0 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		if rec := s.webhook(pid, ""); rec.Code != 200 || s.salesWithPayment(pid) != 1 {
			t.Fatalf("retry: %d %s", rec.Code, rec.Body)
		}
	})
	_ = before
}

func TestAbandonedOnlineOrderReturnsItsStockAndALatePaymentIsStillRecorded(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	before := s.product(p.ID).Variantes[0].Stock
	ref, charge := s.order(p, 2)
	svc := s.app.checkout.Service()
	svc.SetClock(func() time.Time { return time.Now().Add(31 * time.Minute) })
	if err := svc.Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := s.product(p.ID).Variantes[0].Stock; got != before {
		t.Fatalf("stock after 31 minutes without payment %d, want %d", got, before)
	}
	// The buyer pays anyway: the money is real, the sale is recorded and the stock taken again.
	pid := s.mp.Pay(ref, "approved", charge)
	rec := s.confirm(pid, nil)
	if rec.Code != 200 || s.salesWithPayment(pid) != 1 || !strings.Contains(rec.Body.String(), "revisar") {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if got := s.product(p.ID).Variantes[0].Stock; got != before-2 {
		t.Fatalf("stock after the late payment %d, want %d", got, before-2)
	}
}

func TestReconciliationRecordsAPaymentWhoseNotificationWasLost(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	ref, charge := s.order(p, 1)
	pid := s.mp.Pay(ref, "approved", charge) // no return, no webhook
	svc := s.app.checkout.Service()
	svc.SetClock(func() time.Time { return time.Now().Add(31 * time.Minute) })
	if err := svc.Sweep(context.Background()); err != nil {
		t.Fatal(err)
	}
	if s.salesWithPayment(pid) != 1 {
		t.Fatal("the reconciliation did not record an approved payment")
	}
}

// The cart's retry of 'Pagar con Mercado Pago' after an answer that never arrived repeats the
// request with its Idempotency-Key: one order, its units taken once, one preference, and every
// repeat answers that preference. Once the order is paid, a repeat says so.
func TestARepeatedPreferenceIsMadeOnce(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	stock := p.Variantes[0].Stock
	body := mustJSON(t, map[string]any{"public_key": "TEST-pk", "items": []any{cartLine(p, 1, false)}})
	prefer := func(key string) *httptest.ResponseRecorder {
		return do(t, s.h, http.MethodPost, "/v1/ventas/mercado-pago-preference", body,
			"Authorization", "Bearer "+s.token("cliente@tienda.mx"), "Idempotency-Key", key)
	}
	s.token("cliente@tienda.mx")
	const key = "3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"
	ids := make([]string, 5)
	codes := make([]int, 5)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Go(func() {
			rec := prefer(key)
			var ans struct{ ID string }
			_ = json.Unmarshal(rec.Body.Bytes(), &ans) // checked below with the code
			codes[i], ids[i] = rec.Code, ans.ID
		})
	}
	wg.Wait()
	rec := prefer(key)
	var first struct{ ID string }
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &first) != nil || first.ID == "" {
		t.Fatalf("a repeat after the first: %d %s", rec.Code, rec.Body)
	}
	for i, code := range codes {
		if code == http.StatusOK && ids[i] != first.ID || code != http.StatusOK && code != http.StatusConflict {
			t.Fatalf("attempt %d: %d %s (the preference is %s)", i, code, ids[i], first.ID)
		}
	}
	if n := len(s.mp.Preferences()); n != 1 {
		t.Fatalf("%d preferences made for one checkout attempt", n)
	}
	if got := s.product(p.ID).Variantes[0].Stock; got != stock-1 {
		t.Fatalf("stock %d -> %d: taken more than once", stock, got)
	}
	pref := s.mp.Preferences()[0]
	pid := s.mp.Pay(pref.ExternalReference, "approved", pref.Charge())
	if rec := s.confirm(pid, map[string]string{"external_reference": pref.ExternalReference}); rec.Code != http.StatusOK {
		t.Fatalf("confirm: %d %s", rec.Code, rec.Body)
	}
	if rec := prefer(key); rec.Code != http.StatusConflict {
		t.Fatalf("a repeat once paid: %d %s", rec.Code, rec.Body)
	}
}
