package mongox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// ErrStop ends an Each early when fn returns it; Each then returns nil.
var ErrStop = errors.New("mongox: stop")

// Each calls fn, one call at a time and in no particular order, with each document of coll that
// filter selects (as match takes it), reduced to projection (an inclusion projection, or nil for
// whole documents). fn must copy a document to keep it past its call.
//
// On MongoDB it is a find. The embedded store uses no index for a find other than exactly {_id}:
// any other filter reads and decodes every document of the collection, a quarter of a millisecond
// each, so a customer's history or one day's sales would cost as much as every sale ever made. So
// there, SQLite selects the documents through the indexes FerretDB built for the filter's
// conditions on top-level fields (BuildIndexes), with the same expressions, so that its planner
// uses them, and reads their stored JSON (eachStored; a larger selection, when fewer than half of
// the documents, by _id through FerretDB); each is checked against the whole filter again before
// fn sees it, with the top-level fields the projection names. A projection of top-level scalars
// with such a filter, or with none, SQLite reads whole (eachProjected).
func (s *Store) Each(ctx context.Context, coll string, filter, projection bson.M, fn func(bson.Raw) error) error {
	err := s.each(ctx, coll, filter, projection, fn)
	if errors.Is(err, ErrStop) {
		return nil
	}
	return err
}

func (s *Store) each(ctx context.Context, coll string, filter, projection bson.M, fn func(bson.Raw) error) error {
	if s.local && s.file != "" {
		where, args, ok, whole := sqlFilter(filter)
		if len(filter) == 0 {
			where, ok, whole = "1", true, true // every document: SQLite reads a projection whole
			if projection == nil {
				if done, err := s.eachRow(ctx, coll, fn); err != nil || done {
					return err
				}
			}
		}
		if ok {
			if whole && projection != nil {
				if done, err := s.eachProjected(ctx, coll, where, args, projection, fn); err != nil || done {
					return err
				}
			}
			matching := func(doc bson.Raw) error {
				if ok, err := match(doc, filter); err != nil || !ok {
					return err
				}
				doc, err := projected(doc, projection)
				if err != nil {
					return fmt.Errorf("mongox: read %s: %w", coll, err)
				}
				return fn(doc)
			}
			if projection != nil {
				projection = withFields(projection, filter) // what matching reads, when FerretDB reads it
			}
			rest, done, err := s.eachStored(ctx, coll, where, args, matching)
			if err != nil {
				return err
			}
			if done {
				return s.eachByFind(ctx, coll, rest, projection, matching)
			}
			ids, ok, err := s.idsWhere(ctx, coll, where, args)
			if err != nil {
				return err
			}
			if ok {
				return s.eachByFind(ctx, coll, ids, projection, matching)
			}
		}
	}
	opts := options.Find().SetBatchSize(eachBatch)
	if projection != nil {
		opts.SetProjection(projection)
	}
	cur, err := s.R.Collection(coll).Find(ctx, filter, opts)
	if err != nil {
		return fmt.Errorf("mongox: find %s: %w", coll, err)
	}
	defer cur.Close(context.WithoutCancel(ctx))
	for cur.Next(ctx) {
		if err := fn(cur.Current); err != nil {
			return err
		}
	}
	if err := cur.Err(); err != nil {
		return fmt.Errorf("mongox: find %s: %w", coll, err)
	}
	return nil
}

// Count counts the documents of coll that filter selects (MongoDB's countDocuments). On the
// embedded store, a filter that SQLite can say whole (see sqlFilter) is counted there, through
// FerretDB's indexes, instead of reading every document.
func (s *Store) Count(ctx context.Context, coll string, filter bson.M) (int64, error) {
	if s.local && s.file != "" {
		if len(filter) == 0 { // every document: the table's rows
			n, counted, err := s.countWhere(ctx, coll, "1", nil)
			if err != nil || counted {
				return n, err
			}
		} else if where, args, ok, whole := sqlFilter(filter); ok && whole {
			n, counted, err := s.countWhere(ctx, coll, where, args)
			if err != nil || counted {
				return n, err
			}
		}
	}
	n, err := s.R.Collection(coll).CountDocuments(ctx, filter)
	if err != nil {
		return 0, fmt.Errorf("mongox: count %s: %w", coll, err)
	}
	return n, nil
}

// eachBatch is how many documents a batch of a find carries: some hundred kilobytes of sales.
const eachBatch = 256

