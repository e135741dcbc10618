package catalog

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/image/draw"
	xwebp "golang.org/x/image/webp"

	"tienda/modules/catalog/catalogtest"
	"tienda/pkg/auth"
	"tienda/pkg/democatalog"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

// jpegBytes encodes a picture as a camera would.
func jpegBytes(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// phonePhoto is a photo-like JPEG of w x h: a demo photo stretched, with its own grain.
func phonePhoto(t testing.TB, w, h int) []byte {
	t.Helper()
	photos, err := democatalog.Photos()
	if err != nil {
		t.Fatal(err)
	}
	src, err := jpeg.Decode(bytes.NewReader(photos[len(photos)-1].JPEG))
	if err != nil {
		t.Fatal(err)
	}
	big := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.ApproxBiLinear.Scale(big, big.Bounds(), src, src.Bounds(), draw.Src, nil)
	rnd := rand.New(rand.NewPCG(42, 0x5eed))
	for i := 0; i < len(big.Pix); i += 4 {
		n := rnd.NormFloat64() * 3
		for j := range 3 {
			big.Pix[i+j] = uint8(min(max(float64(big.Pix[i+j])+n+0.5, 0), 255))
		}
	}
	return jpegBytes(t, big)
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

// pngHeader is the start of a PNG of w x h (8-bit RGBA) with no pixel data: all a decoder reads
// to learn its size.
func pngHeader(w, h uint32) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6
	chunk := func(typ string, data []byte) []byte {
		out := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
		out = append(out, typ...)
		out = append(out, data...)
		return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	}
	out := []byte("\x89PNG\r\n\x1a\n")
	out = append(out, chunk("IHDR", ihdr)...)
	out = append(out, chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00})...)
	return append(out, chunk("IEND", nil)...)
}

func dataURL(tipo string, raw []byte) string {
	return "data:" + tipo + ";base64," + base64.StdEncoding.EncodeToString(raw)
}

func (env *testEnv) count(coll string) int64 {
	env.t.Helper()
	n, err := env.db.R.Collection(coll).CountDocuments(context.Background(), bson.M{})
	if err != nil {
		env.t.Fatal(err)
	}
	return n
}

// get fetches a path as a visitor, with headers.
func (env *testEnv) get(path string, header ...string) *httptest.ResponseRecorder {
	env.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return env.srv.Serve(req)
}

