package catalog

import (
	"strconv"
	"strings"
)

// ProductMainImageSizes is the sizes attribute of the product page's main picture: its CSS width
// in the page's layout (frontend/src/lib/images.ts has the same value; a test compares them).
const ProductMainImageSizes = "(min-width: 1024px) 450px, (min-width: 768px) calc(50vw - 62px), calc(100vw - 66px)"

// ProductCardImageSizes is the sizes attribute of a product card's picture in the catalogue's grids
// (PRODUCTO_CARD_IMAGE_SIZES in frontend/src/lib/images.ts; a test compares them).
const ProductCardImageSizes = "(min-width: 1280px) 169px, (min-width: 1024px) calc(25vw - 46px), (min-width: 640px) calc(33.3vw - 47px), calc(50vw - 48px)"

// ImageSet is how a page shows one of the shop's uploaded pictures: the sizes stored for it, as
// srcset attribute values (each size's URL and the side, in px, of the square the picture fits in).
type ImageSet struct {
	// Srcset lists the WebP sizes: "/v1/imagenes/{id}/160.webp 160w, ..., /v1/imagenes/{id}/1200.webp 1200w".
	Srcset string
	// Type is Srcset's media type, for a <source type> or a preload's type.
	Type string
	// JPEGSrcset lists the same sizes as JPEG, for browsers without WebP.
	JPEGSrcset string
	// Src is the largest JPEG: an og:image, and the src of browsers that read no srcset.
	Src string
}

// ImageSources returns the sizes of a product's picture URL (Product.Imagen) when it is one of the
// shop's uploads (/v1/imagenes/{id}); ok is false for any other URL (a supplier's address, a demo
// SVG, ""), which is shown as it is. A preload of the product page's main picture is
// <link rel="preload" as="image" imagesrcset=Srcset imagesizes=ProductMainImageSizes type=Type>.
func ImageSources(url string) (set ImageSet, ok bool) {
	id := uploadedImageID(url)
	if id == "" {
		return ImageSet{}, false
	}
	var webp, jpg strings.Builder
	for i, size := range imageWidths {
		if i > 0 {
			webp.WriteString(", ")
			jpg.WriteString(", ")
		}
		w := " " + strconv.Itoa(size) + "w"
		webp.WriteString(imageURLPrefix + sizeID(id, size, "webp") + w)
		jpg.WriteString(imageURLPrefix + sizeID(id, size, "jpg") + w)
	}
	largest := imageWidths[len(imageWidths)-1]
	return ImageSet{Srcset: webp.String(), Type: "image/webp", JPEGSrcset: jpg.String(),
		Src: imageURLPrefix + sizeID(id, largest, "jpg")}, true
}
