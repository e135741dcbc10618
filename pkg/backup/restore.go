package backup

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/mongox"
)

// ErrNotEmpty means the store to restore into already holds documents.
var ErrNotEmpty = errors.New("backup: the target store is not empty")

// ErrNotBackup means the folder is not a backup (no database folder with collection files).
var ErrNotBackup = errors.New("backup: not a backup folder")

// Restored is one collection as the restore left it.
type Restored struct {
	Collection string
	Documents  int64
}

// insertBatch is how many documents one insert carries (well under 16 MB of sales).
const insertBatch = 1000

// Restore loads the backup in path (this package's or mongodump's layout, with or without gzip)
// into db: every collection, its documents and its indexes, then checks that each collection
// counts as many documents as the backup holds. It refuses a store that holds any document unless
// force, which drops its collections first.
func Restore(ctx context.Context, path string, store *mongox.Store, force bool) ([]Restored, error) {
	db := store.W
	src, colls, err := backupCollections(path)
	if err != nil {
		return nil, err
	}
	empty, err := isEmpty(ctx, db)
	if err != nil {
		return nil, err
	}
	if !empty {
		if !force {
			return nil, ErrNotEmpty
		}
		// Collection by collection: dropping the database would delete the embedded store's file
		// under the store's own SQLite readers.
		names, err := db.ListCollectionNames(ctx, bson.D{})
		if err != nil {
			return nil, fmt.Errorf("backup: empty the target store: %w", err)
		}
		for _, n := range names {
			if err := db.Collection(n).Drop(ctx); err != nil {
				return nil, fmt.Errorf("backup: empty the target store: %w", err)
			}
		}
	}
	out := make([]Restored, 0, len(colls))
	for _, name := range colls {
		n, err := restoreCollection(ctx, src, name, db)
		if err != nil {
			return out, err
		}
		out = append(out, Restored{Collection: name, Documents: n})
	}
	// The embedded store's lookups by _id get their index now rather than at the next start, and
	// its counts are then SQLite's, not a read of every document.
	if _, err := store.IndexIDs(ctx); err != nil {
		return out, err
	}
	for _, r := range out {
		got, err := store.Count(ctx, r.Collection, nil)
		if err != nil {
			return out, fmt.Errorf("backup: count %s: %w", r.Collection, err)
		}
		if got != r.Documents {
			return out, fmt.Errorf("backup: %s holds %d documents after the restore, the backup %d", r.Collection, got, r.Documents)
		}
	}
	return out, nil
}

// backupCollections finds the backup's database folder and its collections, by their metadata
// files.
func backupCollections(path string) (dir string, colls []string, err error) {
	entries, err := os.ReadDir(path)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %w", ErrNotBackup, err)
	}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		if dir != "" {
			return "", nil, fmt.Errorf("%w: more than one database in %s", ErrNotBackup, path)
		}
		dir = filepath.Join(path, e.Name())
	}
	if dir == "" {
		return "", nil, fmt.Errorf("%w: no database folder in %s", ErrNotBackup, path)
	}
	files, err := os.ReadDir(dir)
	if err != nil {
		return "", nil, fmt.Errorf("%w: %w", ErrNotBackup, err)
	}
	for _, f := range files {
		name, ok := strings.CutSuffix(strings.TrimSuffix(f.Name(), ".gz"), ".metadata.json")
		if ok && !slices.Contains(colls, name) {
			colls = append(colls, name)
		}
	}
	if len(colls) == 0 {
		return "", nil, fmt.Errorf("%w: no collection in %s", ErrNotBackup, dir)
	}
	slices.Sort(colls)
	return dir, colls, nil
}

// isEmpty reports whether no collection of db holds a document.
func isEmpty(ctx context.Context, db *mongo.Database) (bool, error) {
	names, err := db.ListCollectionNames(ctx, bson.D{})
	if err != nil {
		return false, fmt.Errorf("backup: list the target's collections: %w", err)
	}
	for _, n := range names {
		err := db.Collection(n).FindOne(ctx, bson.D{}).Err()
		if err == nil {
			return false, nil
		}
		if !errors.Is(err, mongo.ErrNoDocuments) {
			return false, fmt.Errorf("backup: read the target's %s: %w", n, err)
		}
	}
	return true, nil
}

// Metadata is a collection's metadata file, as mongodump writes it.
type Metadata struct {
	Options        bson.Raw   `bson:"options"`
	Indexes        []bson.Raw `bson:"indexes"`
	CollectionName string     `bson:"collectionName"`
}

