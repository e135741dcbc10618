// Package syscom is the client of the distributor Syscom's API (OAuth2 client credentials, then
// categories, brands, product searches and details, the exchange rate), decoding its loosely
// typed answers into Go values: dollar prices in cents (USD), rates in ten-thousandths (Rate),
// and the shop's pkg/money for pesos.
//
// It lives under modules/catalog rather than pkg/ because it is part of the catalogue's supplier
// import, not a general library: its errors carry the Spanish texts the shop's staff read in
// 'Catálogo del proveedor' (UserMessage), and only the catalogue uses it.
//
// A Client keeps one token, renewed before it expires, and keeps under the distributor's limit of
// 60 requests a minute by itself (50 a minute by default); a 429 is retried after the time the
// answer names, and every caller waits that long. Every call has a deadline (Config.Timeout, or
// the caller's context when sooner).
package syscom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"tienda/pkg/apperr"
)

// DefaultBaseURL is the distributor's API host; the API is under /api/v1/ and the token call at
// /oauth/token.
const DefaultBaseURL = "https://developers.syscom.mx"

// The kinds of failure, as the shop's one error type with the Spanish text staff read (the HTTP
// error handler shows it). Errors returned by the client wrap one of these with the operation and
// the details, for the logs; errors.Is tells them apart.
var (
	ErrCredenciales = apperr.New(apperr.Invalid, "Syscom no aceptó el ID de cliente y el secreto: revísalos en tu cuenta de desarrollador de Syscom.")
	ErrNoEncontrado = apperr.New(apperr.NotFound, "Syscom no tiene ese producto, categoría o marca.")
	ErrLimite       = apperr.New(apperr.TooMany, "Syscom pidió esperar antes de más consultas: intenta de nuevo en un minuto.")
	ErrNoDisponible = apperr.New(apperr.Unavailable, "Syscom no responde por ahora: intenta de nuevo más tarde.")
	ErrRespuesta    = apperr.New(apperr.Unavailable, "Syscom respondió algo que no se pudo leer: intenta de nuevo más tarde.")
)

// UserMessage is the Spanish text for an error of the client, for a user to read.
func UserMessage(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.PublicMessage()
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "Syscom tardó demasiado en responder: intenta de nuevo más tarde."
	}
	return "No se pudo consultar a Syscom: intenta de nuevo más tarde."
}

// Config configures a Client.
type Config struct {
	BaseURL                string // DefaultBaseURL when empty
	ClientID, ClientSecret string
	HTTPClient             *http.Client // http.DefaultClient's transport, with no timeout of its own, when nil
	// RequestsPerMinute is the pace of API calls, spread evenly: 50 when 0 (well under the
	// distributor's 60), none when negative (tests).
	RequestsPerMinute int
	// Timeout bounds each request; 30 s when 0.
	Timeout time.Duration
	// MaxRetries is how many times a 429 or a 5xx answer is tried again; 3 when 0.
	MaxRetries int
	// Now is the clock for the token's life; time.Now when nil.
	Now func() time.Time
}

// Client calls the distributor's API. It is safe for concurrent use.
type Client struct {
	base, clientID, clientSecret string
	http                         *http.Client
	limiter                      *rate.Limiter
	timeout                      time.Duration
	retries                      int
	now                          func() time.Time
	refresh                      chan struct{} // held while a token is asked for

	mu         sync.Mutex
	tok        string
	renewAt    time.Time
	tokens     int       // tokens obtained
	pauseUntil time.Time // no request before this, after a 429
}

// New returns a client; it makes no request until the first call.
func New(cfg Config) (*Client, error) {
	if strings.TrimSpace(cfg.ClientID) == "" || strings.TrimSpace(cfg.ClientSecret) == "" {
		return nil, fmt.Errorf("syscom: client id and secret needed: %w", ErrCredenciales)
	}
	c := &Client{
		base: strings.TrimRight(cfg.BaseURL, "/"), clientID: cfg.ClientID, clientSecret: cfg.ClientSecret,
		http: cfg.HTTPClient, timeout: cfg.Timeout, retries: cfg.MaxRetries, now: cfg.Now,
		refresh: make(chan struct{}, 1),
	}
	if c.base == "" {
		c.base = DefaultBaseURL
	}
	if _, err := url.Parse(c.base); err != nil {
		return nil, fmt.Errorf("syscom: base URL: %w", err)
	}
	if c.http == nil {
		c.http = &http.Client{}
	}
	if c.timeout <= 0 {
		c.timeout = 30 * time.Second
	}
	if c.retries <= 0 {
		c.retries = 3
	}
	if c.now == nil {
		c.now = time.Now
	}
	switch perMin := cfg.RequestsPerMinute; {
	case perMin < 0:
		c.limiter = rate.NewLimiter(rate.Inf, 1)
	case perMin == 0:
		c.limiter = rate.NewLimiter(rate.Every(time.Minute/50), 1)
	default:
		c.limiter = rate.NewLimiter(rate.Every(time.Minute/time.Duration(perMin)), 1)
	}
	return c, nil
}

