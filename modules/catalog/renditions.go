package catalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gen2brain/webp"
	"golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
	"golang.org/x/sync/singleflight"

	"tienda/pkg/apperr"
)

// Renditions. An uploaded photo (a phone's 4000x3000 JPEG is 2-5 MB) is decoded once, when it is
// uploaded, and stored again in a few sizes, each as WebP and as JPEG (for browsers without WebP),
// so that a product card on a phone downloads a picture of its size, never the original. Size N is
// the picture fitted in an N x N square, upright (the EXIF orientation of phone JPEGs is applied),
// never enlarged: every box the shop draws a picture in is square (object-fit: contain).
//
// Decoding takes memory in proportion to the pixels (a 4000x3000 JPEG is 18 MB, the same PNG 48 MB),
// so pictures are decoded one at a time per process (renderer), and one whose decoded pixels would
// take more than maxDecodedBytes is refused before it is decoded (image_decoding.go). Each size is
// resampled with a Catmull-Rom kernel from the picture halved (2x2 averages) until it is less than
// twice that size: the kernel then reads at most 8x8 pixels per pixel, and the x/image/draw
// Transform it goes through needs no buffer beside the destination (Scale would take 32 bytes per
// destination column and source row: 58 MB for 1200 px wide from 2000x1500).
//
// WebP is encoded by libwebp compiled to WebAssembly and run by wazero (github.com/gen2brain/webp):
// no cgo and no system library (a libwebp.so, when installed, is used instead). Compiling it takes
// about 0.2 s, once per process, at the first upload. Method 2 encodes three times faster than the
// default 4 for files 5% larger. No AVIF: its encoders in WebAssembly take seconds a picture.

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
	webpQuality    = 75
	jpegQuality    = 78
	// cardSize is the largest size a product card asks for (on a phone at 3x), and cardBudget
	// what it may weigh: a busier photo than that is encoded again at a lower quality.
	cardSize   = 480
	cardBudget = 38_000
	// renderWait is how long an upload waits for the pictures being processed before it.
	renderWait = time.Minute
)

// rendition is one size of a picture, in both formats.
type rendition struct {
	size          int // the side of the square it fits in (one of imageWidths)
	width, height int
	webp, jpeg    []byte
}

// renderSizes resizes a decoded picture to every size and encodes each one. It drops its reference
// to the decoded picture as soon as a smaller copy replaces it.
func renderSizes(ctx context.Context, d decodedImage) ([]rendition, error) {
	src := d.img
	d.img = nil
	b := src.Bounds()
	upW, upH := b.Dx(), b.Dy()
	if d.orientation >= 5 {
		upW, upH = upH, upW
	}
	opaque := isOpaque(src)
	out := make([]rendition, 0, len(imageWidths))
	var prev *rendition
	for i := len(imageWidths) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		size := imageWidths[i]
		w, h := fitIn(upW, upH, size)
		if prev != nil && prev.width == w && prev.height == h { // a picture smaller than this size
			r := *prev
			r.size = size
			out = append(out, r)
			continue
		}
		// Halve while the copy is at least twice the size wanted.
		for cb := src.Bounds(); max(cb.Dx(), cb.Dy()) >= 2*max(w, h); cb = src.Bounds() {
			half := image.NewRGBA(image.Rect(0, 0, (cb.Dx()+1)/2, (cb.Dy()+1)/2))
			draw.ApproxBiLinear.Scale(half, half.Bounds(), src, cb, draw.Src, nil)
			src = half
			runtime.GC() // the decoded photo (18 MB for a phone's) is not needed any more
		}
		if _, ok := src.(*image.RGBA); !ok { // the kernel reads RGBA several times faster than YCbCr
			rgba := image.NewRGBA(image.Rect(0, 0, src.Bounds().Dx(), src.Bounds().Dy()))
			draw.Draw(rgba, rgba.Bounds(), src, src.Bounds().Min, draw.Src)
			src = rgba
		}
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.CatmullRom.Transform(dst, toUpright(src.Bounds(), d.orientation, w, h), src, src.Bounds(), draw.Src, nil)
		budget := math.MaxInt
		if size <= cardSize { // a card's size stays within a phone's budget even for the busiest photo
			budget = cardBudget
		}
		r := rendition{size: size, width: w, height: h}
		var err error
		if r.webp, err = encodeWithin(budget, webpQuality, func(q int) ([]byte, error) { return encodeWebP(dst, opaque, q) }); err != nil {
			return nil, err
		}
		if r.jpeg, err = encodeWithin(budget, jpegQuality, func(q int) ([]byte, error) { return encodeJPEG(dst, opaque, q) }); err != nil {
			return nil, err
		}
		out = append(out, r)
		prev = &out[len(out)-1]
		// Each size leaves its copies and the WebP encoder's memory (about 20 MB) behind: collected
		// now, they never pile up toward the memory limit. With these collections, a server's
		// high-water mark stays where it was through a phone photo's upload (116-118 MB); without,
		// it rose by 8-10 MB (README, figures).
		runtime.GC()
	}
	// Smallest first, as imageWidths.
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// fitIn is w x h scaled to fit in a size x size square, never enlarged.
func fitIn(w, h, size int) (int, int) {
	if w <= size && h <= size {
		return w, h
	}
	if w >= h {
		return size, max(1, int(math.Round(float64(h)*float64(size)/float64(w))))
	}
	return max(1, int(math.Round(float64(w)*float64(size)/float64(h)))), size
}

