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
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"golang.org/x/sync/errgroup"
)

// Where selects documents by one indexed top-level field: equal to a string, or, when From or To is
// set, a date in [From, To).
type Where struct {
	Field    string
	Equals   string
	From, To time.Time
}

func (w Where) isRange() bool { return !w.From.IsZero() || !w.To.IsZero() }

// Filter is the MongoDB filter of w and of cond's equalities.
func (w Where) Filter(cond bson.M) bson.M {
	f := bson.M{}
	for k, v := range cond {
		f[k] = v
	}
	if w.isRange() {
		f[w.Field] = bson.M{"$gte": w.From, "$lt": w.To}
	} else {
		f[w.Field] = w.Equals
	}
	return f
}

// holds reports whether doc passes w (its field read from doc, as the store would).
func (w Where) holds(doc bson.Raw) bool {
	v, err := doc.LookupErr(w.Field)
	if err != nil {
		return false
	}
	if !w.isRange() {
		s, ok := v.StringValueOK()
		return ok && s == w.Equals
	}
	t, ok := v.TimeOK()
	return ok && !t.Before(w.From) && t.Before(w.To)
}

// EachIndexed calls fn, one call at a time and in no particular order, with each document of coll
// that w and cond (equalities on scalars, as UpdateOneIf takes) select, reduced to projection
// (whole when nil). It reports false, having done nothing, unless it pays: on the embedded store,
// for a selection of fewer than half of coll's documents. The caller then reads with a find.
//
// The embedded store uses no index for a filter other than exactly {_id}: any other find reads and
// decodes every document of the collection, a quarter of a millisecond each, so a customer's
// history or one day's sales cost as much as every sale ever made, and more every day. Here the
// _id of the selected documents come from SQLite, through the index FerretDB built for w.Field
// (EnsureIndexes) and with the same expression, so that SQLite's planner uses it; then each
// document is read by _id. Dates are kept as milliseconds, which the index holds as text: ranges
// are taken only between 13-digit bounds (2001 to 2286), where text and numeric order agree.
// Every document read is checked against w and cond again before fn sees it.
func (s *Store) EachIndexed(ctx context.Context, coll string, w Where, cond, projection bson.M, fn func(bson.Raw) error) (bool, error) {
	if !s.local || s.file == "" {
		return false, nil
	}
	where, args, ok := sqlWhere(w)
	if !ok {
		return false, nil
	}
	ids, ok, err := s.idsWhere(ctx, coll, where, args)
	if err != nil || !ok {
		return false, err
	}
	if projection != nil {
		projection = withFields(projection, w.Field, cond)
	}
	return true, s.EachByID(ctx, coll, ids, projection, func(doc bson.Raw) error {
		if !w.holds(doc) {
			return nil
		}
		if ok, err := matches(doc, cond); err != nil || !ok {
			return err
		}
		return fn(doc)
	})
}

// EachByID calls fn, one call at a time and in no particular order, with each document of coll
// whose _id is in ids, reduced to projection (whole when nil); an _id with no document is skipped.
// The documents are read by _id, a few at a time: on the embedded store, the only lookup that
// uses an index (IndexIDs).
func (s *Store) EachByID(ctx context.Context, coll string, ids []bson.ObjectID, projection bson.M, fn func(bson.Raw) error) error {
	opts := options.FindOne()
	if projection != nil {
		opts.SetProjection(projection)
	}
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(lookups)
	for _, id := range ids {
		g.Go(func() error {
			doc, err := s.R.Collection(coll).FindOne(gctx, bson.M{"_id": id}, opts).Raw()
			if errors.Is(err, mongo.ErrNoDocuments) {
				return nil // deleted meanwhile, or never saved
			}
			if err != nil {
				return fmt.Errorf("mongox: %s by _id: %w", coll, err)
			}
			mu.Lock()
			defer mu.Unlock()
			return fn(doc)
		})
	}
	return g.Wait()
}

// sqlWhere is w as an SQL condition on a FerretDB table, written with the expression of FerretDB's
// index on w.Field; false when w is not one it can take.
func sqlWhere(w Where) (string, []any, bool) {
	if !plainField.MatchString(w.Field) {
		return "", nil, false
	}
	expr := `_ferretdb_sjson->` + sqlName(w.Field) // exactly as FerretDB writes its index
	if w.isRange() {
		from, to := w.From.UnixMilli(), w.To.UnixMilli()
		if !textOrdered(from) || !textOrdered(to) {
			return "", nil, false
		}
		return expr + ` >= ? AND ` + expr + ` < ?`, []any{strconv.FormatInt(from, 10), strconv.FormatInt(to, 10)}, true
	}
	if !plainValue.MatchString(w.Equals) {
		return "", nil, false // a string FerretDB may escape differently in JSON
	}
	return expr + ` = ?`, []any{strconv.Quote(w.Equals)}, true
}

// lookups is how many documents EachByID reads at once.
const lookups = 8

var (
	plainField = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)
	plainValue = regexp.MustCompile(`^[A-Za-z0-9_.:@+-]*$`) // JSON and Go quote these alike
)

// textOrdered: milliseconds with 13 digits, whose decimal texts sort as the numbers do.
func textOrdered(ms int64) bool { return ms >= 1e12 && ms < 1e13 }

// withFields adds to an inclusion projection the fields EachIndexed checks.
func withFields(projection bson.M, field string, cond bson.M) bson.M {
	p := bson.M{field: 1}
	for k, v := range projection {
		p[k] = v
	}
	for k := range cond {
		p[k] = 1
	}
	return p
}

// idsWhere answers the _id (ObjectIDs) of the rows of coll's table that pass where, if they are
// fewer than half of its rows; ok is false otherwise, and when coll does not exist yet or its
// lookups by _id have no index yet (IndexIDs), as reading each document would then read them all.
// The counts are read from the indexes alone.
func (s *Store) idsWhere(ctx context.Context, coll, where string, args []any) (ids []bson.ObjectID, ok bool, err error) {
	if _, err := os.Stat(s.file); errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil // nothing written to this database yet
	}
	db, err := s.sqlReader()
	if err != nil {
		return nil, false, err
	}
	var table string
	var indexed bool
	err = db.QueryRowContext(ctx, `SELECT c.table_name, EXISTS (SELECT 1 FROM sqlite_master i
		WHERE i.type = 'index' AND i.name = c.table_name || ?) FROM _ferretdb_collections c WHERE c.name = ?`, idIndexSuffix, coll).Scan(&table, &indexed)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !indexed {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("mongox: table of %s: %w", coll, err)
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
	rows, err := db.QueryContext(ctx, `SELECT _ferretdb_sjson->>'$._id' FROM `+sqlName(table)+` WHERE `+where, args...)
	if err != nil {
		return nil, false, fmt.Errorf("mongox: select %s: %w", coll, err)
	}
	defer rows.Close()
	ids = make([]bson.ObjectID, 0, selected)
	for rows.Next() {
		var hex string
		if err := rows.Scan(&hex); err != nil {
			return nil, false, fmt.Errorf("mongox: select %s: %w", coll, err)
		}
		id, err := bson.ObjectIDFromHex(hex)
		if err != nil {
			return nil, false, fmt.Errorf("mongox: select %s: an _id that is not an ObjectID: %q", coll, hex)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, false, fmt.Errorf("mongox: select %s: %w", coll, err)
	}
	return ids, true, nil
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
