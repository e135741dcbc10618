package audit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// Fields flattens a document (a struct with bson tags) into its fields' readable values, for
// Diff: nested documents give dotted names ("precios.precio_lista"), elements of arrays of
// documents "[i]" ("details.iconos[0].x"), and an array of plain values is one field, its values
// joined by ", ". The fields named in skip (dotted names) are left out, with what is inside them.
// Numbers are written as Go writes them (1299.9), true and false as "sí" and "no", dates in UTC.
func Fields(doc any, skip ...string) (map[string]string, error) {
	raw, err := bson.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("audit: fields: %w", err)
	}
	out := map[string]string{}
	if err := flatten(bson.Raw(raw), "", skip, out); err != nil {
		return nil, fmt.Errorf("audit: fields: %w", err)
	}
	return out, nil
}

func flatten(doc bson.Raw, prefix string, skip []string, out map[string]string) error {
	elems, err := doc.Elements()
	if err != nil {
		return err
	}
	for _, e := range elems {
		name := prefix + e.Key()
		if slices.Contains(skip, name) {
			continue
		}
		if err := flattenValue(e.Value(), name, skip, out); err != nil {
			return err
		}
	}
	return nil
}

func flattenValue(v bson.RawValue, name string, skip []string, out map[string]string) error {
	switch v.Type {
	case bson.TypeEmbeddedDocument:
		return flatten(v.Document(), name+".", skip, out)
	case bson.TypeArray:
		vals, err := v.Array().Values()
		if err != nil {
			return err
		}
		var plain []string
		for i, x := range vals {
			if x.Type == bson.TypeEmbeddedDocument || x.Type == bson.TypeArray {
				if err := flattenValue(x, name+"["+strconv.Itoa(i)+"]", skip, out); err != nil {
					return err
				}
				continue
			}
			plain = append(plain, valueText(x))
		}
		if len(plain) > 0 || len(vals) == 0 {
			out[name] = strings.Join(plain, ", ")
		}
	default:
		out[name] = valueText(v)
	}
	return nil
}

// valueText is a plain value as an entry shows it: text as it is, numbers as Go writes them, true and
// false as "sí" and "no", dates in UTC (only the day when at midnight), null as "".
func valueText(v bson.RawValue) string {
	switch v.Type {
	case bson.TypeString:
		return v.StringValue()
	case bson.TypeDouble:
		return strconv.FormatFloat(v.Double(), 'f', -1, 64)
	case bson.TypeInt32:
		return strconv.Itoa(int(v.Int32()))
	case bson.TypeInt64:
		return strconv.FormatInt(v.Int64(), 10)
	case bson.TypeBoolean:
		return YesNo(v.Boolean())
	case bson.TypeDateTime:
		return dateText(v.Time())
	case bson.TypeObjectID:
		return v.ObjectID().Hex()
	case bson.TypeNull, bson.TypeUndefined:
		return ""
	}
	return v.String()
}

// YesNo is a flag as an entry shows it.
func YesNo(b bool) string {
	if b {
		return "sí"
	}
	return "no"
}

// dateText is a time as an entry shows it: UTC, only the day when at midnight.
func dateText(t time.Time) string {
	t = t.UTC()
	if t.Equal(t.Truncate(24 * time.Hour)) {
		return t.Format(time.DateOnly)
	}
	return t.Format(time.RFC3339)
}
