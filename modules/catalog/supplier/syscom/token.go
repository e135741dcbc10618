package syscom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// The access token: asked for with the client credentials on first use, kept, and asked for
// again a tenth of its life before it expires (at most an hour before), or at once when the API
// refuses it. One request for a token at a time: callers that need one meanwhile wait for it.

// cachedToken returns the kept token while it is not due for renewal.
func (c *Client) cachedToken() (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tok, c.tok != "" && c.now().Before(c.renewAt)
}

// dropToken forgets tok, after the API refused it (unless another caller already replaced it).
func (c *Client) dropToken(tok string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tok == tok {
		c.tok = ""
	}
}

// token returns a token that is not due for renewal, asking for one when needed.
func (c *Client) token(ctx context.Context) (string, error) {
	if tok, ok := c.cachedToken(); ok {
		return tok, nil
	}
	select {
	case c.refresh <- struct{}{}:
	case <-ctx.Done():
		return "", fmt.Errorf("syscom token: %w", ctx.Err())
	}
	defer func() { <-c.refresh }()
	if tok, ok := c.cachedToken(); ok { // another caller got it while this one waited
		return tok, nil
	}
	asked := c.now()
	tok, life, err := c.fetchToken(ctx)
	if err != nil {
		return "", err
	}
	margin := min(life/10, time.Hour)
	c.mu.Lock()
	c.tok, c.renewAt = tok, asked.Add(life-margin)
	c.tokens++
	c.mu.Unlock()
	return tok, nil
}

// fetchToken asks for a token with the client credentials (a form body, not JSON).
func (c *Client) fetchToken(ctx context.Context) (string, time.Duration, error) {
	const op = "syscom POST oauth/token"
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	form := url.Values{"client_id": {c.clientID}, "client_secret": {c.clientSecret}, "grant_type": {"client_credentials"}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/oauth/token", strings.NewReader(form.Encode()))
	if err != nil {
		return "", 0, fmt.Errorf("%s: %w", op, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", 0, fmt.Errorf("%s: %w: %w", op, ErrNoDisponible, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return "", 0, fmt.Errorf("%s: %w: %w", op, ErrNoDisponible, err)
	}
	var ans struct {
		TokenType   string `json:"token_type"`
		ExpiresIn   count  `json:"expires_in"`
		AccessToken string `json:"access_token"`
		Error       string `json:"error"`
	}
	decodeErr := json.Unmarshal(body, &ans)
	switch {
	case resp.StatusCode == http.StatusUnauthorized || ans.Error == "invalid_client":
		return "", 0, fmt.Errorf("%s: status %d %s: %w", op, resp.StatusCode, ans.Error, ErrCredenciales)
	case resp.StatusCode >= 500:
		return "", 0, fmt.Errorf("%s: status %d: %w", op, resp.StatusCode, ErrNoDisponible)
	case resp.StatusCode != http.StatusOK || decodeErr != nil || ans.AccessToken == "" || ans.ExpiresIn <= 0 || !strings.EqualFold(ans.TokenType, "Bearer"):
		return "", 0, fmt.Errorf("%s: status %d, unreadable token answer: %w", op, resp.StatusCode, errors.Join(ErrRespuesta, decodeErr))
	}
	return ans.AccessToken, time.Duration(ans.ExpiresIn) * time.Second, nil
}
