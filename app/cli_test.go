package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestHelpListsEveryVerbAndEachHasItsOwnHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"-h"}, {"ayuda"}} {
		var out, errOut bytes.Buffer
		code, ok := dispatch(args, &out, &errOut)
		if !ok || code != 0 || !strings.HasPrefix(out.String(), "Uso: tienda") {
			t.Fatalf("%v: %d %v %q", args, code, ok, out.String())
		}
		for _, v := range verbs {
			if !strings.Contains(out.String(), "  "+v.name+" ") {
				t.Fatalf("%v does not list %s:\n%s", args, v.name, out.String())
			}
		}
	}
	for _, v := range verbs {
		var out, errOut bytes.Buffer
		if code, ok := dispatch([]string{v.name, "--help"}, &out, &errOut); !ok || code != 0 || !strings.HasPrefix(out.String(), "Uso: tienda "+v.name) {
			t.Fatalf("%s --help: %d %q", v.name, code, out.String())
		}
	}
}

func TestUnknownVerbIsRefusedAndNoVerbServes(t *testing.T) {
	var out, errOut bytes.Buffer
	if code, ok := dispatch([]string{"respaldar-todo"}, &out, &errOut); !ok || code != 2 || !strings.Contains(errOut.String(), `no existe la orden "respaldar-todo"`) {
		t.Fatalf("%d %v %q", code, ok, errOut.String())
	}
	if _, ok := dispatch(nil, &out, &errOut); ok {
		t.Fatal("no arguments must serve the shop")
	}
}

func TestVersionNamesTheRelease(t *testing.T) {
	var out, errOut bytes.Buffer
	if code, ok := dispatch([]string{"version"}, &out, &errOut); !ok || code != 0 || out.String() != "tienda "+Version()+"\n" || !strings.HasPrefix(Version(), release) {
		t.Fatalf("%d %q", code, out.String())
	}
}
