package main

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"tienda/pkg/httpx"
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

// Every list a request's field takes (httpx.RegisterOneOf: the sales' payment methods, the roles,
// the sorts...) is the enum of some parameter or field in app/openapi.yaml, so that the file
// follows a list that changes. The lists and enums are compared as sets.
func TestOpenAPIListsEveryRegisteredList(t *testing.T) {
	t.Parallel()
	var doc yaml.Node
	if err := yaml.Unmarshal(openAPI, &doc); err != nil {
		t.Fatalf("app/openapi.yaml is not valid YAML: %v", err)
	}
	enums := map[string]bool{}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		for i, c := range n.Content {
			if n.Kind == yaml.MappingNode && i%2 == 1 && n.Content[i-1].Value == "enum" && c.Kind == yaml.SequenceNode {
				values := make([]string, len(c.Content))
				for j, v := range c.Content {
					values[j] = v.Value
				}
				enums[setKey(values)] = true
			}
			walk(c)
		}
	}
	walk(&doc)
	lists := httpx.OneOfLists()
	if len(lists) == 0 {
		t.Fatal("no list is registered")
	}
	for _, name := range slices.Sorted(maps.Keys(lists)) {
		if !enums[setKey(lists[name])] {
			t.Errorf("the list %s %v is the enum of no parameter or field of app/openapi.yaml", name, lists[name])
		}
	}
}

// setKey is values as a set: sorted, joined.
func setKey(values []string) string {
	return strings.Join(slices.Sorted(slices.Values(values)), "\x00")
}
