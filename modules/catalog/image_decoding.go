package catalog

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"strconv"

	xwebp "golang.org/x/image/webp"

	"tienda/pkg/apperr"
)

// Reading an upload. Its header is read first (inspectImage): its size upright, from the EXIF
// orientation of a phone's JPEG, and what decoding it would take, from its colour model or its
// JPEG sampling; a picture too large to decode is refused there, before any pixel is decoded
// (renditions.go says why). decodeImage then decodes what inspectImage accepted.

// decodedImage is a picture read from an upload, upright size included.
type decodedImage struct {
	img         image.Image
	orientation int // EXIF orientation, 1-8
}

// imageInfo is what the header of an upload says: its size upright and what decoding it takes.
type imageInfo struct {
	width, height int // upright
	orientation   int
	decodedBytes  float64
	bytesPerPixel float64
}

var errImageDamaged = apperr.InvalidFields("La imagen está dañada.", map[string]string{"imagen": "La imagen está dañada; elige otra."})

// inspectImage reads the header of an image of type tipo and checks its size, without decoding it.
func inspectImage(raw []byte, tipo string) (imageInfo, error) {
	var cfg image.Config
	var err error
	info := imageInfo{orientation: 1}
	switch tipo {
	case "image/jpeg":
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(raw))
		if err == nil {
			info.orientation, info.bytesPerPixel = jpegLayout(raw)
		}
	case "image/png":
		cfg, err = png.DecodeConfig(bytes.NewReader(raw))
	case "image/webp":
		cfg, err = xwebp.DecodeConfig(bytes.NewReader(raw))
	default:
		return info, errImageType
	}
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return info, errImageDamaged
	}
	if info.bytesPerPixel == 0 {
		info.bytesPerPixel = bytesPerPixel(cfg.ColorModel)
	}
	info.width, info.height = cfg.Width, cfg.Height
	if info.orientation >= 5 {
		info.width, info.height = cfg.Height, cfg.Width
	}
	pixels := float64(cfg.Width) * float64(cfg.Height)
	info.decodedBytes = pixels * info.bytesPerPixel
	limit := math.Min(maxImagePixels, math.Floor(maxDecodedBytes/info.bytesPerPixel))
	if pixels > limit {
		msg := fmt.Sprintf("La imagen mide %d × %d píxeles (%s megapíxeles); el máximo para esta imagen es %s megapíxeles. Redúcela y vuelve a subirla.",
			info.width, info.height, megapixels(pixels), megapixels(limit))
		return info, apperr.InvalidFields(msg, map[string]string{"imagen": msg})
	}
	return info, nil
}

func megapixels(n float64) string { return strconv.FormatFloat(math.Floor(n/1e5)/10, 'f', -1, 64) }

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

// decodeImage decodes an upload that inspectImage accepted.
func decodeImage(raw []byte, tipo string, info imageInfo) (decodedImage, error) {
	var img image.Image
	var err error
	switch tipo {
	case "image/jpeg":
		img, err = jpeg.Decode(bytes.NewReader(raw))
	case "image/png":
		img, err = png.Decode(bytes.NewReader(raw))
	case "image/webp":
		img, err = xwebp.Decode(bytes.NewReader(raw))
	default:
		err = errImageType
	}
	if err != nil {
		return decodedImage{}, errImageDamaged
	}
	return decodedImage{img: img, orientation: info.orientation}, nil
}
