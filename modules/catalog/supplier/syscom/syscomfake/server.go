// Package syscomfake is a fake of the distributor Syscom's API for tests and for trying the
// supplier catalogue by hand (scripts/fakesyscom runs it): an OAuth2 client-credentials token
// call, a rate limit, and a generated catalogue (generator.go) served in the shapes that public
// integrations show (shared notes: ids and prices as strings, existencia with 'asterisco', volume
// prices, HTML descriptions with iframes and scripts). Point the client's base URL at it.
package syscomfake

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// PageSize is how many products a page of a search holds.
const PageSize = 60

// Server is the fake API; it is an http.Handler, safe for concurrent use.
type Server struct {
	clientID, clientSecret string
	catalog                *Catalog
	mux                    *http.ServeMux

	mu           sync.Mutex
	tokenTTL     time.Duration // a token's life (the real one: a year)
	limit        int           // requests per window and client (the real one: 60 a minute)
	window       time.Duration
	clock        func() time.Time
	tokens       map[string]token
	windows      map[string]*window
	issued       int
	refused      int
	throttled    int
	served       int
	throttleNext int
	breakNext    int
	picturesBase string // pictures.go: where the answers say the pictures are, "" for the file host
}

// New returns a fake serving catalog to the client with the given credentials, with the real
// API's token life and limit.
func New(catalog *Catalog, clientID, clientSecret string) *Server {
	s := &Server{
		clientID: clientID, clientSecret: clientSecret,
		tokenTTL: 365 * 24 * time.Hour, limit: 60, window: time.Minute, clock: time.Now,
		catalog: catalog, mux: http.NewServeMux(),
		tokens: map[string]token{}, windows: map[string]*window{},
	}
	s.mux.HandleFunc("POST /oauth/token", s.issueToken)
	s.mux.HandleFunc("GET /usuarios/fotos/", picture)
	api := map[string]func(*http.Request) (int, any){
		"GET /api/v1/categorias":                  s.categories,
		"GET /api/v1/categorias/{id}":             s.category,
		"GET /api/v1/marcas":                      s.brands,
		"GET /api/v1/marcas/{id}":                 s.brand,
		"GET /api/v1/marcas/{id}/productos":       s.brandProducts,
		"GET /api/v1/productos":                   s.search,
		"GET /api/v1/productos/{id}":              s.productDetail,
		"GET /api/v1/productos/{id}/relacionados": s.related,
		"GET /api/v1/productos/{id}/accesorios":   s.related,
		"GET /api/v1/tipocambio":                  s.exchangeRate,
	}
	for pattern, h := range api {
		s.mux.HandleFunc(pattern, s.api(h))
	}
	return s
}

// SetLimit allows limit requests per window and client (the real API: 60 a minute).
func (s *Server) SetLimit(limit int, per time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limit, s.window = limit, per
	s.windows = map[string]*window{}
}

// SetTokenTTL sets the life of the tokens issued from now on (the real API's: a year).
func (s *Server) SetTokenTTL(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokenTTL = d
}

// SetClock sets the clock of tokens and limit windows (time.Now by default).
func (s *Server) SetClock(now func() time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clock = now
}

// ServeHTTP serves the API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// api wraps an API call: the token and the limit first, then a broken reply when asked for.
func (s *Server) api(h func(*http.Request) (int, any)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !s.authorize(w, r) {
			return
		}
		s.mu.Lock()
		s.served++
		broken := s.breakNext
		if broken > 0 {
			s.breakNext--
		}
		s.mu.Unlock()
		if broken > 0 {
			writeBroken(w, broken)
			return
		}
		status, body := h(r)
		s.writeAnswer(w, status, body)
	}
}

