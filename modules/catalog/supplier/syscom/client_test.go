package syscom

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tienda/modules/catalog/supplier/syscom/syscomfake"
)

// The client against the fake API, started in this process on a free port.

var (
	catalogOnce sync.Once
	catalog     *syscomfake.Catalog
)

func testCatalog() *syscomfake.Catalog {
	catalogOnce.Do(func() { catalog = syscomfake.Generate(7, 3000) })
	return catalog
}

// clock is a settable clock shared by a fake and a client.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func startFake(t *testing.T) (*syscomfake.Server, string) {
	t.Helper()
	fake := syscomfake.New(testCatalog(), "id-tienda", "secreto")
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	return fake, srv.URL
}

func newClient(t *testing.T, base string, mod func(*Config)) *Client {
	t.Helper()
	cfg := Config{BaseURL: base, ClientID: "id-tienda", ClientSecret: "secreto", RequestsPerMinute: -1, Timeout: 5 * time.Second}
	if mod != nil {
		mod(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestCredentialsRefused(t *testing.T) {
	t.Parallel()
	fake, base := startFake(t)
	c := newClient(t, base, func(cfg *Config) { cfg.ClientSecret = "otro" })
	_, err := c.ExchangeRates(ctx(t))
	if !errors.Is(err, ErrCredenciales) {
		t.Fatalf("err = %v, want ErrCredenciales", err)
	}
	if !strings.Contains(err.Error(), "oauth/token") || !strings.HasPrefix(UserMessage(err), "Syscom no aceptó") {
		t.Errorf("err %q / message %q: want the operation for the log and the Spanish text for staff", err, UserMessage(err))
	}
	if s := fake.Stats(); s.TokensIssued != 0 || s.Served != 0 {
		t.Errorf("stats %+v: nothing should be issued or served", s)
	}
	if _, err := New(Config{ClientID: " ", ClientSecret: "x"}); !errors.Is(err, ErrCredenciales) {
		t.Errorf("New with no client id: %v", err)
	}
}

func TestTokenKeptRenewedAndReplaced(t *testing.T) {
	t.Parallel()
	fake, base := startFake(t)
	clk := &clock{t: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
	fake.SetClock(clk.Now)
	fake.SetTokenTTL(time.Hour)
	c := newClient(t, base, func(cfg *Config) { cfg.Now = clk.Now })
	for range 3 {
		if _, err := c.ExchangeRates(ctx(t)); err != nil {
			t.Fatal(err)
		}
	}
	if s := fake.Stats(); s.TokensIssued != 1 || s.Served != 3 {
		t.Fatalf("after 3 calls: %+v, want one token and 3 calls", s)
	}
	// 55 minutes into a token of an hour: renewed before it expires, never refused.
	clk.Add(55 * time.Minute)
	if _, err := c.ExchangeRates(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if s := fake.Stats(); s.TokensIssued != 2 || s.Refused != 0 {
		t.Fatalf("near expiry: %+v, want a second token and no refusal", s)
	}
	// Revoked by the distributor: the refused call gets a new token and goes through.
	fake.RevokeTokens()
	if _, err := c.ExchangeRates(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if s := fake.Stats(); s.TokensIssued != 3 || s.Refused != 1 || c.TokensObtained() != 3 {
		t.Fatalf("after revoking: %+v (client: %d tokens), want a third token after one refusal", s, c.TokensObtained())
	}
	// An expired token the client still held (its clock behind the distributor's) is replaced too.
	clk.Add(2 * time.Hour)
	c.mu.Lock()
	c.renewAt = clk.Now().Add(time.Hour)
	c.mu.Unlock()
	if _, err := c.ExchangeRates(ctx(t)); err != nil {
		t.Fatal(err)
	}
	if s := fake.Stats(); s.TokensIssued != 4 || s.Refused != 2 {
		t.Fatalf("after expiry: %+v", s)
	}
}

func TestOneTokenRequestAtATime(t *testing.T) {
	t.Parallel()
	fake, base := startFake(t)
	c := newClient(t, base, nil)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			_, err := c.ExchangeRates(ctx(t))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if s := fake.Stats(); s.TokensIssued != 1 || s.Served != 8 {
		t.Errorf("8 concurrent first calls: %+v, want one token", s)
	}
}

func TestPagingThroughASearch(t *testing.T) {
	t.Parallel()
	fake, base := startFake(t)
	c := newClient(t, base, nil)
	first, err := c.Search(ctx(t), Query{Categoria: "22"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if first.Cantidad <= syscomfake.PageSize || first.Paginas < 2 || len(first.Productos) != syscomfake.PageSize {
		t.Fatalf("first page: %d products of %d in %d pages: want several pages", len(first.Productos), first.Cantidad, first.Paginas)
	}
	seen := map[string]bool{}
	err = c.Each(ctx(t), Query{Categoria: "22"}, func(p Product) error {
		if seen[p.ID] {
			t.Errorf("product %s twice", p.ID)
		}
		seen[p.ID] = true
		if top := p.Categorias[len(p.Categorias)-1]; top.ID != "22" || top.Nivel != 1 {
			t.Errorf("product %s: path %+v does not end at category 22", p.ID, p.Categorias)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != first.Cantidad {
		t.Errorf("walked %d products, the search counts %d", len(seen), first.Cantidad)
	}
	if s := fake.Stats(); s.Served != 1+first.Paginas {
		t.Errorf("%d calls served, want %d (one per page after the first look)", s.Served, 1+first.Paginas)
	}
	// A brand's products: their counts come as strings.
	bp, err := c.BrandProducts(ctx(t), "ezviz", 2)
	if err != nil {
		t.Fatal(err)
	}
	if bp.Pagina != 2 || bp.Cantidad == 0 || len(bp.Productos) == 0 || bp.Productos[0].Marca != "EZVIZ" {
		t.Errorf("brand page: %+v", bp)
	}
	stop := errors.New("stop")
	n := 0
	if err := c.Each(ctx(t), Query{Busqueda: "cámara"}, func(Product) error { n++; return stop }); !errors.Is(err, stop) || n != 1 {
		t.Errorf("a callback's error ends the walk: %v after %d", err, n)
	}
}

func TestCategoryTreeAndBrands(t *testing.T) {
	t.Parallel()
	_, base := startFake(t)
	c := newClient(t, base, nil)
	tree, err := c.Tree(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(tree) != 12 || tree[0].ID != "22" || tree[0].Nombre != "Videovigilancia" {
		t.Fatalf("tree: %d tops, first %+v", len(tree), tree[0])
	}
	for _, top := range tree {
		if len(top.Subcategorias) == 0 || len(top.Subcategorias[0].Subcategorias) == 0 || top.Subcategorias[0].Subcategorias[0].Nivel != 3 {
			t.Errorf("category %s lacks levels 2 and 3: %+v", top.ID, top)
		}
	}
	brands, err := c.Brands(ctx(t))
	if err != nil || len(brands) < 10 {
		t.Fatalf("brands: %v %v", brands, err)
	}
	b, err := c.Brand(ctx(t), brands[0].ID)
	if err != nil || b.Logo == "" {
		t.Errorf("brand %q: %+v %v", brands[0].ID, b, err)
	}
	if _, err := c.Category(ctx(t), "999999"); !errors.Is(err, ErrNoEncontrado) {
		t.Errorf("unknown category: %v", err)
	}
}

func TestProductDetailOddShapes(t *testing.T) {
	t.Parallel()
	_, base := startFake(t)
	c := newClient(t, base, nil)
	ids := testCatalog().ProductIDs(12)
	// Index 2: existencia with 'asterisco'; 3: volume prices; 5: total_existencia as a string.
	p2, err := c.Product(ctx(t), ids[2])
	if err != nil {
		t.Fatal(err)
	}
	if p2.Existencia.Asterisco["e"] != 2 || p2.Existencia.Nuevo != p2.TotalExistencia {
		t.Errorf("asterisco: %+v (total %d)", p2.Existencia, p2.TotalExistencia)
	}
	p3, err := c.Product(ctx(t), ids[3])
	if err != nil {
		t.Fatal(err)
	}
	if v := p3.Precios.Volumen; len(v) != 2 || v[0].Desde != 50 || v[1].Desde != 200 || v[1].Precio >= v[0].Precio {
		t.Errorf("volumen: %+v", v)
	}
	if p := p3.Precios; p.Lista <= 0 || p.Descuento <= 0 || p.Descuento >= p.Lista || p.Precio1 != p.Lista {
		t.Errorf("prices: %+v", p)
	}
	p5, err := c.Product(ctx(t), ids[5])
	if err != nil {
		t.Fatal(err)
	}
	if p5.TotalExistencia != p5.Existencia.Nuevo {
		t.Errorf("total as a string: %d vs %d", p5.TotalExistencia, p5.Existencia.Nuevo)
	}
	if !strings.Contains(p2.DescripcionHTML, "<iframe") || len(p5.Imagenes) == 0 || len(p5.Recursos) != 1 || len(p5.Caracteristicas) < 3 {
		t.Errorf("detail fields: %+v", p5)
	}
	if p5.Unidad.ClaveSAT != "H87" || p5.SatKey == "" || p5.Alto <= 0 || p5.Peso <= 0 {
		t.Errorf("unit, key and measures: %+v", p5)
	}
	if _, err := c.Product(ctx(t), "1"); !errors.Is(err, ErrNoEncontrado) {
		t.Errorf("unknown product: %v", err)
	}
	rates, err := c.ExchangeRates(ctx(t))
	if err != nil || rates.Normal != 172600 || rates.UnMes != 175100 {
		t.Errorf("rates: %+v %v", rates, err)
	}
	rel, err := c.Related(ctx(t), ids[0])
	if err != nil || len(rel) == 0 {
		t.Errorf("related: %v %v", rel, err)
	}
}

func TestPaceKeepsUnderTheLimit(t *testing.T) {
	t.Parallel()
	fake, base := startFake(t)
	fake.SetLimit(10, time.Second)
	c := newClient(t, base, func(cfg *Config) { cfg.RequestsPerMinute = 8 * 60 }) // 8 a second
	start := time.Now()
	var wg sync.WaitGroup
	for range 3 { // three callers share the pace
		wg.Go(func() {
			for range 8 {
				if _, err := c.ExchangeRates(ctx(t)); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if s := fake.Stats(); s.Throttled != 0 || s.Served != 24 {
		t.Errorf("%+v: the client's pace should never meet the limit", s)
	}
	if el := time.Since(start); el < 2500*time.Millisecond {
		t.Errorf("24 calls at 8 a second took %v", el)
	}
}

func TestTooManyRequestsRetriedAfterItsWait(t *testing.T) {
	t.Parallel()
	fake, base := startFake(t)
	fake.SetLimit(5, 2*time.Second)
	c := newClient(t, base, nil) // no pace of its own: it meets the limit
	start := time.Now()
	for range 7 {
		if _, err := c.ExchangeRates(ctx(t)); err != nil {
			t.Fatal(err)
		}
	}
	if s := fake.Stats(); s.Throttled != 1 || s.Served != 7 {
		t.Errorf("%+v: want one 429, then the client waits out the window", s)
	}
	if el := time.Since(start); el < time.Second {
		t.Errorf("7 calls over a limit of 5 in 2 s took only %v", el)
	}
	// A 429 whose wait outlasts the caller's deadline fails at once.
	fake.SetLimit(1000, time.Minute)
	fake.ThrottleNext(1)
	short, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if _, err := c.ExchangeRates(short); !errors.Is(err, ErrLimite) {
		t.Errorf("429 past the deadline: %v", err)
	}
}

func TestUnreadableRepliesFailCleanly(t *testing.T) {
	t.Parallel()
	fake, base := startFake(t)
	c := newClient(t, base, nil)
	fake.BreakNext(3)
	for i := range 3 {
		_, err := c.Search(ctx(t), Query{Categoria: "22"}, 1)
		if !errors.Is(err, ErrRespuesta) || !strings.Contains(err.Error(), "GET productos") {
			t.Errorf("broken reply %d: %v", i, err)
		}
	}
	if _, err := c.Search(ctx(t), Query{Categoria: "22"}, 1); err != nil {
		t.Errorf("after the broken replies: %v", err)
	}
	// A server that errs, then one that never answers.
	var fails atomic.Int32
	bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/oauth/token":
			_, _ = w.Write([]byte(`{"token_type":"Bearer","expires_in":"3600","access_token":"t"}`))
		case "/api/v1/tipocambio":
			fails.Add(1)
			w.WriteHeader(http.StatusBadGateway)
		case "/api/v1/categorias":
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusTooManyRequests)
		default:
			time.Sleep(time.Second)
		}
	}))
	defer bad.Close()
	c = newClient(t, bad.URL, func(cfg *Config) { cfg.MaxRetries, cfg.Timeout = 1, 200*time.Millisecond })
	if _, err := c.ExchangeRates(ctx(t)); !errors.Is(err, ErrNoDisponible) || fails.Load() != 2 {
		t.Errorf("502: %v after %d tries, want ErrNoDisponible after 2", err, fails.Load())
	}
	start := time.Now()
	if _, err := c.Categories(ctx(t)); !errors.Is(err, ErrLimite) || time.Since(start) > time.Second {
		t.Errorf("asked to wait an hour: %v after %v, want ErrLimite at once", err, time.Since(start))
	}
	start = time.Now()
	if _, err := c.Brands(ctx(t)); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 900*time.Millisecond {
		t.Errorf("a silent server: %v after %v", err, time.Since(start))
	}
	if msg := UserMessage(errors.New("x")); !strings.Contains(msg, "Syscom") {
		t.Errorf("generic message: %q", msg)
	}
}
