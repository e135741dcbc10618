package main

import (
	"encoding/xml"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/modules/catalog"
	"tienda/pkg/apperr"
	"tienda/pkg/webpage"
)

// The sitemap, as search engines require it: at most 50,000 URLs a file. /sitemap.xml (the address
// robots.txt gives) is the list of URLs itself while they fit in one file; past that it is a
// sitemap index naming /sitemap-1.xml, /sitemap-2.xml, … of 50,000 URLs each.

// maxSitemapURLs is how many URLs one sitemap file may list (sitemaps.org).
const maxSitemapURLs = 50000

const sitemapNS = "http://www.sitemaps.org/schemas/sitemap/0.9"

// sitemapFiles are the sitemap's files: index is /sitemap.xml, parts[i] is /sitemap-{i+1}.xml (none
// while one file holds every URL).
type sitemapFiles struct {
	index []byte
	parts [][]byte
}

// serveSitemap answers /sitemap.xml: the home page, the shop's lists, every category and every
// product, or the index of the files that list them; rebuilt after each change of the catalogue.
func (s *pageServer) serveSitemap(c *echo.Context) error {
	files, err := s.sitemapFiles()
	if err != nil {
		return err
	}
	return sitemapBlob(c, files.index)
}

// serveSitemapPart answers /sitemap-{n}.xml, the n-th file of a split sitemap.
func (s *pageServer) serveSitemapPart(c *echo.Context) error {
	files, err := s.sitemapFiles()
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(strings.TrimSuffix(c.Param("parte"), ".xml"))
	if err != nil || !strings.HasSuffix(c.Param("parte"), ".xml") || n < 1 || n > len(files.parts) {
		return errNoSitemap
	}
	return sitemapBlob(c, files.parts[n-1])
}

var errNoSitemap = apperr.New(apperr.NotFound, "La página que buscas no existe.")

func sitemapBlob(c *echo.Context, body []byte) error {
	c.Response().Header().Set(echo.HeaderCacheControl, "no-cache")
	return c.Blob(http.StatusOK, "application/xml; charset=utf-8", body)
}

// sitemapFiles returns the sitemap of the catalogue as it is now, built again when it changed.
func (s *pageServer) sitemapFiles() (sitemapFiles, error) {
	if s.pages == nil {
		return sitemapFiles{}, errNoSitemap
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if gen := s.pages.Generation(); s.sitemap.index == nil || gen != s.gen {
		s.sitemap, s.gen = buildSitemap(s.site, s.pages.SitemapPages()), gen
	}
	return s.sitemap, nil
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// buildSitemap lists the shop's fixed pages and pages, in files of at most maxSitemapURLs URLs.
func buildSitemap(site webpage.Site, pages []catalog.SitemapPage) sitemapFiles {
	all := make([]catalog.SitemapPage, 0, 4+len(pages))
	for _, p := range []string{"/", "/modern", "/ofertas", "/tiendas"} {
		all = append(all, catalog.SitemapPage{Path: p})
	}
	all = append(all, pages...)
	if len(all) <= maxSitemapURLs {
		return sitemapFiles{index: urlSet(site, all)}
	}
	type sitemap struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod,omitempty"`
	}
	index := struct {
		XMLName  xml.Name  `xml:"sitemapindex"`
		NS       string    `xml:"xmlns,attr"`
		Sitemaps []sitemap `xml:"sitemap"`
	}{NS: sitemapNS}
	var files sitemapFiles
	for from := 0; from < len(all); from += maxSitemapURLs {
		part := all[from:min(from+maxSitemapURLs, len(all))]
		files.parts = append(files.parts, urlSet(site, part))
		var changed time.Time
		for _, p := range part {
			if p.Changed.After(changed) {
				changed = p.Changed
			}
		}
		index.Sitemaps = append(index.Sitemaps, sitemap{Loc: site.Absolute("/sitemap-" + strconv.Itoa(len(files.parts)) + ".xml"), LastMod: lastMod(changed)})
	}
	out, _ := xml.Marshal(index) // strings and a name only: cannot fail
	files.index = append([]byte(xml.Header), out...)
	return files
}

// urlSet is one sitemap file listing pages.
func urlSet(site webpage.Site, pages []catalog.SitemapPage) []byte {
	set := struct {
		XMLName xml.Name     `xml:"urlset"`
		NS      string       `xml:"xmlns,attr"`
		URLs    []sitemapURL `xml:"url"`
	}{NS: sitemapNS, URLs: make([]sitemapURL, len(pages))}
	for i, p := range pages {
		set.URLs[i] = sitemapURL{Loc: site.Absolute(p.Path), LastMod: lastMod(p.Changed)}
	}
	out, _ := xml.Marshal(set) // strings and a name only: cannot fail
	return append([]byte(xml.Header), out...)
}

// lastMod is a sitemap's date of t, "" when t is unknown.
func lastMod(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02")
}
