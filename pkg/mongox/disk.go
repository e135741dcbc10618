package mongox

import (
	"context"
	"errors"
	"fmt"
	"syscall"

	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/mongox/internal/sqlitestore"
)

// ErrNoSpace is the readiness check's answer when the embedded store's disk is full or cannot be
// written.
var ErrNoSpace = errors.New("mongox: the data folder's disk is full or cannot be written")

// minFreeBytes is the free space under which the embedded store counts as full: SQLite needs room
// for its journal before a write.
const minFreeBytes = 1 << 20

// IsStorageFailure reports whether err means the store could not write to its disk: full, read-only
// or failing. SQLite (the embedded store) says so in its message; MongoDB with OutOfDiskSpace.
func IsStorageFailure(err error) bool {
	if err == nil {
		return false
	}
	var se mongo.ServerError
	if errors.As(err, &se) && se.HasErrorCode(14031) { // OutOfDiskSpace
		return true
	}
	return sqlitestore.IsDiskFailure(err)
}

// Ready is the readiness check: the store answers and, when embedded, its folder can be written
// and has at least 1 MiB free.
func (s *Store) Ready(ctx context.Context) error {
	if err := s.Ping(ctx); err != nil {
		return err
	}
	if s.embedded == nil {
		return nil
	}
	var st syscall.Statfs_t
	if err := syscall.Statfs(s.embedded.dir, &st); err != nil {
		return fmt.Errorf("%w: %w", ErrNoSpace, err)
	}
	if free := uint64(st.Bavail) * uint64(st.Bsize); free < minFreeBytes { //nolint:gosec,unconvert // field types differ between systems
		return fmt.Errorf("%w: %d bytes free", ErrNoSpace, free)
	}
	if err := syscall.Access(s.embedded.dir, 2); err != nil { // W_OK: a read-only mount
		return fmt.Errorf("%w: %w", ErrNoSpace, err)
	}
	return nil
}

// ErrDamaged is returned by Open when a file of the embedded store fails SQLite's integrity check.
var ErrDamaged = errors.New("mongox: la base de datos integrada está dañada")

// checkIntegrity runs SQLite's quick check on every database file of the embedded store in dir,
// before the store starts. A damaged file stops the start with what to do.
func checkIntegrity(ctx context.Context, dir string) error {
	f, res, err := sqlitestore.Check(ctx, dir)
	if err != nil && f == "" {
		return err
	}
	if err != nil {
		return fmt.Errorf("mongox: integrity check of %s: %w", f, err)
	}
	if f != "" {
		return fmt.Errorf("%w: %s no pasó la revisión de integridad de SQLite (PRAGMA quick_check: %s). "+
			"No borres la carpeta: detén la tienda, copia la carpeta %s a otro lugar y restaura el último respaldo "+
			"en una carpeta vacía con `tienda restaurar <respaldo>` (docs/guia-del-dueno.md, «Cuando algo falla»)",
			ErrDamaged, f, res, dir)
	}
	return nil
}
