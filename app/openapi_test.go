package main

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// openAPIMethods are the operation keys of an OpenAPI path item; its other keys (summary,
// parameters...) are not operations.
var openAPIMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace"}

// Every /v1 route the router knows is listed in openapi.yaml with its method, and the file lists
// nothing the router does not serve, so the file stays the one true list of the API.
func TestOpenAPIListsEveryRouteAndNothingElse(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), nil)
	defer closeApp(t, a)

	var doc struct {
		Servers []struct {
			URL string `yaml:"url"`
		} `yaml:"servers"`
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	if err := yaml.Unmarshal(openAPI, &doc); err != nil {
		t.Fatalf("app/openapi.yaml is not valid YAML: %v", err)
	}
	if len(doc.Servers) != 1 || doc.Servers[0].URL != "/v1" {
		t.Fatalf("app/openapi.yaml: want one server with url /v1, got %+v", doc.Servers)
	}
	inFile := map[string]bool{}
	for path, item := range doc.Paths {
		ops := 0
		for key := range item {
			if slices.Contains(openAPIMethods, key) {
				inFile[strings.ToUpper(key)+" "+path] = true
				ops++
			}
		}
		if ops == 0 {
			t.Errorf("app/openapi.yaml: %s has no operation", path)
		}
	}

	param := regexp.MustCompile(`:([A-Za-z_]+)`)
	served := map[string]bool{}
	for _, r := range a.echo.Router().Routes() {
		if !strings.HasPrefix(r.Path, "/v1/") || r.Path == "/v1/*" || r.Method == "echo_route_not_found" {
			continue
		}
		p := param.ReplaceAllString(strings.TrimPrefix(r.Path, "/v1"), "{$1}")
		served[r.Method+" "+p] = true
	}
	if len(served) == 0 {
		t.Fatal("the router lists no /v1 route")
	}
	for _, op := range slices.Sorted(maps.Keys(served)) {
		if !inFile[op] {
			t.Errorf("%s is served but missing from app/openapi.yaml", op)
		}
	}
	for _, op := range slices.Sorted(maps.Keys(inFile)) {
		if !served[op] {
			t.Errorf("%s is in app/openapi.yaml but the router does not serve it", op)
		}
	}
	if t.Failed() {
		t.Logf("served: %d operations, in the file: %d", len(served), len(inFile))
	}
}