// writeBroken answers one of three unreadable replies.
func writeBroken(w http.ResponseWriter, n int) {
	switch n % 3 {
	case 0:
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"cantidad": 534, "pagina": 1, "productos": [{"producto_id": "1`))
	case 1:
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte(`<!DOCTYPE html><html><body><h1>Service Unavailable</h1></body></html>`))
	default:
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"cantidad": "muchos", "pagina": {}, "paginas": [], "productos": {"a": 1}, "normal": true}`))
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

var notFound = map[string]string{"message": "No se encontró el recurso solicitado."}

func categoryJSON(c *Category, depth int) map[string]any {
	m := map[string]any{"id": c.ID, "nombre": c.Nombre, "nivel": c.Nivel}
	if depth > 0 {
		subs := []map[string]any{}
		for _, sub := range c.Children {
			subs = append(subs, categoryJSON(sub, depth-1))
		}
		m["subcategorias"] = subs
	}
	return m
}

func (s *Server) categories(*http.Request) (int, any) {
	out := []map[string]any{}
	for _, c := range s.catalog.Categories {
		out = append(out, categoryJSON(c, 0))
	}
	return http.StatusOK, out
}

// category answers one category with its sub-categories down to level 3.
func (s *Server) category(r *http.Request) (int, any) {
	c, ok := s.catalog.byCat[r.PathValue("id")]
	if !ok {
		return http.StatusNotFound, notFound
	}
	return http.StatusOK, categoryJSON(c, 3-c.Nivel)
}

func (s *Server) brands(*http.Request) (int, any) {
	out := []map[string]string{}
	for _, b := range s.catalog.Brands {
		out = append(out, map[string]string{"id": b.ID, "nombre": b.Nombre})
	}
	return http.StatusOK, out
}

func (s *Server) brand(r *http.Request) (int, any) {
	for _, b := range s.catalog.Brands {
		if b.ID == r.PathValue("id") {
			return http.StatusOK, map[string]any{"id": b.ID, "nombre": b.Nombre, "logo": "https://ftp3.syscom.mx/usuarios/fotos/logotipos/" + b.ID + ".png", "descripcion": "<p>" + b.Nombre + "</p>"}
		}
	}
	return http.StatusNotFound, notFound
}

// query is a product search's filters.
type query struct {
	categoria, marca, orden string
	words                   []string
	pagina                  int
}

func parseQuery(r *http.Request) query {
	v := r.URL.Query()
	p, err := strconv.Atoi(v.Get("pagina"))
	if err != nil || p < 1 {
		p = 1
	}
	return query{categoria: v.Get("categoria"), marca: v.Get("marca"), orden: v.Get("orden"), words: strings.Fields(strings.ToLower(v.Get("busqueda"))), pagina: p}
}

func (s *Server) search(r *http.Request) (int, any) { return s.page(parseQuery(r), false) }

// brandProducts is a brand's products, a page at a time; its counts come as strings.
func (s *Server) brandProducts(r *http.Request) (int, any) {
	q := parseQuery(r)
	q.marca = r.PathValue("id")
	return s.page(q, true)
}

// page answers one page of the products matching q.
func (s *Server) page(q query, countsAsStrings bool) (int, any) {
	c := s.catalog
	var hits []int
	for i := range c.items {
		if c.matches(i, q) {
			hits = append(hits, i)
		}
	}
	switch q.orden {
	case "precio:asc", "precio:desc":
		slices.SortStableFunc(hits, func(a, b int) int {
			d := c.items[a].usdCent - c.items[b].usdCent
			if q.orden == "precio:desc" {
				d = -d
			}
			return int(max(-1, min(1, d)))
		})
	case "modelo:asc":
		slices.SortStableFunc(hits, func(a, b int) int { return strings.Compare(c.items[a].modelo, c.items[b].modelo) })
	}
	pages := (len(hits) + PageSize - 1) / PageSize
	products := []map[string]any{}
	for _, i := range hits[min(len(hits), (q.pagina-1)*PageSize):min(len(hits), q.pagina*PageSize)] {
		products = append(products, c.product(i, false))
	}
	if countsAsStrings {
		return http.StatusOK, map[string]any{"cantidad": strconv.Itoa(len(hits)), "pagina": strconv.Itoa(q.pagina), "paginas": strconv.Itoa(pages), "productos": products}
	}
	return http.StatusOK, map[string]any{"cantidad": len(hits), "pagina": q.pagina, "paginas": pages, "productos": products}
}

func (c *Catalog) matches(i int, q query) bool {
	it := c.items[i]
	if q.marca != "" && !strings.EqualFold(c.Brands[it.brand].ID, q.marca) && !strings.EqualFold(c.Brands[it.brand].Nombre, q.marca) {
		return false
	}
	if q.categoria != "" && !slices.ContainsFunc(path(it.leaf), func(cat *Category) bool { return cat.ID == q.categoria }) {
		return false
	}
	for _, w := range q.words {
		if !strings.Contains(it.search, w) {
			return false
		}
	}
	return true
}

func (s *Server) index(r *http.Request) (int, bool) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		return 0, false
	}
	i, ok := s.catalog.byID[id]
	return i, ok
}

func (s *Server) productDetail(r *http.Request) (int, any) {
	i, ok := s.index(r)
	if !ok {
		return http.StatusNotFound, notFound
	}
	return http.StatusOK, s.catalog.product(i, true)
}

// related answers a product's related products or accessories: its neighbours in the catalogue.
func (s *Server) related(r *http.Request) (int, any) {
	i, ok := s.index(r)
	if !ok {
		return http.StatusNotFound, notFound
	}
	out := []map[string]any{}
	for k := i + 1; k < min(i+4, s.catalog.Len()); k++ {
		out = append(out, s.catalog.product(k, false))
	}
	return http.StatusOK, out
}

// ExchangeRate is the rate the fake publishes, MXN per USD, as the distributor's strings.
var ExchangeRate = map[string]string{"normal": "17.26", "preferencial": "17.26", "un_dia": "17.31", "una_semana": "17.36", "dos_semanas": "17.41", "tres_semanas": "17.46", "un_mes": "17.51"}

func (s *Server) exchangeRate(*http.Request) (int, any) { return http.StatusOK, ExchangeRate }