func TestAnUploadIsStoredOnceInEverySizeAndServedForAYear(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	raw := jpegBytes(t, halves(1000, 750))
	body := catalogtest.FormProduct("Cámara con foto")
	body["imagen"] = dataURL("image/jpeg", raw)
	p := env.mustCreate(body)
	id := strings.TrimPrefix(p.Imagen, imageURLPrefix)
	if !imageIDPattern.MatchString(id) {
		t.Fatalf("imagen %q", p.Imagen)
	}

	// Each size fits its square, never enlarged; WebP and JPEG; a year of cache; 304 on revalidation.
	want := map[int][2]int{160: {160, 120}, 320: {320, 240}, 480: {480, 360}, 800: {800, 600}, 1200: {1000, 750}}
	for size, dims := range want {
		for _, f := range []struct {
			ext, tipo string
			decode    func(r *bytes.Reader) (image.Image, error)
		}{
			{"webp", "image/webp", func(r *bytes.Reader) (image.Image, error) { return xwebp.Decode(r) }},
			{"jpg", "image/jpeg", func(r *bytes.Reader) (image.Image, error) { return jpeg.Decode(r) }},
		} {
			path := fmt.Sprintf("%s/%d.%s", p.Imagen, size, f.ext)
			res := env.get(path)
			if res.Code != 200 || res.Header().Get("Content-Type") != f.tipo ||
				res.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" || res.Header().Get("ETag") == "" {
				t.Fatalf("GET %s: %d %v", path, res.Code, res.Header())
			}
			img, err := f.decode(bytes.NewReader(res.Body.Bytes()))
			if err != nil {
				t.Fatalf("GET %s: not a %s: %v", path, f.ext, err)
			}
			if b := img.Bounds(); b.Dx() != dims[0] || b.Dy() != dims[1] {
				t.Fatalf("GET %s: %dx%d, want %dx%d", path, b.Dx(), b.Dy(), dims[0], dims[1])
			}
			// Resized, not cropped: the left of the picture is red, the right blue.
			r, _, bl, _ := img.At(dims[0]/8, dims[1]/2).RGBA()
			r2, _, bl2, _ := img.At(dims[0]*7/8, dims[1]/2).RGBA()
			if r < bl || r2 > bl2 {
				t.Fatalf("GET %s: colours moved", path)
			}
			if again := env.get(path, "If-None-Match", res.Header().Get("ETag")); again.Code != http.StatusNotModified {
				t.Fatalf("revalidation of %s: %d", path, again.Code)
			}
		}
	}
	// The original stays at its URL.
	res := env.get(p.Imagen)
	if res.Code != 200 || !bytes.Equal(res.Body.Bytes(), raw) || res.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Fatalf("original: %d %v", res.Code, res.Header())
	}
	// What the store holds: one picture listing its sizes, with its size upright; ten sizes.
	var doc storedImage
	if err := env.db.R.Collection(imagesCollection).FindOne(t.Context(), bson.M{"_id": id}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if doc.Anchos == nil || fmt.Sprint(*doc.Anchos) != "[160 320 480 800 1200]" || doc.Ancho != 1000 || doc.Alto != 750 {
		t.Fatalf("stored picture: anchos %v, %dx%d", doc.Anchos, doc.Ancho, doc.Alto)
	}
	if n := env.count(sizesCollection); n != 10 {
		t.Fatalf("%d sizes stored, want 10", n)
	}

	// Sizes, formats or ids the shop does not have answer 404 in Spanish.
	for _, path := range []string{p.Imagen + "/640.webp", p.Imagen + "/480.png", p.Imagen + "/480", p.Imagen + "/0480.webp",
		p.Imagen + "/x.webp", imageURLPrefix + strings.Repeat("0", 32) + "/480.webp", imageURLPrefix + "nada/480.webp"} {
		rec := env.do("", http.MethodGet, path, nil)
		if e := httpxtest.DecodeError(t, rec); rec.Code != http.StatusNotFound || e.Message != "Imagen no disponible" {
			t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
		}
	}
}

func TestTheSameBytesAreStoredOnce(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	img := dataURL("image/png", func() []byte {
		var buf bytes.Buffer
		png.Encode(&buf, halves(300, 200))
		return buf.Bytes()
	}())
	var urls []string
	for _, name := range []string{"Uno", "Dos"} {
		body := catalogtest.FormProduct(name)
		body["imagen"] = img
		urls = append(urls, env.mustCreate(body).Imagen)
	}
	if urls[0] != urls[1] {
		t.Fatalf("same bytes, two URLs: %v", urls)
	}
	if n, s := env.count(imagesCollection), env.count(sizesCollection); n != 1 || s != 10 {
		t.Fatalf("%d pictures and %d sizes stored, want 1 and 10", n, s)
	}
	// A picture smaller than a size is stored at its own size there.
	res := env.get(urls[0] + "/1200.webp")
	if cfg, err := xwebp.DecodeConfig(bytes.NewReader(res.Body.Bytes())); err != nil || cfg.Width != 300 || cfg.Height != 200 {
		t.Fatalf("1200.webp of a 300x200 picture: %+v %v", cfg, err)
	}
}

