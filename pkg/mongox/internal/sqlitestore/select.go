package sqlitestore

import (
	"regexp"
	"strconv"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox/internal/bsonfilter"
)

// Selection is the part of a filter SQLite answers through FerretDB's indexes: an SQL condition
// on a collection's table and its arguments. Select, SelectIDs and Everything make one.
type Selection struct {
	where string
	args  []any
}

// Everything selects every document.
var Everything = Selection{where: "1"}

// SelectIDs selects the documents whose _id is one of ids, on the expression the _id index holds
// (IndexIDs).
func SelectIDs(ids []bson.ObjectID) Selection {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = `"` + id.Hex() + `"`
	}
	return Selection{`_ferretdb_sjson->'$._id' IN (?` + strings.Repeat(`, ?`, len(ids)-1) + `)`, args}
}

// Select is the part of filter that SQLite can answer through FerretDB's indexes, as an SQL
// condition written with the expressions of FerretDB's indexes (_ferretdb_sjson->"field"): the
// conditions on top-level fields with an equality to a plain string, a whole number or a
// boolean, $exists, or a range of dates. The rest is left to the caller's match. ok is false when
// no condition can be taken, whole is true when every condition was.
func Select(filter bson.M) (sel Selection, ok, whole bool) {
	var conds []string
	whole = true
	for field, want := range filter {
		if !bsonfilter.PlainField(field) {
			whole = false
			continue
		}
		expr := `_ferretdb_sjson->` + sqlName(field) // exactly as FerretDB writes its index
		ops, isOps := bsonfilter.Operators(want)
		if !isOps {
			ops = bson.M{"$eq": want}
		}
		for op, arg := range ops {
			c, a, ok := sqlCondition(expr, op, arg)
			if ok {
				conds = append(conds, c)
				sel.args = append(sel.args, a...)
			}
			if _, isTime := bsonfilter.TimeOf(arg); !ok || isTime {
				whole = false // a date's milliseconds look like a number of the same digits
			}
		}
	}
	if len(conds) == 0 {
		return Selection{}, false, false
	}
	sel.where = strings.Join(conds, " AND ")
	return sel, true, whole
}

// sqlCondition is one operator on an indexed expression, when SQLite's comparison of the JSON
// texts the index holds agrees with MongoDB's comparison of the values.
func sqlCondition(expr, op string, arg any) (string, []any, bool) {
	switch op {
	case "$exists":
		if b, ok := arg.(bool); ok && b {
			return expr + ` > ''`, nil, true // IS NOT NULL, said so that SQLite searches the index (a JSON text is never empty)
		} else if ok {
			return expr + ` IS NULL`, nil, true
		}
	case "$eq":
		if arg == nil {
			return `(` + expr + ` IS NULL OR ` + expr + ` = 'null')`, nil, true
		}
		if text, ok := jsonText(arg); ok {
			return expr + ` = ?`, []any{text}, true
		}
	case "$in":
		list, ok := bsonfilter.InList(arg)
		if !ok || len(list) == 0 {
			return "", nil, false
		}
		var texts []any
		for _, v := range list {
			text, ok := jsonText(v)
			if !ok {
				return "", nil, false
			}
			texts = append(texts, text)
		}
		return expr + ` IN (?` + strings.Repeat(`, ?`, len(texts)-1) + `)`, texts, true
	case "$gte", "$gt", "$lt", "$lte":
		t, ok := bsonfilter.TimeOf(arg)
		if !ok || !textOrdered(t.UnixMilli()) {
			return "", nil, false // dates are kept as milliseconds: 13 digits sort as text and as numbers
		}
		sqlOp := map[string]string{"$gte": ">=", "$gt": ">", "$lt": "<", "$lte": "<="}[op]
		// Only dates of the same 13 digits: a number or a string beside them would compare as text.
		return expr + ` ` + sqlOp + ` ? AND length(` + expr + `) = 13 AND ` + expr + ` GLOB '[0-9]*'`,
			[]any{strconv.FormatInt(t.UnixMilli(), 10)}, true
	}
	return "", nil, false
}

// jsonText is the JSON text FerretDB stores for a scalar, when it is the only text the equal
// values have: plain strings, whole numbers (5, 5.0 and int64 5 are all "5"), booleans.
func jsonText(v any) (string, bool) {
	switch x := bsonfilter.Plain(v).(type) {
	case string:
		if plainValue.MatchString(x) {
			return strconv.Quote(x), true
		}
	case bool:
		return strconv.FormatBool(x), true
	case int:
		return strconv.Itoa(x), true
	case int32:
		return strconv.FormatInt(int64(x), 10), true
	case int64:
		if x > -1<<53 && x < 1<<53 {
			return strconv.FormatInt(x, 10), true
		}
	}
	return "", false
}

// plainValue: texts that strconv.Quote and FerretDB (encoding/json) write alike, as
// TestPlainValuesAreQuotedAsFerretDBStoresThem checks: "Mercado Pago", "a.b@c.mx".
var plainValue = regexp.MustCompile(`^[A-Za-z0-9_.:@+ -]*$`)

// textOrdered: milliseconds with 13 digits, whose decimal texts sort as the numbers do.
func textOrdered(ms int64) bool { return ms >= 1e12 && ms < 1e13 }
