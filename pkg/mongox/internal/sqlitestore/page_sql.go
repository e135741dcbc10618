package sqlitestore

import (
	"math"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox/internal/bsonfilter"
)

// The SQL of Page on the embedded store. FerretDB keeps each document as JSON with the BSON type
// of each top-level field beside it ("$s".p.<field>.t). A field is read here as two expressions:
// its value decoded by SQLite (->>: strings as text, numbers, dates as milliseconds, ObjectIDs as
// hex, booleans as 1/0, null and missing as NULL) and its type name (NULL when missing). Every
// condition names the types it accepts, so SQLite compares only what MongoDB compares: a string
// with strings, a number with numbers of any type, a date with dates. The list indexes
// (mongox.Index.List, listIndexSQL) hold exactly these expressions, which SQLite then reads from the index
// instead of each document's JSON.

// pageQuery is a page's filter and order said in SQLite.
type pageQuery struct {
	where string
	args  []any
	order string // the ORDER BY terms, _id last
	// odd is true for a row whose sort field holds a value SQLite cannot order as MongoDB does
	// (a document, an array, binary data...): the page then comes from the store's own find.
	odd string
}

func valueExpr(field string) string { return `_ferretdb_sjson->>'$.` + field + `'` }
func typeExpr(field string) string  { return `_ferretdb_sjson->>'$."$s".p.` + field + `.t'` }

// pageField is a field Page can say in SQL: a top-level name whose JSON path needs no quoting.
func pageField(field string) bool { return field == "_id" || bsonfilter.PlainField(field) }

// numeric are the types MongoDB compares as numbers, whatever their BSON type.
const numeric = `'int', 'long', 'double'`

// oddTypes are the types whose values SQLite does not order as MongoDB does.
const oddTypes = `'object', 'array', 'binData', 'regex', 'timestamp'`

// newPageQuery says filter and sort in SQL; ok is false when some part cannot be said exactly.
func newPageQuery(filter bson.M, sort bson.D) (q pageQuery, ok bool) {
	fields := make([]string, 0, len(filter))
	for f := range filter {
		fields = append(fields, f)
	}
	slices.Sort(fields) // the same filter gives the same statement
	var conds []string
	for _, f := range fields {
		if !pageField(f) {
			return pageQuery{}, false
		}
		c, args, ok := fieldCondition(f, filter[f])
		if !ok {
			return pageQuery{}, false
		}
		conds = append(conds, c)
		q.args = append(q.args, args...)
	}
	q.where = "1"
	if len(conds) > 0 {
		q.where = strings.Join(conds, " AND ")
	}
	var terms, odd []string
	for _, e := range sort {
		dir, ok := direction(e.Value)
		if !ok || !pageField(e.Key) {
			return pageQuery{}, false
		}
		t := typeExpr(e.Key)
		terms = append(terms, `CASE WHEN `+t+` IS NULL OR `+t+` = 'null' THEN 1 WHEN `+t+` IN (`+numeric+`) THEN 2 WHEN `+t+
			` = 'string' THEN 3 WHEN `+t+` = 'objectId' THEN 7 WHEN `+t+` = 'bool' THEN 8 WHEN `+t+` = 'date' THEN 9 ELSE 99 END`+dir,
			valueExpr(e.Key)+dir)
		odd = append(odd, t+` IN (`+oddTypes+`)`)
	}
	q.order = strings.Join(terms, ", ")
	q.odd = strings.Join(odd, " OR ")
	return q, true
}

// direction is a sort or index key's direction said in SQL: "" ascending, " DESC" descending.
func direction(v any) (string, bool) {
	switch d, ok := bsonfilter.Direction(v); {
	case !ok:
		return "", false
	case d < 0:
		return " DESC", true
	}
	return "", true
}

// fieldCondition is the condition on one field: a value it must equal, or a document of
// operators ($eq, $ne, $in, $gt, $gte, $lt, $lte, $exists, and $regex with a pattern that is
// a plain text).
func fieldCondition(field string, want any) (string, []any, bool) {
	if r, isRegex := want.(bson.Regex); isRegex {
		want = bson.M{"$regex": r}
	}
	ops, isOps := bsonfilter.Operators(want)
	if !isOps {
		ops = bson.M{"$eq": want}
	}
	names := make([]string, 0, len(ops))
	for op := range ops {
		names = append(names, op)
	}
	slices.Sort(names)
	var conds []string
	var args []any
	for _, op := range names {
		var c string
		var a []any
		var ok bool
		switch op {
		case "$options":
			if _, hasRegex := ops["$regex"]; !hasRegex {
				return "", nil, false
			}
			continue // read with $regex
		case "$regex":
			c, a, ok = regexCondition(field, ops["$regex"], ops["$options"])
		default:
			c, a, ok = opCondition(field, op, ops[op])
		}
		if !ok {
			return "", nil, false
		}
		conds = append(conds, c)
		args = append(args, a...)
	}
	return `(` + strings.Join(conds, " AND ") + `)`, args, len(conds) > 0
}

