package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The Spanish wording of invalid input is listed once, in pkg/apperr/wording.go, one wording per
// meaning; validation errors and modules' own checks use it. This test reads every string literal
// of the server's code (tests aside) and fails on one that spells a listed meaning itself, in the
// listed words, in other words for the same thing, or naming its field (a form shows the message
// next to its field); and on a validate tag that spells a list (oneof=): a list is defined once,
// in Go, and a tag names it (httpx.RegisterOneOf), so that its message lists the same values.
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
	"Identificador inválido",    // apperr.MsgID
	"ID inválido",               //   (other words for it)
}

// namedMeanings are listed meanings as said of a named field, anywhere in a literal: 'El nombre
// debe tener como máximo 100 caracteres.' is apperr.MsgMaxChars(100).
var namedMeanings = []string{" debe tener como máximo ", " debe tener al menos "}

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
				for _, m := range namedMeanings {
					if strings.Contains(s, m) {
						found = append(found, fset.Position(lit.Pos()).String()+": "+s)
					}
				}
				if strings.Contains(reflect.StructTag(s).Get("validate"), "oneof=") {
					found = append(found, fset.Position(lit.Pos()).String()+": "+s+" (name a list registered with httpx.RegisterOneOf)")
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
