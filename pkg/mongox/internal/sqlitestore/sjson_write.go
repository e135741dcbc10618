package sqlitestore

import (
	"encoding/json"
	"math"
	"strconv"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// sjsonOf is doc as FerretDB stores it (sjson.go describes the format; FerretDB's sjson.Marshal
// writes it so): the schema first under "$s", then each field's value; ok is false for a type
// FerretDB does not store (decimals, NaN and infinities, nested arrays, …).
func sjsonOf(doc bson.Raw) (out []byte, ok bool) {
	elems, err := doc.Elements()
	if err != nil {
		return nil, false
	}
	sch, ok := sjsonSchema(elems)
	if !ok {
		return nil, false
	}
	out = append(append(out, `{"$s":`...), sch...)
	for _, e := range elems {
		out = append(append(append(out, `,"`...), e.Key()...), `":`...) // as FerretDB writes a top-level key
		if out, ok = appendSJSON(out, e.Value(), false); !ok {
			return nil, false
		}
	}
	return append(out, '}'), true
}

// sjsonSchema is the schema of a document's fields: {"p": each one's type, "$k": their order}.
func sjsonSchema(elems []bson.RawElement) ([]byte, bool) {
	if len(elems) == 0 {
		return []byte("{}"), true
	}
	out := []byte(`{"p":{`)
	keys := make([]string, len(elems))
	for i, e := range elems {
		if i > 0 {
			out = append(out, ',')
		}
		keys[i] = e.Key()
		k, _ := json.Marshal(keys[i]) // a string always marshals
		out = append(append(out, k...), ':')
		var ok bool
		if out, ok = appendSJSONType(out, e.Value(), false); !ok {
			return nil, false
		}
	}
	k, _ := json.Marshal(keys)
	return append(append(append(out, `},"$k":`...), k...), '}'), true
}

// appendSJSONType appends the schema of one value; inArray refuses arrays (FerretDB stores no
// array of arrays).
func appendSJSONType(out []byte, v bson.RawValue, inArray bool) ([]byte, bool) {
	switch v.Type {
	case bson.TypeEmbeddedDocument:
		elems, err := v.Document().Elements()
		if err != nil {
			return nil, false
		}
		sch, ok := sjsonSchema(elems)
		if !ok {
			return nil, false
		}
		return append(append(append(out, `{"t":"object","$s":`...), sch...), '}'), true
	case bson.TypeArray:
		if inArray {
			return nil, false
		}
		vals, err := v.Array().Values()
		if err != nil {
			return nil, false
		}
		out = append(out, `{"t":"array","i":[`...)
		for i, item := range vals {
			if i > 0 {
				out = append(out, ',')
			}
			var ok bool
			if out, ok = appendSJSONType(out, item, true); !ok {
				return nil, false
			}
		}
		return append(out, "]}"...), true
	case bson.TypeBinary:
		sub, _ := v.Binary()
		return append(strconv.AppendInt(append(out, `{"t":"binData","s":`...), int64(sub), 10), '}'), true
	case bson.TypeRegex:
		_, opts := v.Regex()
		o, _ := json.Marshal(opts)
		return append(append(append(out, `{"t":"regex","o":`...), o...), '}'), true
	}
	t, ok := sjsonTypes[v.Type]
	if !ok {
		return nil, false
	}
	return append(append(append(out, `{"t":"`...), t...), `"}`...), true
}

// sjsonTypes are FerretDB's names of the types with nothing more in their schema.
var sjsonTypes = map[bson.Type]string{
	bson.TypeDouble: "double", bson.TypeString: "string", bson.TypeObjectID: "objectId", bson.TypeBoolean: "bool",
	bson.TypeDateTime: "date", bson.TypeNull: "null", bson.TypeInt32: "int", bson.TypeTimestamp: "timestamp", bson.TypeInt64: "long",
}

// appendSJSON appends one value (a document's without its schema, which its parent holds).
func appendSJSON(out []byte, v bson.RawValue, inArray bool) ([]byte, bool) {
	var b []byte
	var err error
	switch v.Type {
	case bson.TypeEmbeddedDocument:
		elems, err := v.Document().Elements()
		if err != nil {
			return nil, false
		}
		out = append(out, '{')
		for i, e := range elems {
			if i > 0 {
				out = append(out, ',')
			}
			k, _ := json.Marshal(e.Key())
			out = append(append(out, k...), ':')
			var ok bool
			if out, ok = appendSJSON(out, e.Value(), false); !ok {
				return nil, false
			}
		}
		return append(out, '}'), true
	case bson.TypeArray:
		if inArray {
			return nil, false
		}
		vals, err := v.Array().Values()
		if err != nil {
			return nil, false
		}
		out = append(out, '[')
		for i, item := range vals {
			if i > 0 {
				out = append(out, ',')
			}
			var ok bool
			if out, ok = appendSJSON(out, item, true); !ok {
				return nil, false
			}
		}
		return append(out, ']'), true
	case bson.TypeDouble:
		f := v.Double()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, false
		}
		b, err = json.Marshal(f)
	case bson.TypeString:
		b, err = json.Marshal(v.StringValue())
	case bson.TypeBinary:
		_, data := v.Binary()
		b, err = json.Marshal(data)
	case bson.TypeObjectID:
		b, err = json.Marshal(v.ObjectID().Hex())
	case bson.TypeBoolean:
		b, err = json.Marshal(v.Boolean())
	case bson.TypeDateTime:
		b = strconv.AppendInt(nil, v.DateTime(), 10)
	case bson.TypeNull:
		b = []byte("null")
	case bson.TypeRegex:
		pattern, _ := v.Regex()
		b, err = json.Marshal(pattern)
	case bson.TypeInt32:
		b = strconv.AppendInt(nil, int64(v.Int32()), 10)
	case bson.TypeInt64:
		b = strconv.AppendInt(nil, v.Int64(), 10)
	case bson.TypeTimestamp:
		t, i := v.Timestamp()
		b = strconv.AppendUint(nil, uint64(t)<<32|uint64(i), 10)
	default:
		return nil, false
	}
	if err != nil {
		return nil, false
	}
	return append(out, b...), true
}
