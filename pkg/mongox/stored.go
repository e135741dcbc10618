package mongox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"golang.org/x/sync/errgroup"

	"tienda/pkg/mongox/internal/sqlitestore"
)

// storedBatch is the most documents eachStored holds at once (their stored JSON): some megabytes
// of sales. A larger selection is read by _id through FerretDB, as before.
const storedBatch = 5000

type storedRow struct {
	id   string
	json []byte
}

// eachStored calls fn with each document of coll's table that where selects, read from its
// stored JSON (sqlitestore.Document: the BSON FerretDB itself would answer) in one query, instead of
// asking FerretDB for each by _id, a millisecond or more apiece. The rows are read first and the
// query closed, then turned into documents one by one, so fn may read the store itself. rest are
// the documents sqlitestore.Document cannot read, for the caller to read through FerretDB. done is false,
// and fn not called, when coll has no table or no _id index yet, or where selects more than
// storedBatch documents.
func (s *Store) eachStored(ctx context.Context, coll, where string, args []any, fn func(bson.Raw) error) (rest []bson.ObjectID, done bool, err error) {
	table, ok, err := s.table(ctx, coll)
	if err != nil || !ok {
		return nil, false, err
	}
	db, err := s.sqlReader()
	if err != nil {
		return nil, false, err
	}
	//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
	rows, err := db.QueryContext(ctx, `SELECT _ferretdb_sjson->>'$._id', _ferretdb_sjson FROM `+sqlName(table)+` WHERE `+where+
		` LIMIT `+fmt.Sprint(storedBatch+1), args...)
	if err != nil {
		return nil, false, fmt.Errorf("mongox: read %s: %w", coll, err)
	}
	var stored []storedRow
	for rows.Next() {
		var r storedRow
		if err := rows.Scan(&r.id, &r.json); err != nil {
			rows.Close()
			return nil, false, fmt.Errorf("mongox: read %s: %w", coll, err)
		}
		stored = append(stored, r)
	}
	err = rows.Err()
	rows.Close()
	if err != nil {
		return nil, false, fmt.Errorf("mongox: read %s: %w", coll, err)
	}
	if len(stored) > storedBatch {
		return nil, false, nil
	}
	for i, r := range stored {
		doc, err := sqlitestore.Document(r.json)
		if err != nil {
			id, idErr := bson.ObjectIDFromHex(r.id)
			if idErr != nil {
				return nil, true, fmt.Errorf("mongox: read %s: an _id that is not an ObjectID: %q", coll, r.id)
			}
			rest = append(rest, id)
			continue
		}
		stored[i].json = nil // let it go
		if err := fn(doc); err != nil {
			return nil, true, err
		}
	}
	return rest, true, nil
}

// eachRow calls fn with every document of coll, read from its stored JSON storedBatch rows at a
// time in the table's row order (each batch a query of its own, closed before fn sees its
// documents): a whole catalogue in one pass of SQLite, where FerretDB's find takes a quarter of a
// millisecond per document. As with a find's batches, a document written meanwhile may be seen
// before or after its change. The documents sqlitestore.Document cannot read are read through FerretDB
// at the end. done is false, and fn not called, when coll has no table or no _id index yet.
func (s *Store) eachRow(ctx context.Context, coll string, fn func(bson.Raw) error) (done bool, err error) {
	table, ok, err := s.table(ctx, coll)
	if err != nil || !ok {
		return false, err
	}
	db, err := s.sqlReader()
	if err != nil {
		return false, err
	}
	var unread []any // rowids of the documents sqlitestore.Document cannot read
	for last := int64(-1 << 63); ; {
		//nolint:gosec // the table name is FerretDB's, quoted by sqlName; the values are parameters
		rows, err := db.QueryContext(ctx, `SELECT rowid, _ferretdb_sjson FROM `+sqlName(table)+` WHERE rowid > ? ORDER BY rowid LIMIT ?`, last, storedBatch)
		if err != nil {
			return false, fmt.Errorf("mongox: read %s: %w", coll, err)
		}
		var stored [][]byte
		var rowids []int64
		for rows.Next() {
			var js []byte
			if err := rows.Scan(&last, &js); err != nil {
				rows.Close()
				return false, fmt.Errorf("mongox: read %s: %w", coll, err)
			}
			stored, rowids = append(stored, js), append(rowids, last)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return false, fmt.Errorf("mongox: read %s: %w", coll, err)
		}
		docs := make([]bson.Raw, len(stored)) // turned into documents on every core, then given to fn in order
		var g errgroup.Group
		parts := runtime.GOMAXPROCS(0)
		for part := range parts {
			g.Go(func() error {
				for i := part; i < len(stored); i += parts {
					docs[i], _ = sqlitestore.Document(stored[i]) // nil when it cannot: read through FerretDB below
					stored[i] = nil                              // let it go
				}
				return nil
			})
		}
		_ = g.Wait()
		for i, doc := range docs {
			if doc == nil {
				unread = append(unread, rowids[i])
				continue
			}
			docs[i] = nil
			if err := fn(doc); err != nil {
				return true, err
			}
		}
		if len(stored) < storedBatch {
			break
		}
	}
	if len(unread) == 0 {
		return true, nil
	}
	rest, err := idsOfRows(ctx, db, coll, table, unread)
	if err != nil {
		return true, err
	}
	return true, s.eachByFind(ctx, coll, rest, nil, fn)
}

