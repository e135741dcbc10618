package syscomfake

import (
	"crypto/rand"
	"encoding/hex"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Access as the distributor's API answers it. The distributor's public integrations give the token
// call and its answer, the Bearer header and the 60-requests-a-minute limit; they do not give the
// error bodies. The API is served by a Laravel application with Passport (its /oauth/token route),
// so the fake answers as those do: a bad client is 401 invalid_client, a missing, unknown or
// expired token is 401 {"message":"Unauthenticated."}, and a client over its limit gets 429
// {"message":"Too Many Attempts."} with Retry-After (whole seconds) and the X-RateLimit headers,
// counted in fixed windows that start with the client's first request.

type token struct {
	client  string
	expires time.Time
}

type window struct {
	start time.Time
	hits  int
}

// issueToken answers POST /oauth/token.
func (s *Server) issueToken(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		writeJSON(w, http.StatusBadRequest, oauthError("invalid_request", "The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed."))
		return
	}
	if r.PostForm.Get("grant_type") != "client_credentials" {
		writeJSON(w, http.StatusBadRequest, oauthError("unsupported_grant_type", "The authorization grant type is not supported by the authorization server."))
		return
	}
	id, secret := r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	if u, p, ok := r.BasicAuth(); ok && id == "" {
		id, secret = u, p // Passport also takes the client in a Basic header
	}
	if id == "" || id != s.clientID || secret != s.clientSecret {
		writeJSON(w, http.StatusUnauthorized, oauthError("invalid_client", "Client authentication failed"))
		return
	}
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	tok := hex.EncodeToString(b)
	s.mu.Lock()
	now := s.clock()
	s.tokens[tok] = token{client: id, expires: now.Add(s.tokenTTL)}
	s.issued++
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"token_type": "Bearer", "expires_in": int64(s.tokenTTL / time.Second), "access_token": tok})
}

func oauthError(code, description string) map[string]string {
	return map[string]string{"error": code, "error_description": description, "message": description}
}

// authorize checks the Bearer token and counts the request against its client's limit; it answers
// and returns false when the request may not go on.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) bool {
	auth := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(auth, "Bearer ")
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.clock()
	t, known := s.tokens[tok]
	if !ok || !known || !now.Before(t.expires) {
		s.refused++
		writeJSON(w, http.StatusUnauthorized, map[string]string{"message": "Unauthenticated."})
		return false
	}
	win := s.windows[t.client]
	if win == nil || !now.Before(win.start.Add(s.window)) {
		win = &window{start: now}
		s.windows[t.client] = win
	}
	reset := win.start.Add(s.window)
	w.Header().Set("X-RateLimit-Limit", strconv.Itoa(s.limit))
	if win.hits >= s.limit || s.throttleNext > 0 {
		if s.throttleNext > 0 {
			s.throttleNext--
			reset = now.Add(time.Second)
		}
		s.throttled++
		retry := int(math.Ceil(reset.Sub(now).Seconds()))
		w.Header().Set("Retry-After", strconv.Itoa(max(retry, 1)))
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset", strconv.FormatInt(reset.Unix(), 10))
		writeJSON(w, http.StatusTooManyRequests, map[string]string{"message": "Too Many Attempts."})
		return false
	}
	win.hits++
	w.Header().Set("X-RateLimit-Remaining", strconv.Itoa(s.limit-win.hits))
	return true
}

// RevokeTokens forgets every token issued so far: the next call with one is refused, as after the
// distributor revokes an application's tokens.
func (s *Server) RevokeTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens = map[string]token{}
}

// ThrottleNext answers the next n API calls 429 with Retry-After: 1, whatever the count.
func (s *Server) ThrottleNext(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.throttleNext = n
}

// BreakNext answers the next n API calls with replies a client cannot read: a cut JSON body, an
// HTML error page with status 200, and fields of the wrong type, in turn.
func (s *Server) BreakNext(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.breakNext = n
}

// Stats are the fake's counts since it started.
type Stats struct {
	TokensIssued int `json:"tokens"`     // tokens handed out
	Refused      int `json:"rechazadas"` // calls refused for their token
	Throttled    int `json:"limitadas"`  // calls answered 429
	Served       int `json:"servidas"`   // API calls answered (any status but 401 and 429)
}

// Stats returns the counts so far.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Stats{TokensIssued: s.issued, Refused: s.refused, Throttled: s.throttled, Served: s.served}
}
