package sqlitestore

import (
	"context"
	"database/sql"
	"fmt"
)

// IndexIDs makes lookups by _id use an index, and answers how many indexes it added.
//
// FerretDB v1 creates each collection's _id index on the SQL expression _ferretdb_sjson->"_id",
// but finds, updates and deletes by _id filter on _ferretdb_sjson->'$._id': the same value to
// SQLite, yet not the same expression, so its planner never uses that index and every lookup by
// _id reads the whole table (a quarter of a second at 10,000 sales, while every write waits).
// This adds, to each collection's table in the database file, an index on the expression the
// queries use. SQLite keeps it up to date and drops it with its table; FerretDB neither lists nor
// needs it. A collection created later gets its index at the next start; it starts empty.
func (e *Engine) IndexIDs(ctx context.Context) (int, error) {
	db, err := sql.Open("sqlite", "file:"+e.file+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return 0, fmt.Errorf("mongox: index _id: %w", err)
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, `SELECT c.table_name FROM _ferretdb_collections c
		WHERE NOT EXISTS (SELECT 1 FROM sqlite_master i WHERE i.type = 'index' AND i.name = c.table_name || ?)`, idIndexSuffix)
	if err != nil {
		return 0, fmt.Errorf("mongox: index _id: %w", err)
	}
	var tables []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return 0, fmt.Errorf("mongox: index _id: %w", err)
		}
		tables = append(tables, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("mongox: index _id: %w", err)
	}
	for _, t := range tables {
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %s ON %s (_ferretdb_sjson->'$._id')`, sqlName(t+idIndexSuffix), sqlName(t))
		if _, err := db.ExecContext(ctx, q); err != nil {
			return 0, fmt.Errorf("mongox: index _id of %s: %w", t, err)
		}
	}
	return len(tables), nil
}

// idIndexSuffix names the indexes IndexIDs adds: FerretDB names its own <table>_<index name>, and
// no index of the shop's is named $id_query.
const idIndexSuffix = "_$id_query"
