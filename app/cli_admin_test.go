package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// verbEnv points the verbs at the store the test's shop on dir uses (the embedded store in dir, or
// the test's own MongoDB database when MONGODB_URI is set).
func verbEnv(t *testing.T, dir string) {
	t.Helper()
	cfg := testConfig(t, dir, nil)
	t.Setenv("DATA_DIR", dir)
	t.Setenv("MONGODB_URI", cfg.MongoURI)
	t.Setenv("JWT_SECRET", cfg.JWTSecret)
	t.Setenv("ADMIN_EMAIL", "")
	t.Setenv("ADMIN_PASSWORD", "")
	t.Setenv("DEMO_DATA", "")
}

func runVerb(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code, _ = dispatch(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// loginRole signs in on the shop and returns the account's role, or "" when the sign-in fails.
func loginRole(t *testing.T, h http.Handler, email, password string) string {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"email": email, "password": password})
	rec := do(t, h, http.MethodPost, "/v1/usuarios/login", string(body))
	if rec.Code != http.StatusOK {
		return ""
	}
	var ans struct {
		Data struct {
			DataUser struct {
				Rol string `json:"rol"`
			} `json:"dataUser"`
		} `json:"data"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
		t.Fatal(err)
	}
	return ans.Data.DataUser.Rol
}

var printedPassword = regexp.MustCompile(`(?m)^Contraseña: (\S+)$`)

func TestAdminVerbCreatesTheFirstAdministrator(t *testing.T) {
	dir := t.TempDir()
	verbEnv(t, dir)
	if code, _, errOut := runVerb("admin"); code != 2 || !strings.Contains(errOut, "falta --email") {
		t.Fatalf("no e-mail: %d %q", code, errOut)
	}
	if code, _, errOut := runVerb("admin", "--email", "jefa@tienda.mx", "--password", "corta"); code != 1 ||
		!strings.Contains(errOut, "--password: "+apperr.MsgMinChars(8)) {
		t.Fatalf("short password: %d %q", code, errOut)
	}
	code, out, errOut := runVerb("admin", "--email", "Jefa@Tienda.mx")
	m := printedPassword.FindStringSubmatch(out)
	if code != 0 || !strings.Contains(out, "Cuenta de Administrador creada: Jefa@Tienda.mx") || m == nil || !strings.Contains(errOut, "Datos en ") {
		t.Fatalf("%d %q %q", code, out, errOut)
	}
	a := MustStart(t, dir, nil)
	defer closeApp(t, a)
	if rol := loginRole(t, a.Handler(), "jefa@tienda.mx", m[1]); rol != "Administrador" {
		t.Fatalf("the printed password signs in as %q", rol)
	}
	if ok, err := a.users.Service().HasActiveAdmin(t.Context()); err != nil || !ok {
		t.Fatalf("%v %v", ok, err)
	}
}

func TestAdminVerbPromotesACustomerOfAShopWithCustomers(t *testing.T) {
	dir := t.TempDir()
	verbEnv(t, dir)
	a := MustStart(t, dir, nil)
	for _, email := range []string{"ana@correo.mx", "beto@correo.mx"} {
		body := `{"name":"Cliente","email":"` + email + `","password":"cliente-123","phone":"5512345678"}`
		if rec := do(t, a.Handler(), http.MethodPost, "/v1/usuarios", body); rec.Code != http.StatusCreated && rec.Code != http.StatusOK {
			t.Fatalf("register %s: %d %s", email, rec.Code, rec.Body)
		}
	}
	if ok, _ := a.users.Service().HasActiveAdmin(t.Context()); ok {
		t.Fatal("a store of customers has an Administrador")
	}
	// The shop keeps running: on the embedded store the verb writes through the store the shop
	// serves, and the shop signs the promoted account in at once.
	code, out, errOut := runVerb("admin", "--email", "ana@correo.mx", "--password", "dueña-2026")
	if code != 0 || !strings.Contains(out, "ana@correo.mx ahora es Administrador") || strings.Contains(out, "Contraseña:") {
		t.Fatalf("%d %q %q", code, out, errOut)
	}
	if a.store.Embedded() && !strings.Contains(errOut, "la tienda en funcionamiento sobre la carpeta de datos") {
		t.Fatalf("which store: %q", errOut)
	}
	if rol := loginRole(t, a.Handler(), "ana@correo.mx", "dueña-2026"); rol != "Administrador" {
		t.Fatalf("the running shop signs the promoted account in as %q", rol)
	}
	closeApp(t, a)
	// Stopped, the shop leaves the data folder to the verbs.
	if code, _, errOut := runVerb("admin", "--email", "beto2@correo.mx", "--password", "otra-clave-2026"); code != 0 || strings.Contains(errOut, "en funcionamiento") {
		t.Fatalf("with the shop stopped: %d %q", code, errOut)
	}
	a = MustStart(t, dir, nil)
	defer closeApp(t, a)
	h := a.Handler()
	if rol := loginRole(t, h, "ana@correo.mx", "dueña-2026"); rol != "Administrador" {
		t.Fatalf("promoted account signs in as %q", rol)
	}
	if rol := loginRole(t, h, "ana@correo.mx", "cliente-123"); rol != "" {
		t.Fatal("the old password still signs in")
	}
	if rol := loginRole(t, h, "beto@correo.mx", "cliente-123"); rol != "Cliente" {
		t.Fatalf("the other customer is now %q", rol)
	}
	n, err := a.store.R.Collection("auditoria").CountDocuments(t.Context(),
		bson.M{"usuarioId": "consola", "registro": "ana@correo.mx", "accion": "cambiar_rol"})
	if err != nil || n != 1 {
		t.Fatalf("audit entries of the promotion: %d %v", n, err)
	}
}

// On a store server (MongoDB; here FerretDB standing in for it) the verb works while the shop runs,
// and the shop signs the new Administrador in at once.
func TestAdminVerbWorksWhileTheShopRunsOnAStoreServer(t *testing.T) {
	uri := storeServer(t)
	secret := strings.Repeat("k", 32)
	dir := t.TempDir()
	a := MustStart(t, dir, map[string]string{"MONGODB_URI": uri, "JWT_SECRET": secret})
	defer closeApp(t, a)
	t.Setenv("DATA_DIR", dir)
	t.Setenv("MONGODB_URI", uri)
	t.Setenv("JWT_SECRET", secret)
	code, out, errOut := runVerb("admin", "--email", "dueno@tienda.mx")
	m := printedPassword.FindStringSubmatch(out)
	if code != 0 || m == nil || !strings.Contains(errOut, "MongoDB (MONGODB_URI)") {
		t.Fatalf("%d %q %q", code, out, errOut)
	}
	if rol := loginRole(t, a.Handler(), "dueno@tienda.mx", m[1]); rol != "Administrador" {
		t.Fatalf("the running shop signs the new account in as %q", rol)
	}
}
