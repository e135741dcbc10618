package main

import (
	"context"
	"errors"
	"io"
	"path/filepath"

	"tienda/pkg/config"
	"tienda/pkg/mongox"
)

// openForVerb reads the settings and opens the store they name, for a verb: it writes which store
// to stderr (so that a wrong DATA_DIR shows) and, on failure, a Spanish message; ok is false then,
// and code is the verb's exit code. The embedded store is one process's: when a running shop holds
// it, a verb that may run beside the shop (besideShop: a few writes the shop also makes, such as
// an account's) connects to the store that shop serves; any other verb asks to stop the shop.
func openForVerb(ctx context.Context, name string, besideShop bool, stderr io.Writer) (cfg config.Config, store *mongox.Store, code int, ok bool) {
	cfg, err := config.FromProcess()
	if err != nil {
		say(stderr, "tienda %s: %v\n", name, err)
		return cfg, nil, 2, false
	}
	where := "MongoDB (MONGODB_URI)"
	if cfg.MongoURI == "" {
		dir, err := filepath.Abs(cfg.DataDir)
		if err != nil {
			dir = cfg.DataDir
		}
		where = "la carpeta de datos " + dir + " (DATA_DIR)"
	}
	store, err = mongox.Open(ctx, mongox.Options{URI: cfg.MongoURI, DataDir: cfg.DataDir})
	if running := mongox.RunningStoreURI(cfg.DataDir); errors.Is(err, mongox.ErrDataDirInUse) && besideShop && running != "" {
		where = "la tienda en funcionamiento sobre " + where
		store, err = mongox.Open(ctx, mongox.Options{URI: running})
	}
	switch {
	case errors.Is(err, mongox.ErrDataDirInUse):
		// The embedded store is one process's: the running shop holds its lock.
		say(stderr, "tienda %s: la tienda está funcionando sobre %s y esa carpeta solo la puede abrir un proceso a la vez. "+
			"Detenga la tienda, repita la orden y vuelva a iniciarla.\n", name, where)
		return cfg, nil, 1, false
	case err != nil:
		say(stderr, "tienda %s: no se pudo abrir %s: %v\n", name, where, err)
		return cfg, nil, 1, false
	}
	say(stderr, "Datos en %s.\n", where)
	return cfg, store, 0, true
}
