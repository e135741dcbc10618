package sqlitestore

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// jsonNode is one value of a parsed JSON text: an object ('{': keys and items in order), an array
// ('[': items), a string ('"': text decoded), a number ('n': text as written), true ('t'), false
// ('f') or null ('z').
type jsonNode struct {
	kind  byte
	text  string
	keys  []string
	items []jsonNode
}

// get is the value of key in an object.
func (n *jsonNode) get(key string) (*jsonNode, bool) {
	for i, k := range n.keys {
		if k == key {
			return &n.items[i], true
		}
	}
	return nil, false
}

var errBadJSON = errors.New("not JSON as FerretDB writes it")

// parseJSON parses a whole JSON text. It is a plain recursive descent, for FerretDB's documents:
// encoding/json with reflection took several times as long.
func parseJSON(data []byte) (*jsonNode, error) {
	p := jsonParser{b: data}
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if p.space(); p.i != len(p.b) {
		return nil, errBadJSON
	}
	return &n, nil
}

type jsonParser struct {
	b []byte
	i int
}

func (p *jsonParser) space() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\t' || p.b[p.i] == '\n' || p.b[p.i] == '\r') {
		p.i++
	}
}

// maxDepth bounds nesting (MongoDB's documents nest at most 100 deep).
const maxDepth = 200

func (p *jsonParser) value(depth int) (jsonNode, error) {
	p.space()
	if p.i == len(p.b) || depth > maxDepth {
		return jsonNode{}, errBadJSON
	}
	switch c := p.b[p.i]; {
	case c == '{' || c == '[':
		return p.container(c, depth)
	case c == '"':
		s, err := p.str()
		return jsonNode{kind: '"', text: s}, err
	case c == 't' || c == 'f' || c == 'n':
		for _, lit := range []string{"true", "false", "null"} {
			if len(p.b)-p.i >= len(lit) && string(p.b[p.i:p.i+len(lit)]) == lit {
				p.i += len(lit)
				return jsonNode{kind: map[byte]byte{'t': 't', 'f': 'f', 'n': 'z'}[c]}, nil
			}
		}
	case c == '-' || c >= '0' && c <= '9':
		start := p.i
		for p.i < len(p.b) && (p.b[p.i] >= '0' && p.b[p.i] <= '9' || p.b[p.i] == '-' || p.b[p.i] == '+' || p.b[p.i] == '.' || p.b[p.i] == 'e' || p.b[p.i] == 'E') {
			p.i++
		}
		return jsonNode{kind: 'n', text: string(p.b[start:p.i])}, nil
	}
	return jsonNode{}, errBadJSON
}

func (p *jsonParser) container(open byte, depth int) (jsonNode, error) {
	n := jsonNode{kind: open}
	closing := byte(']')
	if open == '{' {
		closing = '}'
	}
	p.i++
	for first := true; ; first = false {
		p.space()
		if p.i < len(p.b) && p.b[p.i] == closing && first {
			p.i++
			return n, nil
		}
		if open == '{' {
			if p.i == len(p.b) || p.b[p.i] != '"' {
				return n, errBadJSON
			}
			k, err := p.str()
			if p.space(); err != nil || p.i == len(p.b) || p.b[p.i] != ':' {
				return n, errBadJSON
			}
			p.i++
			n.keys = append(n.keys, k)
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return n, err
		}
		n.items = append(n.items, v)
		if p.space(); p.i == len(p.b) {
			return n, errBadJSON
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case closing:
			p.i++
			return n, nil
		default:
			return n, errBadJSON
		}
	}
}

// str reads a string at p.i (its opening quote), decoding its escapes.
func (p *jsonParser) str() (string, error) {
	p.i++
	start := p.i
	for p.i < len(p.b) && p.b[p.i] != '"' && p.b[p.i] != '\\' {
		p.i++
	}
	if p.i < len(p.b) && p.b[p.i] == '"' {
		p.i++
		return string(p.b[start : p.i-1]), nil // no escape: the common case
	}
	buf := append([]byte(nil), p.b[start:p.i]...)
	for p.i < len(p.b) {
		c := p.b[p.i]
		switch {
		case c == '"':
			p.i++
			return string(buf), nil
		case c != '\\':
			buf = append(buf, c)
			p.i++
			continue
		}
		if p.i+1 == len(p.b) {
			break
		}
		esc := p.b[p.i+1]
		p.i += 2
		if r, ok := map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}[esc]; ok {
			buf = append(buf, r)
			continue
		}
		if esc != 'u' {
			return "", errBadJSON
		}
		r, ok := p.hex4()
		if !ok {
			return "", errBadJSON
		}
		if utf16.IsSurrogate(r) {
			r2 := utf8.RuneError
			if save := p.i; len(p.b)-p.i >= 2 && p.b[p.i] == '\\' && p.b[p.i+1] == 'u' {
				p.i += 2
				if lo, ok := p.hex4(); ok && utf16.DecodeRune(r, lo) != utf8.RuneError {
					r2 = utf16.DecodeRune(r, lo)
				} else {
					p.i = save // not its pair: read on its own
				}
			}
			r = r2 // a lone half is U+FFFD, as encoding/json reads it
		}
		buf = utf8.AppendRune(buf, r)
	}
	return "", errBadJSON
}

func (p *jsonParser) hex4() (rune, bool) {
	if len(p.b)-p.i < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(p.b[p.i:p.i+4]), 16, 32)
	p.i += 4
	return rune(n), err == nil //nolint:gosec // four hex digits: at most 0xFFFF
}
