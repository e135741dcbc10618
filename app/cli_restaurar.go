package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"tienda/pkg/backup"
	"tienda/pkg/config"
	"tienda/pkg/mongox"
)

const restaurarUsage = `Uso: tienda restaurar [--a URI] [--forzar] <respaldo>

Carga un respaldo (una carpeta hecha por tienda respaldo o por mongodump) en la tienda:
  - sin --a ni MONGODB_URI, en la tienda guardada en DATA_DIR, y pone la llave de las sesiones
    del respaldo (jwt-secret) en DATA_DIR, para que las sesiones abiertas sigan valiendo;
  - con MONGODB_URI, o con --a "mongodb://...", en esa base de MongoDB (así se pasa una tienda
    de DATA_DIR a MongoDB: detén la tienda, haz un respaldo, restáuralo con --a y arranca con
    MONGODB_URI).
<respaldo> es la ruta de la carpeta o solo su nombre (respaldo-20261127-213000), que se busca en
RESPALDO_DIR. La tienda de DATA_DIR debe estar detenida. Al terminar compara cuántos documentos
tiene cada colección con el respaldo.

Opciones:
  --a URI    restaura en esta base de MongoDB en vez de DATA_DIR o MONGODB_URI.
  --forzar   borra los datos que ya tenga la tienda de destino; sin esta opción, una tienda que
             ya tiene datos no se toca.`

func init() {
	register(verb{
		name:    "restaurar",
		summary: "Carga un respaldo en una tienda vacía (DATA_DIR o MongoDB).",
		usage:   restaurarUsage,
		run:     runRestaurar,
	})
}

func runRestaurar(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("restaurar", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	to := fs.String("a", "", "")
	force := fs.Bool("forzar", false, "")
	var rest []string
	for { // flags may come before or after the backup
		if err := fs.Parse(args); err != nil {
			say(stderr, "tienda restaurar: %v\n\n%s\n", err, restaurarUsage)
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(rest) != 1 {
		say(stderr, "tienda restaurar: indica un respaldo (y solo uno).\n\n%s\n", restaurarUsage)
		return 2
	}
	cfg, err := config.FromProcess()
	if err != nil {
		say(stderr, "tienda restaurar: %v\n", err)
		return 1
	}
	uri := cfg.MongoURI
	if *to != "" {
		if !strings.HasPrefix(*to, "mongodb://") && !strings.HasPrefix(*to, "mongodb+srv://") {
			sayLine(stderr, "tienda restaurar: --a debe ser una dirección de MongoDB que empiece con mongodb:// o mongodb+srv://.")
			return 2
		}
		uri = *to
	}
	path := backupPath(rest[0], cfg.Backups.Dir)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	store, err := mongox.Open(ctx, mongox.Options{URI: uri, DataDir: cfg.DataDir})
	if errors.Is(err, mongox.ErrDataDirInUse) {
		say(stderr, "tienda restaurar: la tienda está abierta con DATA_DIR (%s). Detenla antes de restaurar.\n", absPath(cfg.DataDir))
		return 1
	}
	if err != nil {
		say(stderr, "tienda restaurar: no se pudo abrir la tienda de destino: %v\n", err)
		return 1
	}
	defer func() { _ = store.Close(context.Background()) }()

	restored, err := backup.Restore(ctx, path, store, *force)
	switch {
	case errors.Is(err, backup.ErrNotBackup):
		say(stderr, "tienda restaurar: %s no es un respaldo (%v).\n", path, err)
		return 1
	case errors.Is(err, backup.ErrNotEmpty):
		sayLine(stderr, "tienda restaurar: la tienda de destino ya tiene datos y no se tocó. "+
			"Para reemplazarlos por los del respaldo, repite la orden con --forzar.")
		return 1
	case err != nil:
		say(stderr, "tienda restaurar: la restauración no terminó: %v\n", err)
		return 1
	}
	return reportRestore(restored, path, store.Embedded(), cfg.DataDir, stdout, stderr)
}

// reportRestore says what was restored and puts the backup's session key where the shop reads it:
// DATA_DIR for the embedded store; for MongoDB it says to set JWT_SECRET.
func reportRestore(restored []backup.Restored, path string, embedded bool, dataDir string, stdout, stderr io.Writer) int {
	var docs int64
	for _, r := range restored {
		say(stdout, "  %s: %d documentos\n", r.Collection, r.Documents)
		docs += r.Documents
	}
	say(stdout, "Restauración completa: %d documentos en %d colecciones; los conteos coinciden con el respaldo.\n", docs, len(restored))
	secret := filepath.Join(path, "jwt-secret")
	if _, err := os.Stat(secret); err != nil {
		return 0 // a mongodump: no session key
	}
	if embedded {
		if err := copyFile(secret, filepath.Join(dataDir, "jwt-secret")); err != nil {
			say(stderr, "tienda restaurar: no se pudo copiar la llave de las sesiones a DATA_DIR: %v\n", err)
			return 1
		}
		sayLine(stdout, "La llave de las sesiones (jwt-secret) del respaldo quedó en DATA_DIR.")
		return 0
	}
	say(stdout, "Para que las sesiones abiertas sigan valiendo, pon en JWT_SECRET el contenido de %s.\n", absPath(secret))
	return 0
}

// backupPath is the backup arg names: a path, or a backup's name in the backups folder.
func backupPath(arg, dir string) string {
	if _, err := os.Stat(arg); err != nil && !strings.ContainsRune(arg, filepath.Separator) {
		return filepath.Join(dir, arg)
	}
	return arg
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from) //nolint:gosec // a file of the backup the operator named
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o600) //nolint:gosec // DATA_DIR is the operator's setting
}
