package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/rs/zerolog"

	"tienda/pkg/backup"
	"tienda/pkg/config"
)

// `tienda respaldo` takes a backup of the embedded store. It reads the store's file with SQLite's
// own copy (pkg/backup), which runs beside a shop serving the same DATA_DIR, so the shop need not
// stop and its button is not the only way.

// mongoBackupMessage is what the shop says of backups on MongoDB, where it takes none.
const mongoBackupMessage = "Con MongoDB la tienda no hace respaldos: usa mongodump --oplog o los respaldos automáticos de tu proveedor."

func init() {
	register(verb{
		name:    "respaldo",
		summary: "Hace un respaldo de la tienda (datos y llave de sesiones) mientras sigue vendiendo.",
		usage: `Uso: tienda respaldo

Hace un respaldo completo de la tienda guardada en DATA_DIR (sin MONGODB_URI): todas las colecciones
y la llave de las sesiones (jwt-secret), en el formato de mongodump --gzip, en una carpeta nueva
dentro de RESPALDO_DIR (por omisión DATA_DIR/respaldos). La tienda puede seguir abierta y vendiendo.
Después borra los respaldos más antiguos, conservando los RESPALDO_CONSERVAR más recientes.
La última línea es la ruta del respaldo nuevo.

Con MONGODB_URI no hace nada: usa mongodump --oplog o los respaldos de tu proveedor.`,
		run: runRespaldo,
	})
}

func runRespaldo(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		say(stderr, "tienda respaldo: no lleva argumentos (%q).\n", args[0])
		return 2
	}
	cfg, err := config.FromProcess()
	if err != nil {
		say(stderr, "tienda respaldo: %v\n", err)
		return 1
	}
	if cfg.MongoURI != "" {
		sayLine(stderr, "tienda respaldo: "+mongoBackupMessage)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	it, err := backup.NewService(backupSettings(cfg), zerolog.Nop()).Take(ctx)
	switch {
	case errors.Is(err, backup.ErrNoStore):
		say(stderr, "tienda respaldo: no hay una tienda en DATA_DIR (%s). Revisa DATA_DIR.\n", absPath(cfg.DataDir))
		return 1
	case err != nil:
		say(stderr, "tienda respaldo: no se pudo hacer el respaldo: %v\n", err)
		return 1
	}
	say(stdout, "Respaldo listo (%s).\n", humanBytes(it.Bytes))
	sayLine(stdout, absPath(filepath.Join(cfg.Backups.Dir, it.Name)))
	return 0
}

// backupSettings are the shop's backups as the configuration says.
func backupSettings(cfg config.Config) backup.Settings {
	return backup.Settings{Source: backup.Source{DataDir: cfg.DataDir}, Dir: cfg.Backups.Dir, Every: cfg.Backups.Every, Keep: cfg.Backups.Keep}
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// humanBytes is a size as a person reads it: 12.3 MB.
func humanBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
