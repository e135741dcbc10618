package mongox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// EnsureListIndex creates the index named name on keys (top-level fields) of coll, for a paged
// list (Page): the fields it filters on and sorts by. A list that filters on a field after its
// sort key still reads that field from the index, not from each document.
//
// On MongoDB it is that index. The embedded store's own indexes are on FerretDB's JSON texts,
// which SQLite reads for nothing but a lookup: filtering on any other field of them, or sorting,
// reads and decodes each selected document (some 20 µs for a sale). So there, instead, the index
// is one of SQLite's on the expressions Page writes (page_sql.go): each key's type and value, and
// the _id's. A query that names only those expressions is answered from the index alone, whatever
// it filters on and however it sorts. SQLite keeps it up to date and drops it with its table;
// FerretDB neither lists nor needs it. An index of the same name with other keys is replaced.
func (s *Store) EnsureListIndex(ctx context.Context, coll, name string, keys bson.D) error {
	if len(keys) == 0 || name == "" {
		return fmt.Errorf("mongox: list index %q on %s: no keys", name, coll)
	}
	cols := make([]string, 0, 2*len(keys)+1)
	for _, k := range keys {
		dir, ok := direction(k.Value)
		if !ok || !pageField(k.Key) || k.Key == "_id" {
			return fmt.Errorf("mongox: list index %q on %s: key %q is not a top-level field with direction 1 or -1", name, coll, k.Key)
		}
		cols = append(cols, typeExpr(k.Key), valueExpr(k.Key)+dir)
	}
	cols = append(cols, typeExpr("_id"), valueExpr("_id"))
	if !s.local || s.file == "" {
		return EnsureIndexes(ctx, s.W.Collection(coll), mongo.IndexModel{Keys: withIDLast(keys), Options: options.Index().SetName(name)})
	}
	table, err := s.createdTable(ctx, coll)
	if err != nil {
		return err
	}
	db, err := s.sqlWriter()
	if err != nil {
		return err
	}
	index := table + "_" + name + listIndexSuffix
	//nolint:gosec // the names are FerretDB's and the caller's, quoted by sqlName; the expressions are pageField's
	create := `CREATE INDEX ` + sqlName(index) + ` ON ` + sqlName(table) + ` (` + strings.Join(cols, ", ") + `)`
	var old string
	err = db.QueryRowContext(ctx, `SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`, index).Scan(&old)
	switch {
	case err == nil && old == create:
		return nil
	case err == nil:
		if _, err := db.ExecContext(ctx, `DROP INDEX `+sqlName(index)); err != nil {
			return fmt.Errorf("mongox: list index %s of %s: %w", name, coll, err)
		}
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("mongox: list index %s of %s: %w", name, coll, err)
	}
	if _, err := db.ExecContext(ctx, create); err != nil {
		return fmt.Errorf("mongox: list index %s of %s: %w", name, coll, err)
	}
	return nil
}

// withIDLast is keys and then _id ascending, the last key of every sort Page runs: on MongoDB the
// index then serves the whole sort (an index without it sorts each page's ties in memory). An
// index of the same name made before with keys alone is replaced (EnsureIndexes).
func withIDLast(keys bson.D) bson.D {
	return append(slices.Clone(keys), bson.E{Key: "_id", Value: 1})
}

// listIndexSuffix ends the names of the indexes EnsureListIndex adds; FerretDB names its own
// <table>_<index name>, and no index of the shop's has a $ in its name.
const listIndexSuffix = "_$list"

// EnsureCollection creates coll when it does not exist yet: on the embedded store, a collection
// that exists when the app starts gets its _id lookups indexed then (IndexIDs).
func (s *Store) EnsureCollection(ctx context.Context, coll string) error {
	err := s.W.CreateCollection(ctx, coll)
	var cmd mongo.CommandError
	if err != nil && !(errors.As(err, &cmd) && cmd.Code == namespaceExists) {
		return fmt.Errorf("mongox: create %s: %w", coll, err)
	}
	return nil
}

// createdTable names coll's table in the embedded store's file, creating the collection first
// when it does not exist yet.
func (s *Store) createdTable(ctx context.Context, coll string) (string, error) {
	if err := s.EnsureCollection(ctx, coll); err != nil {
		return "", err
	}
	db, err := s.sqlWriter()
	if err != nil {
		return "", err
	}
	var table string
	if err := db.QueryRowContext(ctx, `SELECT table_name FROM _ferretdb_collections WHERE name = ?`, coll).Scan(&table); err != nil {
		return "", fmt.Errorf("mongox: table of %s: %w", coll, err)
	}
	return table, nil
}

// namespaceExists is the code of MongoDB's (and FerretDB's) error for a collection that exists.
const namespaceExists = 48
