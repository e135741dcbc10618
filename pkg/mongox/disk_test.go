package mongox

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// TestOpenRefusesADamagedEmbeddedStore writes a store, damages its SQLite file as a failing disk
// would (a page overwritten), and starts it again: the start stops with SQLite's finding and what
// to do, instead of serving from a broken file; an intact store starts.
func TestOpenRefusesADamagedEmbeddedStore(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	dir := t.TempDir()
	s, err := Open(ctx, Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	docs := make([]any, 2000)
	for i := range docs {
		docs[i] = bson.M{"n": i, "texto": strings.Repeat("datos de prueba ", 20)}
	}
	if _, err := s.W.Collection("ventas").InsertMany(ctx, docs); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	// Intact: it starts again.
	s, err = Open(ctx, Options{DataDir: dir})
	if err != nil {
		t.Fatalf("an intact store: %v", err)
	}
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}

	file := filepath.Join(dir, "tienda.sqlite")
	f, err := os.OpenFile(file, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	st, _ := f.Stat()
	if st.Size() < 64<<10 {
		t.Fatalf("the store's file is %d bytes, too small to damage a page in the middle", st.Size())
	}
	garbage := []byte(strings.Repeat("\xde\xad\xbe\xef", 1024))
	if _, err := f.WriteAt(garbage, st.Size()/2/4096*4096); err != nil {
		t.Fatal(err)
	}
	f.Close()

	_, err = Open(ctx, Options{DataDir: dir})
	if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), "tienda restaurar") || !strings.Contains(err.Error(), "quick_check") {
		t.Fatalf("a damaged store: %v, want ErrDamaged with SQLite's finding and the restore command", err)
	}
	t.Log(err)
}

func TestStorageFailuresAreToldApart(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		err  error
		want bool
	}{
		{errors.New("users: insert: (InternalError) [db.go:167] database or disk is full (13)"), true},
		{errors.New("(InternalError) attempt to write a readonly database (8)"), true},
		{mongo.CommandError{Code: 14031, Name: "OutOfDiskSpace"}, true},
		{mongo.CommandError{Code: 11000, Message: "E11000 duplicate key"}, false},
		{errors.New("not found"), false},
		{nil, false},
	} {
		if got := IsStorageFailure(c.err); got != c.want {
			t.Errorf("IsStorageFailure(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
