package users

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"tienda/pkg/apperr"
	"tienda/pkg/httpx/httpxtest"
)

func TestRegisterLoginProfileAndPassword(t *testing.T) {
	t.Parallel()
	v := newEnv(t, nil)

	a := v.srv.Do(http.MethodPost, "/v1/usuarios", "", `{"name":"  Lucía   Pérez ","email":"Lucia@Correo.MX","password":"secreta-123","phone":"55 1234 5678","rol":"Cliente"}`)
	if a.Code != 201 || strings.Contains(a.Body.String(), "password") || strings.Contains(a.Body.String(), "secreta") {
		t.Fatalf("register: %d %s", a.Code, a.Body)
	}
	created := httpxtest.Decode[userAnswer](t, a)
	if d := created.Data; d.Name != "Lucía Pérez" || d.Email != "lucia@correo.mx" || d.Phone != "5512345678" || d.Rol != "Cliente" || !d.Status || d.Admin {
		t.Fatalf("created %+v", d)
	}

	dup := v.srv.Do(http.MethodPost, "/v1/usuarios", "", `{"name":"Otra","email":"LUCIA@correo.mx","password":"secreta-123","phone":"5512345678"}`)
	if dup.Code != 400 || httpxtest.DecodeError(t, dup).Fields["email"] != "Ya existe una cuenta con ese correo electrónico." {
		t.Fatalf("duplicate: %d %s", dup.Code, dup.Body)
	}

	l := v.login("LUCIA@correo.mx", "secreta-123")
	if l.Data.Token == "" || l.Data.Email != "lucia@correo.mx" || l.Data.DataUser.ID != created.Data.ID || l.Data.DataUser.Admin || l.Data.DataUser.Rol != "Cliente" {
		t.Fatalf("login %+v", l)
	}
	u, _ := v.m.service.store.byEmail(t.Context(), "lucia@correo.mx")
	if u.LastLogin == nil {
		t.Fatal("lastLogin not set")
	}
	tok := l.Data.Token
	bearer := "Bearer " + tok

	if a := v.srv.Do(http.MethodGet, "/v1/usuarios/"+created.Data.ID, tok, ""); a.Code != 200 || !strings.Contains(a.Body.String(), "lucia@correo.mx") || strings.Contains(a.Body.String(), "$2a$") {
		t.Fatalf("own account (raw token): %d %s", a.Code, a.Body)
	}
	other := v.login("cliente@tienda.mx", "Cliente#2026").Data.DataUser.ID
	for _, tt := range []struct{ method, path, body string }{
		{http.MethodGet, "/v1/usuarios/" + other, ""},
		{http.MethodPatch, "/v1/usuarios/" + other, `{"phone":"5500000000"}`},
		{http.MethodPatch, "/v1/usuarios/perfil", `{"id":"` + other + `","name":"X","email":"x@x.mx"}`},
	} {
		if a := v.srv.Do(tt.method, tt.path, bearer, tt.body); a.Code != 403 || httpxtest.DecodeError(t, a).Message == "" {
			t.Errorf("%s %s on another account: %d %s", tt.method, tt.path, a.Code, a.Body)
		}
	}
	if a := v.srv.Do(http.MethodGet, "/v1/usuarios", bearer, ""); a.Code != 403 {
		t.Fatalf("customer lists users: %d", a.Code)
	}
	if a := v.srv.Do(http.MethodDelete, "/v1/usuarios/"+created.Data.ID, bearer, ""); a.Code != 403 {
		t.Fatalf("customer deletes: %d", a.Code)
	}

	a = v.srv.Do(http.MethodPatch, "/v1/usuarios/perfil", bearer, `{"id":"`+created.Data.ID+`","name":"Lucía Pérez","email":"lucia@correo.mx","phone":"+52 55 8765 4321","address":"Calle 5 de Mayo 10"}`)
	upd := httpxtest.Decode[userAnswer](t, a)
	if a.Code != 200 || upd.Data.Phone != "5587654321" || upd.Data.Address != "Calle 5 de Mayo 10" {
		t.Fatalf("profile: %d %s", a.Code, a.Body)
	}
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/perfil", bearer, `{"name":"","email":"malo","phone":"123"}`); a.Code != 400 ||
		httpxtest.DecodeError(t, a).Fields["name"] == "" || httpxtest.DecodeError(t, a).Fields["email"] == "" || httpxtest.DecodeError(t, a).Fields["phone"] != msgPhone {
		t.Fatalf("bad profile: %d %s", a.Code, a.Body)
	}

	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/perfil/password", bearer, `{"email":"cliente@tienda.mx","password":"nueva-clave-1"}`); a.Code != 403 {
		t.Fatalf("password of another e-mail: %d %s", a.Code, a.Body)
	}
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/perfil/password", bearer, `{"email":"lucia@correo.mx","password":"corta"}`); a.Code != 400 || httpxtest.DecodeError(t, a).Fields["password"] != apperr.MsgMinChars(8) {
		t.Fatalf("short password: %d %s", a.Code, a.Body)
	}
	v.nextSecond() // the old token's issue time is now before the change
	a = v.srv.Do(http.MethodPatch, "/v1/usuarios/perfil/password", bearer, `{"email":"lucia@correo.mx","password":"nueva-clave-1"}`)
	pw := httpxtest.Decode[struct{ Data struct{ Token string } }](t, a)
	if a.Code != 200 || pw.Data.Token == "" {
		t.Fatalf("own password: %d %s", a.Code, a.Body)
	}
	if a := v.srv.Do(http.MethodGet, "/v1/usuarios/"+created.Data.ID, bearer, ""); a.Code != 401 {
		t.Fatalf("token from before the password change still works: %d", a.Code)
	}
	if a := v.srv.Do(http.MethodGet, "/v1/usuarios/"+created.Data.ID, "Bearer "+pw.Data.Token, ""); a.Code != 200 {
		t.Fatalf("new token: %d %s", a.Code, a.Body)
	}
	if a := v.srv.Do(http.MethodPost, "/v1/usuarios/login", "", `{"email":"lucia@correo.mx","password":"secreta-123"}`); a.Code != 401 {
		t.Fatalf("old password: %d", a.Code)
	}
	v.login("lucia@correo.mx", "nueva-clave-1")
}

