package sqlitestore

import (
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strconv"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/x/bsonx/bsoncore"
)

// FerretDB v1 keeps each document as JSON (its "sjson"): the values, and under "$s" the document's
// schema: its keys in order ("$k") and each key's BSON type ("p": {"t": ...}), recursively for
// nested documents ("$s") and arrays (one schema per element, "i"). Dates are milliseconds,
// ObjectIDs hex, binary data base64 with its subtype in the schema ("s"), a regex its pattern
// with the options in the schema ("o"), a timestamp one unsigned number. document reads that
// back into the BSON FerretDB itself answers, which a test checks byte for byte: the JSON parsed
// once (sjson_parse.go), the BSON written straight from it.

// document is the BSON of a document FerretDB stored as data.
func document(data []byte) (bson.Raw, error) {
	p := parsers.Get().(*jsonParser) //nolint:forcetypeassert // the pool holds only parsers
	defer p.release()
	root, err := p.parse(data)
	if err != nil {
		return nil, fmt.Errorf("mongox: stored document: %w", err)
	}
	sch, ok := root.get("$s")
	if root.kind != '{' || !ok {
		return nil, fmt.Errorf("mongox: stored document without its schema")
	}
	doc, err := appendSJSONObject(make([]byte, 0, len(data)), root, sch)
	if err != nil {
		return nil, fmt.Errorf("mongox: stored document: %w", err)
	}
	return doc, nil
}

// appendSJSONObject appends the BSON document of obj, whose schema is sch ({"p", "$k"}).
func appendSJSONObject(dst []byte, obj, sch *jsonNode) ([]byte, error) {
	at, dst := bsoncore.AppendDocumentStart(dst)
	dst, err := appendSJSONFields(dst, obj, sch)
	if err != nil {
		return nil, err
	}
	return bsoncore.AppendDocumentEnd(dst, at)
}

// appendSJSONFields appends the elements of obj, in the schema's order of keys.
func appendSJSONFields(dst []byte, obj, sch *jsonNode) ([]byte, error) {
	props, okP := sch.get("p")
	keys, okK := sch.get("$k")
	if obj.kind == '{' && len(obj.keys) == 0 && !okP && !okK {
		return dst, nil // an empty document: FerretDB writes its schema as {}
	}
	if obj.kind != '{' || !okP || !okK || keys.kind != '[' || len(keys.items) != len(props.keys) || len(obj.keys) > len(keys.items)+1 {
		return nil, fmt.Errorf("a schema that does not fit")
	}
	for _, k := range keys.items {
		e, okE := props.get(k.text)
		v, okV := obj.get(k.text)
		if k.kind != '"' || !okE || !okV {
			return nil, fmt.Errorf("field %q without a value or a type", k.text)
		}
		var err error
		if dst, err = appendSJSONValue(dst, k.text, v, e); err != nil {
			return nil, fmt.Errorf("%s: %w", k.text, err)
		}
	}
	return dst, nil
}

//nolint:funlen // one case per BSON type, each a few lines
func appendSJSONValue(dst []byte, key string, v, e *jsonNode) ([]byte, error) {
	t, ok := e.get("t")
	if !ok {
		return nil, errors.New("no type in the schema")
	}
	switch t.text {
	case "object":
		sch, ok := e.get("$s")
		if !ok || v.kind != '{' {
			break
		}
		at, dst := bsoncore.AppendDocumentElementStart(dst, key)
		dst, err := appendSJSONFields(dst, v, sch)
		if err != nil {
			return nil, err
		}
		return bsoncore.AppendDocumentEnd(dst, at)
	case "array":
		return appendSJSONArray(dst, key, v, e)
	case "double":
		f, err := strconv.ParseFloat(v.text, 64)
		if v.kind == 'n' && err == nil {
			return bsoncore.AppendDoubleElement(dst, key, f), nil
		}
	case "string":
		if v.kind == '"' {
			return bsoncore.AppendStringElement(dst, key, v.text), nil
		}
	case "binData":
		b, err := base64.StdEncoding.DecodeString(v.text)
		if sub, ok := e.get("s"); ok && v.kind == '"' && err == nil {
			if n, serr := strconv.ParseUint(sub.text, 10, 8); serr == nil {
				return bsoncore.AppendBinaryElement(dst, key, byte(n), b), nil
			}
		}
	case "objectId":
		id, err := bson.ObjectIDFromHex(v.text)
		if v.kind == '"' && err == nil {
			return bsoncore.AppendObjectIDElement(dst, key, [12]byte(id)), nil
		}
	case "bool":
		if v.kind == 't' || v.kind == 'f' {
			return bsoncore.AppendBooleanElement(dst, key, v.kind == 't'), nil
		}
	case "date":
		ms, err := strconv.ParseInt(v.text, 10, 64)
		if v.kind == 'n' && err == nil {
			return bsoncore.AppendDateTimeElement(dst, key, ms), nil
		}
	case "null":
		if v.kind == 'z' {
			return bsoncore.AppendNullElement(dst, key), nil
		}
	case "regex":
		o, ok := e.get("o")
		if v.kind == '"' && ok && o.kind == '"' {
			opts := []byte(o.text)
			slices.Sort(opts) // as the driver writes a regex's options
			return bsoncore.AppendRegexElement(dst, key, v.text, string(opts)), nil
		}
	case "int":
		n, err := strconv.ParseInt(v.text, 10, 32)
		if v.kind == 'n' && err == nil {
			return bsoncore.AppendInt32Element(dst, key, int32(n)), nil
		}
	case "long":
		n, err := strconv.ParseInt(v.text, 10, 64)
		if v.kind == 'n' && err == nil {
			return bsoncore.AppendInt64Element(dst, key, n), nil
		}
	case "timestamp":
		n, err := strconv.ParseUint(v.text, 10, 64)
		if v.kind == 'n' && err == nil {
			return bsoncore.AppendTimestampElement(dst, key, uint32(n>>32), uint32(n)), nil //nolint:gosec // the two halves of a timestamp
		}
	default:
		return nil, fmt.Errorf("a value of type %q not read here", t.text)
	}
	return nil, fmt.Errorf("a value that is not a %s", t.text)
}

func appendSJSONArray(dst []byte, key string, v, e *jsonNode) ([]byte, error) {
	var schemas []jsonNode
	if items, ok := e.get("i"); ok {
		schemas = items.items
	}
	if v.kind != '[' || len(v.items) != len(schemas) {
		return nil, fmt.Errorf("an array of %d values with %d types", len(v.items), len(schemas))
	}
	at, dst := bsoncore.AppendArrayElementStart(dst, key)
	for i := range v.items {
		var err error
		if dst, err = appendSJSONValue(dst, strconv.Itoa(i), &v.items[i], &schemas[i]); err != nil {
			return nil, err
		}
	}
	return bsoncore.AppendArrayEnd(dst, at)
}
