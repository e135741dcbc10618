package sqlitestore

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// parseJSON reads strings and numbers as encoding/json does.
func TestParseJSONReadsAsEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, text := range []string{`"a\"b\\c\/d\b\f\n\r\t"`, `"\u00e9\u0026\u003c\u2028"`, `"\ud83d\ude00 y \ud800 solo \udc00"`, `"\ud83d\u0041"`,
		`"ñandú 😀"`, `""`, `-12.5e+3`, `0`, `[1, "x", {"a": [true, false, null]}, {}]`, ` {"k" : "v" , "": 1} `} {
		n, err := parseJSON([]byte(text))
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		var want any
		if err := json.Unmarshal([]byte(text), &want); err != nil {
			t.Fatal(err)
		}
		if got := jsonNodeValue(n); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %#v, encoding/json %#v", text, got, want)
		}
	}
	for _, bad := range []string{``, `{`, `{"a"}`, `{"a":1,}`, `[1 2]`, `"\x"`, `"abc`, `nul`, `{} x`, strings.Repeat("[", 300) + strings.Repeat("]", 300)} {
		if _, err := parseJSON([]byte(bad)); err == nil {
			t.Errorf("%q was read", bad)
		}
	}
}

// jsonNodeValue is n as encoding/json decodes into an any.
func jsonNodeValue(n *jsonNode) any {
	switch n.kind {
	case '{':
		m := map[string]any{}
		for i, k := range n.keys {
			m[k] = jsonNodeValue(&n.items[i])
		}
		return m
	case '[':
		a := []any{}
		for i := range n.items {
			a = append(a, jsonNodeValue(&n.items[i]))
		}
		return a
	case '"':
		return n.text
	case 'n':
		f, _ := strconv.ParseFloat(n.text, 64)
		return f
	case 't', 'f':
		return n.kind == 't'
	}
	return nil
}

// A parser reused for one text after another (as document's pool does) reads each as a fresh one
// would, whatever the sizes before it, including after a text it refused.
func TestParserReusedReadsEachTextAfresh(t *testing.T) {
	t.Parallel()
	big := `{"a":[` + strings.Repeat(`{"k":"v","n":[1,2,{"x":null}]},`, 400) + `{}],"b":"fin"}`
	texts := []string{`{"a":1,"b":[true,"x"]}`, big, `[{"a":{"b":{"c":[]}}}]`, `{"a"`, `{"k":"é\n","z":[[],{}]}`, big, `"solo"`}
	var p jsonParser
	for range 3 {
		for _, text := range texts {
			fresh, freshErr := parseJSON([]byte(text))
			got, err := p.parse([]byte(text))
			if (err != nil) != (freshErr != nil) {
				t.Fatalf("%.40s: reused %v, fresh %v", text, err, freshErr)
			}
			if err == nil && !reflect.DeepEqual(jsonNodeValue(got), jsonNodeValue(fresh)) {
				t.Fatalf("%.40s: a reused parser read it differently", text)
			}
		}
	}
}
