package mongox

import (
	"encoding/json"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// FerretDB v1 keeps each document as JSON (its "sjson"): the values, and under "$s" the document's
// schema: its keys in order ("$k") and each key's BSON type ("p": {"t": ...}), recursively for
// nested documents ("$s") and arrays (one schema per element, "i"). Dates are milliseconds,
// ObjectIDs hex, binary data base64 with its subtype in the schema ("s"), a regex its pattern
// with the options in the schema ("o"), a timestamp one unsigned number. sjsonDocument reads that
// back into the BSON FerretDB itself answers, which a test checks byte for byte.

type sjsonSchema struct {
	Props map[string]*sjsonElem `json:"p"`
	Keys  []string              `json:"$k"`
}

type sjsonElem struct {
	Type    string       `json:"t"`
	Schema  *sjsonSchema `json:"$s"`
	Options *string      `json:"o"`
	Items   []*sjsonElem `json:"i"`
	Subtype *byte        `json:"s"`
}

// sjsonDocument is the BSON of a document FerretDB stored as data.
func sjsonDocument(data []byte) (bson.Raw, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, fmt.Errorf("mongox: stored document: %w", err)
	}
	var sch sjsonSchema
	if err := json.Unmarshal(fields["$s"], &sch); err != nil {
		return nil, fmt.Errorf("mongox: stored document's schema: %w", err)
	}
	d, err := sjsonObject(fields, &sch)
	if err != nil {
		return nil, err
	}
	raw, err := bson.Marshal(d)
	if err != nil {
		return nil, fmt.Errorf("mongox: stored document: %w", err)
	}
	return raw, nil
}

func sjsonObject(fields map[string]json.RawMessage, sch *sjsonSchema) (bson.D, error) {
	if sch == nil || len(sch.Keys) != len(sch.Props) {
		return nil, fmt.Errorf("mongox: stored document: a schema that does not fit")
	}
	d := make(bson.D, 0, len(sch.Keys))
	for _, k := range sch.Keys {
		e, ok := sch.Props[k]
		raw, present := fields[k]
		if !ok || !present {
			return nil, fmt.Errorf("mongox: stored document: field %q without a value or a type", k)
		}
		v, err := sjsonValue(raw, e)
		if err != nil {
			return nil, fmt.Errorf("mongox: stored document: %s: %w", k, err)
		}
		d = append(d, bson.E{Key: k, Value: v})
	}
	return d, nil
}

//nolint:funlen // one case per BSON type, each two lines
func sjsonValue(raw json.RawMessage, e *sjsonElem) (any, error) {
	var err error
	switch e.Type {
	case "object":
		var m map[string]json.RawMessage
		if err = json.Unmarshal(raw, &m); err == nil {
			return sjsonObject(m, e.Schema)
		}
	case "array":
		var items []json.RawMessage
		if err = json.Unmarshal(raw, &items); err == nil {
			return sjsonArray(items, e.Items)
		}
	case "double":
		var f float64
		err = json.Unmarshal(raw, &f)
		return f, err
	case "string":
		var s string
		err = json.Unmarshal(raw, &s)
		return s, err
	case "binData":
		var b []byte
		if err = json.Unmarshal(raw, &b); err == nil && e.Subtype != nil {
			return bson.Binary{Subtype: *e.Subtype, Data: b}, nil
		}
	case "objectId":
		var hex string
		if err = json.Unmarshal(raw, &hex); err == nil {
			return bson.ObjectIDFromHex(hex)
		}
	case "bool":
		var b bool
		err = json.Unmarshal(raw, &b)
		return b, err
	case "date":
		var ms int64
		err = json.Unmarshal(raw, &ms)
		return bson.DateTime(ms), err
	case "null":
		return nil, nil
	case "regex":
		var p string
		if err = json.Unmarshal(raw, &p); err == nil && e.Options != nil {
			return bson.Regex{Pattern: p, Options: *e.Options}, nil
		}
	case "int":
		var n int32
		err = json.Unmarshal(raw, &n)
		return n, err
	case "long":
		var n int64
		err = json.Unmarshal(raw, &n)
		return n, err
	case "timestamp":
		var n uint64
		err = json.Unmarshal(raw, &n)
		return bson.Timestamp{T: uint32(n >> 32), I: uint32(n)}, err //nolint:gosec // the two halves of a timestamp
	}
	if err == nil {
		err = fmt.Errorf("a value of type %q not read here", e.Type)
	}
	return nil, err
}

func sjsonArray(items []json.RawMessage, schemas []*sjsonElem) (bson.A, error) {
	if len(items) != len(schemas) {
		return nil, fmt.Errorf("an array of %d values with %d types", len(items), len(schemas))
	}
	a := make(bson.A, len(items))
	for i, raw := range items {
		v, err := sjsonValue(raw, schemas[i])
		if err != nil {
			return nil, err
		}
		a[i] = v
	}
	return a, nil
}
