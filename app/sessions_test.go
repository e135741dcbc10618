package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// A session ends with its account: a token signed before an Administrador deleted the account
// is refused on the next request, though it is well signed and unexpired (the token middleware's
// session check, which app.build hands the users module's).
func TestADeletedUsersSessionIsRefused(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), map[string]string{"ADMIN_EMAIL": "duena@tienda.mx", "ADMIN_PASSWORD": "clave-segura-1"})
	defer closeApp(t, a)
	h := a.Handler()
	login := func(email, password string) (token, id string) {
		t.Helper()
		rec := do(t, h, http.MethodPost, "/v1/usuarios/login", `{"email":"`+email+`","password":"`+password+`"}`)
		var ans struct {
			Data struct {
				Token    string
				DataUser struct{ ID string }
			}
		}
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &ans) != nil || ans.Data.Token == "" || ans.Data.DataUser.ID == "" {
			t.Fatalf("login %s: %d %s", email, rec.Code, rec.Body)
		}
		return "Bearer " + ans.Data.Token, ans.Data.DataUser.ID
	}
	admin, _ := login("duena@tienda.mx", "clave-segura-1")
	rec := do(t, h, http.MethodPost, "/v1/usuarios", `{"name":"Lucía Pérez","email":"lucia@correo.mx","password":"Lucia#2026segura",`+
		`"phone":"5512345678","address":"Av. Juárez 10, Centro, CDMX"}`)
	if rec.Code != http.StatusCreated && rec.Code != http.StatusOK {
		t.Fatalf("registration: %d %s", rec.Code, rec.Body)
	}
	lucia, id := login("lucia@correo.mx", "Lucia#2026segura")
	if rec := do(t, h, http.MethodGet, "/v1/usuarios/"+id, "", "Authorization", lucia); rec.Code != http.StatusOK {
		t.Fatalf("her own account before: %d %s", rec.Code, rec.Body)
	}
	if rec := do(t, h, http.MethodDelete, "/v1/usuarios/"+id, "", "Authorization", admin); rec.Code >= 300 {
		t.Fatalf("delete: %d %s", rec.Code, rec.Body)
	}
	rec = do(t, h, http.MethodGet, "/v1/usuarios/"+id, "", "Authorization", lucia)
	if rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), "Tu sesión expiró o no es válida") {
		t.Fatalf("her session after the deletion: %d %s", rec.Code, rec.Body)
	}
	if rec := do(t, h, http.MethodGet, "/v1/usuarios", "", "Authorization", admin); rec.Code != http.StatusOK {
		t.Fatalf("the administrator's session after: %d %s", rec.Code, rec.Body)
	}
}
