package catalog

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v5"
)

// The storefront's reads (list, category, search, product) are answered from a cache of encoded
// responses, plain and gzipped, kept until the in-memory catalogue changes or the day changes (a
// discount may end): a shopper's request costs a map lookup and a write, not a filter pass, a JSON
// encoding and a compression. The server's gzip middleware leaves these routes alone
// (app/server.go); responses are compressed here, once.

// maxCachedResponses bounds a generationCache: past it, it starts over (odd queries cannot make
// it grow forever).
const maxCachedResponses = 2048

// generationCache holds what was built from the in-memory catalogue, by key, for one generation of
// it (and of the categories) and one shop day: the storefront's encoded responses, the category
// pages' first screens (pages.go).
type generationCache[T any] struct {
	mu      sync.Mutex
	gen     uint64
	day     string
	entries map[string]T
}

// responseCache holds the storefront's encoded responses by request key.
type responseCache = generationCache[encodedResponse]

// encodedResponse is one response body as JSON, and gzipped when it is worth it (else nil).
type encodedResponse struct{ plain, gzipped []byte }

// serveCached answers the request from the cache under key, building and storing the response
// first when the catalogue changed since it was stored.
func (m *Module) serveCached(c *echo.Context, key string, build func() (any, error)) error {
	a, err := m.service.cachedResponse(key, build)
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	if a.gzipped != nil && strings.Contains(c.Request().Header.Get(echo.HeaderAcceptEncoding), "gzip") {
		h.Set(echo.HeaderContentEncoding, "gzip")
		return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, a.gzipped)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, a.plain)
}

// cachedResponse returns the encoded answer under key, building and storing it first when the
// catalogue changed since it was stored.
func (s *Service) cachedResponse(key string, build func() (any, error)) (encodedResponse, error) {
	return cached(s, &s.responses, key, func() (encodedResponse, error) {
		v, err := build()
		if err != nil {
			return encodedResponse{}, err
		}
		return encodeResponse(v)
	})
}

// cached returns what c holds under key, building and storing it first when the catalogue or the
// day changed since it was stored.
func cached[T any](s *Service, c *generationCache[T], key string, build func() (T, error)) (T, error) {
	gen, day := s.memory.generation()+s.categories.generation(), s.memory.pricing(s.now()).today // read before building
	if v, ok := c.get(key, gen, day); ok {
		return v, nil
	}
	v, err := build()
	if err != nil {
		return v, err
	}
	c.put(key, gen, day, v)
	return v, nil
}

// gzipWriters are reused: each holds about a megabyte of tables, which every search that misses
// the cache would otherwise allocate anew.
var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.BestCompression) // once per change: worth the best
	return w
}}

// encodeResponse encodes v as c.JSON does, and gzips it when it is worth it (1 KB or more).
func encodeResponse(v any) (encodedResponse, error) {
	var plain bytes.Buffer
	if err := json.NewEncoder(&plain).Encode(v); err != nil {
		return encodedResponse{}, err
	}
	a := encodedResponse{plain: plain.Bytes()}
	if plain.Len() >= 1024 {
		var gz bytes.Buffer
		w := gzipWriters.Get().(*gzip.Writer)
		defer gzipWriters.Put(w)
		w.Reset(&gz)
		if _, err := w.Write(a.plain); err != nil {
			return encodedResponse{}, err
		}
		if err := w.Close(); err != nil {
			return encodedResponse{}, err
		}
		a.gzipped = gz.Bytes()
	}
	return a, nil
}

func (c *generationCache[T]) get(key string, gen uint64, day string) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen || c.day != day {
		var none T
		return none, false
	}
	v, ok := c.entries[key]
	return v, ok
}

func (c *generationCache[T]) put(key string, gen uint64, day string, v T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen || c.day != day || len(c.entries) >= maxCachedResponses {
		if gen < c.gen && c.day == day {
			return // built from an older catalogue than the cache holds
		}
		c.gen, c.day, c.entries = gen, day, map[string]T{}
	}
	c.entries[key] = v
}
