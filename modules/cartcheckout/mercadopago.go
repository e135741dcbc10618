package cartcheckout

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/mercadopago/sdk-go/pkg/config"
	"github.com/mercadopago/sdk-go/pkg/mperror"
	"github.com/mercadopago/sdk-go/pkg/payment"
	"github.com/mercadopago/sdk-go/pkg/preference"
	"github.com/mercadopago/sdk-go/pkg/requestoptions"

	"tienda/pkg/money"
)

// ProviderPayment is a payment as the provider reports it.
type ProviderPayment struct {
	ID                int
	Status            string // approved, pending, in_process, rejected, cancelled, refunded, ...
	PaymentType       string
	ExternalReference string
	MerchantOrderID   string
	Amount            money.Cents
	PayerGivenName    string
	PayerSurname      string
	Approved          time.Time
}

// PreferenceItem is one item of a checkout preference, price with IVA (see preferenceItems).
type PreferenceItem struct {
	ID, Title string
	Quantity  int
	UnitPrice money.Cents
}

// Provider is the payment provider (MercadoPago), the outside world.
type Provider interface {
	// CreatePreference creates a checkout preference and returns its id.
	CreatePreference(ctx context.Context, ref string, items []PreferenceItem, expires time.Time) (string, error)
	// Payment fetches one payment by id; ErrUnknownPayment when the provider has none.
	Payment(ctx context.Context, id int) (ProviderPayment, error)
	// PaymentsFor lists the payments made for a reference.
	PaymentsFor(ctx context.Context, ref string) ([]ProviderPayment, error)
}

// ErrUnknownPayment means the provider has no payment with that id.
var ErrUnknownPayment = errors.New("cartcheckout: unknown payment")

// MercadoPago is the Provider on the official SDK.
type MercadoPago struct {
	preferences preference.Client
	payments    payment.Client
	publicURL   string
}

// NewMercadoPago builds the provider. apiURL "" is the real API; tests pass a fake's address (the
// SDK hard-codes its host, so a transport rewrites it, as the SDK's own tests do).
func NewMercadoPago(accessToken, apiURL, publicURL string) (*MercadoPago, error) {
	hc := &http.Client{Timeout: 15 * time.Second}
	if apiURL != "" {
		u, err := url.Parse(apiURL)
		if err != nil {
			return nil, fmt.Errorf("cartcheckout: MP_API_URL: %w", err)
		}
		hc.Transport = rewriteHost{base: u, next: http.DefaultTransport}
	}
	// Never combine WithHTTPClient with WithTimeout/WithMaxRetries: sdk-go v1.14 then drops the client.
	cfg, err := config.New(accessToken, config.WithHTTPClient(hc))
	if err != nil {
		return nil, fmt.Errorf("cartcheckout: mercadopago config: %w", err)
	}
	return &MercadoPago{preferences: preference.NewClient(cfg), payments: payment.NewClient(cfg), publicURL: publicURL}, nil
}

type rewriteHost struct {
	base *url.URL
	next http.RoundTripper
}

func (t rewriteHost) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.URL.Scheme, r.URL.Host, r.Host = t.base.Scheme, t.base.Host, t.base.Host
	return t.next.RoundTrip(r)
}

// CreatePreference implements Provider.
func (m *MercadoPago) CreatePreference(ctx context.Context, ref string, items []PreferenceItem, expires time.Time) (string, error) {
	req := preference.Request{
		ExternalReference: ref,
		BackURLs: &preference.BackURLsRequest{
			Success: m.publicURL + "/success", Failure: m.publicURL + "/failure", Pending: m.publicURL + "/pending",
		},
		NotificationURL:  m.publicURL + "/v1/webhooks/mercadopago?source_news=webhooks",
		Expires:          true,
		ExpirationDateTo: &expires,
	}
	if !strings.Contains(m.publicURL, "localhost") && !strings.Contains(m.publicURL, "127.0.0.1") {
		req.AutoReturn = "approved" // the provider refuses it for local addresses
	}
	for _, it := range items {
		req.Items = append(req.Items, preference.ItemRequest{
			ID: it.ID, Title: it.Title, Quantity: it.Quantity, UnitPrice: it.UnitPrice.Pesos(), CurrencyID: "MXN",
		})
	}
	ctx = requestoptions.WithIdempotencyKey(ctx, ref+"-preferencia")
	res, err := m.preferences.Create(ctx, req)
	if err != nil {
		return "", fmt.Errorf("cartcheckout: create preference: %w", err)
	}
	return res.ID, nil
}

// Payment implements Provider.
func (m *MercadoPago) Payment(ctx context.Context, id int) (ProviderPayment, error) {
	res, err := m.payments.Get(ctx, id)
	var re *mperror.ResponseError
	if errors.As(err, &re) && re.StatusCode == http.StatusNotFound {
		return ProviderPayment{}, ErrUnknownPayment
	}
	if err != nil {
		return ProviderPayment{}, fmt.Errorf("cartcheckout: get payment %d: %w", id, err)
	}
	return fromSDK(*res)
}

// PaymentsFor implements Provider.
func (m *MercadoPago) PaymentsFor(ctx context.Context, ref string) ([]ProviderPayment, error) {
	res, err := m.payments.Search(ctx, payment.SearchRequest{Limit: 50, Filters: map[string]string{"external_reference": ref}})
	if err != nil {
		return nil, fmt.Errorf("cartcheckout: search payments of %s: %w", ref, err)
	}
	out := make([]ProviderPayment, 0, len(res.Results))
	for _, r := range res.Results {
		p, err := fromSDK(r)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func fromSDK(r payment.Response) (ProviderPayment, error) {
	amount, err := money.FromPesos(r.TransactionAmount)
	if err != nil {
		return ProviderPayment{}, fmt.Errorf("cartcheckout: payment %d amount: %w", r.ID, err)
	}
	mo := r.Order.ID
	return ProviderPayment{
		ID: r.ID, Status: r.Status, PaymentType: r.PaymentTypeID, ExternalReference: r.ExternalReference,
		MerchantOrderID: mo, Amount: amount, PayerGivenName: r.Payer.FirstName, PayerSurname: r.Payer.LastName,
		Approved: r.DateApproved,
	}, nil
}

// ErrBadSignature means a notification's x-signature does not verify.
var ErrBadSignature = errors.New("cartcheckout: bad webhook signature")

// VerifySignature checks a notification's x-signature header: HMAC-SHA256, keyed with the webhook
// secret, of "id:<data.id>;request-id:<x-request-id>;ts:<ts>;" (pairs with no value left out),
// compared in constant time. The timestamp's freshness is not checked: the provider's retries
// reuse it for hours.
func VerifySignature(secret, xSignature, xRequestID, dataID string) error {
	var ts, v1 string
	for _, part := range strings.Split(xSignature, ",") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "ts":
			ts = strings.TrimSpace(v)
		case "v1":
			v1 = strings.TrimSpace(v)
		}
	}
	if secret == "" || ts == "" || v1 == "" {
		return ErrBadSignature
	}
	var b strings.Builder
	if dataID != "" {
		b.WriteString("id:" + dataID + ";")
	}
	if xRequestID != "" {
		b.WriteString("request-id:" + xRequestID + ";")
	}
	b.WriteString("ts:" + ts + ";")
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(b.String()))
	got, err := hex.DecodeString(v1)
	if err != nil || !hmac.Equal(mac.Sum(nil), got) {
		return ErrBadSignature
	}
	return nil
}