func opCondition(field, op string, arg any) (string, []any, bool) {
	t, v := typeExpr(field), valueExpr(field)
	switch op {
	case "$exists":
		b, ok := arg.(bool)
		if !ok {
			return "", nil, false
		}
		if b {
			return t + ` IS NOT NULL`, nil, true
		}
		return t + ` IS NULL`, nil, true
	case "$eq":
		return equalCondition(field, arg)
	case "$ne":
		c, a, ok := equalCondition(field, arg)
		return `NOT ifnull(` + c + `, 0)`, a, ok
	case "$in":
		return inCondition(field, arg)
	case "$gt", "$gte", "$lt", "$lte":
		value, types, ok := sqlScalar(arg)
		if !ok || arg == nil {
			return "", nil, false
		}
		sqlOp := map[string]string{"$gt": ">", "$gte": ">=", "$lt": "<", "$lte": "<="}[op]
		return `(` + t + ` IN (` + types + `) AND ` + v + ` ` + sqlOp + ` ?)`, []any{value}, true
	}
	return "", nil, false
}

// equalCondition is MongoDB's equality of a scalar field with arg; nil matches null or missing.
func equalCondition(field string, arg any) (string, []any, bool) {
	t := typeExpr(field)
	if arg == nil {
		return `(` + t + ` IS NULL OR ` + t + ` = 'null')`, nil, true
	}
	value, types, ok := sqlScalar(arg)
	if !ok {
		return "", nil, false
	}
	return `(` + t + ` IN (` + types + `) AND ` + valueExpr(field) + ` = ?)`, []any{value}, true
}

// inCondition is $in: the values grouped by the types they match, so that SQLite can look each
// group up in an index.
func inCondition(field string, arg any) (string, []any, bool) {
	list, ok := bsonfilter.InList(arg)
	if !ok {
		return "", nil, false
	}
	groups := map[string][]any{}
	var order []string
	var conds []string
	for _, x := range list {
		if x == nil {
			c, _, _ := equalCondition(field, nil)
			conds = append(conds, c)
			continue
		}
		value, types, ok := sqlScalar(x)
		if !ok {
			return "", nil, false
		}
		if _, seen := groups[types]; !seen {
			order = append(order, types)
		}
		groups[types] = append(groups[types], value)
	}
	var args []any
	for _, types := range order {
		vals := groups[types]
		conds = append(conds, `(`+typeExpr(field)+` IN (`+types+`) AND `+valueExpr(field)+` IN (?`+strings.Repeat(`, ?`, len(vals)-1)+`))`)
		args = append(args, vals...)
	}
	if len(conds) == 0 {
		return `0`, nil, true // $in of nothing matches nothing
	}
	return `(` + strings.Join(conds, " OR ") + `)`, args, true
}

// regexCondition is a $regex whose pattern is a plain text and that has no options (bsonfilter.RegexText):
// MongoDB matches the strings that contain the text, as instr does.
func regexCondition(field string, pattern, options any) (string, []any, bool) {
	text, ok := bsonfilter.RegexText(pattern, options)
	if !ok {
		return "", nil, false
	}
	return `(` + typeExpr(field) + ` = 'string' AND instr(` + valueExpr(field) + `, ?) > 0)`, []any{text}, true
}

// sqlScalar is a filter value as ->> reads it from FerretDB's JSON, and the types of the values
// MongoDB compares with it.
func sqlScalar(v any) (value any, types string, ok bool) {
	switch x := bsonfilter.Plain(v).(type) {
	case string:
		return x, `'string'`, !strings.ContainsRune(x, 0)
	case bool:
		if x {
			return int64(1), `'bool'`, true
		}
		return int64(0), `'bool'`, true
	case int:
		return int64(x), numeric, true
	case int32:
		return int64(x), numeric, true
	case int64:
		return x, numeric, true
	case float64:
		return x, numeric, !math.IsNaN(x) && !math.IsInf(x, 0)
	case time.Time:
		return x.UnixMilli(), `'date'`, true
	case bson.DateTime:
		return int64(x), `'date'`, true
	case bson.ObjectID:
		return x.Hex(), `'objectId'`, true
	}
	return nil, "", false
}
