package democatalog

import (
	"bytes"
	"strings"
	"testing"
)

// The photos embedded in the binary are the ones drawing.go draws (the drawing is deterministic).
func TestEmbeddedPhotosAreTheDrawings(t *testing.T) {
	t.Parallel()
	photos, err := Photos()
	if err != nil {
		t.Fatal(err)
	}
	if len(photos) != len(PhotoProducts()) {
		t.Fatalf("%d photos embedded, want %d", len(photos), len(PhotoProducts()))
	}
	for i, ph := range photos {
		raw, err := DrawPhoto(i)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(raw, ph.JPEG) {
			t.Fatalf("photo of product %d: the embedded file is not the drawing; write them again: "+
				"go test ./modules/catalog -run TestDemoPhotoFiles -write-demo-photos", ph.Product)
		}
	}
}

// Every line of the demo catalogue reads, and each has its drawing.
func TestProductsAndDrawings(t *testing.T) {
	t.Parallel()
	ps, err := Products()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 60 {
		t.Fatalf("%d demo products", len(ps))
	}
	for i, p := range ps {
		svg, ok := Drawing(Slug(i) + ".svg")
		if !ok || !strings.Contains(string(svg), p.Marca) || !IsDrawing(strings.TrimPrefix(DrawingURL(i), "/v1/imagenes/demo/")) {
			t.Fatalf("product %d (%s): no drawing", i, p.Nombre)
		}
	}
	for _, name := range []string{"producto-999.svg", "producto-0.svg", "../producto-000.svg", "producto-000.png"} {
		if _, ok := Drawing(name); ok {
			t.Errorf("Drawing(%q) answered", name)
		}
	}
}