func TestUnusableImagesAreRefusedInSpanishAndNothingIsStored(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	photo := jpegBytes(t, halves(64, 48))
	bomb := append([]byte{}, photo...) // the same JPEG claiming 9000 x 6000 pixels
	if i := bytes.Index(bomb, []byte{0xFF, 0xC0}); i < 0 {
		t.Fatal("no frame header")
	} else {
		binary.BigEndian.PutUint16(bomb[i+5:], 6000)
		binary.BigEndian.PutUint16(bomb[i+7:], 9000)
	}
	cases := []struct {
		name, url, want string
	}{
		{"PNG of 10000 x 6000 pixels in 60 bytes", dataURL("image/png", pngHeader(10000, 6000)),
			"La imagen mide 10000 × 6000 píxeles (60 megapíxeles); el máximo para esta imagen es 12.5 megapíxeles. Redúcela y vuelve a subirla."},
		{"PNG of 5000 x 4000 pixels", dataURL("image/png", pngHeader(5000, 4000)),
			"La imagen mide 5000 × 4000 píxeles (20 megapíxeles); el máximo para esta imagen es 12.5 megapíxeles. Redúcela y vuelve a subirla."},
		{"JPEG of 9000 x 6000 pixels", dataURL("image/jpeg", bomb),
			"La imagen mide 9000 × 6000 píxeles (54 megapíxeles); el máximo para esta imagen es 33.5 megapíxeles. Redúcela y vuelve a subirla."},
		{"cut-off JPEG", dataURL("image/jpeg", photo[:len(photo)/2]), "La imagen está dañada; elige otra."},
		{"PNG header only", dataURL("image/png", pngHeader(40, 30)), "La imagen está dañada; elige otra."},
		{"WebP label on a JPEG", dataURL("image/webp", photo), "La imagen debe ser JPEG, PNG o WebP."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := catalogtest.FormProduct("Producto")
			body["imagen"] = tc.url
			rec := env.do(auth.Administrador, http.MethodPost, "/v1/productos", body)
			e := httpxtest.DecodeError(t, rec)
			if rec.Code != http.StatusBadRequest || e.Fields["imagen"] != tc.want {
				t.Fatalf("%d %s, want the message %q", rec.Code, rec.Body, tc.want)
			}
		})
	}
	if env.storedCount() != 0 || env.count(imagesCollection) != 0 || env.count(sizesCollection) != 0 {
		t.Fatalf("refused uploads stored %d products, %d pictures, %d sizes",
			env.storedCount(), env.count(imagesCollection), env.count(sizesCollection))
	}
}

// An earlier version stored pictures whole. Start sizes them in the background, once; a picture
// asked for before that is sized then, once however many replicas ask for it at the same time;
// one that cannot be resized sends to its original.
func TestPicturesStoredWithoutSizesAreSizedOnce(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	ctx := t.Context()
	old := func(raw []byte, tipo string) string {
		img := newImage(raw, tipo)
		img.CreatedAt = time.Now().UTC()
		if _, err := env.db.W.Collection(imagesCollection).InsertOne(ctx, img); err != nil {
			t.Fatal(err)
		}
		return img.ID
	}
	asked := old(jpegBytes(t, halves(900, 600)), "image/jpeg")
	broken := old([]byte("\x89PNG\r\n\x1a\nno es una imagen"), "image/png")

	// Two replicas ask for sizes of the same picture at once.
	other := MustModule(t, env.db, 0)
	servers := []*httpxtest.Server{env.srv, serve(t, other)}
	var wg sync.WaitGroup
	codes := make([]int, 8)
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s%s/%d.webp", imageURLPrefix, asked, imageWidths[i%5]), nil)
			codes[i] = servers[i%2].Serve(req).Code
		}()
	}
	wg.Wait()
	for i, code := range codes {
		if code != 200 {
			t.Fatalf("request %d: %d", i, code)
		}
	}
	if n := env.count(sizesCollection); n != 10 {
		t.Fatalf("%d sizes stored, want 10", n)
	}
	res := env.get(imageURLPrefix + broken + "/480.webp")
	if res.Code != http.StatusTemporaryRedirect || res.Header().Get("Location") != imageURLPrefix+broken {
		t.Fatalf("broken picture: %d %v", res.Code, res.Header())
	}

	// A start sizes what it finds without sizes, once per store.
	later := old(func() []byte {
		var buf bytes.Buffer
		png.Encode(&buf, halves(500, 500))
		return buf.Bytes()
	}(), "image/png")
	if _, err := env.db.W.Collection(metaCollection).DeleteOne(ctx, bson.M{"_id": sizesJob}); err != nil {
		t.Fatal(err)
	}
	MustModule(t, env.db, 0)
	deadline := time.Now().Add(20 * time.Second)
	for {
		sizes, err := (store{db: env.db}).imageSizes(ctx, later)
		if err != nil {
			t.Fatal(err)
		}
		if sizes != nil && len(*sizes) == 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the start did not size the picture")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if n := env.count(sizesCollection); n != 20 {
		t.Fatalf("%d sizes stored, want 20", n)
	}
}

