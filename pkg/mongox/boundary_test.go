package mongox

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The embedded engine's SQL stays behind internal/sqlitestore's door: no file of pkg/mongox
// itself (its tests aside) opens SQLite, or names FerretDB's tables and columns in a string.
func TestOnlySqlitestoreKnowsSQLite(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name) //nolint:gosec // this package's own files
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == "database/sql" || (strings.Contains(path, "sqlite") && !strings.HasSuffix(path, "/internal/sqlitestore")) {
				t.Errorf("%s imports %s: SQLite is internal/sqlitestore's", name, path)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(lit.Value, "_ferretdb_") {
				t.Errorf("%s names FerretDB's tables in %s: they are internal/sqlitestore's", name, lit.Value)
			}
			return true
		})
	}
	if checked < 10 {
		t.Fatalf("%d files checked: not pkg/mongox's", checked)
	}
}
