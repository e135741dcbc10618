package mongox

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// An update applied in Go to a document, as MongoDB applies it, for UpdateEachIf on the embedded
// store.

// errShape is an update applyUpdate does not apply.
var errShape = errors.New("mongox: an update of another shape")

// applyUpdate is doc after update, as MongoDB applies it, for updates of $set, $unset, $inc and
// $currentDate (true) of fields and of paths into documents and existing array elements. ok is
// false for an update of another shape.
func applyUpdate(doc bson.Raw, update bson.M, now bson.DateTime) (bson.Raw, bool, error) {
	var d bson.D
	if err := bson.Unmarshal(doc, &d); err != nil {
		return nil, false, err
	}
	ops := make([]string, 0, len(update))
	for op := range update {
		ops = append(ops, op)
	}
	slices.Sort(ops)
	for _, op := range ops {
		fields, ok := update[op].(bson.M)
		if !ok {
			return nil, false, nil
		}
		paths := make([]string, 0, len(fields))
		for p := range fields {
			paths = append(paths, p)
		}
		slices.Sort(paths)
		for _, p := range paths {
			v := fields[p]
			var fn func(old any, found bool) (any, bool, error)
			switch op {
			case "$set":
				fn = func(any, bool) (any, bool, error) { return v, true, nil }
			case "$unset":
				fn = func(any, bool) (any, bool, error) { return nil, false, nil }
			case "$currentDate":
				if v != true {
					return nil, false, nil
				}
				fn = func(any, bool) (any, bool, error) { return now, true, nil }
			case "$inc":
				fn = func(old any, found bool) (any, bool, error) { return increment(old, found, v) }
			default:
				return nil, false, nil
			}
			next, err := editPath(d, strings.Split(p, "."), op == "$unset", fn)
			if errors.Is(err, errShape) {
				return nil, false, nil
			}
			if err != nil {
				return nil, false, err
			}
			d = next.(bson.D)
		}
	}
	raw, err := bson.Marshal(d)
	if err != nil {
		return nil, false, err
	}
	return raw, true, nil
}

// editPath is c (a document or an array) with the value at path replaced by what fn answers (the
// value there and whether there is one), or removed when fn says not to keep it. Documents
// missing on the way are created, unless removing.
func editPath(c any, path []string, removing bool, fn func(old any, found bool) (any, bool, error)) (any, error) {
	switch x := c.(type) {
	case bson.D:
		i := slices.IndexFunc(x, func(e bson.E) bool { return e.Key == path[0] })
		var old any
		if i >= 0 {
			old = x[i].Value
		}
		if len(path) > 1 {
			if i < 0 {
				if removing {
					return x, nil
				}
				old = bson.D{}
			}
			v, err := editPath(old, path[1:], removing, fn)
			if err != nil {
				return nil, err
			}
			if i < 0 {
				return append(x, bson.E{Key: path[0], Value: v}), nil
			}
			x[i].Value = v
			return x, nil
		}
		v, keep, err := fn(old, i >= 0)
		switch {
		case err != nil:
			return nil, err
		case !keep && i >= 0:
			return slices.Delete(x, i, i+1), nil
		case !keep:
			return x, nil
		case i >= 0:
			x[i].Value = v
			return x, nil
		}
		return append(x, bson.E{Key: path[0], Value: v}), nil
	case bson.A:
		i, err := strconv.Atoi(path[0])
		if err != nil || i < 0 || i >= len(x) || len(path) == 1 && removing {
			return nil, errShape
		}
		if len(path) > 1 {
			v, err := editPath(x[i], path[1:], removing, fn)
			if err != nil {
				return nil, err
			}
			x[i] = v
			return x, nil
		}
		v, _, err := fn(x[i], true)
		if err != nil {
			return nil, err
		}
		x[i] = v
		return x, nil
	}
	return nil, errShape
}

// increment is old plus by as $inc adds them: two int32 an int32 (an overflow is left to the
// store), with an int64 an int64, with a double a double.
func increment(old any, found bool, by any) (any, bool, error) {
	b, err := bsonNumber(by)
	if err != nil {
		return nil, false, err
	}
	if !found {
		return b, true, nil
	}
	o, err := bsonNumber(old)
	if err != nil {
		return nil, false, err
	}
	switch x := o.(type) {
	case float64:
		return x + asFloat(b), true, nil
	case int32:
		switch y := b.(type) {
		case int32:
			sum := int64(x) + int64(y)
			if sum < math.MinInt32 || sum > math.MaxInt32 {
				return nil, false, errShape // FerretDB wraps it round, MongoDB makes it an int64: its own update
			}
			return int32(sum), true, nil
		case int64:
			return addInt64(int64(x), y)
		}
	case int64:
		switch y := b.(type) {
		case int32:
			return addInt64(x, int64(y))
		case int64:
			return addInt64(x, y)
		}
	}
	return asFloat(o) + asFloat(b), true, nil
}

func addInt64(a, b int64) (any, bool, error) {
	sum := a + b
	if (b > 0 && sum < a) || (b < 0 && sum > a) {
		return nil, false, errShape
	}
	return sum, true, nil
}

// bsonNumber is v as BSON stores it: int32, int64 or float64.
func bsonNumber(v any) (any, error) {
	raw, err := bson.Marshal(bson.D{{Key: "v", Value: v}})
	if err != nil {
		return nil, err
	}
	rv := bson.Raw(raw).Lookup("v")
	if i, ok := rv.Int32OK(); ok {
		return i, nil
	}
	if i, ok := rv.Int64OK(); ok {
		return i, nil
	}
	if f, ok := rv.DoubleOK(); ok {
		return f, nil
	}
	return nil, errShape
}

func asFloat(v any) float64 {
	switch x := v.(type) {
	case int32:
		return float64(x)
	case int64:
		return float64(x)
	case float64:
		return x
	}
	return 0
}
