package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The Spanish wording of invalid input is listed once, in pkg/apperr/wording.go, one wording per
// meaning; validation errors and modules' own checks use it. This test reads every string literal
// of the server's code (tests aside) and fails on one that spells a listed meaning itself, in the
// listed words or in other words for the same thing.
var listedMeanings = []string{
	"Revisa los ",               // apperr.MsgCheckFields: a body with bad fields
	"Revisa el ",                //   (other words for it)
	"Parámetro inválido",        // apperr.MsgBadParameter
	"Este campo es obligatorio", // apperr.MsgRequired
	"Tipo de dato inválido",     // apperr.MsgWrongType
	"Escribe la fecha",          // apperr.MsgDay
	"Fecha inválida",            //   (other words for it)
	"La fecha de fin debe",      // apperr.MsgRange
	"Debe ser 1 o 0",            // apperr.MsgFlag
	"Ingresa un correo",         // apperr.MsgEmail
	"Valor inválido",            // apperr.MsgInvalid
	"Debe ser un número entero", // apperr.MsgInteger, MsgIntBetween, MsgIntAtLeast, MsgIntAtMost
	"Debe tener como máximo",    // apperr.MsgMaxChars, MsgMaxItems
	"Debe tener al menos",       // apperr.MsgMinChars, MsgMinItems
	"Debe ser uno de",           // apperr.MsgOneOf
	"Debe ser una de",           //   (other words for it)
}

func TestEveryWordingIsListedOnce(t *testing.T) {
	root := filepath.Join("..")
	var found []string
	for _, dir := range []string{"app", "modules", "pkg"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			if filepath.ToSlash(path) == "../pkg/apperr/wording.go" {
				return nil
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				for _, m := range listedMeanings {
					if strings.HasPrefix(s, m) {
						found = append(found, fset.Position(lit.Pos()).String()+": "+s)
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range found {
		t.Errorf("%s\n\tuse the wording of pkg/apperr/wording.go", f)
	}
	if len(found) > 0 {
		t.Logf("%d literals spell a listed wording", len(found))
	}
}
