package main

import (
	"regexp"
	"strings"
	"testing"
)

// Every /v1 route the router knows must be listed in openapi.yaml, so the file stays the one
// place that lists them all.
func TestOpenAPIListsEveryRoute(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), nil)
	defer closeApp(t, a)
	doc := string(openAPI)
	param := regexp.MustCompile(`:([A-Za-z_]+)`)
	for _, r := range a.echo.Router().Routes() {
		if !strings.HasPrefix(r.Path, "/v1/") || r.Path == "/v1/*" || r.Method == "echo_route_not_found" {
			continue
		}
		p := param.ReplaceAllString(strings.TrimPrefix(r.Path, "/v1"), "{$1}")
		if !strings.Contains(doc, "\n  "+p+":\n") {
			t.Errorf("%s %s is not in app/openapi.yaml (as %q)", r.Method, r.Path, p)
		}
	}
}
