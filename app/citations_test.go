package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// citedFile is a path a text names: a file of the repository by its extension.
var citedFile = regexp.MustCompile(`(?:\.\.?/)*\.?[A-Za-z0-9][A-Za-z0-9_.\-]*(?:/[A-Za-z0-9_.\-\[\]]+)*\.(?:md|go|ya?ml|tsx?|mjs)\b`)

// notOurs are the file names the repository cites that are not its own, each for a reason.
var notOurs = map[string]string{
	"api-es.yaml": "Facturapi's published API description (modules/invoicing names the source)",
	"db.go":       "a file of FerretDB's, named inside an error text it answers",
	"go.yaml":     "the import path go.yaml.in/yaml",
}

// No document or comment cites a file that is not in the repository: each path a Markdown file,
// a Go file, a front-end file or a workflow names (e.g. `modules/sales/store.go`,
// `docs/data-model.md`) exists, relative to the citing file's folder, one of its parents, the
// repository's root or the front end's. A moved or deleted file leaves no reader looking for it.
func TestNoDocumentCitesAMissingFile(t *testing.T) {
	t.Parallel()
	const root = ".."
	skip := []string{".git", "node_modules", "dist", "bin", ".task", "test-results", "playwright-report"}
	var texts []string
	exists := map[string]bool{}
	names := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() && slices.Contains(skip, d.Name()) {
			return filepath.SkipDir
		}
		exists[rel] = true
		names[d.Name()] = true
		if strings.Contains(rel, "testdata") {
			return nil // there, but fixtures: what they say is not the repository's word
		}
		switch filepath.Ext(path) {
		case ".md", ".go", ".ts", ".tsx", ".mjs", ".yml", ".yaml":
			texts = append(texts, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	found := func(from, cited string) bool {
		cited = strings.TrimPrefix(cited, "./")
		for strings.HasPrefix(cited, "../") {
			cited = strings.TrimPrefix(cited, "../")
		}
		if !strings.Contains(cited, "/") {
			return names[cited] // a bare name: some file of that name
		}
		for _, dir := range []string{"frontend", "frontend/src"} {
			if exists[filepath.Join(dir, cited)] {
				return true
			}
		}
		for dir := filepath.Dir(from); ; dir = filepath.Dir(dir) {
			if exists[filepath.Join(dir, cited)] {
				return true
			}
			if dir == "." {
				return false
			}
		}
	}
	checked := 0
	for _, f := range texts {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, m := range citedFile.FindAllStringIndex(line, -1) {
				cited := line[m[0]:m[1]]
				// A route (/v1/openapi.yaml), an installed package's file, or a name in a URL.
				word := line[strings.LastIndexAny(line[:m[0]], " \t(`'\"")+1 : m[1]]
				// A pattern (*_test.go), not a file.
				if m[0] > 0 && strings.ContainsAny(line[m[0]-1:m[0]], "_*") {
					continue
				}
				if strings.HasPrefix(word, "/") || strings.Contains(word, "node_modules/") || strings.Contains(word, "://") || strings.Contains(word, "@") {
					continue
				}
				if _, ok := notOurs[filepath.Base(cited)]; ok {
					continue
				}
				checked++
				if !found(f, cited) {
					t.Errorf("%s:%d cites %s, which is not in the repository", f, i+1, cited)
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d citations found: the walk missed the repository's texts", checked)
	}
}
