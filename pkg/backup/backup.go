// Package backup takes and restores backups of the store in mongodump's directory layout,
// compressed as `mongodump --gzip` writes it, so MongoDB's own tools read them:
//
//	respaldo-20261127-213000/
//	  tienda/<collection>.bson.gz           the documents, one BSON document after another
//	  tienda/<collection>.metadata.json.gz  the collection's options and indexes (extended JSON)
//	  jwt-secret                            the data directory's session key, when it has one
//
// A backup is taken only of the embedded store (on MongoDB: mongodump or the provider's snapshots).
// Consistency while the shop keeps selling: the embedded store is one SQLite file per database,
// and SQLite's own `VACUUM INTO` copies it inside one read transaction, so the copy is the store
// as of one instant, whatever the shop writes meanwhile (SQLite's WAL lets readers and the writer
// run side by side, from this process or another one, so neither the shop nor `tienda respaldo`
// has to stop). That copy is then opened as a store of its own, in a folder of its own, and read
// through the driver, so the documents and indexes written are exactly what the store answers.
// Everything is written under a hidden temporary name in the backups folder and renamed at the
// end: a half-written backup is never listed.
package backup

import (
	"bufio"
	"compress/gzip"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/mongox"
)

// Prefix starts every backup's folder name; the rest is its UTC time, 20261127-213000.
const Prefix = "respaldo-"

const (
	nameLayout = "20060102-150405"
	tmpPrefix  = ".tmp-" + Prefix
	secretFile = "jwt-secret"
)

var nameRE = regexp.MustCompile(`^` + Prefix + `(\d{8}-\d{6})(-\d+)?$`)

// Item is one backup as the 'Respaldos' screen lists it.
type Item struct {
	Name  string    `json:"nombre"`
	Date  time.Time `json:"fecha"`
	Bytes int64     `json:"bytes"`
}

// Source is the embedded store a backup is taken of.
type Source struct {
	DataDir  string // the store's data directory, which holds <Database>.sqlite and jwt-secret
	Database string // default mongox.DefaultDatabase
}

// ErrNoStore means the data directory holds no store to back up.
var ErrNoStore = errors.New("backup: no store in the data directory")

// Take writes a backup of src into dir (created when missing), named after now, and answers it.
func Take(ctx context.Context, src Source, dir string, now time.Time) (Item, error) {
	if src.Database == "" {
		src.Database = mongox.DefaultDatabase
	}
	file := filepath.Join(src.DataDir, src.Database+".sqlite")
	if _, err := os.Stat(file); err != nil {
		return Item{}, fmt.Errorf("%w (%s): %w", ErrNoStore, file, err)
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return Item{}, fmt.Errorf("backup: folder: %w", err)
	}
	tmp, err := os.MkdirTemp(dir, tmpPrefix)
	if err != nil {
		return Item{}, fmt.Errorf("backup: folder: %w", err)
	}
	done := false
	defer func() {
		if !done {
			_ = os.RemoveAll(tmp)
		}
	}()
	snap := filepath.Join(tmp, ".snapshot")
	if err := os.Mkdir(snap, 0o750); err != nil {
		return Item{}, fmt.Errorf("backup: snapshot: %w", err)
	}
	if err := vacuumInto(ctx, file, filepath.Join(snap, src.Database+".sqlite")); err != nil {
		return Item{}, err
	}
	if err := dumpSnapshot(ctx, snap, src.Database, filepath.Join(tmp, src.Database)); err != nil {
		return Item{}, err
	}
	if err := os.RemoveAll(snap); err != nil {
		return Item{}, fmt.Errorf("backup: snapshot: %w", err)
	}
	if err := copySecret(filepath.Join(src.DataDir, secretFile), filepath.Join(tmp, secretFile)); err != nil {
		return Item{}, err
	}
	name := freeName(dir, now)
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		return Item{}, fmt.Errorf("backup: rename: %w", err)
	}
	done = true
	return item(dir, name)
}

