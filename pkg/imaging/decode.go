package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"

	xwebp "golang.org/x/image/webp"
)

// Reading a picture. Its header is read first (Inspect): its size upright, from the EXIF
// orientation of a phone's JPEG, and what decoding it would take, from its colour model or its
// JPEG sampling; a picture too large to decode is refused there, before any pixel is decoded
// (render.go says why). Decode then decodes what Inspect accepted.

// The media types this package reads.
const (
	JPEG = "image/jpeg"
	PNG  = "image/png"
	WebP = "image/webp"
)

var (
	// ErrFormat says the picture is not of a type this package reads (JPEG, PNG, WebP).
	ErrFormat = errors.New("imaging: not a JPEG, PNG or WebP picture")
	// ErrDamaged says the picture's bytes cannot be decoded.
	ErrDamaged = errors.New("imaging: damaged picture")
)

// TooLargeError refuses a picture whose decoded pixels would take more than the limits allow.
type TooLargeError struct {
	Width, Height int     // upright
	Pixels        float64 // Width x Height
	MaxPixels     float64 // the most this picture's format and colours may have
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("imaging: picture of %d x %d pixels, more than %.0f", e.Width, e.Height, e.MaxPixels)
}

// Limits bound what decoding one picture may take.
type Limits struct {
	// MaxDecodedBytes bounds the decoded pixels' memory (its bytes per pixel depend on the format).
	MaxDecodedBytes float64
	// MaxPixels bounds the pixels, whatever the format.
	MaxPixels float64
}

// Decoded is a picture decoded, with the EXIF orientation that turns it upright.
type Decoded struct {
	Image       image.Image
	Orientation int // EXIF orientation, 1-8
}

// Info is what the header of a picture says: its size upright and what decoding it takes.
type Info struct {
	Width, Height int // upright
	Orientation   int
	DecodedBytes  float64
	BytesPerPixel float64
}

// Inspect reads the header of a picture of media type mime and checks its size against lim,
// without decoding it: ErrFormat, ErrDamaged or a *TooLargeError refuse it.
func Inspect(raw []byte, mime string, lim Limits) (Info, error) {
	var cfg image.Config
	var err error
	info := Info{Orientation: 1}
	switch mime {
	case JPEG:
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(raw))
		if err == nil {
			info.Orientation, info.BytesPerPixel = jpegLayout(raw)
		}
	case PNG:
		cfg, err = png.DecodeConfig(bytes.NewReader(raw))
	case WebP:
		cfg, err = xwebp.DecodeConfig(bytes.NewReader(raw))
	default:
		return info, ErrFormat
	}
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return info, ErrDamaged
	}
	if info.BytesPerPixel == 0 {
		info.BytesPerPixel = bytesPerPixel(cfg.ColorModel)
	}
	info.Width, info.Height = cfg.Width, cfg.Height
	if info.Orientation >= 5 {
		info.Width, info.Height = cfg.Height, cfg.Width
	}
	pixels := float64(cfg.Width) * float64(cfg.Height)
	info.DecodedBytes = pixels * info.BytesPerPixel
	limit := math.Min(lim.MaxPixels, math.Floor(lim.MaxDecodedBytes/info.BytesPerPixel))
	if pixels > limit {
		return info, &TooLargeError{Width: info.Width, Height: info.Height, Pixels: pixels, MaxPixels: limit}
	}
	return info, nil
}

// bytesPerPixel is what the standard decoders take per pixel for a colour model.
func bytesPerPixel(m color.Model) float64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 1.5 // lossy WebP is 4:2:0
	case color.NYCbCrAModel:
		return 2.5
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 4
}

// jpegLayout walks a JPEG's markers up to its first frame header and returns its EXIF orientation
// (1 when it has none) and what decoding it takes per pixel, from its components' sampling.
func jpegLayout(raw []byte) (orientation int, perPixel float64) {
	orientation = 1
	for i := 2; i+4 <= len(raw); {
		if raw[i] != 0xFF {
			return orientation, 0
		}
		marker := raw[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		n := int(binary.BigEndian.Uint16(raw[i+2:]))
		if n < 2 || i+2+n > len(raw) {
			return orientation, 0
		}
		seg := raw[i+4 : i+2+n]
		switch {
		case marker == 0xE1 && len(seg) > 14 && string(seg[:6]) == "Exif\x00\x00":
			if o := exifOrientation(seg[6:]); o >= 1 && o <= 8 {
				orientation = o
			}
		case marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
			return orientation, sofBytesPerPixel(seg)
		}
		i += 2 + n
	}
	return orientation, 0
}

// sofBytesPerPixel is what image/jpeg's decoded image takes per pixel for a frame header.
func sofBytesPerPixel(sof []byte) float64 {
	if len(sof) < 6 {
		return 0
	}
	comps := int(sof[5])
	switch {
	case comps == 1:
		return 1
	case comps == 3 && len(sof) >= 6+3*3:
		h, v := float64(sof[7]>>4), float64(sof[7]&0x0F)
		if h == 0 || v == 0 {
			return 3
		}
		return 1 + 2/(h*v)
	}
	return 4 // CMYK
}

// exifOrientation reads tag 0x0112 of IFD0 of a TIFF header.
func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 0
	}
	var bo binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 0
	}
	off := int(bo.Uint32(tiff[4:]))
	if off < 8 || off+2 > len(tiff) {
		return 0
	}
	entries := int(bo.Uint16(tiff[off:]))
	for k := 0; k < entries; k++ {
		e := off + 2 + 12*k
		if e+12 > len(tiff) {
			return 0
		}
		if bo.Uint16(tiff[e:]) == 0x0112 {
			return int(bo.Uint16(tiff[e+8:]))
		}
	}
	return 0
}

// Decode decodes a picture Inspect accepted.
func Decode(raw []byte, mime string, info Info) (Decoded, error) {
	var img image.Image
	var err error
	switch mime {
	case JPEG:
		img, err = jpeg.Decode(bytes.NewReader(raw))
	case PNG:
		img, err = png.Decode(bytes.NewReader(raw))
	case WebP:
		img, err = xwebp.Decode(bytes.NewReader(raw))
	default:
		return Decoded{}, ErrFormat
	}
	if err != nil {
		return Decoded{}, ErrDamaged
	}
	return Decoded{Image: img, Orientation: info.Orientation}, nil
}
