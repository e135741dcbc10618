package main

import (
	"context"
	"io"
	"time"

	"tienda/pkg/auth"
	"tienda/pkg/logx"
)

func init() {
	register(verb{
		name:    "migrate",
		summary: "Prepara la base de datos para esta versión (índices y cambios de datos de versiones anteriores).",
		usage: `Uso: tienda migrate

Crea los índices de la base de datos que pide esta versión (y borra los que esta versión
reemplazó, después de crear los nuevos) y pasa al formato de esta versión los datos que guardó
una versión anterior, y termina. Repetirla no cambia nada.

Con MongoDB, córrala una vez antes de iniciar las réplicas de una versión nueva: una réplica no
crea índices al iniciar; revisa que estén todos y, si falta alguno, no inicia y pide correr esta
orden. Con la base incluida (DATA_DIR) la tienda la corre sola al iniciar.

Usa los mismos ajustes que la tienda (DATA_DIR o MONGODB_URI). Con la base incluida (DATA_DIR)
hay que detener la tienda antes, porque esa carpeta solo la abre un proceso a la vez.`,
		run: runMigrate,
	})
}

// upgrader is a module whose data an earlier release may have left in an older form.
type upgrader interface {
	Upgrade(ctx context.Context) error
}

func runMigrate(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		sayLine(stderr, "tienda migrate: no lleva opciones. Uso: tienda migrate")
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	cfg, store, code, ok := openForVerb(ctx, "migrate", false, stderr)
	if !ok {
		return code
	}
	defer func() { _ = store.Close(context.Background()) }()
	a := &App{cfg: cfg, log: logx.New(stderr, cfg.LogLevel), store: store}
	if err := a.migrate(ctx); err != nil {
		say(stderr, "tienda migrate: falló: %v\n", err)
		return 1
	}
	sayLine(stdout, "Base de datos lista para la versión "+Version()+".")
	return 0
}

// migrate builds every index and runs the modules' one-off jobs on older data, without starting
// their background work (migrateStore, which the embedded store's start runs too).
func (a *App) migrate(ctx context.Context) error {
	secret, err := jwtSecret(a.cfg)
	if err != nil {
		return err
	}
	m, err := a.wire(auth.NewTokens(secret, sessionTTL), secret)
	if err != nil {
		return err
	}
	return a.migrateStore(ctx, m)
}
