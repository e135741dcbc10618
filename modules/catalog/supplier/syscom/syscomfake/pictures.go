package syscomfake

import (
	"bytes"
	"encoding/json"
	"hash/fnv"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strconv"
	"strings"
)

// The distributor's pictures live on its file host; the fake can serve them itself, so that an
// import downloads real pictures with no network: ServePictures rewrites the file host's picture
// addresses in every answer to base (the fake's own address) and answers them with a small
// generated PNG, the same for the same path.

const picturesHost = "https://ftp3.syscom.mx/usuarios/fotos/"

// ServePictures makes the fake serve the catalogue's pictures at base + /usuarios/fotos/....
func (s *Server) ServePictures(base string) {
	s.mu.Lock()
	s.picturesBase = strings.TrimRight(base, "/") + "/usuarios/fotos/"
	s.mu.Unlock()
}

// SetPrice sets a product's list price in US cents (its other prices follow), for tests of a
// sync; false when the catalogue has no such product.
func (s *Server) SetPrice(productoID string, usdCents int64) bool {
	id, err := strconv.Atoi(productoID)
	if err != nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	i, ok := s.catalog.byID[id]
	if ok {
		s.catalog.items[i].usdCent = usdCents
	}
	return ok
}

// writeAnswer writes an API answer, with the picture addresses on the fake when it serves them.
func (s *Server) writeAnswer(w http.ResponseWriter, status int, v any) {
	s.mu.Lock()
	base := s.picturesBase
	s.mu.Unlock()
	if base == "" {
		writeJSON(w, status, v)
		return
	}
	var b bytes.Buffer
	_ = json.NewEncoder(&b).Encode(v)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(bytes.ReplaceAll(b.Bytes(), []byte(picturesHost), []byte(base)))
}

// picture answers a generated 64x48 PNG in a colour of the path.
func picture(w http.ResponseWriter, r *http.Request) {
	h := fnv.New32a()
	_, _ = h.Write([]byte(r.URL.Path))
	sum := h.Sum32()
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	c := color.RGBA{R: uint8(sum), G: uint8(sum >> 8), B: uint8(sum >> 16), A: 255} //nolint:gosec // G115: bytes of a hash
	for y := range 48 {
		for x := range 64 {
			img.Set(x, y, c)
		}
	}
	w.Header().Set("Content-Type", "image/png")
	_ = png.Encode(w, img)
}
