package sqlitestore

import (
	"errors"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
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
	var p jsonParser
	return p.parse(data)
}

// jsonParser reads one JSON text at a time. A container's children are gathered on stack, then
// kept in slab at their exact length: no allocation for a whole document once a reused parser's
// slabs are large enough, where growing each container's slices was half of the time. The tree of
// one parse is valid until the parser parses again.
type jsonParser struct {
	b        []byte
	i        int
	stack    []jsonNode
	keyStack []string
	slab     []jsonNode
	keySlab  []string
}

// parsers are parsers whose slabs a document's read reuses.
var parsers = sync.Pool{New: func() any { return new(jsonParser) }}

// parse parses a whole JSON text; the tree it answers is valid until p parses again.
func (p *jsonParser) parse(data []byte) (*jsonNode, error) {
	clear(p.stack)
	clear(p.keyStack)
	p.b, p.i, p.slab, p.keySlab, p.stack, p.keyStack = data, 0, p.slab[:0], p.keySlab[:0], p.stack[:0], p.keyStack[:0]
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if p.space(); p.i != len(p.b) {
		return nil, errBadJSON
	}
	return &n, nil
}

// release returns p to parsers, unless its slabs grew past what a large document needs.
func (p *jsonParser) release() {
	if cap(p.slab) > 1<<16 || cap(p.stack) > 1<<12 {
		return
	}
	clear(p.slab) // nothing kept points into the document read (past len, all is clear already)
	clear(p.keySlab)
	p.b = nil
	parsers.Put(p)
}

// keep moves the children gathered on the stacks from index at (and from keyAt) into the slabs.
func (p *jsonParser) keep(n *jsonNode, at, keyAt int) {
	items, keys := p.stack[at:], p.keyStack[keyAt:]
	if len(items) > 0 {
		if cap(p.slab)-len(p.slab) < len(items) {
			p.slab = make([]jsonNode, 0, max(2*cap(p.slab), 256, len(items))) // the full one lives as long as the tree
		}
		start := len(p.slab)
		p.slab = append(p.slab, items...)
		n.items = p.slab[start:len(p.slab):len(p.slab)]
	}
	if len(keys) > 0 {
		if cap(p.keySlab)-len(p.keySlab) < len(keys) {
			p.keySlab = make([]string, 0, max(2*cap(p.keySlab), 128, len(keys)))
		}
		start := len(p.keySlab)
		p.keySlab = append(p.keySlab, keys...)
		n.keys = p.keySlab[start:len(p.keySlab):len(p.keySlab)]
	}
	clear(items)
	clear(keys)
	p.stack, p.keyStack = p.stack[:at], p.keyStack[:keyAt]
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
		lit, kind := "true", byte('t')
		switch c {
		case 'f':
			lit, kind = "false", 'f'
		case 'n':
			lit, kind = "null", 'z'
		}
		if len(p.b)-p.i >= len(lit) && string(p.b[p.i:p.i+len(lit)]) == lit {
			p.i += len(lit)
			return jsonNode{kind: kind}, nil
		}
	case c == '-' || c >= '0' && c <= '9':
		start := p.i
		for p.i < len(p.b) && (p.b[p.i] >= '0' && p.b[p.i] <= '9' || p.b[p.i] == '-' || p.b[p.i] == '+' || p.b[p.i] == '.' || p.b[p.i] == 'e' || p.b[p.i] == 'E') {
			p.i++
		}
		return jsonNode{kind: 'n', text: p.view(start, p.i)}, nil
	}
	return jsonNode{}, errBadJSON
}

func (p *jsonParser) container(open byte, depth int) (jsonNode, error) {
	n := jsonNode{kind: open}
	at, keyAt := len(p.stack), len(p.keyStack)
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
			p.keyStack = append(p.keyStack, k)
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return n, err
		}
		p.stack = append(p.stack, v)
		if p.space(); p.i == len(p.b) {
			return n, errBadJSON
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case closing:
			p.i++
			p.keep(&n, at, keyAt)
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
		return p.view(start, p.i-1), nil // no escape: the common case
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
		if r, ok := unescape(esc); ok {
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

// unescape is the byte a one-letter escape stands for.
func unescape(esc byte) (byte, bool) {
	switch esc {
	case '"', '\\', '/':
		return esc, true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	}
	return 0, false
}

// view is the text p.b[start:end] without a copy: the parsed tree lives only while its BSON is
// written (document), and the stored JSON under it is not changed meanwhile.
func (p *jsonParser) view(start, end int) string {
	if start == end {
		return ""
	}
	return unsafe.String(&p.b[start], end-start) //nolint:gosec // read-only, and dropped before the bytes are (see above)
}

func (p *jsonParser) hex4() (rune, bool) {
	if len(p.b)-p.i < 4 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(p.b[p.i:p.i+4]), 16, 32)
	p.i += 4
	return rune(n), err == nil //nolint:gosec // four hex digits: at most 0xFFFF
}
