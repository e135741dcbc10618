package imaging

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/gen2brain/webp"
	"golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// Renditions. A photo (a phone's 4000x3000 JPEG is 2-5 MB) is decoded once and made again in a few
// sizes, each as WebP and as JPEG (for browsers without WebP), so that a page downloads a picture
// of the size it shows, never the original. Size N is the picture fitted in an N x N square,
// upright (the EXIF orientation of phone JPEGs is applied), never enlarged.
//
// Decoding takes memory in proportion to the pixels (a 4000x3000 JPEG is 18 MB, the same PNG 48 MB),
// so a Renderer decodes one picture at a time, and one whose decoded pixels would take more than
// its Limits is refused before it is decoded (decode.go). Each size is resampled with a Catmull-Rom
// kernel from the picture halved (2x2 averages) until it is less than twice that size: the kernel
// then reads at most 8x8 pixels per pixel, and the x/image/draw Transform it goes through needs no
// buffer beside the destination (Scale would take 32 bytes per destination column and source row:
// 58 MB for 1200 px wide from 2000x1500).
//
// WebP is encoded by libwebp compiled to WebAssembly and run by wazero (github.com/gen2brain/webp):
// no cgo and no system library (a libwebp.so, when installed, is used instead). Compiling it takes
// about 0.2 s, once per process, at the first picture. Method 2 encodes three times faster than the
// default 4 for files 5% larger. No AVIF: its encoders in WebAssembly take seconds a picture.

// Options are what a Renderer makes of a picture.
type Options struct {
	// Sizes are the sides of the squares the picture is fitted in, smallest first.
	Sizes []int
	// WebPQuality and JPEGQuality are the encoders' qualities (1-100).
	WebPQuality, JPEGQuality int
	// Sizes up to BudgetUpTo weigh at most Budget bytes each: a busier picture than that is
	// encoded again at lower qualities (down to 30). Budget 0: no budget.
	BudgetUpTo, Budget int
	// Limits refuse a picture too large to decode.
	Limits Limits
	// Wait is how long Render waits for the pictures being processed before it.
	Wait time.Duration
}

// Rendition is one size of a picture, in both formats.
type Rendition struct {
	Size          int // the side of the square it fits in (one of Options.Sizes)
	Width, Height int
	WebP, JPEG    []byte
}

// Resize makes every size of a decoded picture and encodes each one. It drops its reference to
// the decoded picture as soon as a smaller copy replaces it.
func Resize(ctx context.Context, d Decoded, opts Options) ([]Rendition, error) {
	src := d.Image
	d.Image = nil
	b := src.Bounds()
	upW, upH := b.Dx(), b.Dy()
	if d.Orientation >= 5 {
		upW, upH = upH, upW
	}
	opaque := isOpaque(src)
	out := make([]Rendition, 0, len(opts.Sizes))
	var prev *Rendition
	for i := len(opts.Sizes) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		size := opts.Sizes[i]
		w, h := Fit(upW, upH, size)
		if prev != nil && prev.Width == w && prev.Height == h { // a picture smaller than this size
			r := *prev
			r.Size = size
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
		draw.CatmullRom.Transform(dst, toUpright(src.Bounds(), d.Orientation, w, h), src, src.Bounds(), draw.Src, nil)
		budget := math.MaxInt
		if size <= opts.BudgetUpTo && opts.Budget > 0 {
			budget = opts.Budget
		}
		r := Rendition{Size: size, Width: w, Height: h}
		var err error
		if r.WebP, err = encodeWithin(budget, opts.WebPQuality, func(q int) ([]byte, error) { return encodeWebP(dst, opaque, q) }); err != nil {
			return nil, err
		}
		if r.JPEG, err = encodeWithin(budget, opts.JPEGQuality, func(q int) ([]byte, error) { return encodeJPEG(dst, opaque, q) }); err != nil {
			return nil, err
		}
		out = append(out, r)
		prev = &out[len(out)-1]
		// Each size leaves its copies and the WebP encoder's memory (about 20 MB) behind: collected
		// now, they never pile up toward the memory limit. With these collections, the shop's
		// high-water mark stays where it was through a phone photo's upload (116-118 MB); without,
		// it rose by 8-10 MB (README, figures).
		runtime.GC()
	}
	// Smallest first, as Sizes.
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// Fit is w x h scaled to fit in a size x size square, never enlarged.
func Fit(w, h, size int) (int, int) {
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
		return nil, fmt.Errorf("imaging: encode webp: %w", err)
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
		return nil, fmt.Errorf("imaging: encode jpeg: %w", err)
	}
	return buf.Bytes(), nil
}

// Renderer decodes and resizes one picture at a time in this process.
type Renderer struct {
	opts Options
	slot chan struct{}
	// atOnce counts the pictures being decoded and resized; mostAtOnce is its highest.
	atOnce, mostAtOnce atomic.Int32
}

// NewRenderer is a Renderer making what opts say.
func NewRenderer(opts Options) *Renderer {
	return &Renderer{opts: opts, slot: make(chan struct{}, 1)}
}

// ErrBusy says the pictures before this one took longer than Options.Wait.
var ErrBusy = errors.New("imaging: other pictures are being processed")

// Render checks, decodes and resizes a picture of media type mime, waiting its turn up to
// Options.Wait (ErrBusy after that). Inspect's errors refuse a picture it cannot use.
func (r *Renderer) Render(ctx context.Context, raw []byte, mime string) ([]Rendition, Info, error) {
	info, err := Inspect(raw, mime, r.opts.Limits)
	if err != nil {
		return nil, info, err
	}
	wait, cancel := context.WithTimeout(ctx, r.opts.Wait)
	defer cancel()
	select {
	case r.slot <- struct{}{}:
	case <-wait.Done():
		if ctx.Err() != nil {
			return nil, info, ctx.Err()
		}
		return nil, info, ErrBusy
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
	d, err := Decode(raw, mime, info)
	if err != nil {
		return nil, info, err
	}
	out, err := Resize(ctx, d, r.opts)
	return out, info, err
}

// MostAtOnce is the most pictures this Renderer has decoded and resized at the same time.
func (r *Renderer) MostAtOnce() int { return int(r.mostAtOnce.Load()) }
