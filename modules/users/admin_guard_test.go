package users

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mongox"
)

// replicas are two users modules (two app replicas) on one store, with two active
// Administradores besides the demo one, which is deactivated.
func twoReplicasWithTwoAdmins(t *testing.T) (a, b *Service, first, second User) {
	t.Helper()
	db := mongox.TestDB(t)
	ctx := context.Background()
	tokens := auth.NewTokens(httpxtest.Secret, time.Hour)
	a = New(Deps{Store: db, Tokens: tokens, Log: zerolog.Nop()}).service
	b = New(Deps{Store: db, Tokens: tokens, Log: zerolog.Nop()}).service
	var err error
	if first, err = a.Create(ctx, NewUser{Name: "Ana Admin", Email: "ana@tienda.mx", Password: "Admin#2026", Rol: auth.Administrador}); err != nil {
		t.Fatal(err)
	}
	if second, err = b.Create(ctx, NewUser{Name: "Beto Admin", Email: "beto@tienda.mx", Password: "Admin#2026", Rol: auth.Administrador}); err != nil {
		t.Fatal(err)
	}
	return a, b, first, second
}

func activeAdminsIn(t *testing.T, s *Service) int64 {
	t.Helper()
	n, err := s.store.activeAdmins(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Two Administradores on two replicas each take the other's role (or status, or account) at the
// same instant: exactly one succeeds, with the Spanish refusal for the other, and one active
// Administrador remains. Repeated, so that the two really meet.
func TestReplicasCannotDemoteTheLastTwoAdministradores(t *testing.T) {
	t.Parallel()
	off := false
	cajero := string(auth.Cajero)
	changes := map[string]func(s *Service, actor *Actor, id string) error{
		"rol": func(s *Service, actor *Actor, id string) error {
			_, err := s.Update(context.Background(), actor, id, Patch{Rol: &cajero})
			return err
		},
		"status": func(s *Service, actor *Actor, id string) error {
			_, err := s.Update(context.Background(), actor, id, Patch{Status: &off})
			return err
		},
		"delete": func(s *Service, actor *Actor, id string) error { return s.Delete(context.Background(), actor, id) },
	}
	for name, change := range changes {
		for round := range 4 {
			a, b, first, second := twoReplicasWithTwoAdmins(t)
			actorA := &Actor{ID: first.ID.Hex(), Role: auth.Administrador, Name: first.Name}
			actorB := &Actor{ID: second.ID.Hex(), Role: auth.Administrador, Name: second.Name}
			var wg sync.WaitGroup
			errs := make([]error, 2)
			start := make(chan struct{})
			wg.Go(func() { <-start; errs[0] = change(a, actorA, second.ID.Hex()) })
			wg.Go(func() { <-start; errs[1] = change(b, actorB, first.ID.Hex()) })
			close(start)
			wg.Wait()
			ok := 0
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case apperr.Is(err, apperr.Conflict) && err.Error() == errLastAdmin.Error():
				default:
					t.Fatalf("%s round %d: %v", name, round, err)
				}
			}
			if ok != 1 {
				t.Fatalf("%s round %d: %d of the two changes succeeded (%v)", name, round, ok, errs)
			}
			if n := activeAdminsIn(t, a); n != 1 {
				t.Fatalf("%s round %d: %d active Administradores remain", name, round, n)
			}
		}
	}
}

// A replica that recorded a change and stopped before applying it leaves it in the guard: the
// next change, on another replica, finishes it first, and a late write of the stopped one
// (fenced) changes nothing.
func TestReplicaFinishesAChangeAnotherLeftAndFencesItsLateWrite(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, b, first, second := twoReplicasWithTwoAdmins(t)
	g, err := a.store.adminGuard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cajero := auth.Cajero
	stopped := adminChange{Usuario: second.ID.Hex(), Rol: cajero, Numero: g.Version + 1, Antes: nil}
	if u, _ := a.store.byID(ctx, second.ID); u.Guardia != nil {
		stopped.Antes = *u.Guardia
	}
	if ok, err := a.store.recordChange(ctx, g.Version, stopped); err != nil || !ok {
		t.Fatalf("record: %v %v", ok, err)
	}
	// Replica b now demotes the first one: it must finish the pending change first, and then
	// refuse, since the second is no longer an active Administrador.
	actorB := &Actor{ID: second.ID.Hex(), Role: auth.Administrador}
	if _, err := b.Update(ctx, actorB, first.ID.Hex(), Patch{Rol: new(string(auth.Cajero))}); err == nil || err.Error() != errLastAdmin.Error() {
		t.Fatalf("demoting the last one after the pending change: %v", err)
	}
	if u, _ := b.store.byID(ctx, second.ID); u.Rol != auth.Cajero {
		t.Fatalf("the pending change was not finished: %+v", u)
	}
	// The first one makes the second Administrador again; then the stopped replica's late write
	// of its old change arrives: fenced, it writes nothing.
	actorA := &Actor{ID: first.ID.Hex(), Role: auth.Administrador}
	if _, err := a.Update(ctx, actorA, second.ID.Hex(), Patch{Rol: new(string(auth.Administrador))}); err != nil {
		t.Fatal(err)
	}
	if err := a.store.applyChange(ctx, second.ID, stopped); err != nil {
		t.Fatal(err)
	}
	if u, _ := a.store.byID(ctx, second.ID); u.Rol != auth.Administrador {
		t.Fatalf("a late write changed the account: %+v", u)
	}
	g, err = a.store.adminGuard(ctx)
	if err != nil || len(g.Activos) != 2 || g.Pendiente != nil {
		t.Fatalf("guard: %+v %v", g, err)
	}
	var ids []bson.ObjectID
	for _, id := range g.Activos {
		oid, _ := bson.ObjectIDFromHex(id)
		ids = append(ids, oid)
	}
	if !(ids[0] == first.ID || ids[1] == first.ID) {
		t.Fatalf("guard lists %v", g.Activos)
	}
}
