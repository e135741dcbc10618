package suppliersync

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"syscall"
	"time"
)

// maxPictureBytes bounds a downloaded picture, as an upload is bounded.
const maxPictureBytes = 5 << 20

// maxPictureRedirects bounds the redirects a picture's download follows.
const maxPictureRedirects = 3

// errPrivateAddress: a picture's address resolved to the shop's own network (loopback, private,
// link-local, unspecified or multicast), which a distributor's picture never is.
var errPrivateAddress = errors.New("picture: the address is not a public one")

// pictureClient is the client that downloads the distributor's pictures. The dialer checks the
// address it is about to connect to (after DNS, so a name that resolves to 127.0.0.1 or to the
// cloud's metadata address is refused too, and so is every redirect's); allow lists host:port
// pairs a test or the fake Syscom of `task run` serves pictures from (never set in production).
func pictureClient(allow []string) *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second, Control: func(_, address string, _ syscall.RawConn) error {
		if slices.Contains(allow, address) {
			return nil
		}
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return err
		}
		ip := net.ParseIP(host)
		if ip == nil || !publicIP(ip) {
			return fmt.Errorf("%w: %s", errPrivateAddress, address)
		}
		return nil
	}}
	tr := &http.Transport{Proxy: nil, DialContext: dialer.DialContext, TLSHandshakeTimeout: 10 * time.Second,
		ResponseHeaderTimeout: 15 * time.Second, MaxIdleConnsPerHost: 2, IdleConnTimeout: 30 * time.Second}
	return &http.Client{Timeout: 20 * time.Second, Transport: tr, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) > maxPictureRedirects {
			return errors.New("picture: too many redirects")
		}
		if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
			return errors.New("picture: redirected to an address that is not http(s)")
		}
		return nil
	}}
}

// publicIP tells whether ip is an address on the public internet.
func publicIP(ip net.IP) bool {
	return !(ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() ||
		sharedAddressSpace.Contains(ip) || ip.Equal(net.IPv4bcast))
}

// sharedAddressSpace is 100.64.0.0/10 (carrier-grade NAT), which IsPrivate does not cover.
var sharedAddressSpace = &net.IPNet{IP: net.IPv4(100, 64, 0, 0), Mask: net.CIDRMask(10, 32)}

// storePicture downloads a picture (http or https only, from a public address, at most 5 MB and 3
// redirects, within the client's timeout) and stores it through the catalogue's upload path
// (resized, served by the shop: never hot-linked); it answers the shop's URL of it.
func (m *Module) storePicture(ctx context.Context, raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("picture %q: not an http(s) address", raw)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return "", err
	}
	resp, err := m.pictures.Do(req)
	if err != nil {
		return "", fmt.Errorf("picture %s: %w", raw, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("picture %s: status %d", raw, resp.StatusCode)
	}
	if resp.ContentLength > maxPictureBytes {
		return "", fmt.Errorf("picture %s: larger than 5 MB", raw)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxPictureBytes+1))
	if err != nil {
		return "", fmt.Errorf("picture %s: %w", raw, err)
	}
	if len(body) > maxPictureBytes {
		return "", fmt.Errorf("picture %s: larger than 5 MB", raw)
	}
	return m.cat.StoreImage(ctx, body)
}
