package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// browserHeaders are what Chromium sends with the React app's fetch calls that matter to the
// server: the encodings it accepts decide whether the answer is gzipped.
var browserHeaders = map[string]string{
	"Accept":          "*/*",
	"Accept-Encoding": "gzip, deflate, br, zstd",
	"Accept-Language": "es-MX,es;q=0.9",
	"User-Agent":      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
}

// newClient is an HTTP client that keeps up to n connections open to one host, as a crowd of
// browsers each with its own connection would. It never decompresses: Accept-Encoding is set by
// hand, so the bytes read are the bytes sent.
func newClient(n int) *http.Client {
	return &http.Client{
		Timeout: 5 * time.Minute,
		Transport: &http.Transport{
			DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
			MaxIdleConns:        n * 2,
			MaxIdleConnsPerHost: n * 2,
			MaxConnsPerHost:     0,
			IdleConnTimeout:     time.Minute,
			DisableCompression:  true,
		},
	}
}

// api calls the shop's HTTP API.
type api struct {
	base   string
	client *http.Client
}

// call sends a request with an optional JSON body and token, reads the whole answer and checks
// the status.
func (a *api) call(ctx context.Context, method, path, token string, body any, want int) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, rd)
	if err != nil {
		return nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := a.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, fmt.Errorf("%s %s: read the answer: %w", method, path, err)
	}
	if res.StatusCode != want {
		return b, fmt.Errorf("%s %s: status %d (want %d): %.300s", method, path, res.StatusCode, want, b)
	}
	return b, nil
}