// idsOfRows reads the _id of the rows of table whose rowids are rowids.
func idsOfRows(ctx context.Context, db *sql.DB, coll, table string, rowids []any) ([]bson.ObjectID, error) {
	return selectIDs(ctx, db, coll, table, `rowid IN (?`+strings.Repeat(`, ?`, len(rowids)-1)+`)`, rowids)
}

// idsIn is the condition selecting the documents whose _id is one of ids, on the expression the
// _id index holds (IndexIDs), and its arguments.
func idsIn(ids []bson.ObjectID) (string, []any) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = `"` + id.Hex() + `"`
	}
	return `_ferretdb_sjson->'$._id' IN (?` + strings.Repeat(`, ?`, len(ids)-1) + `)`, args
}

// projected is doc with only the top-level fields projection names (the first part of a dotted
// path) and _id: what a find with that projection answers, give or take fields inside them.
func projected(doc bson.Raw, projection bson.M) (bson.Raw, error) {
	if projection == nil {
		return doc, nil
	}
	keep := map[string]bool{"_id": true}
	for k, v := range projection {
		if !isOne(v) {
			return doc, nil // an exclusion: the whole document
		}
		top, _, _ := strings.Cut(k, ".")
		keep[top] = true
	}
	elems, err := doc.Elements()
	if err != nil {
		return nil, err
	}
	out := bson.D{}
	for _, e := range elems {
		if keep[e.Key()] {
			out = append(out, bson.E{Key: e.Key(), Value: e.Value()})
		}
	}
	return bson.Marshal(out)
}

// EachByID calls fn, one call at a time and in no particular order, with each document of coll
// whose _id is in ids, reduced to projection (whole when nil); an _id with no document is skipped.
// The documents are read by _id, a few at a time: on the embedded store, the only lookup that
// uses an index (IndexIDs).
func (s *Store) EachByID(ctx context.Context, coll string, ids []bson.ObjectID, projection bson.M, fn func(bson.Raw) error) error {
	if s.local && s.file != "" && len(ids) > 0 {
		// Their stored JSON in batches, read through the _id index (eachStored).
		for len(ids) > 0 {
			batch := ids[:min(len(ids), 500)]
			ids = ids[len(batch):]
			where, args := idsIn(batch)
			rest, done, err := s.eachStored(ctx, coll, where, args, func(doc bson.Raw) error {
				doc, err := projected(doc, projection)
				if err != nil {
					return fmt.Errorf("mongox: %s by _id: %w", coll, err)
				}
				return fn(doc)
			})
			if err != nil {
				return err
			}
			if !done {
				rest = batch
			}
			if err := s.eachByFind(ctx, coll, rest, projection, fn); err != nil {
				return err
			}
		}
		return nil
	}
	return s.eachByFind(ctx, coll, ids, projection, fn)
}

// eachByFind is EachByID through FerretDB (or MongoDB): a find by _id for each, a few at a time.
func (s *Store) eachByFind(ctx context.Context, coll string, ids []bson.ObjectID, projection bson.M, fn func(bson.Raw) error) error {
	if len(ids) == 0 {
		return nil
	}
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
