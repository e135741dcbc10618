package sqlitestore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the driver FerretDB itself uses
)

// Engine is one database's SQLite file of the embedded FerretDB, read and written directly where
// FerretDB is slow. It opens its connections on first use; Close closes them.
type Engine struct {
	file string
	// reader: a read-only pool (sqlReader); writer: one connection that writes (sqlWriter).
	readOnce  sync.Once
	reader    *sql.DB
	readErr   error
	writeOnce sync.Once
	writer    *sql.DB
	writeErr  error
}

// File is the SQLite file in which FerretDB keeps database in the data directory dir.
func File(dir, database string) string { return filepath.Join(dir, database+".sqlite") }

// Open is the engine of file (File); it touches nothing until a method runs.
func Open(file string) *Engine { return &Engine{file: file} }

// File is the file e reads and writes.
func (e *Engine) File() string { return e.file }

// Close closes the connections e opened.
func (e *Engine) Close() error {
	var errs []error
	if e.reader != nil {
		errs = append(errs, e.reader.Close())
	}
	if e.writer != nil {
		errs = append(errs, e.writer.Close())
	}
	return errors.Join(errs...)
}

// Batch is the most documents the engine holds at once (their stored JSON) when it reads them
// by a selection: some megabytes of sales. A larger selection is declined (Each).
const Batch = 5000

// sqlReader is a read-only connection pool to the file, opened once: two connections with small
// page caches, closed after a minute idle (SQLite's memory is not the Go heap's, so GOMEMLIMIT
// does not rein it in).
func (e *Engine) sqlReader() (*sql.DB, error) {
	e.readOnce.Do(func() {
		e.reader, e.readErr = sql.Open("sqlite", "file:"+e.file+"?mode=ro&_pragma=busy_timeout(10000)&_pragma=cache_size(-512)")
		if e.readErr == nil {
			e.reader.SetMaxOpenConns(2)
			e.reader.SetConnMaxIdleTime(time.Minute)
		}
	})
	if e.readErr != nil {
		return nil, fmt.Errorf("mongox: open %s: %w", e.file, e.readErr)
	}
	return e.reader, nil
}

// sqlWriter is a connection to the file for the engine's writes, opened once.
func (e *Engine) sqlWriter() (*sql.DB, error) {
	e.writeOnce.Do(func() {
		e.writer, e.writeErr = sql.Open("sqlite", "file:"+e.file+"?_pragma=busy_timeout(10000)&_pragma=cache_size(-2048)")
		if e.writeErr == nil {
			e.writer.SetMaxOpenConns(1)
		}
	})
	if e.writeErr != nil {
		return nil, fmt.Errorf("mongox: open %s: %w", e.file, e.writeErr)
	}
	return e.writer, nil
}

// table names coll's table in the file; ok is false when it has none yet or its lookups by _id
// have no index yet (IndexIDs), as reading each document would then read them all.
func (e *Engine) table(ctx context.Context, coll string) (table string, ok bool, err error) {
	if _, err := os.Stat(e.file); errors.Is(err, fs.ErrNotExist) {
		return "", false, nil // nothing written to this database yet
	}
	db, err := e.sqlReader()
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

func sqlName(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
