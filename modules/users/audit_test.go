package users

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"tienda/pkg/audit"
	"tienda/pkg/audit/audittest"
	"tienda/pkg/httpx/httpxtest"
)

// trail is the audit trail of these tests.
type trail = audittest.Trail

// changes is an entry's changes by field, as "antes → después".
func changes(e audit.Entry) map[string]string {
	out := map[string]string{}
	for _, c := range e.Cambios {
		out[c.Campo] = c.Antes + " → " + c.Despues
	}
	return out
}

func wantEntry(t *testing.T, e audit.Entry, id, email, accion, byID, byName string, want map[string]string) {
	t.Helper()
	if e.Coleccion != audit.Usuarios || e.RegistroID != id || e.Registro != email || e.Accion != accion ||
		e.UsuarioID != byID || e.NombreUsuario != byName || e.Fecha.IsZero() {
		t.Errorf("entry %+v", e)
	}
	if got := changes(e); len(got) != len(want) {
		t.Errorf("changes %v, want %v", got, want)
	} else {
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %q, want %q", k, got[k], v)
			}
		}
	}
	raw, _ := json.Marshal(e)
	for _, secret := range []string{"$2a$", "Secreta#2026", "Otra#2026", "Nueva#2026", "Recuperada#2026", "token"} {
		if strings.Contains(string(raw), secret) {
			t.Errorf("the entry holds %q: %s", secret, raw)
		}
	}
}

func TestAccountChangesAreAuditedWithoutPasswords(t *testing.T) {
	t.Parallel()
	v := newEnv(t, nil)
	r := &trail{}
	v.m.service.audit = r
	admin := v.login("admin@tienda.mx", "Admin#2026").Data
	adminTok := "Bearer " + admin.Token

	// Self-registration: the new customer is who acted.
	a := v.srv.Do(http.MethodPost, "/v1/usuarios", "", `{"name":"Lucía Pérez","email":"lucia@correo.mx","password":"Secreta#2026","phone":"5511112222","address":"Calle 1"}`)
	if a.Code != 201 {
		t.Fatalf("register: %d %s", a.Code, a.Body)
	}
	u := httpxtest.Decode[userAnswer](t, a)
	id := u.Data.ID
	wantEntry(t, r.One(t), id, "lucia@correo.mx", audit.Crear, id, "Lucía Pérez", map[string]string{
		"name": " → Lucía Pérez", "email": " → lucia@correo.mx", "phone": " → 5511112222", "address": " → Calle 1",
		"rol": " → Cliente", "status": " → activo",
	})

	// Her own profile.
	tok := "Bearer " + v.login("lucia@correo.mx", "Secreta#2026").Data.Token
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/perfil", tok, `{"name":"Lucía Pérez","email":"lucia@correo.mx","phone":"5599998888","address":"Calle 1"}`); a.Code != 200 {
		t.Fatalf("profile: %d %s", a.Code, a.Body)
	}
	wantEntry(t, r.One(t), id, "lucia@correo.mx", audit.Actualizar, id, "Lucía Pérez", map[string]string{"phone": "5511112222 → 5599998888"})

	// Her own password: said, never shown.
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/perfil/password", tok, `{"password":"Otra#2026"}`); a.Code != 200 {
		t.Fatalf("own password: %d %s", a.Code, a.Body)
	}
	wantEntry(t, r.One(t), id, "lucia@correo.mx", audit.CambiarContrasena, id, "Lucía Pérez", map[string]string{"password": " → " + audit.PasswordChanged})

	// The Administrador makes her Cajera, with a new password: the role is the action.
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+id, adminTok, `{"rol":"Cajero","password":"Nueva#2026"}`); a.Code != 200 {
		t.Fatalf("role: %d %s", a.Code, a.Body)
	}
	wantEntry(t, r.One(t), id, "lucia@correo.mx", audit.CambiarRol, admin.DataUser.ID, "Adriana Administradora", map[string]string{
		"rol": "Cliente → Cajero", "password": " → " + audit.PasswordChanged,
	})

	// ... then disables the account.
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+id, adminTok, `{"status":false}`); a.Code != 200 {
		t.Fatalf("status: %d %s", a.Code, a.Body)
	}
	wantEntry(t, r.One(t), id, "lucia@correo.mx", audit.CambiarEstado, admin.DataUser.ID, "Adriana Administradora", map[string]string{"status": "activo → inactivo"})

	// A change that changes nothing, and a refused one, record nothing.
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+id, adminTok, `{"status":false,"rol":"Cajero"}`); a.Code != 200 {
		t.Fatalf("same: %d %s", a.Code, a.Body)
	}
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+id, adminTok, `{"rol":"Rey"}`); a.Code != 400 {
		t.Fatalf("bad role: %d %s", a.Code, a.Body)
	}
	r.None(t)

	if a := v.srv.Do(http.MethodDelete, "/v1/usuarios/"+id, adminTok, ""); a.Code != 200 {
		t.Fatalf("delete: %d %s", a.Code, a.Body)
	}
	wantEntry(t, r.One(t), id, "lucia@correo.mx", audit.Eliminar, admin.DataUser.ID, "Adriana Administradora", map[string]string{
		"name": "Lucía Pérez → ", "email": "lucia@correo.mx → ", "phone": "5599998888 → ", "address": "Calle 1 → ",
		"rol": "Cajero → ", "status": "inactivo → ",
	})
}

func TestAPasswordRecoveredByCodeIsAuditedAsTheAccountsOwn(t *testing.T) {
	t.Parallel()
	v := newEnv(t, nil)
	r := &trail{}
	v.m.service.audit = r
	id := v.login("auxiliar@tienda.mx", "Auxiliar#2026").Data.DataUser.ID
	v.srv.Do(http.MethodPost, "/v1/usuarios/passwordrecovery", "", `{"email":"auxiliar@tienda.mx"}`)
	v.m.service.mails.Wait()
	r.None(t) // asking for a code changes no account
	code := codeRe.FindStringSubmatch(v.mail.all()[0].body)[1]
	if a := v.srv.Do(http.MethodPost, "/v1/usuarios/passwordchange", "", `{"email":"auxiliar@tienda.mx","password":"`+code+`","newPassword":"Recuperada#2026"}`); a.Code != 200 {
		t.Fatalf("%d %s", a.Code, a.Body)
	}
	e := r.One(t)
	wantEntry(t, e, id, "auxiliar@tienda.mx", audit.CambiarContrasena, id, "Arturo Auxiliar", map[string]string{"password": " → " + audit.PasswordChanged})
	if strings.Contains(e.Cambios[0].Despues, code) {
		t.Errorf("the code is in the entry: %+v", e)
	}
}
