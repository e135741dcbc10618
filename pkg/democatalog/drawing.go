package democatalog

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"golang.org/x/image/draw"
)

// Drawing the demo photos. A few demo products show a photo instead of a drawing, so that the
// shop's figures (bytes a product card downloads, upload time and memory) count what real photos
// cost. Each is drawn here, 2000x1500 like a camera's shot resized by a supplier (a product on a
// table in a studio: gradients, soft shadows, grain, a wood grain that survives resizing) and
// encoded as a JPEG at quality 90. Drawing and resizing them takes 15-30 s, so the shop does not:
// photos/ holds them drawn and resized, embedded in the binary (photos.go), and a test checks that
// they are what this file draws. After a change here, write them again:
//
//	go test ./modules/catalog -run TestDemoPhotoFiles -write-demo-photos

// PhotoSize is the size of a demo photo.
var PhotoSize = image.Pt(2000, 1500)

// photos are the demo products (index in Products) that show a photo, and what it shows.
var photos = []struct {
	product int
	draw    func(c *canvas)
}{
	{0, drawBulletCamera},
	{2, drawRecorder},
	{7, drawRadio},
	{12, drawRouter},
}

// PhotoProducts are the demo products (index in Products) that show a photo, in Photos' order.
func PhotoProducts() []int {
	out := make([]int, len(photos))
	for i, ph := range photos {
		out[i] = ph.product
	}
	return out
}

// DrawPhoto draws the i-th demo photo and encodes it as a camera would.
func DrawPhoto(i int) ([]byte, error) {
	c := newCanvas(PhotoSize.X, PhotoSize.Y, uint64(i+1)) //nolint:gosec // G115: i indexes photos
	c.studio()
	photos[i].draw(c)
	c.grain(2.5)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, c.img, &jpeg.Options{Quality: 90}); err != nil {
		return nil, fmt.Errorf("demo: photo %d: %w", i, err)
	}
	return buf.Bytes(), nil
}

// canvas is a picture being drawn, with smooth random fields for textures.
type canvas struct {
	img  *image.RGBA
	w, h int
	rnd  *rand.Rand
	// coarse and fine are smooth noise in [-1, 1] (values on a coarse grid, interpolated).
	coarse, fine *image.Gray
}

func newCanvas(w, h int, seed uint64) *canvas {
	rnd := rand.New(rand.NewPCG(seed, 0x5eed)) //nolint:gosec // G404: a drawing's noise, seeded to be the same every run; no secret
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, w, h)), w: w, h: h, rnd: rnd}
	c.coarse = c.noiseField(w/160, h/160)
	c.fine = c.noiseField(w/12, h/12)
	return c
}

// noiseField is gw x gh random values stretched smoothly over the canvas.
func (c *canvas) noiseField(gw, gh int) *image.Gray {
	small := image.NewGray(image.Rect(0, 0, gw+1, gh+1))
	for i := range small.Pix {
		small.Pix[i] = uint8(c.rnd.IntN(256)) //nolint:gosec // G115: IntN(256) is in 0..255
	}
	big := image.NewGray(image.Rect(0, 0, c.w, c.h))
	draw.BiLinear.Scale(big, big.Bounds(), small, small.Bounds(), draw.Src, nil)
	return big
}

func field(g *image.Gray, x, y int) float64 {
	return float64(g.Pix[y*g.Stride+x])/127.5 - 1
}

// studio paints the backdrop: a light sweep behind, a wooden table in front, a vignette.
func (c *canvas) studio() {
	horizon := 0.62 * float64(c.h)
	for y := 0; y < c.h; y++ {
		fy := float64(y) / float64(c.h)
		for x := 0; x < c.w; x++ {
			fx := float64(x) / float64(c.w)
			var r, g, b float64
			if float64(y) < horizon {
				v := 236 - 26*fy + 6*field(c.coarse, x, y)
				r, g, b = v, v-2, v-6
			} else {
				// Wood: bands along the table, bent by the noise, with a finer grain.
				t := (float64(y) - horizon) / (float64(c.h) - horizon)
				bend := 9*field(c.coarse, x, y) + field(c.fine, x, y)
				band := 0.5 + 0.5*math.Sin(float64(y)*0.07+bend+fx*3)
				grain := 0.5 + 0.5*math.Sin(float64(y)*0.55+1.5*field(c.fine, x, y)+fx*9)
				v := 0.76 + 0.14*band + 0.05*grain - 0.12*t
				r, g, b = 176*v, 128*v, 86*v
			}
			dx, dy := fx-0.5, fy-0.48
			vig := 1 - 0.35*(dx*dx+dy*dy)
			i := c.img.PixOffset(x, y)
			c.img.Pix[i], c.img.Pix[i+1], c.img.Pix[i+2], c.img.Pix[i+3] = clamp8(r*vig), clamp8(g*vig), clamp8(b*vig), 255
		}
	}
}

