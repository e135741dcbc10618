package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// The list indexes (mongox.Index.List) on the embedded store. FerretDB's own indexes are on its
// JSON texts, which SQLite reads for nothing but a lookup: filtering on any other field of them,
// or sorting, reads and decodes each selected document (some 20 µs for a sale). So there, instead,
// a list index is one of SQLite's on the expressions Page writes (page_sql.go): each key's type
// and value, and the _id's. A query that names only those expressions is answered from the index
// alone, whatever it filters on and however it sorts. SQLite keeps it up to date and drops it with
// its table; FerretDB neither lists nor needs it.

// ListIndex is a list index: as a declaration names it (Name, Keys: top-level fields with
// direction 1 or -1, _id not among them), or as the store holds it or would create it (Name, Def:
// SQLite's statement, compared as it is).
type ListIndex struct {
	Name string
	Keys bson.D
	Def  string
}

// listIndexSuffix ends the names of the list indexes in the file (<table>_<index name>_$list);
// FerretDB names its own <table>_<index name>, and no index of the shop's has a $ in its name.
const listIndexSuffix = "_$list"

// listIndexSQL is the statement that creates list index name, of keys, on table.
func listIndexSQL(table, name string, keys bson.D) (string, error) {
	if len(keys) == 0 || name == "" {
		return "", fmt.Errorf("mongox: list index %q: no keys", name)
	}
	cols := make([]string, 0, 2*len(keys)+1)
	for _, k := range keys {
		dir, ok := direction(k.Value)
		if !ok || !pageField(k.Key) || k.Key == "_id" {
			return "", fmt.Errorf("mongox: list index %q: key %q is not a top-level field with direction 1 or -1", name, k.Key)
		}
		cols = append(cols, typeExpr(k.Key), valueExpr(k.Key)+dir)
	}
	cols = append(cols, typeExpr("_id"), valueExpr("_id"))
	//nolint:gosec // the names are FerretDB's and the caller's, quoted by sqlName; the expressions are pageField's
	return `CREATE INDEX ` + sqlName(table+"_"+name+listIndexSuffix) + ` ON ` + sqlName(table) + ` (` + strings.Join(cols, ", ") + `)`, nil
}

// ListIndexes answers the list indexes coll has (none when it is not created yet), and each of
// declared with its definition.
func (e *Engine) ListIndexes(ctx context.Context, coll string, declared []ListIndex) (have, want []ListIndex, err error) {
	db, err := e.sqlWriter()
	if err != nil {
		return nil, nil, err
	}
	var table string
	err = db.QueryRowContext(ctx, `SELECT table_name FROM _ferretdb_collections WHERE name = ?`, coll).Scan(&table)
	if errors.Is(err, sql.ErrNoRows) {
		table = "" // not created yet: every list index is missing
	} else if err != nil {
		return nil, nil, fmt.Errorf("mongox: table of %s: %w", coll, err)
	}
	if table != "" {
		rows, err := db.QueryContext(ctx, `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`, table)
		if err != nil {
			return nil, nil, fmt.Errorf("mongox: list indexes of %s: %w", coll, err)
		}
		for rows.Next() {
			var name, stmt string
			if err := rows.Scan(&name, &stmt); err != nil {
				rows.Close()
				return nil, nil, fmt.Errorf("mongox: list indexes of %s: %w", coll, err)
			}
			if n, ok := strings.CutPrefix(name, table+"_"); ok && strings.HasSuffix(n, listIndexSuffix) {
				have = append(have, ListIndex{Name: strings.TrimSuffix(n, listIndexSuffix), Def: stmt})
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, nil, fmt.Errorf("mongox: list indexes of %s: %w", coll, err)
		}
	}
	for _, ix := range declared {
		stmt, err := listIndexSQL(table, ix.Name, ix.Keys)
		if err != nil {
			return nil, nil, fmt.Errorf("mongox: %s: %w", coll, err)
		}
		want = append(want, ListIndex{Name: ix.Name, Keys: ix.Keys, Def: stmt})
	}
	return have, want, nil
}

// BuildListIndexes brings coll's list indexes to a plan: it drops and creates again those of
// replace, creates those of create, then drops those named drop. coll must exist.
func (e *Engine) BuildListIndexes(ctx context.Context, coll string, replace, create []ListIndex, drop []string) error {
	db, err := e.sqlWriter()
	if err != nil {
		return err
	}
	var table string
	if err := db.QueryRowContext(ctx, `SELECT table_name FROM _ferretdb_collections WHERE name = ?`, coll).Scan(&table); err != nil {
		return fmt.Errorf("mongox: table of %s: %w", coll, err)
	}
	for _, w := range replace {
		if _, err := db.ExecContext(ctx, `DROP INDEX IF EXISTS `+sqlName(table+"_"+w.Name+listIndexSuffix)); err != nil {
			return fmt.Errorf("mongox: list index %s of %s: %w", w.Name, coll, err)
		}
	}
	for _, w := range append(append([]ListIndex{}, replace...), create...) {
		if _, err := db.ExecContext(ctx, w.Def); err != nil {
			return fmt.Errorf("mongox: list index %s of %s: %w", w.Name, coll, err)
		}
	}
	for _, old := range drop {
		if _, err := db.ExecContext(ctx, `DROP INDEX IF EXISTS `+sqlName(table+"_"+old+listIndexSuffix)); err != nil {
			return fmt.Errorf("mongox: list index %s of %s: %w", old, coll, err)
		}
	}
	return nil
}
