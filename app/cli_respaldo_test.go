package main

import (
	"bytes"
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox"
)

func run(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code, ok := dispatch(args, &out, &errOut)
	if !ok {
		t.Fatalf("%v: not a verb", args)
	}
	return code, out.String(), errOut.String()
}

// TestRespaldoWhileTheShopRunsAndRestaurarIntoAnEmptyDataDir: the backup is taken while this
// process holds the store open (the shop), restored into a second data folder with the session
// key, and a second restore into that folder is refused unless --forzar.
func TestRespaldoWhileTheShopRunsAndRestaurarIntoAnEmptyDataDir(t *testing.T) {
	mongoURI := os.Getenv("MONGODB_URI")
	ctx := context.Background()
	shopDir := t.TempDir()
	t.Setenv("MONGODB_URI", "")
	t.Setenv("JWT_SECRET", "")
	t.Setenv("RESPALDO_DIR", "")
	t.Setenv("DATA_DIR", shopDir)

	if code, _, errOut := run(t, "respaldo"); code != 1 || !strings.Contains(errOut, "no hay una tienda en DATA_DIR") {
		t.Fatalf("respaldo of an empty folder: %d %q", code, errOut)
	}

	shop, err := mongox.Open(ctx, mongox.Options{DataDir: shopDir})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = shop.Close(context.Background()) }()
	if _, err := shop.W.Collection("ventas").InsertMany(ctx, []any{bson.M{"folio": "V-1"}, bson.M{"folio": "V-2"}}); err != nil {
		t.Fatal(err)
	}
	secret := strings.Repeat("k", 40) + "\n"
	if err := os.WriteFile(filepath.Join(shopDir, "jwt-secret"), []byte(secret), 0o600); err != nil {
		t.Fatal(err)
	}

	code, out, errOut := run(t, "respaldo")
	if code != 0 {
		t.Fatalf("respaldo: %d %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	path := lines[len(lines)-1]
	if !filepath.IsAbs(path) || filepath.Dir(path) != filepath.Join(shopDir, "respaldos") || !strings.HasPrefix(filepath.Base(path), "respaldo-") {
		t.Fatalf("last line %q is not the new backup in DATA_DIR/respaldos", path)
	}

	// Into the shop's own folder while it is open: refused, and it says why.
	if code, _, errOut := run(t, "restaurar", path); code != 1 || !strings.Contains(errOut, "Detenla antes de restaurar") {
		t.Fatalf("restaurar into the open shop: %d %q", code, errOut)
	}

	target := t.TempDir()
	t.Setenv("DATA_DIR", target)
	t.Setenv("RESPALDO_DIR", filepath.Dir(path)) // so the backup may be named by its name alone
	code, out, errOut = run(t, "restaurar", filepath.Base(path))
	if code != 0 || !strings.Contains(out, "ventas: 2 documentos") || !strings.Contains(out, "los conteos coinciden") {
		t.Fatalf("restaurar: %d %q %q", code, out, errOut)
	}
	if b, err := os.ReadFile(filepath.Join(target, "jwt-secret")); err != nil || string(b) != secret {
		t.Fatalf("jwt-secret in the new DATA_DIR: %q %v", b, err)
	}
	if code, _, errOut := run(t, "restaurar", path); code != 1 || !strings.Contains(errOut, "ya tiene datos") || !strings.Contains(errOut, "--forzar") {
		t.Fatalf("restaurar over data: %d %q", code, errOut)
	}
	if code, out, errOut := run(t, "restaurar", path, "--forzar"); code != 0 || !strings.Contains(out, "ventas: 2 documentos") {
		t.Fatalf("restaurar --forzar: %d %q %q", code, out, errOut)
	}
	restored, err := mongox.Open(ctx, mongox.Options{DataDir: target})
	if err != nil {
		t.Fatal(err)
	}
	n, err := restored.R.Collection("ventas").CountDocuments(ctx, bson.D{})
	_ = restored.Close(ctx)
	if err != nil || n != 2 {
		t.Fatalf("the restored store holds %d sales (%v), want 2", n, err)
	}

	if code, _, errOut := run(t, "restaurar"); code != 2 || !strings.HasPrefix(strings.SplitN(errOut, "\n\n", 2)[1], "Uso: tienda restaurar") {
		t.Fatalf("restaurar without a backup: %d %q", code, errOut)
	}
	if code, _, errOut := run(t, "restaurar", "--a", "postgres://x", path); code != 2 || !strings.Contains(errOut, "mongodb://") {
		t.Fatalf("restaurar --a postgres: %d %q", code, errOut)
	}
	if code, _, errOut := run(t, "restaurar", t.TempDir()); code != 1 || !strings.Contains(errOut, "no es un respaldo") {
		t.Fatalf("restaurar of an empty folder: %d %q", code, errOut)
	}

	if mongoURI == "" {
		return // the way to MongoDB is tested when the suite runs on MongoDB
	}
	u, err := url.Parse(mongoURI)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/t_restaurar_" + bson.NewObjectID().Hex()
	client, err := mongo.Connect(options.Client().ApplyURI(u.String()))
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = client.Database(strings.TrimPrefix(u.Path, "/")).Drop(context.Background())
		_ = client.Disconnect(context.Background())
	}()
	code, out, errOut = run(t, "restaurar", "--a", u.String(), path)
	if code != 0 || !strings.Contains(out, "ventas: 2 documentos") || !strings.Contains(out, "JWT_SECRET") {
		t.Fatalf("restaurar --a MongoDB: %d %q %q", code, out, errOut)
	}
	if n, err := client.Database(strings.TrimPrefix(u.Path, "/")).Collection("ventas").CountDocuments(ctx, bson.D{}); err != nil || n != 2 {
		t.Fatalf("MongoDB holds %d sales (%v), want 2", n, err)
	}
}

func TestRespaldoOnMongoDBSaysMongodump(t *testing.T) {
	t.Setenv("MONGODB_URI", "mongodb://127.0.0.1:1/tienda")
	t.Setenv("JWT_SECRET", strings.Repeat("s", 32))
	if code, _, errOut := run(t, "respaldo"); code != 1 || !strings.Contains(errOut, "mongodump") {
		t.Fatalf("%d %q", code, errOut)
	}
	if code, _, errOut := run(t, "respaldo", "ahora"); code != 2 || !strings.Contains(errOut, "no lleva argumentos") {
		t.Fatalf("%d %q", code, errOut)
	}
}
