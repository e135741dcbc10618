package catalog

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"regexp"
	"strings"
	"sync"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
)

// Uploaded images. The admin form sends the picture as a data URL inside the product. The server
// checks it, stores it once in the imagenes collection under the hash of its bytes, and keeps only
// the short URL /v1/imagenes/{id} in the product, so list answers and the in-memory catalogue stay
// small. The URL never changes meaning (a new picture is a new hash), so browsers may cache it for
// a year, and a small cache in memory saves the store a read per view.

const (
	maxImageBytes  = 5 << 20 // decoded size
	imageURLPrefix = "/v1/imagenes/"
)

var (
	imageIDPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)
	imageTypes     = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true}
)

var errImageType = apperr.InvalidFields("La imagen debe ser JPEG, PNG o WebP.",
	map[string]string{"imagen": "La imagen debe ser JPEG, PNG o WebP."})

// parseDataURL decodes a data URL and checks its type (by its bytes, not only its label) and size.
func parseDataURL(s string) (storedImage, error) {
	head, data, ok := strings.Cut(strings.TrimPrefix(s, "data:"), ",")
	if !ok || !strings.HasSuffix(head, ";base64") {
		return storedImage{}, errImageType
	}
	declared := strings.ToLower(strings.TrimSuffix(head, ";base64"))
	if !imageTypes[declared] {
		return storedImage{}, errImageType
	}
	if base64.StdEncoding.DecodedLen(len(data)) > maxImageBytes+3 {
		return storedImage{}, errImageTooLarge
	}
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return storedImage{}, apperr.InvalidFields("La imagen está dañada.", map[string]string{"imagen": "La imagen está dañada; elige otra."})
	}
	if len(raw) > maxImageBytes {
		return storedImage{}, errImageTooLarge
	}
	if len(raw) == 0 || http.DetectContentType(raw) != declared {
		return storedImage{}, errImageType
	}
	sum := sha256.Sum256(raw)
	return storedImage{ID: hex.EncodeToString(sum[:16]), Tipo: declared, Tamano: len(raw), Datos: raw}, nil
}

var errImageTooLarge = apperr.InvalidFields("La imagen pesa más de 5 MB. Elige una imagen más ligera.",
	map[string]string{"imagen": "La imagen pesa más de 5 MB. Elige una imagen más ligera."})

// checkImageURL accepts what a product may point to besides a new upload: one of our images or an
// external http(s) address (supplier products).
func checkImageURL(s string) error {
	switch {
	case s == "":
		return nil
	case strings.HasPrefix(s, imageURLPrefix):
		rest := strings.TrimPrefix(s, imageURLPrefix)
		if imageIDPattern.MatchString(rest) || demoImageName.MatchString(strings.TrimPrefix(rest, "demo/")) {
			return nil
		}
	case (strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")) && len(s) <= 2000 && !strings.ContainsAny(s, " \"'<>"):
		return nil
	}
	return apperr.InvalidFields("Revisa los datos marcados.",
		map[string]string{"imagen": "Sube una imagen JPEG, PNG o WebP, o indica una dirección web válida."})
}

// uploadedImageID returns the image id of one of our uploaded images' URL, or "".
func uploadedImageID(url string) string {
	id := strings.TrimPrefix(url, imageURLPrefix)
	if id != url && imageIDPattern.MatchString(id) {
		return id
	}
	return ""
}

// imageCache keeps recently served images, up to a number of bytes.
type imageCache struct {
	mu    sync.Mutex
	max   int
	size  int
	items map[string]storedImage
	order []string // oldest first
}

func newImageCache(maxBytes int) *imageCache {
	return &imageCache{max: maxBytes, items: map[string]storedImage{}}
}

func (c *imageCache) get(id string) (storedImage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	img, ok := c.items[id]
	return img, ok
}

func (c *imageCache) put(img storedImage) {
	if len(img.Datos) > c.max/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[img.ID]; ok {
		return
	}
	for c.size+len(img.Datos) > c.max && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.size -= len(c.items[old].Datos)
		delete(c.items, old)
	}
	c.items[img.ID] = img
	c.order = append(c.order, img.ID)
	c.size += len(img.Datos)
}

func (c *imageCache) drop(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if img, ok := c.items[id]; ok {
		c.size -= len(img.Datos)
		delete(c.items, id)
		for i, x := range c.order {
			if x == id {
				c.order = append(c.order[:i:i], c.order[i+1:]...)
				break
			}
		}
	}
}

// imageByID returns an uploaded image; apperr.NotFound when there is none.
func (s *Service) imageByID(ctx context.Context, id string) (storedImage, error) {
	if !imageIDPattern.MatchString(id) {
		return storedImage{}, apperr.New(apperr.NotFound, "Imagen no disponible")
	}
	if img, ok := s.images.get(id); ok {
		return img, nil
	}
	img, err := s.store.image(ctx, id)
	if err != nil {
		return storedImage{}, err
	}
	s.images.put(img)
	return img, nil
}

// serveImage answers GET /v1/imagenes/{id} with the picture and year-long cache headers.
func (m *Module) serveImage(c *echo.Context) error {
	id := c.Param("id")
	if inm := c.Request().Header.Get("If-None-Match"); inm != "" && inm == `"`+id+`"` && imageIDPattern.MatchString(id) {
		c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=31536000, immutable")
		return c.NoContent(http.StatusNotModified)
	}
	img, err := m.service.imageByID(c.Request().Context(), id)
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, "public, max-age=31536000, immutable")
	h.Set("ETag", `"`+img.ID+`"`)
	return c.Blob(http.StatusOK, img.Tipo, img.Datos)
}