// vacuumInto copies the SQLite database file into to, as of one instant (see the package comment).
func vacuumInto(ctx context.Context, file, to string) error {
	db, err := sql.Open("sqlite", "file:"+file+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("backup: open store file: %w", err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, to); err != nil {
		return fmt.Errorf("backup: copy store file: %w", err)
	}
	return nil
}

// dumpSnapshot opens the snapshot in snap as a store and writes its database into out.
func dumpSnapshot(ctx context.Context, snap, database, out string) (err error) {
	store, err := mongox.Open(ctx, mongox.Options{DataDir: snap, Database: database})
	if err != nil {
		return fmt.Errorf("backup: open snapshot: %w", err)
	}
	defer func() {
		if cerr := store.Close(context.Background()); err == nil && cerr != nil {
			err = fmt.Errorf("backup: close snapshot: %w", cerr)
		}
	}()
	return Dump(ctx, store.R, out)
}

// Dump writes every collection of db into the folder out, as mongodump --gzip does.
func Dump(ctx context.Context, db *mongo.Database, out string) error {
	if err := os.MkdirAll(out, 0o750); err != nil {
		return fmt.Errorf("backup: folder: %w", err)
	}
	specs, err := db.ListCollectionSpecifications(ctx, bson.D{})
	if err != nil {
		return fmt.Errorf("backup: list collections: %w", err)
	}
	for _, spec := range specs {
		if strings.HasPrefix(spec.Name, "system.") || spec.Type == "view" {
			continue
		}
		if err := dumpCollection(ctx, db.Collection(spec.Name), spec.Options, out); err != nil {
			return err
		}
	}
	return nil
}

func dumpCollection(ctx context.Context, coll *mongo.Collection, options bson.Raw, out string) error {
	cur, err := coll.Indexes().List(ctx)
	if err != nil {
		return fmt.Errorf("backup: indexes of %s: %w", coll.Name(), err)
	}
	indexes := bson.A{}
	for cur.Next(ctx) {
		ix, err := sparseUnique(cur.Current)
		if err != nil {
			return fmt.Errorf("backup: indexes of %s: %w", coll.Name(), err)
		}
		indexes = append(indexes, ix)
	}
	if err := cur.Err(); err != nil {
		return fmt.Errorf("backup: indexes of %s: %w", coll.Name(), err)
	}
	_ = cur.Close(ctx)
	if len(options) == 0 {
		options = bson.Raw(emptyDoc)
	}
	// mongodump's metadata document, in canonical extended JSON as it writes it (its uuid is left
	// out: the embedded store has none, and mongodump omits an empty one).
	meta, err := bson.MarshalExtJSON(bson.D{
		{Key: "options", Value: options},
		{Key: "indexes", Value: indexes},
		{Key: "collectionName", Value: coll.Name()},
		{Key: "type", Value: "collection"},
	}, true, false)
	if err != nil {
		return fmt.Errorf("backup: metadata of %s: %w", coll.Name(), err)
	}
	if err := writeGzip(filepath.Join(out, coll.Name()+".metadata.json.gz"), func(w io.Writer) error {
		_, err := w.Write(meta)
		return err
	}); err != nil {
		return err
	}
	return writeGzip(filepath.Join(out, coll.Name()+".bson.gz"), func(w io.Writer) error {
		docs, err := coll.Find(ctx, bson.D{})
		if err != nil {
			return fmt.Errorf("backup: read %s: %w", coll.Name(), err)
		}
		defer docs.Close(ctx)
		for docs.Next(ctx) {
			if _, err := w.Write(docs.Current); err != nil {
				return err
			}
		}
		if err := docs.Err(); err != nil {
			return fmt.Errorf("backup: read %s: %w", coll.Name(), err)
		}
		return nil
	})
}

var emptyDoc = []byte{5, 0, 0, 0, 0}

// sparseUnique is an index as the embedded store lists it, marked sparse when it is unique. The
// shop declares every unique index sparse (so that the engines agree on documents without the
// field), and the embedded store keeps that but does not list it; restored into MongoDB without
// it, a unique index would refuse a second document missing the field.
func sparseUnique(ix bson.Raw) (bson.Raw, error) {
	if unique, ok := ix.Lookup("unique").BooleanOK(); !ok || !unique {
		return slices.Clone(ix), nil
	}
	if _, err := ix.LookupErr("sparse"); err == nil {
		return slices.Clone(ix), nil
	}
	elems, err := ix.Elements()
	if err != nil {
		return nil, err
	}
	d := make(bson.D, 0, len(elems)+1)
	for _, e := range elems {
		d = append(d, bson.E{Key: e.Key(), Value: e.Value()})
	}
	return bson.Marshal(append(d, bson.E{Key: "sparse", Value: true}))
}

// writeGzip writes path, gzip-compressed, with what fill writes.
func writeGzip(path string, fill func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600) //nolint:gosec // a path under the backups folder
	if err != nil {
		return fmt.Errorf("backup: write: %w", err)
	}
	buf := bufio.NewWriterSize(f, 256<<10)
	zw := gzip.NewWriter(buf)
	err = fill(zw)
	if err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = buf.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("backup: write %s: %w", filepath.Base(path), err)
	}
	return nil
}

