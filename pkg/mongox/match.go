package mongox

import (
	"bytes"
	"fmt"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox/internal/bsonfilter"
)

// match reports whether doc passes filter as a MongoDB find would, for the filters the shop's
// guards and lists use. A field is a dotted path (array elements by their index: "carrito.2._id"),
// and its value either a scalar, which it must equal (nil: missing or null), or a document of
// operators on scalars: $exists, $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, and $regex with a plain text
// (regexp.QuoteMeta of it) and no options, which matches the strings containing the text. Scalars are strings,
// booleans, numbers (compared by value, whatever their BSON type), ObjectIDs and times. Anything
// else is an error, never a silent mismatch.
func match(doc bson.Raw, filter bson.M) (bool, error) {
	for path, want := range filter {
		if strings.HasPrefix(path, "$") {
			return false, fmt.Errorf("mongox: filter operator %s is not supported here", path)
		}
		got, err := doc.LookupErr(strings.Split(path, ".")...)
		present := err == nil
		if r, isRegex := want.(bson.Regex); isRegex {
			want = bson.M{"$regex": r}
		}
		ops, isOps := bsonfilter.Operators(want)
		if !isOps {
			ops = bson.M{"$eq": want}
		}
		for op, arg := range ops {
			if op == "$regex" || op == "$options" {
				if op == "$options" {
					continue // read with $regex
				}
				arg = bson.M{"$regex": arg, "$options": ops["$options"]}
			}
			ok, err := apply(op, got, present, arg)
			if err != nil {
				return false, fmt.Errorf("mongox: filter on %s: %w", path, err)
			}
			if !ok {
				return false, nil
			}
		}
	}
	return true, nil
}

func apply(op string, got bson.RawValue, present bool, arg any) (bool, error) {
	if op == "$exists" {
		want, ok := arg.(bool)
		if !ok {
			return false, fmt.Errorf("$exists takes a boolean")
		}
		return present == want, nil
	}
	if present && (got.Type == bson.TypeArray || got.Type == bson.TypeEmbeddedDocument) {
		return false, fmt.Errorf("only scalar fields can be compared (found %v)", got.Type)
	}
	if op == "$regex" {
		r, _ := arg.(bson.M)
		text, ok := bsonfilter.RegexText(r["$regex"], r["$options"])
		if !ok {
			return false, fmt.Errorf("$regex takes a plain text (regexp.QuoteMeta) with no options")
		}
		return present && got.Type == bson.TypeString && strings.Contains(got.StringValue(), text), nil
	}
	if op == "$in" || op == "$nin" {
		list, ok := bsonfilter.InList(arg)
		if !ok {
			return false, fmt.Errorf("%s takes a list", op)
		}
		in := false
		for _, v := range list {
			eq, err := equal(got, present, v)
			if err != nil {
				return false, err
			}
			if eq {
				in = true
				break
			}
		}
		return in == (op == "$in"), nil // $nin: not one of them, or missing
	}
	switch op {
	case "$eq":
		return equal(got, present, arg)
	case "$ne":
		eq, err := equal(got, present, arg)
		return !eq, err
	case "$gt", "$gte", "$lt", "$lte":
		want, err := scalar(arg)
		if err != nil {
			return false, err
		}
		c, comparable := compare(got, want)
		if !present || !comparable {
			return false, nil // MongoDB compares only within a type's bracket
		}
		switch op {
		case "$gt":
			return c > 0, nil
		case "$gte":
			return c >= 0, nil
		case "$lt":
			return c < 0, nil
		default:
			return c <= 0, nil
		}
	}
	return false, fmt.Errorf("operator %s is not supported here", op)
}

// equal is MongoDB's equality of a field with a scalar; nil matches a missing or null field.
func equal(got bson.RawValue, present bool, arg any) (bool, error) {
	if arg == nil {
		return !present || got.Type == bson.TypeNull, nil
	}
	want, err := scalar(arg)
	if err != nil {
		return false, err
	}
	if !present {
		return false, nil
	}
	c, comparable := compare(got, want)
	return comparable && c == 0, nil
}

// scalar encodes a filter value, refusing documents and arrays.
func scalar(v any) (bson.RawValue, error) {
	t, data, err := bson.MarshalValue(v)
	if err != nil {
		return bson.RawValue{}, err
	}
	if t == bson.TypeEmbeddedDocument || t == bson.TypeArray {
		return bson.RawValue{}, fmt.Errorf("only scalar values are supported (got %T)", v)
	}
	return bson.RawValue{Type: t, Value: data}, nil
}

// compare orders two scalars of the same bracket (numbers together, whatever their BSON type);
// comparable is false across brackets.
func compare(a, b bson.RawValue) (c int, comparable bool) {
	if ai, ok := integer(a); ok {
		if bi, ok := integer(b); ok {
			return cmpOrdered(ai, bi), true
		}
	}
	if af, ok := number(a); ok {
		bf, ok := number(b)
		return cmpOrdered(af, bf), ok
	}
	if a.Type != b.Type {
		return 0, false
	}
	switch a.Type {
	case bson.TypeString:
		return strings.Compare(a.StringValue(), b.StringValue()), true
	case bson.TypeDateTime:
		return a.Time().Compare(b.Time()), true
	case bson.TypeBoolean:
		x, y := a.Boolean(), b.Boolean()
		switch {
		case x == y:
			return 0, true
		case !x:
			return -1, true
		}
		return 1, true
	case bson.TypeNull:
		return 0, true
	}
	return bytes.Compare(a.Value, b.Value), true // ObjectIDs and the rest: by their bytes
}

func cmpOrdered[T int64 | float64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func integer(v bson.RawValue) (int64, bool) {
	switch v.Type {
	case bson.TypeInt32:
		return int64(v.Int32()), true
	case bson.TypeInt64:
		return v.Int64(), true
	}
	return 0, false
}

func number(v bson.RawValue) (float64, bool) {
	switch v.Type {
	case bson.TypeInt32:
		return float64(v.Int32()), true
	case bson.TypeInt64:
		return float64(v.Int64()), true
	case bson.TypeDouble:
		return v.Double(), true
	}
	return 0, false
}
