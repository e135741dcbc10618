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
// answers, plain and gzipped, kept until the in-memory catalogue changes or the day changes (a
// discount may end): a shopper's request costs a map lookup and a write, not a filter pass, a JSON
// encoding and a compression. The server's gzip middleware leaves these routes alone
// (app/server.go); answers are compressed here, once.

// maxAnswers bounds the cache: past it, it starts over (odd queries cannot make it grow forever).
const maxAnswers = 2048

type answers struct {
	mu      sync.Mutex
	gen     uint64
	day     string
	entries map[string]answer
}

type answer struct{ plain, gzipped []byte }

// serve answers the request from the cache under key, building and storing the answer first when
// the catalogue changed since it was stored.
func (m *Module) serve(c *echo.Context, key string, build func() (any, error)) error {
	mem := m.service.memory
	gen, day := mem.generation(), mem.pricing(m.service.now()).today // read before building
	a, ok := m.answers.get(key, gen, day)
	if !ok {
		v, err := build()
		if err != nil {
			return err
		}
		if a, err = encodeAnswer(v); err != nil {
			return err
		}
		m.answers.put(key, gen, day, a)
	}
	h := c.Response().Header()
	h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	if a.gzipped != nil && strings.Contains(c.Request().Header.Get(echo.HeaderAcceptEncoding), "gzip") {
		h.Set(echo.HeaderContentEncoding, "gzip")
		return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, a.gzipped)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, a.plain)
}

// encodeAnswer encodes v as c.JSON does, and gzips it when it is worth it (1 KB or more).
func encodeAnswer(v any) (answer, error) {
	var plain bytes.Buffer
	if err := json.NewEncoder(&plain).Encode(v); err != nil {
		return answer{}, err
	}
	a := answer{plain: plain.Bytes()}
	if plain.Len() >= 1024 {
		var gz bytes.Buffer
		w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression) // once per change: worth the best
		if _, err := w.Write(a.plain); err != nil {
			return answer{}, err
		}
		if err := w.Close(); err != nil {
			return answer{}, err
		}
		a.gzipped = gz.Bytes()
	}
	return a, nil
}

func (c *answers) get(key string, gen uint64, day string) (answer, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen || c.day != day {
		return answer{}, false
	}
	a, ok := c.entries[key]
	return a, ok
}

func (c *answers) put(key string, gen uint64, day string, a answer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen || c.day != day || len(c.entries) >= maxAnswers {
		if gen < c.gen && c.day == day {
			return // built from an older catalogue than the cache holds
		}
		c.gen, c.day, c.entries = gen, day, map[string]answer{}
	}
	c.entries[key] = a
}
