package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/httpx/httpxtest"
)

// TestProductImagesUpToFiveMegabytesGetThroughTheServer checks the upload routes' own body limit:
// an image over 5 MB gets the catalogue's Spanish message (not the generic 413 of the 2 MB API
// limit), and a body beyond the upload limit is still refused.
func TestProductImagesUpToFiveMegabytesGetThroughTheServer(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), map[string]string{"DEMO_DATA": "true"})
	defer closeApp(t, a)
	h := a.Handler()
	rec := do(t, h, http.MethodPost, "/v1/usuarios/login", `{"email":"auxiliar@tienda.mx","password":"Auxiliar#2026"}`)
	var login struct{ Data struct{ Token string } }
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &login) != nil {
		t.Fatalf("login: %d %s", rec.Code, rec.Body)
	}
	auth := []string{"Authorization", login.Data.Token}
	product := func(image []byte) string {
		return `{"nombre":"Cámara con foto grande","categoria":"Camaras IP y NVRs","variantes":[{"talla":"Unico","stock":2,"precioVenta":900}],` +
			`"imagen":"data:image/png;base64,` + base64.StdEncoding.EncodeToString(image) + `"}`
	}
	photo := noisyPNG(t, 1000, 1000) // 3 MB: grain compresses badly

	// 3 MB: more than the API's 2 MB limit, accepted here.
	rec = do(t, h, http.MethodPost, "/v1/productos", product(photo), auth...)
	var p struct {
		Imagen string `json:"imagen"`
	}
	if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &p) != nil || !strings.HasPrefix(p.Imagen, "/v1/imagenes/") {
		t.Fatalf("3 MB image: %d %.300s", rec.Code, rec.Body)
	}
	if img := do(t, h, http.MethodGet, p.Imagen, ""); img.Code != 200 || img.Body.Len() != len(photo) || img.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Fatalf("image: %d %d %v", img.Code, img.Body.Len(), img.Header())
	}

	// 5.5 MB: the catalogue's own message on the imagen field.
	big := append(photo, make([]byte, 5<<19)...)
	rec = do(t, h, http.MethodPost, "/v1/productos", product(big), auth...)
	e := httpxtest.DecodeError(t, rec)
	if rec.Code != 400 || e.Fields["imagen"] != "La imagen pesa más de 5 MB. Elige una imagen más ligera." {
		t.Fatalf("5.5 MB image: %d %s", rec.Code, rec.Body)
	}
	// Beyond the upload limit: 413 in Spanish. Other routes keep the 2 MB limit.
	rec = do(t, h, http.MethodPost, "/v1/productos", product(make([]byte, 7<<20)), auth...)
	if e := httpxtest.DecodeError(t, rec); rec.Code != 413 || e.Message != "La solicitud es demasiado grande." {
		t.Fatalf("9 MB body: %d %s", rec.Code, rec.Body)
	}
	rec = do(t, h, http.MethodPost, "/v1/discounts", `{"name":"`+strings.Repeat("x", 3<<20)+`"}`, auth...)
	if rec.Code != 413 {
		t.Fatalf("3 MB discount: %d", rec.Code)
	}
}

