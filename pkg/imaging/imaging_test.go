package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"math/rand/v2"
	"testing"
	"time"

	"golang.org/x/image/draw"
)

// shopLike are the options the shop's catalogue renders its uploads with.
var shopLike = Options{
	Sizes: []int{160, 320, 480, 800, 1200}, WebPQuality: 75, JPEGQuality: 78, BudgetUpTo: 480, Budget: 38_000,
	Limits: Limits{MaxDecodedBytes: 48 << 20, MaxPixels: 50_000_000}, Wait: time.Minute,
}

// jpegBytes encodes a picture as a camera would.
func jpegBytes(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// halves is a w x h picture, its left half red and its right half blue.
func halves(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{220, 20, 20, 255}
			if x >= w/2 {
				c = color.RGBA{20, 20, 220, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

// busyPhoto is a w x h picture as busy as leaves or gravel: smooth noise at two scales, and a
// sensor's grain.
func busyPhoto(w, h int, seed uint64) *image.RGBA {
	rnd := rand.New(rand.NewPCG(seed, 0x5eed))
	noise := func(gw, gh int) *image.Gray { // gw x gh random values stretched smoothly over w x h
		small := image.NewGray(image.Rect(0, 0, gw+1, gh+1))
		for i := range small.Pix {
			small.Pix[i] = uint8(rnd.IntN(256))
		}
		big := image.NewGray(image.Rect(0, 0, w, h))
		draw.BiLinear.Scale(big, big.Bounds(), small, small.Bounds(), draw.Src, nil)
		return big
	}
	at := func(g *image.Gray, x, y int) float64 { return float64(g.Pix[y*g.Stride+x])/127.5 - 1 }
	clamp := func(f float64) uint8 { return uint8(min(max(f+0.5, 0), 255)) }
	noise(w/160, h/160) // the demo photos' coarse field, drawn for the same random sequence
	fine, grainy := noise(w/12, h/12), noise(w/3, h/3)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := 0.6*at(grainy, x, y) + 0.5*at(fine, x, y)
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = clamp(90+80*v), clamp(120+90*v), clamp(60+40*v), 255
		}
	}
	for i := 0; i < len(img.Pix); i += 4 {
		n := rnd.NormFloat64() * 4
		for j := range 3 {
			img.Pix[i+j] = clamp(float64(img.Pix[i+j]) + n)
		}
	}
	return img
}

// Inspect refuses, from the header alone, what it cannot read and what would take too much to
// decode, with errors the caller can say in its own words.
func TestInspectRefusesWithTypedErrors(t *testing.T) {
	t.Parallel()
	photo := jpegBytes(t, halves(64, 48))
	bomb := append([]byte{}, photo...) // the same JPEG claiming 9000 x 6000 pixels
	i := bytes.Index(bomb, []byte{0xFF, 0xC0})
	binary.BigEndian.PutUint16(bomb[i+5:], 6000)
	binary.BigEndian.PutUint16(bomb[i+7:], 9000)
	var large *TooLargeError
	if _, err := Inspect(bomb, JPEG, shopLike.Limits); !errors.As(err, &large) ||
		large.Width != 9000 || large.Height != 6000 || large.Pixels != 54e6 || large.MaxPixels != 33554432 {
		t.Fatalf("9000 x 6000 JPEG: %v %+v", err, large)
	}
	if _, err := Inspect(photo[:len(photo)/2], JPEG, shopLike.Limits); !errors.Is(err, ErrDamaged) {
		t.Fatalf("cut-off JPEG: %v", err)
	}
	if _, err := Inspect(photo, "image/gif", shopLike.Limits); !errors.Is(err, ErrFormat) {
		t.Fatalf("GIF: %v", err)
	}
	info, err := Inspect(photo, JPEG, shopLike.Limits)
	if err != nil || info.Width != 64 || info.Height != 48 || info.Orientation != 1 {
		t.Fatalf("JPEG: %+v %v", info, err)
	}
}

// withOrientation puts an EXIF segment saying orientation o right after a JPEG's start.
func withOrientation(raw []byte, o uint16) []byte {
	tiff := []byte("II*\x00\x08\x00\x00\x00\x01\x00\x12\x01\x03\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")
	binary.LittleEndian.PutUint16(tiff[18:], o)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(app1[2:], uint16(len(seg)+2))
	out := append([]byte{}, raw[:2]...)
	out = append(out, app1...)
	out = append(out, seg...)
	return append(out, raw[2:]...)
}

func TestAPhoneJPEGIsTurnedAsItsEXIFSays(t *testing.T) {
	t.Parallel()
	// Stored 400 x 200, left red and right blue, by a phone held upright (orientation 6: turn it a
	// quarter clockwise): upright it is 200 x 400, red on top.
	r := NewRenderer(shopLike)
	out, info, err := r.Render(t.Context(), withOrientation(jpegBytes(t, halves(400, 200)), 6), "image/jpeg")
	if err != nil {
		t.Fatal(err)
	}
	if info.Width != 200 || info.Height != 400 {
		t.Fatalf("upright size %dx%d", info.Width, info.Height)
	}
	img, err := jpeg.Decode(bytes.NewReader(out[0].JPEG)) // 160: 80 x 160
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 80 || b.Dy() != 160 {
		t.Fatalf("160 size: %v", b)
	}
	top, _, _, _ := img.At(40, 30).RGBA()
	_, _, bottom, _ := img.At(40, 130).RGBA()
	if top < 0x8000 || bottom < 0x8000 {
		t.Fatalf("not turned: top red %x, bottom blue %x", top, bottom)
	}
	// Every orientation gives the upright size; 2-8 each place the red half differently from 1.
	for o := uint16(1); o <= 8; o++ {
		out, info, err := r.Render(t.Context(), withOrientation(jpegBytes(t, halves(400, 200)), o), "image/jpeg")
		if err != nil {
			t.Fatal(err)
		}
		wantW, wantH := 160, 80
		if o >= 5 {
			wantW, wantH = 80, 160
		}
		if out[0].Width != wantW || out[0].Height != wantH || (o >= 5) != (info.Width < info.Height) {
			t.Fatalf("orientation %d: %dx%d", o, out[0].Width, out[0].Height)
		}
	}
}

// A busy photo (leaves, gravel) still fits a phone's card budget at the size cards ask for: it
// is encoded again at lower qualities.
func TestACardSizeStaysWithinItsBudget(t *testing.T) {
	t.Parallel()
	out, _, err := NewRenderer(shopLike).Render(t.Context(), jpegBytes(t, busyPhoto(1600, 1200, 7)), JPEG)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range out {
		if r.Size <= shopLike.BudgetUpTo && (len(r.WebP) > shopLike.Budget || len(r.JPEG) > shopLike.Budget) {
			t.Fatalf("size %d: webp %d B, jpeg %d B, over %d", r.Size, len(r.WebP), len(r.JPEG), shopLike.Budget)
		}
		t.Logf("busy photo, size %d: webp %d B, jpeg %d B", r.Size, len(r.WebP), len(r.JPEG))
	}
}
