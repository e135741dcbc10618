package mongox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/mongo"
)

// The list indexes (Index.List) on the embedded store. FerretDB's own indexes are on its JSON
// texts, which SQLite reads for nothing but a lookup: filtering on any other field of them, or
// sorting, reads and decodes each selected document (some 20 µs for a sale). So there, instead, a
// list index is one of SQLite's on the expressions Page writes (page_sql.go): each key's type and
// value, and the _id's. A query that names only those expressions is answered from the index
// alone, whatever it filters on and however it sorts. SQLite keeps it up to date and drops it with
// its table; FerretDB neither lists nor needs it.

// listIndexSQL is the statement that creates list index ix on table.
func listIndexSQL(table string, ix Index) (string, error) {
	if len(ix.Keys) == 0 || ix.Name == "" {
		return "", fmt.Errorf("mongox: list index %q: no keys", ix.Name)
	}
	cols := make([]string, 0, 2*len(ix.Keys)+1)
	for _, k := range ix.Keys {
		dir, ok := direction(k.Value)
		if !ok || !pageField(k.Key) || k.Key == "_id" {
			return "", fmt.Errorf("mongox: list index %q: key %q is not a top-level field with direction 1 or -1", ix.Name, k.Key)
		}
		cols = append(cols, typeExpr(k.Key), valueExpr(k.Key)+dir)
	}
	cols = append(cols, typeExpr("_id"), valueExpr("_id"))
	//nolint:gosec // the names are FerretDB's and the caller's, quoted by sqlName; the expressions are pageField's
	return `CREATE INDEX ` + sqlName(table+"_"+ix.Name+listIndexSuffix) + ` ON ` + sqlName(table) + ` (` + strings.Join(cols, ", ") + `)`, nil
}

// sqlLists reports whether the list indexes are SQLite's: on the embedded store of this process.
func (s *Store) sqlLists() bool { return s.local && s.file != "" }

// listIndexSuffix ends the names of the list indexes in the embedded store's file
// (<table>_<index name>_$list); FerretDB names its own <table>_<index name>, and no index of the
// shop's has a $ in its name.
const listIndexSuffix = "_$list"

// listIndexPlan plans c's list indexes on the embedded store (nothing elsewhere): each index's
// definition is its statement.
func (s *Store) listIndexPlan(ctx context.Context, c Collection) (indexPlan, error) {
	if !s.sqlLists() || !slices.ContainsFunc(c.Indexes, func(ix Index) bool { return ix.List }) {
		return indexPlan{}, nil
	}
	db, err := s.sqlWriter()
	if err != nil {
		return indexPlan{}, err
	}
	var table string
	err = db.QueryRowContext(ctx, `SELECT table_name FROM _ferretdb_collections WHERE name = ?`, c.Name).Scan(&table)
	if errors.Is(err, sql.ErrNoRows) {
		table = "" // not created yet: every list index is missing
	} else if err != nil {
		return indexPlan{}, fmt.Errorf("mongox: table of %s: %w", c.Name, err)
	}
	var have []indexSpec
	if table != "" {
		rows, err := db.QueryContext(ctx, `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`, table)
		if err != nil {
			return indexPlan{}, fmt.Errorf("mongox: list indexes of %s: %w", c.Name, err)
		}
		for rows.Next() {
			var name, stmt string
			if err := rows.Scan(&name, &stmt); err != nil {
				rows.Close()
				return indexPlan{}, fmt.Errorf("mongox: list indexes of %s: %w", c.Name, err)
			}
			if n, ok := strings.CutPrefix(name, table+"_"); ok && strings.HasSuffix(n, listIndexSuffix) {
				have = append(have, indexSpec{Name: strings.TrimSuffix(n, listIndexSuffix), sql: stmt})
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return indexPlan{}, fmt.Errorf("mongox: list indexes of %s: %w", c.Name, err)
		}
	}
	var want []indexSpec
	var declared []string
	for _, ix := range c.Indexes {
		if !ix.List {
			continue
		}
		stmt, err := listIndexSQL(table, ix)
		if err != nil {
			return indexPlan{}, fmt.Errorf("mongox: %s: %w", c.Name, err)
		}
		want, declared = append(want, indexSpec{Name: ix.Name, sql: stmt}), append(declared, ix.Name)
	}
	return planIndexes(want, declared, have), nil
}

// buildListIndexes brings c's list indexes on the embedded store to its declaration.
func (s *Store) buildListIndexes(ctx context.Context, c Collection) error {
	plan, err := s.listIndexPlan(ctx, c)
	if err != nil || len(plan.Create)+len(plan.Replace)+len(plan.Drop) == 0 {
		return err
	}
	db, err := s.sqlWriter()
	if err != nil {
		return err
	}
	table, err := s.tableOf(ctx, c.Name)
	if err != nil {
		return err
	}
	for _, w := range plan.Replace {
		if _, err := db.ExecContext(ctx, `DROP INDEX IF EXISTS `+sqlName(table+"_"+w.Name+listIndexSuffix)); err != nil {
			return fmt.Errorf("mongox: list index %s of %s: %w", w.Name, c.Name, err)
		}
	}
	for _, w := range slices.Concat(plan.Replace, plan.Create) {
		if _, err := db.ExecContext(ctx, w.sql); err != nil {
			return fmt.Errorf("mongox: list index %s of %s: %w", w.Name, c.Name, err)
		}
	}
	for _, old := range plan.Drop {
		if _, err := db.ExecContext(ctx, `DROP INDEX IF EXISTS `+sqlName(table+"_"+old+listIndexSuffix)); err != nil {
			return fmt.Errorf("mongox: list index %s of %s: %w", old, c.Name, err)
		}
	}
	return nil
}

// ensureCollection creates coll when it does not exist yet: on the embedded store, a collection
// that exists when BuildIndexes ends gets its _id lookups indexed then (IndexIDs).
func (s *Store) ensureCollection(ctx context.Context, coll string) error {
	err := s.W.CreateCollection(ctx, coll)
	var cmd mongo.CommandError
	if err != nil && !(errors.As(err, &cmd) && cmd.Code == namespaceExists) {
		return fmt.Errorf("mongox: create %s: %w", coll, err)
	}
	return nil
}

// tableOf names coll's table in the embedded store's file.
func (s *Store) tableOf(ctx context.Context, coll string) (string, error) {
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