func TestDeletingAProductDeletesItsPictureAndSizes(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	body := catalogtest.FormProduct("Con foto")
	body["imagen"] = dataURL("image/jpeg", jpegBytes(t, halves(640, 480)))
	body["variantes"] = []map[string]any{{"talla": "Unico", "stock": 0, "precioVenta": 100}} // no stock: it may be deleted
	p := env.mustCreate(body)
	if res := env.get(p.Imagen + "/320.webp"); res.Code != 200 {
		t.Fatalf("size: %d", res.Code)
	}
	if rec := env.do(auth.Administrador, http.MethodDelete, "/v1/productos/"+p.ID.Hex(), nil); rec.Code != http.StatusNoContent {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body)
	}
	if env.count(imagesCollection) != 0 || env.count(sizesCollection) != 0 {
		t.Fatalf("left %d pictures, %d sizes", env.count(imagesCollection), env.count(sizesCollection))
	}
	for _, path := range []string{p.Imagen, p.Imagen + "/320.webp"} {
		if res := env.get(path); res.Code != http.StatusNotFound {
			t.Fatalf("GET %s after delete: %d", path, res.Code)
		}
	}
}

func TestImageSourcesFollowTheFrontEndsRules(t *testing.T) {
	t.Parallel()
	ts, err := os.ReadFile("../../frontend/src/lib/images.ts")
	if err != nil {
		t.Fatal(err)
	}
	widths := regexp.MustCompile(`IMAGE_WIDTHS = \[([0-9, ]+)\]`).FindSubmatch(ts)
	sizes := regexp.MustCompile(`PRODUCTO_MAIN_IMAGE_SIZES =\s+'([^']+)'`).FindSubmatch(ts)
	cardSizes := regexp.MustCompile(`PRODUCTO_CARD_IMAGE_SIZES =\s+'([^']+)'`).FindSubmatch(ts)
	if widths == nil || sizes == nil || cardSizes == nil {
		t.Fatal("frontend/src/lib/images.ts: IMAGE_WIDTHS, PRODUCTO_MAIN_IMAGE_SIZES or PRODUCTO_CARD_IMAGE_SIZES not found")
	}
	if string(cardSizes[1]) != ProductCardImageSizes {
		t.Errorf("images.ts card sizes %q, Go %q", cardSizes[1], ProductCardImageSizes)
	}
	var goWidths []string
	for _, w := range imageWidths {
		goWidths = append(goWidths, strconv.Itoa(w))
	}
	if got := string(widths[1]); got != strings.Join(goWidths, ", ") {
		t.Errorf("images.ts sizes %s, Go %v", got, imageWidths)
	}
	if string(sizes[1]) != ProductMainImageSizes {
		t.Errorf("images.ts main sizes %q, Go %q", sizes[1], ProductMainImageSizes)
	}

	id := "0123456789abcdef0123456789abcdef"
	set, ok := ImageSources(imageURLPrefix + id)
	p := imageURLPrefix + id + "/"
	want := ImageSet{
		Srcset:     p + "160.webp 160w, " + p + "320.webp 320w, " + p + "480.webp 480w, " + p + "800.webp 800w, " + p + "1200.webp 1200w",
		Type:       "image/webp",
		JPEGSrcset: p + "160.jpg 160w, " + p + "320.jpg 320w, " + p + "480.jpg 480w, " + p + "800.jpg 800w, " + p + "1200.jpg 1200w",
		Src:        p + "1200.jpg",
	}
	if !ok || set != want {
		t.Fatalf("ImageSources: %+v %v", set, ok)
	}
	for _, url := range []string{"", "https://proveedor.example/foto.jpg", "/v1/imagenes/demo/producto-000.svg",
		imageURLPrefix + id + "/480.webp", imageURLPrefix + strings.ToUpper(id), imageURLPrefix + id + "?v=1"} {
		if set, ok := ImageSources(url); ok {
			t.Errorf("ImageSources(%q) = %+v", url, set)
		}
	}
}