func TestValidationAndOperatorsChangeNothing(t *testing.T) {
	t.Parallel()
	v := newEnv(t, nil)
	count := func() int64 {
		n, err := v.m.service.store.count(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := count()
	tests := []struct {
		name, path, body string
		fields           map[string]string
	}{
		{"everything wrong", "/v1/usuarios", `{"name":" ","email":"sin-arroba","password":"1234567","phone":"55-1234"}`,
			map[string]string{"name": msgName, "email": apperr.MsgEmail, "password": apperr.MsgMinChars(8), "phone": msgPhone}},
		{"phone with letters", "/v1/usuarios", `{"name":"Ana","email":"ana@x.mx","password":"12345678","phone":"55123456ab"}`, map[string]string{"phone": msgPhone}},
		{"phone of 11 digits", "/v1/usuarios", `{"name":"Ana","email":"ana@x.mx","password":"12345678","phone":"55123456789"}`, map[string]string{"phone": msgPhone}},
		{"missing phone", "/v1/usuarios", `{"name":"Ana","email":"ana@x.mx","password":"12345678"}`, map[string]string{"phone": msgPhone}},
		{"e-mail without domain dot", "/v1/usuarios", `{"name":"Ana","email":"ana@localhost","password":"12345678","phone":"5512345678"}`, map[string]string{"email": apperr.MsgEmail}},
		{"password over bcrypt's limit", "/v1/usuarios", `{"name":"Ana","email":"ana@x.mx","password":"` + strings.Repeat("a", 73) + `","phone":"5512345678"}`, map[string]string{"password": apperr.MsgMaxChars(72)}},
		{"name and address too long", "/v1/usuarios", `{"name":"` + strings.Repeat("ñ", 101) + `","email":"ana@x.mx","password":"12345678","phone":"5512345678","address":"` + strings.Repeat("ñ", 301) + `"}`,
			map[string]string{"name": apperr.MsgMaxChars(100), "address": apperr.MsgMaxChars(300)}},
		{"unknown role", "/v1/usuarios", `{"name":"Ana","email":"ana@x.mx","password":"12345678","phone":"5512345678","rol":"Gerente"}`, map[string]string{"rol": msgRol}},
		{"operator in register e-mail", "/v1/usuarios", `{"name":"Ana","email":{"$ne":""},"password":"12345678","phone":"5512345678"}`, map[string]string{"email": "Tipo de dato inválido."}},
		{"operator in login e-mail", "/v1/usuarios/login", `{"email":{"$ne":""},"password":"x"}`, map[string]string{"email": "Tipo de dato inválido."}},
		{"operator in login password", "/v1/usuarios/login", `{"email":"admin@tienda.mx","password":{"$gt":""}}`, map[string]string{"password": "Tipo de dato inválido."}},
		{"operator in recovery", "/v1/usuarios/passwordrecovery", `{"email":{"$regex":".*"}}`, map[string]string{"email": "Tipo de dato inválido."}},
		{"operator in change", "/v1/usuarios/passwordchange", `{"email":"admin@tienda.mx","password":{"$ne":"1"},"newPassword":"12345678"}`, map[string]string{"password": "Tipo de dato inválido."}},
		{"code not 6 digits", "/v1/usuarios/passwordchange", `{"email":"admin@tienda.mx","password":"12345","newPassword":"12345678"}`, map[string]string{"password": msgCode}},
		{"short new password", "/v1/usuarios/passwordchange", `{"email":"admin@tienda.mx","password":"123456","newPassword":"1234"}`, map[string]string{"newPassword": apperr.MsgMinChars(8)}},
	}
	for _, tt := range tests {
		a := v.srv.Do(http.MethodPost, tt.path, "", tt.body)
		if a.Code != 400 {
			t.Errorf("%s: %d %s", tt.name, a.Code, a.Body)
			continue
		}
		got := httpxtest.DecodeError(t, a).Fields
		for f, msg := range tt.fields {
			if got[f] != msg {
				t.Errorf("%s: field %s = %q, want %q (%s)", tt.name, f, got[f], msg, a.Body)
			}
		}
	}
	if count() != before {
		t.Fatal("a refused request created an account")
	}
	admin := "Bearer " + v.login("admin@tienda.mx", "Admin#2026").Data.Token
	id := v.login("cliente@tienda.mx", "Cliente#2026").Data.DataUser.ID
	a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+id, admin, `{"name":{"$set":"x"}}`)
	if a.Code != 400 {
		t.Fatalf("operator in update: %d %s", a.Code, a.Body)
	}
	got := httpxtest.Decode[userAnswer](t, v.srv.Do(http.MethodGet, "/v1/usuarios/"+id, admin, ""))
	if got.Data.Name != "Claudia Cliente" {
		t.Fatalf("changed by a refused update: %+v", got.Data)
	}
}

func TestRolesAndTheLastAdministrador(t *testing.T) {
	t.Parallel()
	v := newEnv(t, nil)
	admin := v.login("admin@tienda.mx", "Admin#2026")
	adminTok := "Bearer " + admin.Data.Token

	if a := v.srv.Do(http.MethodPost, "/v1/usuarios", "", `{"name":"Pícaro","email":"picaro@x.mx","password":"12345678","phone":"5512345678","rol":"Administrador"}`); a.Code != 403 {
		t.Fatalf("anonymous registers as Administrador: %d %s", a.Code, a.Body)
	}
	cliente := v.login("cliente@tienda.mx", "Cliente#2026")
	if a := v.srv.Do(http.MethodPost, "/v1/usuarios", "Bearer "+cliente.Data.Token, `{"name":"Amigo","email":"amigo@x.mx","password":"12345678","phone":"5512345678","rol":"Cajero"}`); a.Code != 403 {
		t.Fatalf("customer creates a Cajero: %d %s", a.Code, a.Body)
	}
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+cliente.Data.DataUser.ID, "Bearer "+cliente.Data.Token, `{"rol":"Administrador"}`); a.Code != 403 {
		t.Fatalf("customer raises own role: %d %s", a.Code, a.Body)
	}
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+cliente.Data.DataUser.ID, "Bearer "+cliente.Data.Token, `{"status":false}`); a.Code != 403 {
		t.Fatalf("customer changes own status: %d %s", a.Code, a.Body)
	}
	cajeroTok := "Bearer " + v.login("cajero@tienda.mx", "Cajero#2026").Data.Token
	if a := v.srv.Do(http.MethodGet, "/v1/usuarios", cajeroTok, ""); a.Code != 403 {
		t.Fatalf("Cajero lists users: %d", a.Code)
	}

	// An Administrador creates a Cajero with address and role.
	a := v.srv.Do(http.MethodPost, "/v1/usuarios", adminTok, `{"name":"Nuevo Cajero","email":"caja2@tienda.mx","password":"caja-2026","phone":"5511112222","address":"Sucursal Norte","rol":"Cajero"}`)
	caja := httpxtest.Decode[userAnswer](t, a)
	if a.Code != 201 || caja.Data.Rol != "Cajero" || caja.Data.Address != "Sucursal Norte" {
		t.Fatalf("admin creates Cajero: %d %s", a.Code, a.Body)
	}
	a = v.srv.Do(http.MethodGet, "/v1/usuarios", adminTok, "")
	list := httpxtest.Decode[struct{ Data []map[string]any }](t, a)
	if a.Code != 200 || len(list.Data) != 6 || strings.Contains(a.Body.String(), "password") {
		t.Fatalf("list: %d %s", a.Code, a.Body)
	}
	cajaTok := "Bearer " + v.login("caja2@tienda.mx", "caja-2026").Data.Token
	if a := v.srv.Do(http.MethodGet, "/v1/usuarios/"+caja.Data.ID, cajaTok, ""); a.Code != 200 {
		t.Fatalf("Cajero reads own account: %d", a.Code)
	}

	// The role changes: the old token stops working at once.
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+caja.Data.ID, adminTok, `{"rol":"Comandero","password":""}`); a.Code != 200 || !strings.Contains(a.Body.String(), `"rol":"Comandero"`) {
		t.Fatalf("admin changes role: %d %s", a.Code, a.Body)
	}
	if a := v.srv.Do(http.MethodGet, "/v1/usuarios/"+caja.Data.ID, cajaTok, ""); a.Code != 401 {
		t.Fatalf("token after a role change: %d", a.Code)
	}
	// Disabled: no login, old token refused.
	cajaTok = "Bearer " + v.login("caja2@tienda.mx", "caja-2026").Data.Token
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+caja.Data.ID, adminTok, `{"status":false}`); a.Code != 200 {
		t.Fatalf("disable: %d %s", a.Code, a.Body)
	}
	if a := v.srv.Do(http.MethodGet, "/v1/usuarios/"+caja.Data.ID, cajaTok, ""); a.Code != 401 {
		t.Fatalf("token of a disabled user: %d", a.Code)
	}
	if a := v.srv.Do(http.MethodPost, "/v1/usuarios/login", "", `{"email":"caja2@tienda.mx","password":"caja-2026"}`); a.Code != 403 {
		t.Fatalf("disabled login: %d %s", a.Code, a.Body)
	}
	// Deleted: token refused.
	comTok := "Bearer " + v.login("comandero@tienda.mx", "Comandero#2026").Data.Token
	comID := v.login("comandero@tienda.mx", "Comandero#2026").Data.DataUser.ID
	if a := v.srv.Do(http.MethodDelete, "/v1/usuarios/"+comID, adminTok, ""); a.Code != 200 {
		t.Fatalf("delete: %d %s", a.Code, a.Body)
	}
	if a := v.srv.Do(http.MethodGet, "/v1/usuarios/"+comID, comTok, ""); a.Code != 401 {
		t.Fatalf("token of a deleted user: %d", a.Code)
	}
	if a := v.srv.Do(http.MethodDelete, "/v1/usuarios/"+comID, adminTok, ""); a.Code != 404 {
		t.Fatalf("delete twice: %d", a.Code)
	}
	if a := v.srv.Do(http.MethodGet, "/v1/usuarios/no-es-id", adminTok, ""); a.Code != 404 {
		t.Fatalf("bad id: %d", a.Code)
	}

	// The last active Administrador can be neither demoted, disabled nor deleted.
	me := admin.Data.DataUser.ID
	for _, tt := range []struct{ method, body string }{
		{http.MethodPatch, `{"rol":"Cajero"}`},
		{http.MethodPatch, `{"status":false}`},
		{http.MethodDelete, ""},
	} {
		if a := v.srv.Do(tt.method, "/v1/usuarios/"+me, adminTok, tt.body); a.Code != 409 || httpxtest.DecodeError(t, a).Message != errLastAdmin.Message {
			t.Fatalf("last admin %s %s: %d %s", tt.method, tt.body, a.Code, a.Body)
		}
	}
	// With a second Administrador, the first may step down; then the second is the last.
	aux := v.login("auxiliar@tienda.mx", "Auxiliar#2026").Data.DataUser.ID
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+aux, adminTok, `{"rol":"Administrador"}`); a.Code != 200 || !strings.Contains(a.Body.String(), `"admin":true`) {
		t.Fatalf("promote: %d %s", a.Code, a.Body)
	}
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+me, adminTok, `{"rol":"Auxiliar"}`); a.Code != 200 {
		t.Fatalf("step down: %d %s", a.Code, a.Body)
	}
	auxTok := "Bearer " + v.login("auxiliar@tienda.mx", "Auxiliar#2026").Data.Token
	if a := v.srv.Do(http.MethodDelete, "/v1/usuarios/"+aux, auxTok, ""); a.Code != 409 {
		t.Fatalf("new last admin deletes self: %d %s", a.Code, a.Body)
	}
	// The demoted one raises itself back: its token is gone, and a fresh Auxiliar token is refused.
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+me, adminTok, `{"rol":"Administrador"}`); a.Code != 401 {
		t.Fatalf("old admin token after demotion: %d", a.Code)
	}
	meTok := "Bearer " + v.login("admin@tienda.mx", "Admin#2026").Data.Token
	if a := v.srv.Do(http.MethodPatch, "/v1/usuarios/"+me, meTok, `{"rol":"Administrador"}`); a.Code != 403 {
		t.Fatalf("Auxiliar raises own role: %d %s", a.Code, a.Body)
	}
}

