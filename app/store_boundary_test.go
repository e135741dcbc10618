package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// mongoxPure are the names of pkg/mongox a module may use anywhere: types, filter builders and
// error tests, which touch no collection.
var mongoxPure = map[string]bool{
	"Store": true, "SetRange": true, "IsDuplicate": true, "ObjectIDAt": true, "Ascending": true,
	"ErrStop": true, "IsStorageFailure": true, "TestDB": true, "TestDBAt": true,
}

// A module's collections are touched only by its store code: the methods of its `store` type
// (the README's rule). Outside them no code of a module names a collection or a database
// (`.Collection`, `.Database`), reaches the store's handle (`.db`) or calls a pkg/mongox function
// that reads or writes (FindOne, PageOf, JobDone...). Tests and the fakes of outside services are
// not module code.
func TestOnlyStoreCodeTouchesCollections(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir("../modules", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") ||
			strings.Contains(path, "fake") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			if receiverName(fn) == "store" {
				checked++
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				name := sel.Sel.Name
				touches := name == "Collection" || name == "Database" || name == "db"
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "mongox" && !mongoxPure[name] {
					touches = true
				}
				if touches {
					t.Errorf("%s: %s uses %s outside the module's store code (a method of its store type)", fset.Position(sel.Pos()), fn.Name.Name, name)
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("only %d store methods found: the walk missed the modules", checked)
	}
}

// receiverName is the name of fn's receiver type ("" for a function).
func receiverName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return ""
	}
	t := fn.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
