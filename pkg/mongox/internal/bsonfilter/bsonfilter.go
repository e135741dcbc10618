// Package bsonfilter reads the parts of a MongoDB filter, a sort and an update that both sides of
// pkg/mongox read: its own matching in Go (match.go) and the embedded engine's SQL
// (internal/sqlitestore). It knows BSON and Go values only, nothing of an engine.
package bsonfilter

import (
	"reflect"
	"regexp"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// Operators returns v as a document of operators when it is one ({"$gte": 3}).
func Operators(v any) (bson.M, bool) {
	var m bson.M
	switch d := v.(type) {
	case bson.M:
		m = d
	case bson.D:
		m = bson.M{}
		for _, e := range d {
			m[e.Key] = e.Value
		}
	case map[string]any:
		m = d
	default:
		return nil, false
	}
	for k := range m {
		if !strings.HasPrefix(k, "$") {
			return nil, false
		}
	}
	return m, len(m) > 0
}

// InList reads the list of an $in.
func InList(arg any) ([]any, bool) {
	switch l := arg.(type) {
	case []any:
		return l, true
	case bson.A:
		return l, true
	case []string:
		out := make([]any, len(l))
		for i, v := range l {
			out[i] = v
		}
		return out, true
	}
	return nil, false
}

// TimeOf reads a filter value as a time, when it is one.
func TimeOf(v any) (time.Time, bool) {
	t, ok := v.(time.Time)
	return t, ok
}

// Plain is v with a type of its own over a string (type Estado string) as the string it is: the
// driver stores it as one, so the store's SQL compares it as one.
func Plain(v any) any {
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.String && rv.Type() != reflect.TypeFor[string]() {
		return rv.String()
	}
	return v
}

// Direction reads a sort or index key's direction: 1 ascending, -1 descending.
func Direction(v any) (int, bool) {
	var n float64
	switch x := v.(type) {
	case int:
		n = float64(x)
	case int32:
		n = float64(x)
	case int64:
		n = float64(x)
	case float64:
		n = x
	default:
		return 0, false
	}
	switch n {
	case 1:
		return 1, true
	case -1:
		return -1, true
	}
	return 0, false
}

var plainField = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// PlainField reports whether name is a top-level field whose name needs no quoting anywhere
// (a letter, then letters, digits and _).
func PlainField(name string) bool { return plainField.MatchString(name) }

// RegexText is the text a $regex looks for, when its pattern (a string or a bson.Regex) is a plain
// text (regexp.QuoteMeta of it) and it has no options ($options absent or empty).
func RegexText(pattern, options any) (string, bool) {
	var p, o string
	switch x := pattern.(type) {
	case string:
		p = x
	case bson.Regex:
		p, o = x.Pattern, x.Options
	default:
		return "", false
	}
	if options != nil {
		s, ok := options.(string)
		if !ok || o != "" {
			return "", false
		}
		o = s
	}
	if o != "" {
		return "", false
	}
	return literal(p)
}

// literal is the text a regular expression matches when it is regexp.QuoteMeta of that text: every
// character PCRE and Go treat as special is escaped, nothing else is, and there is no NUL (which
// MongoDB refuses in a pattern).
func literal(pattern string) (string, bool) {
	const special = `\.+*?()|[]{}^$`
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == 0:
			return "", false
		case c == '\\':
			if i+1 == len(pattern) || !strings.ContainsRune(special, rune(pattern[i+1])) {
				return "", false
			}
			i++
			b.WriteByte(pattern[i])
		case strings.ContainsRune(special, rune(c)):
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}
