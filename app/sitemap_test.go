package main

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/rs/zerolog"

	"tienda/modules/catalog"
	"tienda/pkg/auth"
	"tienda/pkg/webpage"
)

// manyPages stands in for a catalogue of n products (their sitemap pages only).
type manyPages struct {
	n   int
	gen uint64
}

func (p *manyPages) ProductPage(webpage.Site, string) (webpage.Page, error) {
	return webpage.Page{}, errNoSitemap
}
func (p *manyPages) CategoryPage(webpage.Site, string) (webpage.Page, error) {
	return webpage.Page{}, errNoSitemap
}
func (p *manyPages) Generation() uint64 { return p.gen }
func (p *manyPages) SitemapPages() []catalog.SitemapPage {
	out := make([]catalog.SitemapPage, p.n)
	day := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	for i := range out {
		out[i] = catalog.SitemapPage{Path: fmt.Sprintf("/product/%024x", i), Changed: day.AddDate(0, 0, i/40000)}
	}
	return out
}

type sitemapIndex struct {
	XMLName  xml.Name
	Sitemaps []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"sitemap"`
	URLs []struct {
		Loc string `xml:"loc"`
	} `xml:"url"`
}

func readSitemap(t *testing.T, h http.Handler, path string) sitemapIndex {
	t.Helper()
	rec := do(t, h, http.MethodGet, path, "")
	var s sitemapIndex
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/xml") || xml.Unmarshal(rec.Body.Bytes(), &s) != nil {
		t.Fatalf("%s: %d %.300s", path, rec.Code, rec.Body)
	}
	return s
}

// Past 50,000 URLs the sitemap is split as search engines require: /sitemap.xml becomes an index
// of files of at most 50,000 URLs each, which together list every page once.
func TestTheSitemapIsSplitPast50000URLs(t *testing.T) {
	t.Parallel()
	pages := &manyPages{n: 2*maxSitemapURLs - 4 + 1} // with the 4 fixed pages: 2 files and 1 URL
	cfg := testConfig(t, t.TempDir(), map[string]string{"PUBLIC_URL": "https://tienda.example.mx"})
	tokens := auth.NewTokens(strings.Repeat("s", 32), time.Hour)
	h := newServer(cfg, zerolog.Nop(), tokens.Middleware(nil), testWeb, pages, healthChecks{full: func(c *echo.Context) error { return c.NoContent(http.StatusOK) }}, nil, nil)

	index := readSitemap(t, h, "/sitemap.xml")
	if index.XMLName.Local != "sitemapindex" || len(index.Sitemaps) != 3 || len(index.URLs) != 0 {
		t.Fatalf("/sitemap.xml: <%s> of %d sitemaps and %d URLs", index.XMLName.Local, len(index.Sitemaps), len(index.URLs))
	}
	seen := map[string]bool{}
	for i, sm := range index.Sitemaps {
		path := fmt.Sprintf("/sitemap-%d.xml", i+1)
		if sm.Loc != "https://tienda.example.mx"+path {
			t.Errorf("sitemap %d is at %s", i+1, sm.Loc)
		}
		part := readSitemap(t, h, path)
		if part.XMLName.Local != "urlset" || len(part.URLs) > maxSitemapURLs || len(part.URLs) == 0 {
			t.Fatalf("%s: <%s> of %d URLs", path, part.XMLName.Local, len(part.URLs))
		}
		for _, u := range part.URLs {
			if seen[u.Loc] {
				t.Fatalf("%s is listed twice", u.Loc)
			}
			seen[u.Loc] = true
		}
	}
	if len(seen) != pages.n+4 || !seen["https://tienda.example.mx/"] || !seen[fmt.Sprintf("https://tienda.example.mx/product/%024x", pages.n-1)] {
		t.Errorf("the files list %d URLs, not %d", len(seen), pages.n+4)
	}
	// Each file's date is its newest page's.
	if index.Sitemaps[0].LastMod != "2026-11-02" || index.Sitemaps[2].LastMod != "2026-11-03" {
		t.Errorf("dates: %+v", index.Sitemaps)
	}
	for _, path := range []string{"/sitemap-0.xml", "/sitemap-4.xml", "/sitemap-1", "/sitemap-x.xml", "/sitemap-1.xml.gz", "/sitemap-01a.xml"} {
		if rec := do(t, h, http.MethodGet, path, ""); rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}

	// When the catalogue shrinks to one file's worth, /sitemap.xml lists the URLs again.
	pages.n, pages.gen = maxSitemapURLs-4, 1
	if s := readSitemap(t, h, "/sitemap.xml"); s.XMLName.Local != "urlset" || len(s.URLs) != maxSitemapURLs {
		t.Errorf("/sitemap.xml: <%s> of %d URLs", s.XMLName.Local, len(s.URLs))
	}
	if rec := do(t, h, http.MethodGet, "/sitemap-1.xml", ""); rec.Code != http.StatusNotFound {
		t.Errorf("/sitemap-1.xml of an unsplit sitemap: %d", rec.Code)
	}
}