// copySecret copies the session key, when there is one.
func copySecret(from, to string) error {
	b, err := os.ReadFile(from) //nolint:gosec // DATA_DIR is the operator's setting
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("backup: %s: %w", secretFile, err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil { //nolint:gosec // a path under the backups folder
		return fmt.Errorf("backup: %s: %w", secretFile, err)
	}
	return nil
}

// freeName is the name of a backup taken at now that no folder in dir has yet.
func freeName(dir string, now time.Time) string {
	base := Prefix + now.UTC().Format(nameLayout)
	name := base
	for i := 2; ; i++ {
		if _, err := os.Lstat(filepath.Join(dir, name)); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
}

// item describes the backup dir/name.
func item(dir, name string) (Item, error) {
	m := nameRE.FindStringSubmatch(name)
	if m == nil {
		return Item{}, fmt.Errorf("backup: %q is not a backup's name", name)
	}
	date, err := time.Parse(nameLayout, m[1])
	if err != nil {
		return Item{}, fmt.Errorf("backup: %q is not a backup's name", name)
	}
	var size int64
	err = filepath.WalkDir(filepath.Join(dir, name), func(_ string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			info, err := d.Info()
			if err != nil {
				return err
			}
			size += info.Size()
		}
		return nil
	})
	if err != nil {
		return Item{}, fmt.Errorf("backup: %s: %w", name, err)
	}
	return Item{Name: name, Date: date, Bytes: size}, nil
}

// List answers the backups in dir, newest first; none when dir does not exist.
func List(dir string) ([]Item, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return []Item{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("backup: list: %w", err)
	}
	items := []Item{}
	for _, e := range entries {
		if !e.IsDir() || !nameRE.MatchString(e.Name()) {
			continue
		}
		it, err := item(dir, e.Name())
		if err != nil {
			return nil, err
		}
		items = append(items, it)
	}
	slices.SortFunc(items, func(a, b Item) int {
		if c := b.Date.Compare(a.Date); c != 0 {
			return c
		}
		return strings.Compare(b.Name, a.Name) // -2 after the first of the same second
	})
	return items, nil
}

// staleTmp is the age after which a temporary folder is the leftover of a backup that was cut
// short (a crash, a full disk); a backup of a big shop takes a minute.
const staleTmp = 6 * time.Hour

// Prune deletes the backups in dir beyond the newest keep, and leftovers of backups cut short,
// and answers the names deleted.
func Prune(dir string, keep int, now time.Time) ([]string, error) {
	items, err := List(dir)
	if err != nil {
		return nil, err
	}
	var deleted []string
	for _, it := range items[min(keep, len(items)):] {
		if err := os.RemoveAll(filepath.Join(dir, it.Name)); err != nil {
			return deleted, fmt.Errorf("backup: delete %s: %w", it.Name, err)
		}
		deleted = append(deleted, it.Name)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return deleted, fmt.Errorf("backup: list: %w", err)
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), tmpPrefix) {
			continue
		}
		if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > staleTmp {
			_ = os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
	return deleted, nil
}