// grain adds a camera sensor's noise.
func (c *canvas) grain(sigma float64) {
	for i := 0; i < len(c.img.Pix); i += 4 {
		n := c.rnd.NormFloat64() * sigma
		c.img.Pix[i] = clamp8(float64(c.img.Pix[i]) + n)
		c.img.Pix[i+1] = clamp8(float64(c.img.Pix[i+1]) + n)
		c.img.Pix[i+2] = clamp8(float64(c.img.Pix[i+2]) + n)
	}
}

func clamp8(f float64) uint8 {
	switch {
	case f <= 0:
		return 0
	case f >= 255:
		return 255
	}
	return uint8(f + 0.5)
}

// sdf is a shape as a signed distance in pixels: negative inside.
type sdf func(x, y float64) float64

func roundRect(cx, cy, hw, hh, r float64) sdf {
	return func(x, y float64) float64 {
		qx, qy := math.Abs(x-cx)-hw+r, math.Abs(y-cy)-hh+r
		return math.Hypot(math.Max(qx, 0), math.Max(qy, 0)) + math.Min(math.Max(qx, qy), 0) - r
	}
}

func disc(cx, cy, r float64) sdf {
	return func(x, y float64) float64 { return math.Hypot(x-cx, y-cy) - r }
}

// turned is s turned by angle (radians) around (cx, cy).
func turned(s sdf, cx, cy, angle float64) sdf {
	sin, cos := math.Sincos(-angle)
	return func(x, y float64) float64 {
		dx, dy := x-cx, y-cy
		return s(cx+dx*cos-dy*sin, cy+dx*sin+dy*cos)
	}
}

// paint gives a colour at a point.
type paint func(x, y float64) (r, g, b float64)

func flat(col color.RGBA) paint {
	return func(_, _ float64) (float64, float64, float64) { return float64(col.R), float64(col.G), float64(col.B) }
}

// lit is col lit from above: lighter at top, darker at bottom, with a soft highlight band.
func lit(col color.RGBA, top, bottom float64) paint {
	return func(_, y float64) (float64, float64, float64) {
		t := math.Min(math.Max((y-top)/(bottom-top), 0), 1)
		band := (t - 0.18) / 0.06
		k := 1.22 - 0.5*t + 0.25*math.Exp(-band*band)
		return float64(col.R) * k, float64(col.G) * k, float64(col.B) * k
	}
}

// glass is a lens: dark, with a bright reflection up and left of centre.
func glass(cx, cy, r float64) paint {
	return func(x, y float64) (float64, float64, float64) {
		d := math.Hypot(x-cx, y-cy) / r
		hl := math.Exp(-math.Pow(math.Hypot(x-(cx-0.35*r), y-(cy-0.35*r))/(0.18*r), 2))
		v := 18 + 40*d*d + 210*hl
		return v * 0.9, v, v * 1.15
	}
}

// fill draws a shape with a paint, its edge anti-aliased, within the box around it.
func (c *canvas) fill(s sdf, box image.Rectangle, p paint) {
	box = box.Intersect(c.img.Bounds())
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			fx, fy := float64(x)+0.5, float64(y)+0.5
			a := math.Min(math.Max(0.5-s(fx, fy), 0), 1)
			if a == 0 {
				continue
			}
			r, g, b := p(fx, fy)
			tex := 1 + 0.025*field(c.fine, x, y)
			i := c.img.PixOffset(x, y)
			pix := c.img.Pix[i : i+3 : i+3]
			pix[0] = clamp8(float64(pix[0])*(1-a) + r*tex*a)
			pix[1] = clamp8(float64(pix[1])*(1-a) + g*tex*a)
			pix[2] = clamp8(float64(pix[2])*(1-a) + b*tex*a)
		}
	}
}

// shadow darkens a soft ellipse under an object resting at (cx, cy).
func (c *canvas) shadow(cx, cy, rx, ry, strength float64) {
	box := image.Rect(int(cx-2*rx), int(cy-2*ry), int(cx+2*rx), int(cy+2*ry)).Intersect(c.img.Bounds())
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			dx, dy := (float64(x)-cx)/rx, (float64(y)-cy)/ry
			k := 1 - strength*math.Exp(-(dx*dx+dy*dy))
			i := c.img.PixOffset(x, y)
			for j := 0; j < 3; j++ {
				c.img.Pix[i+j] = clamp8(float64(c.img.Pix[i+j]) * k)
			}
		}
	}
}

