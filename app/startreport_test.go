package main

import (
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/config"
)

func loadConfig(t *testing.T, env map[string]string) config.Config {
	t.Helper()
	cfg, err := config.Load(env)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestStartWarnings(t *testing.T) {
	t.Parallel()
	real := map[string]string{
		"SHOP_ADDRESS": "Calle 5 de Mayo 10, Centro, 68000 Oaxaca", "SHOP_PHONE": "951 123 4567", "SHOP_CP": "68000",
		"PUBLIC_URL": "https://tienda.example.mx", "MP_ACCESS_TOKEN": "APP_USR-1", "MP_WEBHOOK_SECRET": "secreto",
	}
	if w := startWarnings(loadConfig(t, real), true); len(w) != 0 {
		t.Fatalf("a shop set up for real is warned: %q", w)
	}
	for _, tt := range []struct {
		name     string
		change   map[string]string
		hasAdmin bool
		want     string
	}{
		{"fictitious shop data", map[string]string{"SHOP_PHONE": "", "SHOP_CP": ""}, true, "Datos de tienda ficticios (los de ejemplo) en SHOP_PHONE, SHOP_CP"},
		{"no admin", nil, false, "No hay ninguna cuenta de Administrador activa"},
		{"token without webhook secret", map[string]string{"MP_WEBHOOK_SECRET": ""}, true, "MP_ACCESS_TOKEN sin MP_WEBHOOK_SECRET"},
		{"plain http on a domain", map[string]string{"PUBLIC_URL": "http://tienda.example.mx"}, true, "no usa https"},
	} {
		env := map[string]string{}
		for k, v := range real {
			env[k] = v
		}
		for k, v := range tt.change {
			env[k] = v
		}
		w := startWarnings(loadConfig(t, env), tt.hasAdmin)
		if len(w) != 1 || !strings.Contains(w[0], tt.want) {
			t.Errorf("%s: %q", tt.name, w)
		}
	}
	for _, local := range []string{"http://localhost:8080", "http://127.0.0.1:8080", "http://[::1]:8080"} {
		env := map[string]string{}
		for k, v := range real {
			env[k] = v
		}
		env["PUBLIC_URL"] = local
		if w := startWarnings(loadConfig(t, env), true); len(w) != 0 {
			t.Errorf("%s is warned: %q", local, w)
		}
	}
}

func TestIntegrationsSayWhyTheyAreOnOrOff(t *testing.T) {
	t.Parallel()
	off := integrations(loadConfig(t, nil))
	for _, in := range off {
		if in.on || in.why == "" {
			t.Errorf("no settings: %+v", in)
		}
	}
	on := integrations(loadConfig(t, map[string]string{
		"MP_ACCESS_TOKEN": "APP_USR-1", "SMTP_URL": "smtp://u:clave@mail.example.mx:587", "FACTURAPI_KEY": "sk_live_x",
		"SENTRY_DSN": "https://k@sentry.example.mx/1", "PUBLIC_URL": "https://tienda.example.mx",
	}))
	names := []string{"MercadoPago", "SMTP", "Facturapi", "Sentry"}
	for i, in := range on {
		if !in.on || in.name != names[i] || off[i].name != names[i] || strings.Contains(in.why, "clave@") {
			t.Errorf("%+v", in)
		}
	}
	if !strings.Contains(on[0].why, "https://tienda.example.mx/v1/webhooks/mercadopago") || !strings.Contains(on[2].why, "producción") {
		t.Errorf("%+v", on)
	}
}

// Production by default: without DEMO_DATA a fresh store gets no demo product, account or sale,
// and the start report would warn that it has no Administrador.
func TestWithoutDemoDataAFreshStoreStaysEmpty(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), nil)
	defer closeApp(t, a)
	for _, coll := range []string{"productos", "usuarios", "ventas"} {
		n, err := a.store.R.Collection(coll).CountDocuments(t.Context(), bson.M{})
		if err != nil || n != 0 {
			t.Errorf("%s: %d documents %v", coll, n, err)
		}
	}
	if ok, err := a.users.Service().HasActiveAdmin(t.Context()); err != nil || ok {
		t.Fatalf("%v %v", ok, err)
	}
}
