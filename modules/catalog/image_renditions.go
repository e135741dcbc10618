package catalog

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"tienda/pkg/apperr"
	"tienda/pkg/imaging"
)

// The shop's renditions: which sizes an uploaded picture is stored in, at which qualities, within
// which memory. pkg/imaging does the work (decoding, orientation, resizing, encoding); this file
// chooses for the shop and says its refusals in Spanish. Every box the shop draws a picture in is
// square (object-fit: contain), so size N is the picture fitted in an N x N square.

// imageWidths are the sizes every uploaded picture is stored in: what a product card needs at 1x-3x
// on a phone (about 150 CSS px: 160, 320, 480) and on a desktop (about 200 px: 320, 480), and what
// the product page's main picture needs (about 330 px on a phone at 2x-3x: 800, 1200; 450 px on a
// desktop: 480, 800 at 2x). frontend/src/lib/images.ts has the same list (a test compares them).
var imageWidths = []int{160, 320, 480, 800, 1200}

const (
	// maxDecodedBytes bounds what decoding one picture may take: a 4000x3000 PNG (48 MB) or a
	// 33-megapixel JPEG (4:2:0, 1.5 bytes a pixel). With the resized copies and the WebP
	// encoder's memory, a 12-megapixel JPEG raises the heap by 32 MiB at most (images_test.go).
	maxDecodedBytes = 48 << 20
	// maxImagePixels refuses what no phone or camera the shop uses takes, whatever its format.
	maxImagePixels = 50_000_000
	// cardSize is the largest size a product card asks for (on a phone at 3x), and cardBudget
	// what it may weigh: a busier photo than that is encoded again at a lower quality.
	cardSize   = 480
	cardBudget = 38_000
	// renderWait is how long an upload waits for the pictures being processed before it.
	renderWait = time.Minute
)

// imageOptions are the renditions of every picture the shop stores.
var imageOptions = imaging.Options{
	Sizes:       imageWidths,
	WebPQuality: 75, JPEGQuality: 78,
	BudgetUpTo: cardSize, Budget: cardBudget,
	Limits: imaging.Limits{MaxDecodedBytes: maxDecodedBytes, MaxPixels: maxImagePixels},
	Wait:   renderWait,
}

// renderer processes one picture at a time in this process (imaging.Renderer), and a picture
// stored without its sizes (by an earlier version) once however many requests ask for it together.
// It also runs the pictures' work at start-up in the background, until stop.
type renderer struct {
	*imaging.Renderer
	flight singleflight.Group

	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
}

func newRenderer() *renderer { return &renderer{Renderer: imaging.NewRenderer(imageOptions)} }

// render checks, decodes and resizes an upload of type tipo; its refusals are the shop's.
func (r *renderer) render(ctx context.Context, raw []byte, tipo string) ([]imaging.Rendition, imaging.Info, error) {
	out, info, err := r.Render(ctx, raw, tipo)
	return out, info, imageError(err)
}

// background runs fn in a goroutine of its own, once; stop cancels its context and waits for it.
func (r *renderer) background(fn func(ctx context.Context)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done != nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	r.cancel, r.done = cancel, done
	go func() {
		defer close(done)
		fn(ctx)
	}()
}

func (r *renderer) stop() {
	r.mu.Lock()
	cancel, done := r.cancel, r.done
	r.mu.Unlock()
	if cancel != nil {
		cancel()
		<-done
	}
}

var (
	errImageDamaged = apperr.InvalidFields("La imagen está dañada.", map[string]string{"imagen": "La imagen está dañada; elige otra."})
	errRenderBusy   = apperr.New(apperr.Unavailable, "Se están procesando otras imágenes. Inténtalo de nuevo en un momento.")
)

// imageError says pkg/imaging's refusals in Spanish, on the field imagen; other errors pass.
func imageError(err error) error {
	var large *imaging.TooLargeError
	switch {
	case errors.As(err, &large):
		msg := fmt.Sprintf("La imagen mide %d × %d píxeles (%s megapíxeles); el máximo para esta imagen es %s megapíxeles. Redúcela y vuelve a subirla.",
			large.Width, large.Height, megapixels(large.Pixels), megapixels(large.MaxPixels))
		return apperr.InvalidFields(msg, map[string]string{"imagen": msg})
	case errors.Is(err, imaging.ErrFormat):
		return errImageType
	case errors.Is(err, imaging.ErrDamaged):
		return errImageDamaged
	case errors.Is(err, imaging.ErrBusy):
		return errRenderBusy
	}
	return err
}

func megapixels(n float64) string { return strconv.FormatFloat(math.Floor(n/1e5)/10, 'f', -1, 64) }

// isImageRefusal reports whether err says an upload cannot be used (as opposed to a failure to
// process it now).
func isImageRefusal(err error) bool {
	var ae *apperr.Error
	return errors.As(err, &ae) && ae.Code == apperr.Invalid
}