// TokensObtained is how many tokens the client has asked for and got.
func (c *Client) TokensObtained() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tokens
}

// get calls GET /api/v1/<path> and decodes its JSON answer into out. A refused token is dropped
// and the call made once more with a new one; a 429 waits for its Retry-After and a 5xx for a
// growing pause, up to the retries allowed.
func (c *Client) get(ctx context.Context, path string, q url.Values, out any) error {
	op := "syscom GET " + path
	refused := false
	for attempt := 0; ; attempt++ {
		status, header, body, tok, err := c.send(ctx, path, q)
		if err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
		switch {
		case status == http.StatusOK:
			if err := json.Unmarshal(body, out); err != nil {
				return fmt.Errorf("%s: %w: %w", op, ErrRespuesta, err)
			}
			return nil
		case status == http.StatusUnauthorized && !refused:
			refused = true
			c.dropToken(tok)
			continue
		case status == http.StatusUnauthorized:
			return fmt.Errorf("%s: a new token was refused too: %w", op, ErrCredenciales)
		case status == http.StatusNotFound:
			return fmt.Errorf("%s: %w", op, ErrNoEncontrado)
		case status == http.StatusTooManyRequests && attempt < c.retries:
			if err := c.backOff(ctx, retryAfter(header, c.now())); err != nil {
				return fmt.Errorf("%s: %w: %w", op, ErrLimite, err)
			}
		case status == http.StatusTooManyRequests:
			return fmt.Errorf("%s: still 429 after %d tries: %w", op, attempt+1, ErrLimite)
		case status >= 500 && attempt < c.retries:
			if err := c.backOff(ctx, time.Duration(attempt+1)*time.Second); err != nil {
				return fmt.Errorf("%s: status %d: %w: %w", op, status, ErrNoDisponible, err)
			}
		case status >= 500:
			return fmt.Errorf("%s: status %d: %w", op, status, ErrNoDisponible)
		default:
			return fmt.Errorf("%s: status %d: %.200s: %w", op, status, body, ErrRespuesta)
		}
	}
}

// send makes one request at the client's pace, with a token, and reads its answer.
func (c *Client) send(ctx context.Context, path string, q url.Values) (int, http.Header, []byte, string, error) {
	if err := c.wait(ctx); err != nil {
		return 0, nil, nil, "", err
	}
	tok, err := c.token(ctx)
	if err != nil {
		return 0, nil, nil, "", err
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	u := c.base + "/api/v1/" + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return 0, nil, nil, "", err
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, nil, "", fmt.Errorf("%w: %w", ErrNoDisponible, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 32<<20))
	if err != nil {
		return 0, nil, nil, "", fmt.Errorf("%w: %w", ErrNoDisponible, err)
	}
	return resp.StatusCode, resp.Header, body, tok, nil
}

// wait holds a request until the client's pace and any pause after a 429 allow it.
func (c *Client) wait(ctx context.Context) error {
	c.mu.Lock()
	pause := time.Until(c.pauseUntil)
	c.mu.Unlock()
	if pause > 0 {
		if err := sleep(ctx, pause); err != nil {
			return err
		}
	}
	return c.limiter.Wait(ctx)
}

// maxBackOff bounds a wait the distributor asks for: its window is a minute, so a longer wait is
// an answer to give up on, not to sit through.
const maxBackOff = 2 * time.Minute

// backOff pauses every caller of the client for d; it fails at once when ctx ends sooner or d is
// past maxBackOff.
func (c *Client) backOff(ctx context.Context, d time.Duration) error {
	if d > maxBackOff {
		return fmt.Errorf("asked to wait %v", d)
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < d {
		return fmt.Errorf("the wait of %v outlasts the call's deadline: %w", d, context.DeadlineExceeded)
	}
	c.mu.Lock()
	if until := time.Now().Add(d); until.After(c.pauseUntil) {
		c.pauseUntil = until
	}
	c.mu.Unlock()
	return nil
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// retryAfter reads a 429's Retry-After (seconds or an HTTP date); a minute when it has none, the
// length of the distributor's window.
func retryAfter(h http.Header, now time.Time) time.Duration {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return time.Minute
}