// toUpright maps the picture's pixels in sr to a w x h destination, turned or mirrored as its EXIF
// orientation says the camera held it.
func toUpright(sr image.Rectangle, orientation, w, h int) f64.Aff3 {
	sw, sh := float64(sr.Dx()), float64(sr.Dy())
	// (x, y) upright = (a*x + b*y + c, d*x + e*y + f), x and y from sr.Min.
	var a, b, c, d, e, f float64
	switch orientation {
	case 2: // mirrored
		a, c, e = -1, sw, 1
	case 3: // upside down
		a, c, e, f = -1, sw, -1, sh
	case 4: // mirrored upside down
		a, e, f = 1, -1, sh
	case 5: // mirrored, turned
		b, d = 1, 1
	case 6: // turned a quarter anticlockwise: turn it clockwise
		b, c, d = -1, sh, 1
	case 7:
		b, c, d, f = -1, sh, -1, sw
	case 8: // turned clockwise
		b, d, f = 1, -1, sw
	default:
		a, e = 1, 1
	}
	upW, upH := sw, sh
	if orientation >= 5 {
		upW, upH = sh, sw
	}
	kx, ky := float64(w)/upW, float64(h)/upH
	// Shift sr.Min to the origin first.
	mx, my := float64(sr.Min.X), float64(sr.Min.Y)
	return f64.Aff3{
		kx * a, kx * b, kx * (c - a*mx - b*my),
		ky * d, ky * e, ky * (f - d*mx - e*my),
	}
}

// isOpaque reports whether every pixel is opaque (JPEG and lossy WebP pictures always are).
func isOpaque(img image.Image) bool {
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	return false
}

// encodeWithin encodes at quality, and again at lower qualities while the result weighs more than
// budget bytes (down to 30).
func encodeWithin(budget, quality int, encode func(quality int) ([]byte, error)) ([]byte, error) {
	for {
		out, err := encode(quality)
		if err != nil || len(out) <= budget || quality <= 30 {
			return out, err
		}
		quality -= 15
	}
}

func encodeWebP(img *image.RGBA, opaque bool, quality int) ([]byte, error) {
	var src image.Image = img
	if !opaque { // the encoder reads RGBA as not premultiplied
		n := image.NewNRGBA(img.Bounds())
		draw.Draw(n, n.Bounds(), img, img.Bounds().Min, draw.Src)
		src = n
	}
	var buf bytes.Buffer
	if err := webp.Encode(&buf, src, webp.Options{Quality: quality, Method: 2}); err != nil {
		return nil, fmt.Errorf("catalog: encode webp: %w", err)
	}
	return buf.Bytes(), nil
}

func encodeJPEG(img *image.RGBA, opaque bool, quality int) ([]byte, error) {
	var src image.Image = img
	if !opaque { // JPEG has no transparency: on the white of the shop's cards
		flat := image.NewRGBA(img.Bounds())
		draw.Draw(flat, flat.Bounds(), image.White, image.Point{}, draw.Src)
		draw.Draw(flat, flat.Bounds(), img, img.Bounds().Min, draw.Over)
		src = flat
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, src, &jpeg.Options{Quality: quality}); err != nil {
		return nil, fmt.Errorf("catalog: encode jpeg: %w", err)
	}
	return buf.Bytes(), nil
}

// renderer processes one picture at a time in this process, and a picture stored without its
// sizes (by an earlier version) once however many requests ask for it together. It also runs the
// pictures' work at start-up in the background, until stop.
type renderer struct {
	slot   chan struct{}
	flight singleflight.Group
	// atOnce counts the pictures being decoded and resized; mostAtOnce is its highest.
	atOnce, mostAtOnce atomic.Int32

	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
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

func newRenderer() *renderer { return &renderer{slot: make(chan struct{}, 1)} }

var errRenderBusy = apperr.New(apperr.Unavailable, "Se están procesando otras imágenes. Inténtalo de nuevo en un momento.")

// render checks, decodes and resizes an upload of type tipo, waiting its turn up to renderWait.
func (r *renderer) render(ctx context.Context, raw []byte, tipo string) ([]rendition, imageInfo, error) {
	info, err := inspectImage(raw, tipo)
	if err != nil {
		return nil, info, err
	}
	wait, cancel := context.WithTimeout(ctx, renderWait)
	defer cancel()
	select {
	case r.slot <- struct{}{}:
	case <-wait.Done():
		if ctx.Err() != nil {
			return nil, info, ctx.Err()
		}
		return nil, info, errRenderBusy
	}
	defer func() { <-r.slot }()
	n := r.atOnce.Add(1)
	defer r.atOnce.Add(-1)
	for {
		most := r.mostAtOnce.Load()
		if n <= most || r.mostAtOnce.CompareAndSwap(most, n) {
			break
		}
	}
	d, err := decodeImage(raw, tipo, info)
	if err != nil {
		return nil, info, err
	}
	out, err := renderSizes(ctx, d)
	return out, info, err
}

// isImageRefusal reports whether err says an upload cannot be used (as opposed to a failure to
// process it now).
func isImageRefusal(err error) bool {
	var ae *apperr.Error
	return errors.As(err, &ae) && ae.Code == apperr.Invalid
}