// ReadMetadata reads a metadata file (.metadata.json, or .metadata.json.gz).
func ReadMetadata(path string) (Metadata, error) {
	var m Metadata
	err := readFile(path, func(r io.Reader) error {
		b, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		return bson.UnmarshalExtJSON(b, true, &m)
	})
	if err != nil {
		return Metadata{}, fmt.Errorf("backup: metadata %s: %w", filepath.Base(path), err)
	}
	return m, nil
}

// EachDocument calls fn with each document of a .bson (or .bson.gz) file: one BSON document
// after another, each starting with its length.
func EachDocument(path string, fn func(bson.Raw) error) error {
	err := readFile(path, func(r io.Reader) error {
		br := bufio.NewReaderSize(r, 256<<10)
		for {
			var head [4]byte
			if _, err := io.ReadFull(br, head[:]); errors.Is(err, io.EOF) {
				return nil
			} else if err != nil {
				return err
			}
			n := binary.LittleEndian.Uint32(head[:])
			if n < 5 || n > 48<<20 {
				return fmt.Errorf("a document of %d bytes", n)
			}
			doc := make([]byte, n)
			copy(doc, head[:])
			if _, err := io.ReadFull(br, doc[4:]); err != nil {
				return err
			}
			if err := bson.Raw(doc).Validate(); err != nil {
				return err
			}
			if err := fn(doc); err != nil {
				return err
			}
		}
	})
	if err != nil {
		return fmt.Errorf("backup: documents %s: %w", filepath.Base(path), err)
	}
	return nil
}

// readFile opens path, or path.gz when path is missing, and gives read its contents uncompressed.
func readFile(path string, read func(io.Reader) error) error {
	f, err := os.Open(path) //nolint:gosec // a file of the backup the operator named
	if errors.Is(err, os.ErrNotExist) && !strings.HasSuffix(path, ".gz") {
		path += ".gz"
		f, err = os.Open(path) //nolint:gosec // as above
	}
	if err != nil {
		return err
	}
	defer func() { _ = f.Close() }()
	if !strings.HasSuffix(path, ".gz") {
		return read(f)
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	defer func() { _ = zr.Close() }()
	return read(zr)
}

// restoreCollection creates the collection, loads its documents in batches, then builds its
// indexes (after the data: faster on both engines), and answers how many documents it loaded.
func restoreCollection(ctx context.Context, dir, name string, db *mongo.Database) (int64, error) {
	meta, err := ReadMetadata(filepath.Join(dir, name+".metadata.json"))
	if err != nil {
		return 0, err
	}
	coll := db.Collection(name)
	if err := db.CreateCollection(ctx, name); err != nil {
		return 0, fmt.Errorf("backup: create %s: %w", name, err)
	}
	var n int64
	batch := make([]any, 0, insertBatch)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if _, err := coll.InsertMany(ctx, batch); err != nil {
			return fmt.Errorf("backup: insert into %s: %w", name, err)
		}
		n += int64(len(batch))
		batch = batch[:0]
		return nil
	}
	bsonPath := filepath.Join(dir, name+".bson")
	if _, err := os.Stat(bsonPath + ".gz"); err == nil {
		bsonPath += ".gz"
	}
	err = EachDocument(bsonPath, func(doc bson.Raw) error {
		batch = append(batch, doc)
		if len(batch) == insertBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return n, err
	}
	for _, ix := range meta.Indexes {
		if err := createIndex(ctx, db, name, ix); err != nil {
			return n, err
		}
	}
	return n, nil
}

// createIndex builds one index from its listIndexes document, every option kept (v and ns are
// the server's own). One index per command: FerretDB's connection crashes on a createIndexes
// naming two or more existing indexes (mongox.Store.BuildIndexes).
func createIndex(ctx context.Context, db *mongo.Database, coll string, ix bson.Raw) error {
	if ix.Lookup("name").StringValue() == "_id_" {
		return nil // made with the collection
	}
	elems, err := ix.Elements()
	if err != nil {
		return fmt.Errorf("backup: index of %s: %w", coll, err)
	}
	spec := bson.D{}
	for _, e := range elems {
		if k := e.Key(); k != "v" && k != "ns" {
			spec = append(spec, bson.E{Key: k, Value: e.Value()})
		}
	}
	cmd := bson.D{{Key: "createIndexes", Value: coll}, {Key: "indexes", Value: bson.A{spec}}}
	if err := db.RunCommand(ctx, cmd).Err(); err != nil {
		return fmt.Errorf("backup: index %s of %s: %w", ix.Lookup("name").StringValue(), coll, err)
	}
	return nil
}
