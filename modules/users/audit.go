package users

import (
	"context"

	"tienda/pkg/audit"
)

// The audit trail of the accounts (pkg/audit): each account created, changed (by an
// Administrador or by its owner) or deleted, with the fields that changed. A password is never
// written, nor its hash: the trail says audit.PasswordChanged.

// auditFields are the fields of an account the trail compares: never the password hash or the
// session stamps.
func auditFields(u *User) map[string]string {
	if u == nil {
		return map[string]string{}
	}
	status := "inactivo"
	if u.Status {
		status = "activo"
	}
	return map[string]string{
		"name": u.Name, "email": u.Email, "phone": u.Phone, "address": u.Address,
		"rol": string(u.Rol), "status": status,
	}
}

// who is the actor as the trail names them; an anonymous request (self-registration, a password
// recovered by code) acts as the account itself.
func (a *Actor) who(self *User) audit.Actor {
	if a != nil && a.ID != "" {
		return audit.Actor{ID: a.ID, Name: a.Name}
	}
	if self == nil {
		return audit.Actor{}
	}
	return audit.Actor{ID: self.ID.Hex(), Name: self.Name}
}

// auditAccount records a change to an account: created (before nil), changed, or deleted (after
// nil). password says the change set a new password. The action says the most telling change:
// the role, then the status, then the password.
func (s *Service) auditAccount(ctx context.Context, actor *Actor, accion string, before, after *User, password bool) {
	u := after
	if u == nil {
		u = before
	}
	changes := audit.Diff(auditFields(before), auditFields(after))
	if password {
		changes = append(changes, audit.Change{Campo: "password", Despues: audit.PasswordChanged})
	}
	if accion == audit.Actualizar && before != nil && after != nil {
		switch {
		case before.Rol != after.Rol:
			accion = audit.CambiarRol
		case before.Status != after.Status:
			accion = audit.CambiarEstado
		case password && len(changes) == 1:
			accion = audit.CambiarContrasena
		}
	}
	audit.Write(ctx, s.audit, s.log, actor.who(u), audit.Entry{
		Coleccion: audit.Usuarios, RegistroID: u.ID.Hex(), Registro: u.Email, Accion: accion, Fecha: s.now(),
		Cambios: changes,
	})
}
