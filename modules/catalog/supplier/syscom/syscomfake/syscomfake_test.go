package syscomfake

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestGenerateIsDeterministic(t *testing.T) {
	t.Parallel()
	start := time.Now()
	a := Generate(1, 50000)
	if el := time.Since(start); el > 10*time.Second {
		t.Errorf("50,000 products took %v to generate", el)
	}
	b := Generate(1, 50000)
	if a.Len() != 50000 || !reflect.DeepEqual(a.ProductIDs(0), b.ProductIDs(0)) {
		t.Fatal("the same seed gave another catalogue")
	}
	if !reflect.DeepEqual(a.product(123, true), b.product(123, true)) {
		t.Error("the same product differs between two generations")
	}
	if reflect.DeepEqual(a.ProductIDs(50), Generate(2, 50).ProductIDs(50)) {
		t.Error("another seed gave the same ids")
	}
	seen := map[string]bool{}
	for _, id := range a.ProductIDs(0) {
		if seen[id] {
			t.Fatalf("id %s twice", id)
		}
		seen[id] = true
	}
}

// answer is a reply of the fake: its status, headers and decoded JSON.
type answer struct {
	StatusCode int
	Header     http.Header
}

// call makes one request to the fake and decodes its JSON answer.
func call(t *testing.T, srv *httptest.Server, method, path, token string, form url.Values) (answer, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&body)
	return answer{resp.StatusCode, resp.Header}, body
}

func TestAccessAnswers(t *testing.T) {
	t.Parallel()
	fake := New(Generate(3, 500), "id", "secreto")
	fake.SetLimit(3, time.Hour)
	srv := httptest.NewServer(fake)
	defer srv.Close()
	creds := url.Values{"client_id": {"id"}, "client_secret": {"secreto"}, "grant_type": {"client_credentials"}}
	bad := url.Values{"client_id": {"id"}, "client_secret": {"otro"}, "grant_type": {"client_credentials"}}
	if resp, body := call(t, srv, "POST", "/oauth/token", "", bad); resp.StatusCode != 401 || body["error"] != "invalid_client" {
		t.Errorf("bad secret: %d %v", resp.StatusCode, body)
	}
	grant := url.Values{"client_id": {"id"}, "client_secret": {"secreto"}, "grant_type": {"password"}}
	if resp, body := call(t, srv, "POST", "/oauth/token", "", grant); resp.StatusCode != 400 || body["error"] != "unsupported_grant_type" {
		t.Errorf("bad grant: %d %v", resp.StatusCode, body)
	}
	resp, body := call(t, srv, "POST", "/oauth/token", "", creds)
	tok, _ := body["access_token"].(string)
	if resp.StatusCode != 200 || tok == "" || body["token_type"] != "Bearer" || body["expires_in"] != float64(31536000) {
		t.Fatalf("token: %d %v", resp.StatusCode, body)
	}
	if resp, body := call(t, srv, "GET", "/api/v1/tipocambio", "otro", nil); resp.StatusCode != 401 || body["message"] != "Unauthenticated." {
		t.Errorf("bad token: %d %v", resp.StatusCode, body)
	}
	for i := range 3 {
		if resp, _ := call(t, srv, "GET", "/api/v1/tipocambio", tok, nil); resp.StatusCode != 200 || resp.Header.Get("X-RateLimit-Remaining") != strconv.Itoa(2-i) {
			t.Errorf("call %d: %d, remaining %q", i, resp.StatusCode, resp.Header.Get("X-RateLimit-Remaining"))
		}
	}
	resp, body = call(t, srv, "GET", "/api/v1/tipocambio", tok, nil)
	if retry, _ := strconv.Atoi(resp.Header.Get("Retry-After")); resp.StatusCode != 429 || body["message"] != "Too Many Attempts." || retry < 3500 || retry > 3600 {
		t.Errorf("over the limit: %d %v, Retry-After %q", resp.StatusCode, body, resp.Header.Get("Retry-After"))
	}
	// An expired token is refused as an unknown one.
	fake.SetClock(func() time.Time { return time.Now().Add(366 * 24 * time.Hour) })
	if resp, body := call(t, srv, "GET", "/api/v1/tipocambio", tok, nil); resp.StatusCode != 401 || body["message"] != "Unauthenticated." {
		t.Errorf("expired token: %d %v", resp.StatusCode, body)
	}
	if s := fake.Stats(); s.TokensIssued != 1 || s.Refused != 2 || s.Throttled != 1 || s.Served != 3 {
		t.Errorf("stats: %+v", s)
	}
}

func TestPagesAndFilters(t *testing.T) {
	t.Parallel()
	fake := New(Generate(3, 1000), "id", "secreto")
	srv := httptest.NewServer(fake)
	defer srv.Close()
	_, body := call(t, srv, "POST", "/oauth/token", "", url.Values{"client_id": {"id"}, "client_secret": {"secreto"}, "grant_type": {"client_credentials"}})
	tok := body["access_token"].(string)
	_, all := call(t, srv, "GET", "/api/v1/productos", tok, nil)
	if all["cantidad"] != float64(1000) || all["paginas"] != float64(17) || len(all["productos"].([]any)) != PageSize {
		t.Errorf("no filter: %v %v", all["cantidad"], all["paginas"])
	}
	_, last := call(t, srv, "GET", "/api/v1/productos?pagina=17", tok, nil)
	_, past := call(t, srv, "GET", "/api/v1/productos?pagina=18", tok, nil)
	if len(last["productos"].([]any)) != 1000-16*PageSize || len(past["productos"].([]any)) != 0 {
		t.Errorf("last page %d products, past it %d", len(last["productos"].([]any)), len(past["productos"].([]any)))
	}
	_, cam := call(t, srv, "GET", "/api/v1/productos?categoria=22&busqueda=EZVIZ&orden=precio:asc", tok, nil)
	prev := 0.0
	for _, p := range cam["productos"].([]any) {
		m := p.(map[string]any)
		price, _ := strconv.ParseFloat(m["precios"].(map[string]any)["precio_lista"].(string), 64)
		if m["marca"] != "EZVIZ" || price < prev {
			t.Errorf("filtered, ordered search: %v %v after %v", m["marca"], price, prev)
		}
		prev = price
	}
	_, brand := call(t, srv, "GET", "/api/v1/marcas/ezviz/productos", tok, nil)
	if _, ok := brand["cantidad"].(string); !ok {
		t.Errorf("a brand's counts come as strings: %v", brand["cantidad"])
	}
	if resp, _ := call(t, srv, "GET", "/api/v1/productos/42", tok, nil); resp.StatusCode != 404 {
		t.Errorf("unknown product: %d", resp.StatusCode)
	}
}