// Uploads that arrive together are decoded and resized one after the other: each decoded photo
// takes memory in proportion to its pixels (18 MB for a phone's).
func TestPhotosAreResizedOneAtATime(t *testing.T) {
	t.Parallel()
	env := newEnv(t)
	s := env.m.service
	var wg sync.WaitGroup
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := s.prepareImage(t.Context(), newImage(jpegBytes(t, halves(1200+i, 900)), "image/jpeg"))
			if err == nil {
				err = s.save(t.Context(), p)
			}
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := s.renders.MostAtOnce(); n != 1 {
		t.Fatalf("%d photos decoded at once", n)
	}
	if n := env.count(imagesCollection); n != 3 {
		t.Fatalf("%d pictures stored, want 3", n)
	}
}

// What an upload of a phone's photo costs: a 4000 x 3000 JPEG, and three at once.
func TestUploadOfAPhonePhotoTimeAndMemory(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("measures time and memory: without -race or -short")
	}
	raw := phonePhoto(t, 4000, 3000)
	env := newEnv(t)
	// As the shop runs (app/main.go): GOGC 200 under a soft limit of 100 MiB.
	defer debug.SetGCPercent(debug.SetGCPercent(200))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(100 << 20))
	env.m.service.renders.render(t.Context(), jpegBytes(t, halves(64, 64)), "image/jpeg") // the encoder's set-up, once a process

	// measure runs fn and returns how long it took and the heap's peak above what it was before,
	// garbage not yet collected included.
	measure := func(fn func()) (time.Duration, uint64) {
		runtime.GC()
		base := heapBytes()
		stop, peak := make(chan struct{}), make(chan uint64)
		go func() {
			var max uint64
			for {
				select {
				case <-stop:
					peak <- max
					return
				case <-time.After(time.Millisecond):
					if h := heapBytes(); h > max {
						max = h
					}
				}
			}
		}()
		start := time.Now()
		fn()
		took := time.Since(start)
		close(stop)
		return took, max(<-peak, base) - base
	}
	s := env.m.service
	// upload resizes n distinct photos at once, then stores them.
	upload := func(n int) (resize, store time.Duration, resizePeak, storePeak uint64) {
		prepared := make([]*preparedImage, n)
		resize, resizePeak = measure(func() {
			var wg sync.WaitGroup
			for i := range n {
				photo := append(append([]byte{}, raw...), byte(i), byte(n), byte(len(raw))) // distinct bytes
				wg.Add(1)
				go func() {
					defer wg.Done()
					var err error
					if prepared[i], err = s.prepareImage(t.Context(), newImage(photo, "image/jpeg")); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
		})
		store, storePeak = measure(func() {
			for _, p := range prepared {
				if err := s.save(t.Context(), p); err != nil {
					t.Error(err)
				}
			}
		})
		return
	}
	resize, store, resizePeak, storePeak := upload(1)
	t.Logf("4000x3000 JPEG of %d KB: resized in %v, heap peak +%d MiB; stored in %v, heap peak +%d MiB (garbage included)",
		len(raw)>>10, resize.Round(time.Millisecond), resizePeak>>20, store.Round(time.Millisecond), storePeak>>20)
	resize3, _, resizePeak3, _ := upload(3)
	t.Logf("three at once: resized in %v, heap peak +%d MiB", resize3.Round(time.Millisecond), resizePeak3>>20)
	if resizePeak > 48<<20 {
		t.Fatalf("heap peak +%d MiB", resizePeak>>20)
	}
	var card storedImage
	if err := env.db.R.Collection(sizesCollection).FindOne(t.Context(), bson.M{"ancho": 480}).Decode(&card); err != nil {
		t.Fatal(err)
	}
	t.Logf("its card size (480 px WebP): %d B", card.Tamano)
}

func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// The demo catalogue's first products show photos, stored as uploads are, once the background
// work after start is done; a product whose picture the staff changed first keeps it.
func TestDemoPhotosReplaceTheDrawingsOfAFewProducts(t *testing.T) {
	t.Parallel()
	db := mongox.TestDB(t)
	m := New(Deps{Store: db, Log: zerolog.Nop(), ReloadEvery: -1, Demo: true})
	ctx := t.Context()
	if err := db.BuildIndexes(ctx, m.Collections()...); err != nil {
		t.Fatal(err)
	}
	if err := m.SeedDemo(ctx); err != nil {
		t.Fatal(err)
	}
	photos := democatalog.PhotoProducts()
	staff := demoID(photos[1], 0)
	if _, ok, err := m.service.store.update(ctx, staff, bson.M{}, bson.M{"$set": bson.M{"imagen": "https://proveedor.example/dvr.jpg",
		"img_portada": "https://proveedor.example/dvr.jpg"}}); err != nil || !ok {
		t.Fatal(err)
	}
	start := time.Now()
	if err := m.Upgrade(ctx); err != nil { // as the app's start does on the embedded store (migrate)
		t.Fatal(err)
	}
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Stop)
	for done := false; !done; {
		var err error
		if done, err = mongox.JobDone(ctx, db.R.Collection(metaCollection), demoPhotosJob); err != nil {
			t.Fatal(err)
		}
		if time.Since(start) > time.Minute {
			t.Fatal("no demo photos a minute after start")
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("%d demo photos stored %v after start", len(photos), time.Since(start).Round(time.Millisecond))
	for _, product := range photos {
		p, err := m.service.Product(demoID(product, 0).Hex())
		if err != nil {
			t.Fatal(err)
		}
		stored, err := m.service.store.product(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if p.ID == staff {
			if p.Imagen != "https://proveedor.example/dvr.jpg" {
				t.Fatalf("the staff's picture was replaced: %q", p.Imagen)
			}
			continue
		}
		if uploadedImageID(p.Imagen) == "" || p.ImgPortada != p.Imagen || stored.Imagen != p.Imagen ||
			stored.Details.ImgPortada != p.Imagen || fmt.Sprint(stored.Details.Imagenes) != "["+p.Imagen+"]" || stored.Version != 1 {
			t.Fatalf("product %d: imagen %q, stored %q %+v, version %d", product, p.Imagen, stored.Imagen, stored.Details, stored.Version)
		}
		var doc storedImage
		if err := db.R.Collection(imagesCollection).FindOne(ctx, bson.M{"_id": uploadedImageID(p.Imagen)}).Decode(&doc); err != nil {
			t.Fatal(err)
		}
		if doc.Ancho != democatalog.PhotoSize.X || doc.Alto != democatalog.PhotoSize.Y || doc.Tipo != "image/jpeg" || doc.Anchos == nil || len(*doc.Anchos) != 5 {
			t.Fatalf("product %d's photo: %dx%d %s %v", product, doc.Ancho, doc.Alto, doc.Tipo, doc.Anchos)
		}
	}
	if n, _ := db.R.Collection(sizesCollection).CountDocuments(ctx, bson.M{}); n != int64(10*len(photos)) {
		t.Fatalf("%d sizes stored, want %d", n, 10*len(photos))
	}
}
