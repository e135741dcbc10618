package sqlitestore

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// Projected is the document of top-level fields read from values, the JSON array of each
// field's stored value and type (as SQLite reads them from FerretDB's JSON); ok is false when one
// is not a scalar read here.
func Projected(fields []string, values []byte) (bson.D, bool) {
	dec := json.NewDecoder(bytes.NewReader(values))
	dec.UseNumber()
	var vals []any
	if err := dec.Decode(&vals); err != nil || len(vals) != 2*len(fields) {
		return nil, false
	}
	doc := bson.D{}
	for i, f := range fields {
		v, ok := fromJSON(vals[2*i], vals[2*i+1])
		if !ok {
			return nil, false
		}
		if v != absent {
			doc = append(doc, bson.E{Key: f, Value: v})
		}
	}
	return doc, true
}

// absent stands for a field the document does not have.
var absent = new(struct{})

// fromJSON is a value decoded from FerretDB's JSON (numbers as json.Number), given the type
// FerretDB recorded for it.
func fromJSON(v, kind any) (any, bool) {
	t, _ := kind.(string)
	if kind == nil {
		return absent, v == nil
	}
	n, isNumber := v.(json.Number)
	switch t {
	case "string":
		s, ok := v.(string)
		return s, ok
	case "double":
		f, err := n.Float64()
		return f, isNumber && err == nil
	case "int":
		x, err := strconv.ParseInt(string(n), 10, 32)
		return int32(x), isNumber && err == nil
	case "long":
		x, err := n.Int64()
		return x, isNumber && err == nil
	case "bool":
		b, ok := v.(bool)
		return b, ok
	case "objectId":
		s, _ := v.(string)
		id, err := bson.ObjectIDFromHex(s)
		return id, err == nil
	case "date":
		x, err := n.Int64()
		return time.UnixMilli(x).UTC(), isNumber && err == nil
	case "null":
		return nil, v == nil
	}
	return nil, false
}
