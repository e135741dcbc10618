package suppliersync

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
)

// maxPictureBytes bounds a downloaded picture, as an upload is bounded.
const maxPictureBytes = 5 << 20

// storePicture downloads a picture (http or https only, at most 5 MB, within the client's
// timeout) and stores it through the catalogue's upload path (resized, served by the shop: never
// hot-linked); it answers the shop's URL of it.
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
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxPictureBytes+1))
	if err != nil {
		return "", fmt.Errorf("picture %s: %w", raw, err)
	}
	if len(body) > maxPictureBytes {
		return "", fmt.Errorf("picture %s: larger than 5 MB", raw)
	}
	return m.cat.StoreImage(ctx, body)
}
