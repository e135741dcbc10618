package users

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/mongox"
)

// The shop always keeps an active Administrador, also with several replicas. The rule spans many
// accounts, so one document decides it: the guard (guardCollection), which lists the active
// Administradores. Every change of an account's role or status, every deletion and every new
// Administrador goes through it, one at a time:
//
//  1. read the guard (finishing first a change it still holds) and the account;
//  2. decide (the last active Administrador is never taken away) and record the change in the
//     guard as pending, with a guarded write on the guard's version: of two replicas that read
//     the same version, one records and the other reads again;
//  3. apply the change to the account, fenced: only while the account's `guardia` is what it
//     was at 2 (the write sets it to the change's number), so a replica that paused past the
//     change's end writes nothing;
//  4. set the account's membership in `activos` from the account as it now is, and clear the
//     pending change (guarded on its number).
//
// Whoever reads a guard with a pending change finishes it (3 and 4 are idempotent), so a crash
// anywhere leaves nothing half done. `activos` never names an account that is not an active
// Administrador (at most it misses one created by a replica that stopped before step 4, which
// only makes the rule stricter), so refusing to empty it keeps one.

const (
	guardCollection = "usuarios_guardia"
	guardID         = "administradores"
	// guardAttempts bounds the reads again when other changes keep recording first.
	guardAttempts = 20
)

// adminGuard is the guard document.
type adminGuard struct {
	ID        string       `bson:"_id"`
	Activos   []string     `bson:"activos"` // hex ids of active Administradores
	Version   int64        `bson:"version"` // raised by every recorded change
	Pendiente *adminChange `bson:"pendiente,omitempty"`
}

// adminChange is a change of one account's role or status, or its deletion; none of them: a new
// account to count (Create).
type adminChange struct {
	Usuario string    `bson:"usuario"`
	Rol     auth.Role `bson:"rol,omitempty"`
	Status  *bool     `bson:"status,omitempty"`
	Borrar  bool      `bson:"borrar,omitempty"`
	Numero  int64     `bson:"numero"` // the guard's version that recorded it; written to the account's guardia
	Antes   any       `bson:"antes"`  // the account's guardia before it (nil: none), the fence of step 3
}

// activeAdmin says whether u is an active Administrador.
func activeAdmin(u User) bool { return u.Rol == auth.Administrador && u.Status }

// after is u as c leaves it.
func (c adminChange) after(u User) User {
	if c.Rol != "" {
		u.Rol = c.Rol
	}
	if c.Status != nil {
		u.Status = *c.Status
	}
	return u
}

var errGuardBusy = apperr.New(apperr.Conflict, "Otros cambios de cuentas se están guardando; inténtalo de nuevo.")

// changeAccount applies c to account id through the guard (see above). Errors: not_found,
// conflict (the last active Administrador; the guard kept changing).
func (s *Service) changeAccount(ctx context.Context, id bson.ObjectID, c adminChange) error {
	ctx = context.WithoutCancel(ctx) // a recorded change is finished, answered or not
	c.Usuario = id.Hex()
	for range guardAttempts {
		g, err := s.store.adminGuard(ctx)
		if err != nil {
			return err
		}
		if g.Pendiente != nil {
			if err := s.finishChange(ctx, g); err != nil {
				return err
			}
			continue
		}
		u, err := s.store.byID(ctx, id)
		if err != nil {
			return err
		}
		leaves := activeAdmin(u) && (c.Borrar || !activeAdmin(c.after(u)))
		if leaves && !slices.ContainsFunc(g.Activos, func(a string) bool { return a != c.Usuario }) {
			return errLastAdmin
		}
		c.Numero, c.Antes = g.Version+1, nil
		if u.Guardia != nil {
			c.Antes = *u.Guardia
		}
		ok, err := s.store.recordChange(ctx, g.Version, c)
		if err != nil {
			return err
		}
		if ok {
			g.Version, g.Pendiente = c.Numero, &c
			return s.finishChange(ctx, g)
		}
	}
	return errGuardBusy
}