// noisyPNG is a w x h PNG of coloured grain (about 3 bytes a pixel).
func noisyPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(r.Uint32())
		if i%4 == 3 {
			img.Pix[i] = 255
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The storefront's reads come compressed once from the catalogue's cache, and a sale shows in
// the next answer.
func TestStorefrontAnswersAreCachedUntilTheCatalogueChanges(t *testing.T) {
	t.Parallel()
	s := newShop(t)
	p := s.pick(false)
	read := func(path string) (body []byte, gzipped bool) {
		t.Helper()
		rec := do(t, s.h, http.MethodGet, path, "", "Accept-Encoding", "gzip, deflate, br")
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" {
			t.Fatalf("%s: %d %q", path, rec.Code, rec.Header().Get("Content-Type"))
		}
		body = rec.Body.Bytes()
		if rec.Header().Get("Content-Encoding") == "gzip" {
			r, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(r); err != nil {
				t.Fatal(err)
			}
			gzipped = true
		}
		if !bytes.Equal(body, do(t, s.h, http.MethodGet, path, "").Body.Bytes()) { // without Accept-Encoding: plain
			t.Fatalf("%s: the gzipped and plain answers differ", path)
		}
		return body, gzipped
	}
	list, gz := read("/v1/productos?limit=100&compact=0")
	if !gz || !bytes.Contains(list, []byte(p.ID)) {
		t.Fatalf("first page: gzipped %v, holds the product %v", gz, bytes.Contains(list, []byte(p.ID)))
	}
	stockOf := func() int {
		body, _ := read("/v1/productos/" + p.ID)
		var got product
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		return got.Variantes[0].Stock
	}
	before := stockOf()
	rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Juan", "carrito": []any{cartLine(p, 1, false)}})
	if rec.Code != http.StatusCreated {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if after := stockOf(); after != before-1 {
		t.Fatalf("stock shown after a sale: %d, want %d", after, before-1)
	}
	if rec := do(t, s.h, http.MethodGet, "/v1/productos?limit=abc", ""); rec.Code != http.StatusBadRequest {
		t.Fatalf("a bad query is answered from the cache: %d", rec.Code)
	}
}

// The earlier release's store (testdata/upgrade-v1): at start every unit is in its product
// document with the totals beside it, the holds of saved orders are gone, those of the online
// order still waiting for its payment are kept, and no stock collection is left.
func TestTheEarlierReleasesStockIsInTheProductsAfterStart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store, want := loadFixture(t)
	dir, env := t.TempDir(), map[string]string{"JWT_SECRET": "upgrade-test-secret-0123456789abcdef"}
	migrateOnMongoDB(t, store, dir, env)
	a, err := NewOnStore(ctx, testConfig(t, dir, env), zerolog.Nop(), testWeb, store)
	if err != nil {
		t.Fatal(err)
	}
	defer closeApp(t, a)

	type stored struct {
		ID        bson.ObjectID `bson:"_id"`
		Variantes []struct {
			ID    bson.ObjectID `bson:"_id"`
			Stock *int          `bson:"stock"`
		} `bson:"variantes"`
		Stock           *int                      `bson:"stock"`
		TotalExistencia *int                      `bson:"total_existencia"`
		Apartados       map[string]map[string]any `bson:"apartados"`
	}
	read := func() map[string]stored {
		t.Helper()
		cur, err := store.R.Collection("productos").Find(ctx, bson.M{})
		if err != nil {
			t.Fatal(err)
		}
		var docs []stored
		if err := cur.All(ctx, &docs); err != nil {
			t.Fatal(err)
		}
		out := map[string]stored{}
		for _, d := range docs {
			out[d.ID.Hex()] = d
		}
		return out
	}
	// The keys of saved orders go a moment after the start's reconciliation (a flush each half
	// second; the deadline only bounds a failure, on a machine as loaded as CI's can be).
	deadline := time.Now().Add(30 * time.Second)
	docs := read()
	for settled := 0; settled < len(want.Settled) && time.Now().Before(deadline); docs = read() {
		settled = 0
		for _, key := range want.Settled {
			held := false
			for _, d := range docs {
				_, ok := d.Apartados[key]
				held = held || ok
			}
			if !held {
				settled++
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(docs) != len(want.Stock) {
		t.Fatalf("%d products, want %d", len(docs), len(want.Stock))
	}
	for pid, variants := range want.Stock {
		d := docs[pid]
		sum := 0
		for _, v := range d.Variantes {
			if v.Stock == nil || *v.Stock != variants[v.ID.Hex()] {
				t.Errorf("product %s variant %s: %v units, want %d", pid, v.ID.Hex(), v.Stock, variants[v.ID.Hex()])
				continue
			}
			sum += *v.Stock
		}
		if d.Stock == nil || d.TotalExistencia == nil || *d.Stock != sum || *d.TotalExistencia != sum || len(d.Variantes) != len(variants) {
			t.Errorf("product %s: stock %v, total_existencia %v, variants %d; want %d in %d", pid, d.Stock, d.TotalExistencia, len(d.Variantes), sum, len(variants))
		}
		// Held: only what the waiting online order holds, with its variant.
		wantHeld := map[string]int{}
		for key, n := range want.Holds[pid] {
			if !slices.Contains(want.Settled, key) {
				wantHeld[key] = n
			}
		}
		if len(d.Apartados) != len(wantHeld) {
			t.Errorf("product %s: holds %v, want %v", pid, d.Apartados, wantHeld)
		}
		for key, n := range wantHeld {
			h := d.Apartados[key]
			sale, _, _ := strings.Cut(key, ":")
			if h == nil || fmt.Sprint(h["cantidad"]) != fmt.Sprint(n) || want.Waiting[sale][pid] != n || h["variante"] != d.Variantes[0].ID {
				t.Errorf("product %s: hold %s is %v, want %d units of %s", pid, key, h, n, d.Variantes[0].ID.Hex())
			}
		}
	}
	names, err := store.R.ListCollectionNames(ctx, bson.M{})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if strings.HasPrefix(n, "existencias_") {
			t.Errorf("%s is still there", n)
		}
	}
}