// sqlFilter is the part of filter that SQLite can answer through FerretDB's indexes, as an SQL
// condition written with the expressions of FerretDB's indexes (_ferretdb_sjson->"field"): the
// conditions on top-level fields with an equality to a plain string, a whole number or a
// boolean, $exists, or a range of dates. The rest is left to match. ok is false when no condition
// can be taken, whole is true when every condition was.
func sqlFilter(filter bson.M) (where string, args []any, ok, whole bool) {
	var conds []string
	whole = true
	for field, want := range filter {
		if !plainField.MatchString(field) {
			whole = false
			continue
		}
		expr := `_ferretdb_sjson->` + sqlName(field) // exactly as FerretDB writes its index
		ops, isOps := operators(want)
		if !isOps {
			ops = bson.M{"$eq": want}
		}
		for op, arg := range ops {
			c, a, ok := sqlCondition(expr, op, arg)
			if ok {
				conds = append(conds, c)
				args = append(args, a...)
			}
			if _, isTime := timeOf(arg); !ok || isTime {
				whole = false // a date's milliseconds look like a number of the same digits
			}
		}
	}
	if len(conds) == 0 {
		return "", nil, false, false
	}
	return strings.Join(conds, " AND "), args, true, whole
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
		list, ok := inList(arg)
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
		t, ok := timeOf(arg)
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
	switch x := plain(v).(type) {
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

// lookups is how many documents EachByID reads at once.
const lookups = 8

var (
	plainField = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)
	// plainValue: texts that strconv.Quote and FerretDB (encoding/json) write alike, as
	// TestPlainValuesAreQuotedAsFerretDBStoresThem checks: "Mercado Pago", "a.b@c.mx".
	plainValue = regexp.MustCompile(`^[A-Za-z0-9_.:@+ -]*$`)
)

// textOrdered: milliseconds with 13 digits, whose decimal texts sort as the numbers do.
func textOrdered(ms int64) bool { return ms >= 1e12 && ms < 1e13 }

// withFields adds to an inclusion projection the fields the filter checks.
func withFields(projection, filter bson.M) bson.M {
	p := bson.M{}
	for k, v := range projection {
		p[k] = v
	}
	for k := range filter {
		p[k] = 1
	}
	return p
}

// idsWhere answers the _id (ObjectIDs) of the rows of coll's table that pass where, if they are
// fewer than half of its rows; ok is false otherwise, and when coll does not exist yet or its
// lookups by _id have no index yet (IndexIDs), as reading each document would then read them all.
// The counts are read from the indexes alone.
func (s *Store) idsWhere(ctx context.Context, coll, where string, args []any) (ids []bson.ObjectID, ok bool, err error) {
	table, ok, err := s.table(ctx, coll)
	if err != nil || !ok {
		return nil, false, err
	}
	db, err := s.sqlReader()
	if err != nil {
		return nil, false, err
	}
	var total, selected int
	err = db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM `+sqlName(table)+`), (SELECT count(*) FROM `+sqlName(table)+` WHERE `+where+`)`, args...).
		Scan(&total, &selected)
	if err != nil {
		return nil, false, fmt.Errorf("mongox: count %s: %w", coll, err)
	}
	if selected*2 > total {
		return nil, false, nil
	}
	ids, err = selectIDs(ctx, db, coll, table, where, args)
	if err != nil {
		return nil, false, err
	}
	return ids, true, nil
}

// selectIDs reads the _id of the rows of table that pass where.
func selectIDs(ctx context.Context, db *sql.DB, coll, table, where string, args []any) ([]bson.ObjectID, error) {
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
	rows, err := db.QueryContext(ctx, `SELECT _ferretdb_sjson->>'$._id' FROM `+sqlName(table)+` WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("mongox: select %s: %w", coll, err)
	}
	defer rows.Close()
	var ids []bson.ObjectID
	for rows.Next() {
		var hex string
		if err := rows.Scan(&hex); err != nil {
			return nil, fmt.Errorf("mongox: select %s: %w", coll, err)
		}
		id, err := bson.ObjectIDFromHex(hex)
		if err != nil {
			return nil, fmt.Errorf("mongox: select %s: an _id that is not an ObjectID: %q", coll, hex)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("mongox: select %s: %w", coll, err)
	}
	return ids, nil
}

// countWhere counts the rows of coll's table that pass where; counted is false when coll has no
// table yet.
func (s *Store) countWhere(ctx context.Context, coll, where string, args []any) (n int64, counted bool, err error) {
	table, ok, err := s.table(ctx, coll)
	if err != nil || !ok {
		return 0, false, err
	}
	db, err := s.sqlReader()
	if err != nil {
		return 0, false, err
	}
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM `+sqlName(table)+` WHERE `+where, args...).Scan(&n); err != nil {
		return 0, false, fmt.Errorf("mongox: count %s: %w", coll, err)
	}
	return n, true, nil
}

// table names coll's table in the embedded store's file; ok is false when it has none yet or its
// lookups by _id have no index yet (IndexIDs), as reading each document would then read them all.
func (s *Store) table(ctx context.Context, coll string) (table string, ok bool, err error) {
	if _, err := os.Stat(s.file); errors.Is(err, fs.ErrNotExist) {
		return "", false, nil // nothing written to this database yet
	}
	db, err := s.sqlReader()
	if err != nil {
		return "", false, err
	}
	var indexed bool
	err = db.QueryRowContext(ctx, `SELECT c.table_name, EXISTS (SELECT 1 FROM sqlite_master i
		WHERE i.type = 'index' AND i.name = c.table_name || ?) FROM _ferretdb_collections c WHERE c.name = ?`, idIndexSuffix, coll).Scan(&table, &indexed)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !indexed {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("mongox: table of %s: %w", coll, err)
	}
	return table, true, nil
}

// sqlReader is a read-only connection pool to the embedded store's database file, opened once:
// two connections with small page caches, closed after a minute idle (SQLite's memory is not the
// Go heap's, so GOMEMLIMIT does not rein it in).
func (s *Store) sqlReader() (*sql.DB, error) {
	s.sqlOnce.Do(func() {
		s.sqlDB, s.sqlErr = sql.Open("sqlite", "file:"+s.file+"?mode=ro&_pragma=busy_timeout(10000)&_pragma=cache_size(-512)")
		if s.sqlErr == nil {
			s.sqlDB.SetMaxOpenConns(2)
			s.sqlDB.SetConnMaxIdleTime(time.Minute)
		}
	})
	if s.sqlErr != nil {
		return nil, fmt.Errorf("mongox: open %s: %w", s.file, s.sqlErr)
	}
	return s.sqlDB, nil
}
