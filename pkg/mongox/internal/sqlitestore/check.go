package sqlitestore

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
)

// Check runs SQLite's quick check on every database file of the embedded store in dir. It answers
// the first file that fails it and what SQLite found wrong ("" and "" when all pass); err is an
// error that is not damage (a file that cannot be opened now: permissions, a lock).
func Check(ctx context.Context, dir string) (file, found string, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.sqlite"))
	if err != nil {
		return "", "", err
	}
	for _, f := range files {
		res, err := quickCheck(ctx, f)
		if err != nil && !damaged(err) {
			return f, "", err
		}
		if err != nil {
			res = err.Error()
		}
		if res != "ok" {
			return f, res, nil
		}
	}
	return "", "", nil
}

// damaged reports whether a SQLite error means a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB)
// rather than one that cannot be opened now (permissions, a lock).
func damaged(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "malformed") || strings.Contains(msg, "not a database")
}

// quickCheck answers "ok" or what SQLite found wrong with file. It opens the file as the store
// does (read-write), so that a write-ahead log left by a crash is recovered first, not taken for damage.
func quickCheck(ctx context.Context, file string) (string, error) {
	db, err := sql.Open("sqlite", "file:"+file+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return "", err
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, "PRAGMA quick_check")
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return "", err
		}
		found = append(found, line)
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	if len(found) == 0 {
		return "sin respuesta", nil
	}
	if len(found) > 3 {
		found = append(found[:3], "…")
	}
	return strings.Join(found, "; "), nil
}

// IsUniqueViolation reports whether err is SQLite's refusal of a write that breaks a unique
// index: FerretDB reports violations caused by updates so, as an internal error.
func IsUniqueViolation(err error) bool {
	return err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// IsDiskFailure reports whether err is SQLite's word that it could not write to its disk: full,
// read-only or failing.
func IsDiskFailure(err error) bool {
	if err == nil {
		return false
	}
	msg := err.Error()
	for _, s := range []string{"database or disk is full", "attempt to write a readonly database", "disk I/O error"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}
