package democatalog

import (
	"bytes"
	"embed"
	"fmt"
	"image/jpeg"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"tienda/pkg/imaging"
)

// files are the demo photos as drawing.go draws them (photos/producto-000.jpg) and resized as the
// catalogue resizes an upload (photos/producto-000/160.webp, 160.jpg, ...).
//
//go:embed photos
var files embed.FS

// Photo is a demo photo as a camera would give it, and its sizes.
type Photo struct {
	Product int // its product's index in Products
	JPEG    []byte
	Info    imaging.Info
	Sizes   []imaging.Rendition // smallest first
}

// Photos are the demo photos, read once a process from the files embedded in the binary.
var Photos = sync.OnceValues(func() ([]Photo, error) {
	out := make([]Photo, 0, len(photos))
	for _, ph := range photos {
		p, err := readPhoto(ph.product)
		if err != nil {
			return nil, fmt.Errorf("demo: photo of product %d: %w", ph.product, err)
		}
		out = append(out, p)
	}
	return out, nil
})

func readPhoto(product int) (Photo, error) {
	dir := path.Join("photos", Slug(product))
	raw, err := files.ReadFile(dir + ".jpg")
	if err != nil {
		return Photo{}, err
	}
	info, err := imaging.Inspect(raw, imaging.JPEG, imaging.Limits{MaxDecodedBytes: 1 << 30, MaxPixels: 1 << 30})
	if err != nil {
		return Photo{}, err
	}
	p := Photo{Product: product, JPEG: raw, Info: info}
	entries, err := fs.ReadDir(files, dir)
	if err != nil {
		return Photo{}, err
	}
	for _, e := range entries {
		n, ok := strings.CutSuffix(e.Name(), ".jpg")
		if !ok {
			continue
		}
		size, err := strconv.Atoi(n)
		if err != nil {
			return Photo{}, fmt.Errorf("%s: %w", e.Name(), err)
		}
		r := imaging.Rendition{Size: size}
		if r.JPEG, err = files.ReadFile(path.Join(dir, n+".jpg")); err != nil {
			return Photo{}, err
		}
		if r.WebP, err = files.ReadFile(path.Join(dir, n+".webp")); err != nil {
			return Photo{}, err
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(r.JPEG))
		if err != nil {
			return Photo{}, fmt.Errorf("%s: %w", e.Name(), err)
		}
		r.Width, r.Height = cfg.Width, cfg.Height
		p.Sizes = append(p.Sizes, r)
	}
	slices.SortFunc(p.Sizes, func(a, b imaging.Rendition) int { return a.Size - b.Size })
	return p, nil
}