// finishChange applies g's pending change to its account and clears it (steps 3 and 4).
func (s *Service) finishChange(ctx context.Context, g adminGuard) error {
	c := *g.Pendiente
	id, err := bson.ObjectIDFromHex(c.Usuario)
	if err != nil {
		return fmt.Errorf("users: guard names %q", c.Usuario)
	}
	if err := s.store.applyChange(ctx, id, c); err != nil {
		return err
	}
	s.sessions.forget(c.Usuario)
	u, err := s.store.byID(ctx, id)
	if err != nil && !errors.Is(err, errUserNotFound) {
		return err
	}
	activos := slices.DeleteFunc(slices.Clone(g.Activos), func(a string) bool { return a == c.Usuario })
	if err == nil && activeAdmin(u) {
		activos = append(activos, c.Usuario)
	}
	return s.store.clearChange(ctx, c.Numero, activos)
}

// adminGuard reads the guard; the first time, it creates it from the accounts (once: by its _id).
func (s store) adminGuard(ctx context.Context) (adminGuard, error) {
	coll := s.db.W.Collection(guardCollection)
	g, found, err := mongox.FindOne[adminGuard](ctx, coll, bson.M{"_id": guardID})
	if err != nil || found {
		return g, wrapGuard(err)
	}
	g = adminGuard{ID: guardID, Activos: []string{}}
	err = s.db.Each(ctx, collection, bson.M{"rol": auth.Administrador, "status": true}, bson.M{"_id": 1}, func(doc bson.Raw) error {
		if id, ok := doc.Lookup("_id").ObjectIDOK(); ok {
			g.Activos = append(g.Activos, id.Hex())
		}
		return nil
	})
	if err != nil {
		return adminGuard{}, wrapGuard(err)
	}
	if _, err := coll.InsertOne(ctx, g); err != nil && !mongox.IsDuplicate(err) {
		return adminGuard{}, wrapGuard(err)
	}
	g, _, err = mongox.FindOne[adminGuard](ctx, coll, bson.M{"_id": guardID})
	return g, wrapGuard(err)
}

func wrapGuard(err error) error {
	if err != nil {
		return fmt.Errorf("users: guard: %w", err)
	}
	return nil
}

// recordChange records c as the guard's pending change while the guard is at version and holds
// none; false when another change came first.
func (s store) recordChange(ctx context.Context, version int64, c adminChange) (bool, error) {
	_, err := s.db.UpdateOneIf(ctx, guardCollection, guardID, bson.M{"version": version, "pendiente": bson.M{"$exists": false}},
		bson.M{"$set": bson.M{"version": c.Numero, "pendiente": c}})
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	return err == nil, wrapGuard(err)
}

// applyChange writes c to its account, fenced on the account's guardia (c.Antes); nothing when
// it is written already or the account is gone.
func (s store) applyChange(ctx context.Context, id bson.ObjectID, c adminChange) error {
	fence := bson.M{"guardia": c.Antes}
	if c.Borrar {
		_, err := s.db.DeleteOneIf(ctx, collection, id, fence)
		return wrapGuard(err)
	}
	set := bson.M{"guardia": c.Numero}
	if c.Rol != "" {
		set["rol"], set["admin"] = c.Rol, c.Rol == auth.Administrador
	}
	if c.Status != nil {
		set["status"] = *c.Status
	}
	_, err := s.db.UpdateOneIf(ctx, collection, id, fence, bson.M{"$set": set})
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil
	}
	return wrapGuard(err)
}

// clearChange sets the active Administradores and clears the pending change numbered n; nothing
// when another replica cleared it first.
func (s store) clearChange(ctx context.Context, n int64, activos []string) error {
	_, err := s.db.UpdateOneIf(ctx, guardCollection, guardID, bson.M{"pendiente.numero": n},
		bson.M{"$set": bson.M{"activos": activos}, "$unset": bson.M{"pendiente": ""}})
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil
	}
	return wrapGuard(err)
}
