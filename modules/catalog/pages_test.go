package catalog

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

// A category page carries the first page of its products as the app asks for it, and preloads the
// pictures of the cards the app loads first: the numbers are the app's.
func TestACategoryPageCarriesWhatTheAppAsksFor(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		file, pattern string
		want          int
	}{
		{"../../frontend/src/lib/producto.ts", `export const PAGE_SIZE = (\d+)`, shopPageSize},
		{"../../frontend/src/components/infinite-producto-list.tsx", `const FIRST_SCREEN_CARDS = (\d+)`, firstScreenCards},
	} {
		src, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(c.pattern).FindSubmatch(src)
		if m == nil {
			t.Fatalf("%s: %s not found", c.file, c.pattern)
		}
		if n, _ := strconv.Atoi(string(m[1])); n != c.want {
			t.Errorf("%s: %d, Go %d", c.file, n, c.want)
		}
	}
}