func TestLoginSlowsDownAfterRepeatedFailures(t *testing.T) {
	t.Parallel()
	v := newEnv(t, nil)
	bad := `{"email":"cajero@tienda.mx","password":"equivocada"}`
	for i := range freeAttempts {
		if a := v.srv.Do(http.MethodPost, "/v1/usuarios/login", "", bad); a.Code != 401 || httpxtest.DecodeError(t, a).Message != "Correo o contraseña incorrectos." {
			t.Fatalf("failure %d: %d %s", i+1, a.Code, a.Body)
		}
	}
	good := `{"email":"CAJERO@tienda.mx","password":"Cajero#2026"}`
	a := v.srv.Do(http.MethodPost, "/v1/usuarios/login", "", good)
	if a.Code != 429 || !strings.Contains(httpxtest.DecodeError(t, a).Message, "Demasiados intentos fallidos") {
		t.Fatalf("after %d failures: %d %s", freeAttempts, a.Code, a.Body)
	}
	// Another e-mail is not affected; an unknown e-mail is slowed the same way.
	v.login("cliente@tienda.mx", "Cliente#2026")
	v.clock.add(firstDelay + time.Second)
	v.login("cajero@tienda.mx", "Cajero#2026")
	// Success cleared the count: five more failures are needed to slow it again.
	for range freeAttempts - 1 {
		v.srv.Do(http.MethodPost, "/v1/usuarios/login", "", bad)
	}
	v.login("cajero@tienda.mx", "Cajero#2026")

	nadie := `{"email":"nadie@x.mx","password":"12345678"}`
	for range freeAttempts {
		v.srv.Do(http.MethodPost, "/v1/usuarios/login", "", nadie)
	}
	if a := v.srv.Do(http.MethodPost, "/v1/usuarios/login", "", nadie); a.Code != 429 {
		t.Fatalf("unknown e-mail: %d", a.Code)
	}
	v.clock.add(firstDelay + time.Second)
	if a := v.srv.Do(http.MethodPost, "/v1/usuarios/login", "", nadie); a.Code != 401 {
		t.Fatalf("after the delay: %d", a.Code)
	}
	v.clock.add(firstDelay + time.Second) // that 6th failure doubled the delay
	if a := v.srv.Do(http.MethodPost, "/v1/usuarios/login", "", `{"email":"nadie@x.mx","password":"12345678"}`); a.Code != 429 {
		t.Fatalf("unknown e-mail: %d", a.Code)
	}
}
