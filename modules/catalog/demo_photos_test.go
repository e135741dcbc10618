package catalog

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	xwebp "golang.org/x/image/webp"

	"tienda/pkg/democatalog"
	"tienda/pkg/imaging"
)

var writeDemoPhotos = flag.Bool("write-demo-photos", false, "draw and resize the demo photos again into pkg/democatalog/photos")

// The demo photos embedded in the binary are stored in every size the shop stores an upload in,
// as the renderer makes them. With -write-demo-photos, this draws and resizes them again (15-30 s).
func TestDemoPhotoFiles(t *testing.T) {
	if *writeDemoPhotos {
		writeDemoPhotoFiles(t)
	}
	photos, err := democatalog.Photos()
	if err != nil {
		t.Fatal(err)
	}
	if len(photos) != len(democatalog.PhotoProducts()) {
		t.Fatalf("%d photos, want %d", len(photos), len(democatalog.PhotoProducts()))
	}
	for _, ph := range photos {
		if ph.Info.Width != democatalog.PhotoSize.X || ph.Info.Height != democatalog.PhotoSize.Y || len(ph.Sizes) != len(imageWidths) {
			t.Fatalf("photo of product %d: %dx%d, %d sizes", ph.Product, ph.Info.Width, ph.Info.Height, len(ph.Sizes))
		}
		for i, r := range ph.Sizes {
			w, h := imaging.Fit(democatalog.PhotoSize.X, democatalog.PhotoSize.Y, imageWidths[i])
			webp, err := xwebp.DecodeConfig(bytes.NewReader(r.WebP))
			if r.Size != imageWidths[i] || r.Width != w || r.Height != h || err != nil || webp.Width != w || webp.Height != h {
				t.Fatalf("photo of product %d, size %d: %dx%d (webp %dx%d, %v), want %d: %dx%d — run this test with -write-demo-photos",
					ph.Product, r.Size, r.Width, r.Height, webp.Width, webp.Height, err, imageWidths[i], w, h)
			}
			if r.Size <= cardSize && (len(r.WebP) > cardBudget || len(r.JPEG) > cardBudget) {
				t.Fatalf("photo of product %d, size %d: over the card budget", ph.Product, r.Size)
			}
		}
	}
}

func writeDemoPhotoFiles(t *testing.T) {
	r := newRenderer()
	for i, product := range democatalog.PhotoProducts() {
		raw, err := democatalog.DrawPhoto(i)
		if err != nil {
			t.Fatal(err)
		}
		sizes, _, err := r.render(t.Context(), raw, "image/jpeg")
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join("..", "..", "pkg", "democatalog", "photos", democatalog.Slug(product))
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{dir + ".jpg": raw}
		for _, s := range sizes {
			files[filepath.Join(dir, fmt.Sprintf("%d.webp", s.Size))] = s.WebP
			files[filepath.Join(dir, fmt.Sprintf("%d.jpg", s.Size))] = s.JPEG
		}
		for name, b := range files {
			if err := os.WriteFile(name, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