// login signs in and returns the session token.
func (a *api) login(ctx context.Context, email, password string) (string, error) {
	b, err := a.call(ctx, http.MethodPost, "/v1/usuarios/login", "", map[string]string{"email": email, "password": password}, http.StatusOK)
	if err != nil {
		return "", fmt.Errorf("log in as %s (the binary must create the demo accounts with DEMO_DATA=true): %w", email, err)
	}
	var out struct {
		Data struct {
			Token string `json:"token"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &out); err != nil || out.Data.Token == "" {
		return "", fmt.Errorf("log in as %s: no token in %.200s", email, b)
	}
	return out.Data.Token, nil
}

// getBrowser is one GET as the browser sends it. It returns the raw answer: status, headers and
// body bytes (compressed if the server compressed them).
func getBrowser(ctx context.Context, c *http.Client, url string) (int, http.Header, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, nil, nil, err
	}
	for k, v := range browserHeaders {
		req.Header.Set(k, v)
	}
	res, err := c.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, b, err
}

// result is what one load scenario measured.
type result struct {
	lat      []time.Duration // one per successful request, sorted
	errs     int64
	elapsed  time.Duration
	firstErr error
}

func (r result) rate() float64 {
	if r.elapsed <= 0 {
		return 0
	}
	return float64(len(r.lat)) / r.elapsed.Seconds()
}

// pct is the p-th percentile (nearest rank) of the sorted latencies.
func (r result) pct(p float64) time.Duration {
	if len(r.lat) == 0 {
		return 0
	}
	i := int(float64(len(r.lat))*p/100+0.999999) - 1
	return r.lat[min(max(i, 0), len(r.lat)-1)]
}

// closedLoop runs `clients` workers, each sending its next request as soon as the previous one
// answered, for dur or until n requests in all (n > 0). do gets the request's sequence number.
// When the time is up no new request starts, and those in flight finish and count: cutting a write
// off half-way would measure something else.
func closedLoop(ctx context.Context, clients int, dur time.Duration, n int, do func(ctx context.Context, i int) error) result {
	var (
		seq      atomic.Int64
		errs     atomic.Int64
		mu       sync.Mutex
		all      []time.Duration
		firstErr error
	)
	start := time.Now()
	deadline := start.Add(dur)
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			lat := make([]time.Duration, 0, 1024)
			for ctx.Err() == nil {
				if n <= 0 && time.Now().After(deadline) {
					break
				}
				i := int(seq.Add(1) - 1)
				if n > 0 && i >= n {
					break
				}
				t0 := time.Now()
				err := do(ctx, i)
				d := time.Since(t0)
				if err != nil {
					if ctx.Err() != nil {
						break // interrupted, not a failure of the server
					}
					if errs.Add(1) == 1 {
						mu.Lock()
						firstErr = err
						mu.Unlock()
					}
					continue
				}
				lat = append(lat, d)
			}
			mu.Lock()
			all = append(all, lat...)
			mu.Unlock()
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(all)
	return result{lat: all, errs: errs.Load(), elapsed: elapsed, firstErr: firstErr}
}

// recorded is an answer captured from the shop, to be served again byte for byte.
type recorded struct {
	status int
	header http.Header
	body   []byte
}

// bareServer serves recorded answers from memory with nothing but net/http, on a loopback port:
// the floor a storefront answer could reach on this machine. It runs in a process of its own
// (this program with -bare), as the shop does, so that both pay the same for sharing the CPUs
// with the load generator; inside this process it would be scheduled with its clients and look
// faster than any server could be.
type bareServer struct {
	mu    sync.RWMutex
	pages map[string]recorded // by request URI
}

// bareRecordPath is where the bench hands the bare process an answer to serve.
const bareRecordPath = "/_bare/record"

// bareAnswer is a recorded answer on its way to the bare process.
type bareAnswer struct {
	URI    string      `json:"uri"`
	Status int         `json:"status"`
	Header http.Header `json:"header"`
	Body   []byte      `json:"body"`
}

// serveBare is the bare process: it prints its address, serves until its standard input closes
// (the bench ended or died) and takes new answers at bareRecordPath.
func serveBare() error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("start the bare server: %w", err)
	}
	srv := &http.Server{Handler: &bareServer{pages: map[string]recorded{}}, ReadHeaderTimeout: 10 * time.Second}
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); _ = srv.Close() }()
	fmt.Println("http://" + ln.Addr().String())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func (b *bareServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == bareRecordPath && r.Method == http.MethodPost {
		var a bareAnswer
		if err := json.NewDecoder(r.Body).Decode(&a); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		b.mu.Lock()
		b.pages[a.URI] = recorded{status: a.Status, header: a.Header, body: a.Body}
		b.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
		return
	}
	b.mu.RLock()
	p, ok := b.pages[r.URL.RequestURI()]
	b.mu.RUnlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	for k, v := range p.header {
		h[k] = v
	}
	w.WriteHeader(p.status)
	_, _ = w.Write(p.body)
}

// bareProcess is the bench's handle on the bare process.
type bareProcess struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	url   string
}

// startBare starts this program again with -bare and reads the address it serves on.
func startBare() (*bareProcess, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("start the bare server: %w", err)
	}
	cmd := exec.Command(self, "-bare") //nolint:gosec // this very program, started again as the bare server
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = childAttrs()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("start the bare server: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start the bare server: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start the bare server: %w", err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		_ = stdin.Close()
		_ = cmd.Wait()
		return nil, fmt.Errorf("start the bare server: no address: %w", err)
	}
	return &bareProcess{cmd: cmd, stdin: stdin, url: strings.TrimSpace(line)}, nil
}

// record fetches uri from the shop as a browser would and hands the answer to the bare process.
func (b *bareProcess) record(ctx context.Context, c *http.Client, shop, uri string) (recorded, error) {
	status, h, body, err := getBrowser(ctx, c, shop+uri)
	if err != nil {
		return recorded{}, fmt.Errorf("GET %s: %w", uri, err)
	}
	if status != http.StatusOK {
		return recorded{}, fmt.Errorf("GET %s: status %d: %.300s", uri, status, body)
	}
	h = h.Clone()
	for _, k := range []string{"Date", "Content-Length", "Transfer-Encoding"} {
		h.Del(k) // net/http sets these itself
	}
	payload, err := json.Marshal(bareAnswer{URI: uri, Status: status, Header: h, Body: body})
	if err != nil {
		return recorded{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.url+bareRecordPath, bytes.NewReader(payload))
	if err != nil {
		return recorded{}, err
	}
	res, err := c.Do(req)
	if err != nil {
		return recorded{}, fmt.Errorf("hand %s to the bare server: %w", uri, err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusNoContent {
		return recorded{}, fmt.Errorf("hand %s to the bare server: status %d", uri, res.StatusCode)
	}
	return recorded{status: status, header: h, body: body}, nil
}

// close ends the bare process by closing its standard input.
func (b *bareProcess) close() {
	_ = b.stdin.Close()
	_ = b.cmd.Wait()
}

// describe says how an answer was encoded, for the table's notes.
func (r recorded) describe() string {
	enc := r.header.Get("Content-Encoding")
	if enc == "" {
		enc = "identity"
	}
	return fmt.Sprintf("%s, %s, %d B", strings.Split(r.header.Get("Content-Type"), ";")[0], enc, len(r.body))
}
