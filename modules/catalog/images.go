package catalog

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/democatalog"
	"tienda/pkg/imaging"
)

// Uploaded images. The admin form sends the picture as a data URL inside the product. The server
// checks it, resizes it (image_renditions.go: the shop's sizes; pkg/imaging: the work), stores it
// once in the imagenes collection under the hash of its bytes and its sizes in imagenes_anchos,
// and keeps only the short URL /v1/imagenes/{id} in the product, so list answers and the in-memory catalogue stay small. The sizes are served from
// /v1/imagenes/{id}/{size}.webp and .jpg (imageset.go builds their srcset). No URL ever changes
// meaning (a new picture is a new hash), so browsers may cache them for a year, and a small cache
// in memory saves the store a read per view (image_cache.go).

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
		return storedImage{}, errImageDamaged
	}
	if len(raw) > maxImageBytes {
		return storedImage{}, errImageTooLarge
	}
	if len(raw) == 0 || http.DetectContentType(raw) != declared {
		return storedImage{}, errImageType
	}
	return newImage(raw, declared), nil
}

// newImage is an uploaded picture of type tipo, named by the hash of its bytes.
func newImage(raw []byte, tipo string) storedImage {
	sum := sha256.Sum256(raw)
	return storedImage{ID: hex.EncodeToString(sum[:16]), Tipo: tipo, Tamano: len(raw), Datos: raw}
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
		if imageIDPattern.MatchString(rest) || democatalog.IsDrawing(strings.TrimPrefix(rest, "demo/")) {
			return nil
		}
	case (strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")) && len(s) <= 2000 && !strings.ContainsAny(s, " \"'<>"):
		return nil
	}
	return apperr.InvalidFields(apperr.MsgCheckFields,
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

// imageByID returns an uploaded image; apperr.NotFound when there is none.
func (s *Service) imageByID(ctx context.Context, id string) (storedImage, error) {
	if !imageIDPattern.MatchString(id) {
		return storedImage{}, errImageNotFound
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

// errNoSizes says a picture stored by an earlier version cannot be resized: its original is served.
var errNoSizes = errors.New("catalog: picture without sizes")

// imageSize returns one size of an uploaded picture ("{id}/{size}.webp" or ".jpg"), sizing a picture
// stored by an earlier version first; apperr.NotFound when there is no such picture, errNoSizes
// when it cannot be resized.
func (s *Service) imageSize(ctx context.Context, id, key string) (storedImage, error) {
	if img, ok := s.images.get(key); ok {
		return img, nil
	}
	img, err := s.store.imageSize(ctx, key)
	if errors.Is(err, errImageNotFound) {
		var sized bool
		if sized, err = s.sizeStored(ctx, id); err == nil && !sized {
			return storedImage{}, errNoSizes
		} else if err == nil {
			img, err = s.store.imageSize(ctx, key)
		}
	}
	if err != nil {
		return storedImage{}, err
	}
	s.images.put(img)
	return img, nil
}

// preparedImage is an upload checked and resized, ready to be stored with the product that shows it.
type preparedImage struct {
	image storedImage
	sizes []storedImage
	// stored: the store has the picture with its sizes already (the same bytes uploaded before).
	stored bool
}

// prepareImage resizes a picture, unless the store has it with its sizes already.
func (s *Service) prepareImage(ctx context.Context, img storedImage) (*preparedImage, error) {
	sizes, err := s.store.imageSizes(ctx, img.ID)
	if err != nil && !errors.Is(err, errImageNotFound) {
		return nil, err
	}
	if err == nil && sizes != nil {
		return &preparedImage{image: storedImage{ID: img.ID}, stored: true}, nil
	}
	return s.resize(ctx, img)
}

// resize makes every size of a picture, in both formats.
func (s *Service) resize(ctx context.Context, img storedImage) (*preparedImage, error) {
	out, info, err := s.renders.render(ctx, img.Datos, img.Tipo)
	if err != nil {
		return nil, err
	}
	return s.prepared(img, out, info), nil
}

// prepared is a picture and its sizes as the store keeps them.
func (s *Service) prepared(img storedImage, out []imaging.Rendition, info imaging.Info) *preparedImage {
	now := s.now().UTC().Truncate(time.Millisecond)
	p := &preparedImage{image: img}
	p.image.Ancho, p.image.Alto, p.image.CreatedAt = info.Width, info.Height, now
	anchos := make([]int, 0, len(out))
	for _, r := range out {
		anchos = append(anchos, r.Size)
		p.sizes = append(p.sizes,
			storedImage{ID: sizeID(img.ID, r.Size, "webp"), Tipo: "image/webp", Tamano: len(r.WebP), Datos: r.WebP,
				Ancho: r.Width, Alto: r.Height, Imagen: img.ID, CreatedAt: now},
			storedImage{ID: sizeID(img.ID, r.Size, "jpg"), Tipo: "image/jpeg", Tamano: len(r.JPEG), Datos: r.JPEG,
				Ancho: r.Width, Alto: r.Height, Imagen: img.ID, CreatedAt: now})
	}
	p.image.Anchos = &anchos
	return p
}

// save stores a prepared picture and its sizes.
func (s *Service) save(ctx context.Context, p *preparedImage) error {
	if p == nil || p.stored {
		return nil
	}
	return s.store.insertImageSizes(ctx, p.image, p.sizes)
}

// sizeStored makes the sizes of a picture stored by an earlier version, once however many ask at
// the same time, and reports whether it has sizes (false: it cannot be resized).
func (s *Service) sizeStored(ctx context.Context, id string) (bool, error) {
	v, err, _ := s.renders.flight.Do(id, func() (any, error) {
		// One caller's work for all: a caller that goes away does not stop it.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*renderWait)
		defer cancel()
		img, err := s.store.image(ctx, id)
		if err != nil {
			return false, err
		}
		if img.Anchos != nil {
			return len(*img.Anchos) > 0, nil
		}
		p, err := s.resize(ctx, img)
		if isImageRefusal(err) {
			s.log.Warn().Err(err).Str("image", id).Msg("stored image cannot be resized; its original is served")
			return false, s.store.markUnsized(ctx, id)
		}
		if err != nil {
			return false, err
		}
		return true, s.save(ctx, p)
	})
	if err != nil {
		return false, err
	}
	return v.(bool), nil
}

// sizesJob records that every picture stored by an earlier version was sized.
const sizesJob = "imagenes-anchos"

// sizeAllStored sizes, once per store, the pictures stored by an earlier version. Pictures an
// earlier replica still running stores later are sized when first asked for.
func (s *Service) sizeAllStored(ctx context.Context) error {
	if done, err := s.store.jobDone(ctx, sizesJob); err != nil || done {
		return err
	}
	ids, err := s.store.unsizedImages(ctx)
	if err != nil {
		return err
	}
	start := time.Now()
	for _, id := range ids {
		if _, err := s.sizeStored(ctx, id); err != nil {
			return fmt.Errorf("catalog: size image %s: %w", id, err)
		}
	}
	if len(ids) > 0 {
		s.log.Info().Int("images", len(ids)).Dur("took", time.Since(start)).Msg("stored images resized")
	}
	return s.store.markJobDone(ctx, sizesJob)
}

// imagesAtStart is the pictures' work at start-up, in the background: the sizes of the pictures an
// earlier version stored whole, then the demo photos when the shop runs with the demo catalogue
// (Deps.Demo).
func (m *Module) imagesAtStart(ctx context.Context) {
	s := m.service
	if err := s.sizeAllStored(ctx); err != nil && ctx.Err() == nil {
		s.log.Warn().Err(err).Msg("stored images not resized now; each one is when first asked for")
	}
	if m.demoPhotos {
		if err := m.seedDemoPhotos(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn().Err(err).Msg("demo photos not made; the demo products keep their drawings")
		}
	}
}

// sizeID is the id (and the path after /v1/imagenes/) of one size of a picture in one format.
func sizeID(id string, size int, ext string) string {
	return id + "/" + strconv.Itoa(size) + "." + ext
}

// parseSizeFile reads "{size}.webp" or "{size}.jpg" for one of imageWidths.
func parseSizeFile(file string) bool {
	n, ext, ok := strings.Cut(file, ".")
	if !ok || (ext != "webp" && ext != "jpg") {
		return false
	}
	for _, w := range imageWidths {
		if n == strconv.Itoa(w) {
			return true
		}
	}
	return false
}

const yearCache = "public, max-age=31536000, immutable"

// serveImage answers GET /v1/imagenes/{id} with the picture and year-long cache headers.
func (m *Module) serveImage(c *echo.Context) error {
	id := c.Param("id")
	if inm := c.Request().Header.Get("If-None-Match"); inm != "" && inm == `"`+id+`"` && imageIDPattern.MatchString(id) {
		c.Response().Header().Set(echo.HeaderCacheControl, yearCache)
		return c.NoContent(http.StatusNotModified)
	}
	img, err := m.service.imageByID(c.Request().Context(), id)
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, yearCache)
	h.Set("ETag", `"`+img.ID+`"`)
	return c.Blob(http.StatusOK, img.Tipo, img.Datos)
}

// serveImageSize answers GET /v1/imagenes/{id}/{size}.webp (or .jpg) with that size of the picture
// and year-long cache headers; a picture that cannot be resized is sent to its original.
func (m *Module) serveImageSize(c *echo.Context) error {
	id, file := c.Param("id"), c.Param("file")
	if !imageIDPattern.MatchString(id) || !parseSizeFile(file) {
		return errImageNotFound
	}
	key := id + "/" + file
	if inm := c.Request().Header.Get("If-None-Match"); inm != "" && inm == `"`+key+`"` {
		c.Response().Header().Set(echo.HeaderCacheControl, yearCache)
		return c.NoContent(http.StatusNotModified)
	}
	img, err := m.service.imageSize(c.Request().Context(), id, key)
	if errors.Is(err, errNoSizes) {
		c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
		return c.Redirect(http.StatusTemporaryRedirect, imageURLPrefix+id)
	}
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set(echo.HeaderCacheControl, yearCache)
	h.Set("ETag", `"`+key+`"`)
	return c.Blob(http.StatusOK, img.Tipo, img.Datos)
}