// box is the pixels around a centre and half sizes, with a margin for the anti-aliasing.
func box(cx, cy, hw, hh float64) image.Rectangle {
	return image.Rect(int(cx-hw-2), int(cy-hh-2), int(cx+hw+3), int(cy+hh+3))
}

// shaded draws a lit rounded box.
func (c *canvas) shaded(cx, cy, hw, hh, r float64, col color.RGBA) {
	c.fill(roundRect(cx, cy, hw, hh, r), box(cx, cy, hw, hh), lit(col, cy-hh, cy+hh))
}

var (
	white    = color.RGBA{226, 228, 230, 255}
	charcoal = color.RGBA{46, 49, 54, 255}
	black    = color.RGBA{24, 26, 29, 255}
)

func drawBulletCamera(c *canvas) {
	c.shadow(1000, 1120, 560, 70, 0.45)
	c.shaded(1000, 1070, 90, 60, 14, white)  // base
	c.shaded(1000, 930, 34, 120, 12, white)  // arm
	c.shaded(960, 700, 470, 170, 120, white) // body
	c.shaded(930, 545, 520, 40, 30, white)   // sun shield
	c.fill(disc(1440, 700, 150), box(1440, 700, 150, 150), flat(charcoal))
	c.fill(disc(1440, 700, 118), box(1440, 700, 118, 118), glass(1440, 700, 118))
	for k := 0; k < 6; k++ { // infrared LEDs
		a := float64(k) * math.Pi / 3
		x, y := 1440+135*math.Cos(a), 700+135*math.Sin(a)
		c.fill(disc(x, y, 9), box(x, y, 9, 9), flat(color.RGBA{90, 30, 40, 255}))
	}
}

func drawRecorder(c *canvas) {
	c.shadow(1000, 1080, 760, 60, 0.5)
	c.shaded(1000, 900, 720, 150, 18, charcoal)                                                 // case
	c.fill(roundRect(1000, 900, 690, 110, 10), box(1000, 900, 690, 110), lit(black, 790, 1010)) // front
	for k := 0; k < 8; k++ {
		x := 520 + float64(k)*62
		c.fill(disc(x, 960, 9), box(x, 960, 9, 9), flat(color.RGBA{40, 200, 110, 255}))
	}
	c.fill(roundRect(1330, 900, 250, 40, 8), box(1330, 900, 250, 40), flat(color.RGBA{60, 64, 70, 255}))
	c.shaded(1000, 690, 560, 60, 10, color.RGBA{200, 204, 210, 255}) // a switch on top
}

func drawRadio(c *canvas) {
	c.shadow(1000, 1180, 300, 50, 0.5)
	c.fill(turned(roundRect(1080, 330, 22, 230, 20), 1080, 560, 0.08), box(1080, 330, 60, 240), lit(black, 100, 560)) // antenna
	c.shaded(900, 430, 36, 60, 16, charcoal)                                                                          // knob
	c.shaded(1000, 820, 230, 360, 60, black)                                                                          // body
	c.fill(roundRect(1000, 660, 170, 90, 14), box(1000, 660, 170, 90), glass(1000, 660, 200))                         // display
	for row := 0; row < 4; row++ {                                                                                    // keypad
		for col := 0; col < 3; col++ {
			x, y := 900+float64(col)*100, 840+float64(row)*72
			c.shaded(x, y, 38, 24, 10, charcoal)
		}
	}
}

func drawRouter(c *canvas) {
	c.shadow(1000, 1110, 620, 60, 0.45)
	for k, angle := range []float64{-0.35, -0.1, 0.12, 0.38} { // antennas
		x := 640 + float64(k)*240
		c.fill(turned(roundRect(x, 560, 26, 260, 24), x, 820, angle), box(x, 560, 260, 280), lit(charcoal, 300, 820))
	}
	c.shaded(1000, 960, 600, 130, 40, white) // case
	for k := 0; k < 5; k++ {
		x := 620 + float64(k)*90
		c.fill(disc(x, 1000, 10), box(x, 1000, 10, 10), flat(color.RGBA{60, 170, 230, 255}))
	}
	c.fill(roundRect(1300, 1000, 160, 26, 8), box(1300, 1000, 160, 26), flat(color.RGBA{120, 124, 130, 255}))
}
