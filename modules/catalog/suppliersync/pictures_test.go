package suppliersync

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A picture's download never reaches the shop's own network: a loopback address (and a name that
// resolves to one, and a redirect to one) is refused unless the test's allow-list names it.
func TestPicturesFromPrivateAddressesAreRefused(t *testing.T) {
	en := newEnv(t)
	hit := 0
	inside := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hit++
		_, _ = w.Write([]byte("secreto de la red interna"))
	}))
	t.Cleanup(inside.Close)
	redirect := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, inside.URL+"/x.jpg", http.StatusFound)
	}))
	t.Cleanup(redirect.Close)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(inside.URL, "http://"))
	ctx := context.Background()
	for _, u := range []string{inside.URL + "/x.jpg", "http://localhost:" + port + "/x.jpg", "http://[::1]:" + port + "/x.jpg",
		"http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/x.jpg", "http://0.0.0.0:" + port + "/x.jpg"} {
		if _, err := en.m.storePicture(ctx, u); !errors.Is(err, errPrivateAddress) {
			t.Errorf("%s: %v, want refused", u, err)
		}
	}
	// A redirect from an allowed host to a private one is refused at the dial too.
	m := New(Deps{Store: en.db, Catalog: en.cat.Service(), PictureHosts: []string{strings.TrimPrefix(redirect.URL, "http://")}})
	if _, err := m.storePicture(ctx, redirect.URL+"/a.jpg"); !errors.Is(err, errPrivateAddress) {
		t.Errorf("redirect: %v, want refused", err)
	}
	if hit != 0 {
		t.Fatalf("the private server was reached %d times", hit)
	}
	// Public addresses are what the distributor's pictures are on.
	for _, ip := range []string{"8.8.8.8", "2001:4860:4860::8888", "200.57.1.1"} {
		if !publicIP(net.ParseIP(ip)) {
			t.Errorf("%s: not public", ip)
		}
	}
	for _, ip := range []string{"192.168.1.10", "172.16.0.1", "100.64.0.1", "fe80::1", "fc00::1", "127.0.0.1", "::"} {
		if publicIP(net.ParseIP(ip)) {
			t.Errorf("%s: public", ip)
		}
	}
}

// Redirects are bounded.
func TestPictureRedirectsAreBounded(t *testing.T) {
	en := newEnv(t)
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, srv.URL+r.URL.Path+"x", http.StatusFound)
	}))
	t.Cleanup(srv.Close)
	m := New(Deps{Store: en.db, Catalog: en.cat.Service(), PictureHosts: []string{strings.TrimPrefix(srv.URL, "http://")}})
	if _, err := m.storePicture(context.Background(), srv.URL+"/a"); err == nil || !strings.Contains(err.Error(), "too many redirects") {
		t.Fatalf("%v, want too many redirects", err)
	}
}
