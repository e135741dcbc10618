package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The shop is a modular monolith: a module never imports another, pkg/ never imports a
// module, and only app/ (the composition root) wires several modules together. This test reads
// the import lines of every Go file in the repository, tests included, and fails on any that
// breaks those rules.

// goPackages maps each directory of the repository holding Go files to the import paths its
// files name (tests included).
func goPackages(t *testing.T, root string) map[string][]string {
	t.Helper()
	pkgs := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(rel)
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			pkgs[dir] = append(pkgs[dir], p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// moduleOf names the module a directory or an import path belongs to ("catalog" for
// modules/catalog/... or tienda/modules/catalog/...), or "" outside modules/.
func moduleOf(path string) string {
	path = strings.TrimPrefix(path, "tienda/")
	rest, ok := strings.CutPrefix(path, "modules/")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	return name
}

// boundaryViolations lists, for each package, the imports that break the rules.
func boundaryViolations(pkgs map[string][]string) []string {
	var out []string
	for dir, imports := range pkgs {
		own := moduleOf(dir)
		var modules []string
		for _, p := range imports {
			m := moduleOf(p)
			if m == "" {
				continue
			}
			switch {
			case own != "" && m != own:
				out = append(out, dir+" (module "+own+") imports module "+m+": declare what it needs in its ports.go, and let app/ pass it in")
			case strings.HasPrefix(dir, "pkg/") || dir == "pkg":
				out = append(out, dir+" imports module "+m+": pkg/ is shared by the modules and knows none of them")
			}
			if !slices.Contains(modules, m) {
				modules = append(modules, m)
			}
		}
		if dir != "app" && own == "" && len(modules) > 1 {
			slices.Sort(modules)
			out = append(out, dir+" imports modules "+strings.Join(modules, ", ")+": only app/ wires several modules")
		}
	}
	slices.Sort(out)
	return out
}

func TestModulesStayApart(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the repository's root is not at ..: %v", err)
	}
	pkgs := goPackages(t, root)
	for _, dir := range []string{"app", "modules/catalog", "modules/sales", "pkg/mongox"} {
		if len(pkgs[dir]) == 0 {
			t.Fatalf("no imports read in %s: the walk missed the code", dir)
		}
	}
	for _, v := range boundaryViolations(pkgs) {
		t.Error(v)
	}
}

// The rules themselves, on made-up packages: each kind of break is found, and what is allowed is
// not reported.
func TestBoundaryRules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		dir     string
		imports []string
		broken  bool
	}{
		{"a module imports pkg", "modules/sales", []string{"tienda/pkg/mongox", "context"}, false},
		{"a module's own subpackage", "modules/cartcheckout", []string{"tienda/modules/cartcheckout/mpfake"}, false},
		{"a module imports another", "modules/sales", []string{"tienda/modules/catalog"}, true},
		{"a module's subpackage imports another module", "modules/cartcheckout/mpfake", []string{"tienda/modules/sales"}, true},
		{"pkg imports a module", "pkg/httpx", []string{"tienda/modules/users"}, true},
		{"a script uses one module", "scripts/bench", []string{"tienda/modules/sales", "tienda/modules/sales"}, false},
		{"a script wires two modules", "scripts/bench", []string{"tienda/modules/sales", "tienda/modules/catalog"}, true},
		{"app wires them all", "app", []string{"tienda/modules/sales", "tienda/modules/catalog", "tienda/modules/users"}, false},
		{"a look-alike path", "modules/sales", []string{"tienda/pkg/modules/catalog", "example.com/modules/catalog"}, false},
	}
	for _, c := range cases {
		got := boundaryViolations(map[string][]string{c.dir: c.imports})
		if (len(got) > 0) != c.broken {
			t.Errorf("%s: violations %q, want broken=%v", c.name, got, c.broken)
		}
	}
}

// A module's door is its top package (modules/<name>): its own subpackages may build on it (a
// client of an outside API, a fake, a background job's screen), but the top package imports no
// package under modules/, its own subpackages neither, so that nothing outside app/ wires two
// packages of modules/ together. Shared data and tools without a module's types go in pkg/.
func TestAModulesTopPackageImportsNoOtherPackageOfModules(t *testing.T) {
	t.Parallel()
	dirs, err := os.ReadDir("../modules")
	if err != nil {
		t.Fatal(err)
	}
	read := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		files, err := filepath.Glob(filepath.Join("../modules", d.Name(), "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue // tests may use a module's fakes
			}
			parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			read++
			for _, imp := range parsed.Imports {
				p, err := strconv.Unquote(imp.Path.Value)
				if err != nil {
					t.Fatal(err)
				}
				if strings.HasPrefix(p, "tienda/modules/") {
					t.Errorf("%s imports %s: a module's top package imports no package of modules/", f, p)
				}
			}
		}
	}
	if read < 50 {
		t.Fatalf("only %d files read: the walk missed the modules", read)
	}
}
