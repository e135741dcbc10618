package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
)

// readyStore: on the embedded store, whose only process this is, the start runs the migration
// itself (migrateStore). On MongoDB a replica builds no index and runs no one-off job, which
// `tienda migrate` does once before a rollout: it checks that the store holds every index this
// release declares and that its data is at this release's dataLevel, and refuses to start when
// either is missing (ErrNotMigrated); an index held under its name with other options is logged
// at warn, as the index is there.
// An empty database (a new shop's first start) is the exception: it has nothing to serve or build
// on, so the first start prepares it as migrate would.
func (a *App) readyStore(ctx context.Context, m modules) error {
	if !a.store.Embedded() {
		names, err := a.store.R.ListCollectionNames(ctx, bson.M{})
		if err != nil {
			return fmt.Errorf("app: collections: %w", err)
		}
		if len(names) > 0 {
			return a.checkMigrated(ctx, m)
		}
		a.log.Info().Msg("MongoDB: an empty database; preparing it for this release (tienda migrate)")
	}
	return a.migrateStore(ctx, m)
}

// checkMigrated is readyStore's check of a MongoDB store that holds data.
func (a *App) checkMigrated(ctx context.Context, m modules) error {
	var lacks []string
	err := a.store.CheckIndexes(ctx, m.collections()...)
	var missing *mongox.MissingIndexesError
	switch {
	case errors.As(err, &missing) && len(missing.Missing) > 0:
		lacks = append(lacks, "faltan los índices "+strings.Join(missing.Missing, ", "))
	case errors.As(err, &missing):
		// Held under this release's names with other options (a restore's, say): the
		// release's indexes are there, not as declared; `tienda migrate` replaces them.
		a.log.Warn().Strs("indexes", missing.Different).
			Msg("MongoDB: indexes defined otherwise than this release declares; run `tienda migrate`")
	case err != nil:
		return err
	}
	level, err := a.store.DataLevel(ctx)
	switch {
	case err != nil:
		return err
	case level < dataLevel:
		lacks = append(lacks, fmt.Sprintf("sus datos están en el nivel %d y esta versión pide el %d", level, dataLevel))
	case level > dataLevel:
		a.log.Warn().Int("store", level).Int("release", dataLevel).
			Msg("MongoDB: the data was migrated by a later release; this one runs on it as it is")
	}
	if len(lacks) > 0 {
		return fmt.Errorf("%w: %s", ErrNotMigrated, strings.Join(lacks, "; "))
	}
	return nil
}

// dataLevel is the form of the data this release needs: raise it with every one-off job (a step
// of a module's Upgrade) a release adds, so that a replica on MongoDB refuses a store that
// `tienda migrate` of this release has not brought there, even when no index changed.
// TestEveryOneOffJobHasADataLevel fails when a job is added without raising it.
const dataLevel = 1

// ErrNotMigrated is the start's error on MongoDB when the store lacks an index this release
// declares, or its data is below this release's dataLevel: `tienda migrate` of this release has
// not run.
var ErrNotMigrated = errors.New("la base de datos no está preparada para esta versión: " +
	"corra `tienda migrate` de esta versión una vez, antes de iniciar sus réplicas (deploy/README.md)")

// migrateStore builds every module's collections and indexes, runs the modules' one-off jobs on
// data an earlier release left (Upgrade), and then records the store's data level: `tienda
// migrate`, and every start on the embedded store.
func (a *App) migrateStore(ctx context.Context, m modules) error {
	if err := a.store.BuildIndexes(ctx, m.collections()...); err != nil {
		return err
	}
	for _, u := range []upgrader{m.catalog, m.sales, m.cashcut} {
		if err := u.Upgrade(ctx); err != nil {
			return err
		}
	}
	return a.store.RecordDataLevel(ctx, dataLevel)
}
