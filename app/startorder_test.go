package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"testing"
)

// The modules start in an order that wire and starters state apart; this test reads both in
// app.go and fails when a module starts before a module it was built with, or when a module with
// a Start is left out of the start.

// builtWith reads wire: for each module assigned (m.X = ...), the modules its construction names,
// directly (m.Y) or through a local variable built from one (trail := m.audit.Service()). Nothing
// is set on a module after its construction, so the constructions say all each module is built
// with.
func builtWith(t *testing.T, file *ast.File) map[string][]string {
	t.Helper()
	var wire *ast.FuncDecl
	for _, d := range file.Decls {
		if f, ok := d.(*ast.FuncDecl); ok && f.Name.Name == "wire" {
			wire = f
		}
	}
	if wire == nil {
		t.Fatal("no func wire in app.go")
	}
	locals := map[string][]string{} // local variable -> modules it was made of
	named := func(n ast.Node) []string {
		var out []string
		ast.Inspect(n, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.SelectorExpr:
				if id, ok := x.X.(*ast.Ident); ok && id.Name == "m" {
					out = append(out, x.Sel.Name)
				}
			case *ast.Ident:
				out = append(out, locals[x.Name]...)
			}
			return true
		})
		slices.Sort(out)
		return slices.Compact(out)
	}
	deps := map[string][]string{}
	ast.Inspect(wire.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			switch l := lhs.(type) {
			case *ast.Ident:
				locals[l.Name] = named(as.Rhs[i])
			case *ast.SelectorExpr:
				if id, ok := l.X.(*ast.Ident); ok && id.Name == "m" {
					deps[l.Sel.Name] = slices.DeleteFunc(named(as.Rhs[i]), func(s string) bool { return s == l.Sel.Name })
				}
			}
		}
		return true
	})
	return deps
}

// startOrder reads starters: the modules, in the order they start.
func startOrder(t *testing.T, file *ast.File) []string {
	t.Helper()
	var order []string
	for _, d := range file.Decls {
		f, ok := d.(*ast.FuncDecl)
		if !ok || f.Name.Name != "starters" {
			continue
		}
		ast.Inspect(f.Body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok {
				for _, e := range lit.Elts {
					if sel, ok := e.(*ast.SelectorExpr); ok {
						order = append(order, sel.Sel.Name)
					}
				}
				return false
			}
			return true
		})
	}
	return order
}

// startViolations lists the modules that start before a module they were built with.
func startViolations(deps map[string][]string, order []string) []string {
	var out []string
	for i, name := range order {
		for _, dep := range deps[name] {
			if j := slices.Index(order, dep); j > i {
				out = append(out, name+" starts before "+dep+", which it is built with")
			}
		}
	}
	return out
}

func TestModulesStartAfterTheModulesTheyAreBuiltWith(t *testing.T) {
	t.Parallel()
	file, err := parser.ParseFile(token.NewFileSet(), "app.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	deps, order := builtWith(t, file), startOrder(t, file)
	if len(deps) < 9 || len(order) < 7 || !slices.Contains(deps["checkout"], "sales") || !slices.Contains(deps["catalog"], "audit") {
		t.Fatalf("wire or starters not read: built with %v, start order %v", deps, order)
	}
	for _, v := range startViolations(deps, order) {
		t.Error(v)
	}
	// Every module with work of its own starts: one with a Start left out of starters never would.
	mt, st := reflect.TypeFor[modules](), reflect.TypeFor[starter]()
	for i := range mt.NumField() {
		if f := mt.Field(i); f.Type.Implements(st) && !slices.Contains(order, f.Name) {
			t.Errorf("module %s has a Start but is not in starters", f.Name)
		}
	}
}

// The rule itself, on a made-up wiring.
func TestStartViolations(t *testing.T) {
	t.Parallel()
	deps := map[string][]string{"sales": {"catalog", "users"}, "checkout": {"sales"}}
	if v := startViolations(deps, []string{"catalog", "sales", "checkout"}); len(v) != 0 {
		t.Errorf("a good order refused: %v", v)
	}
	if v := startViolations(deps, []string{"sales", "checkout", "catalog"}); len(v) != 1 {
		t.Errorf("sales before catalog: %v", v)
	}
	if v := startViolations(deps, []string{"checkout", "catalog", "sales"}); len(v) != 1 {
		t.Errorf("checkout before sales: %v", v)
	}
}
