package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"
)

func TestRequestLoggerLevels(t *testing.T) {
	var out bytes.Buffer
	log := zerolog.New(&out).Level(zerolog.DebugLevel)
	e := echo.New()
	e.Use(RequestLogger(log, func(*echo.Context) string { return "u1" }))
	e.GET("/ok", func(c *echo.Context) error { return c.String(http.StatusOK, "hola") })
	e.HEAD("/ok", func(c *echo.Context) error { return c.NoContent(http.StatusOK) })
	e.POST("/ok", func(c *echo.Context) error { return c.NoContent(http.StatusCreated) })
	e.GET("/roto", func(*echo.Context) error { return errors.New("boom") })

	cases := []struct {
		method, path string
		status       int
		level        string
	}{
		{http.MethodGet, "/ok", http.StatusOK, "debug"},        // a storefront read: the proxy logs it too
		{http.MethodHead, "/ok", http.StatusOK, "debug"},       // the same read, without a body
		{http.MethodPost, "/ok", http.StatusCreated, "info"},   // a write is always worth a line
		{http.MethodGet, "/nada", http.StatusNotFound, "info"}, // a refusal
		{http.MethodGet, "/roto", http.StatusInternalServerError, "error"},
	}
	for _, tc := range cases {
		out.Reset()
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, nil))
		if rec.Code != tc.status {
			t.Fatalf("%s %s: status %d, want %d", tc.method, tc.path, rec.Code, tc.status)
		}
		var line struct {
			Level  string `json:"level"`
			Method string `json:"method"`
			Path   string `json:"path"`
			Status int    `json:"status"`
			User   string `json:"user_id"`
		}
		if err := json.Unmarshal(out.Bytes(), &line); err != nil {
			t.Fatalf("%s %s: log line %q: %v", tc.method, tc.path, out.String(), err)
		}
		if line.Level != tc.level || line.Method != tc.method || line.Path != tc.path || line.Status != tc.status || line.User != "u1" {
			t.Errorf("%s %s: logged %+v, want level %s and status %d", tc.method, tc.path, line, tc.level, tc.status)
		}
	}

	// At the default level (info) a quick read writes nothing; a write still does.
	out.Reset()
	e2 := echo.New()
	e2.Use(RequestLogger(log.Level(zerolog.InfoLevel), func(*echo.Context) string { return "" }))
	e2.GET("/ok", func(c *echo.Context) error { return c.String(http.StatusOK, "hola") })
	e2.POST("/ok", func(c *echo.Context) error { return c.NoContent(http.StatusCreated) })
	e2.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/ok", nil))
	if out.Len() != 0 {
		t.Errorf("a quick read at info level logged %q", out.String())
	}
	e2.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/ok", nil))
	if out.Len() == 0 {
		t.Error("a write at info level logged nothing")
	}
}
