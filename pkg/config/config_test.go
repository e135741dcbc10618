package config

import (
	"strings"
	"testing"
	"time"
)

func TestLoadDefaults(t *testing.T) {
	t.Parallel()
	c, err := Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 8080 || c.DataDir != "./data" || c.DemoData || c.MongoURI != "" || c.PublicURL != "http://localhost:8080" {
		t.Fatalf("unexpected defaults: %+v", c)
	}
	if c.Backups.Every != 24*time.Hour || c.Backups.Keep != 14 || c.Backups.Dir != "data/respaldos" {
		t.Fatalf("backup defaults: %+v", c.Backups)
	}
}

func TestLoadRejectsBadValuesNamingTheVariable(t *testing.T) {
	t.Parallel()
	secret := strings.Repeat("s", 32)
	tests := []struct {
		env  map[string]string
		name string
	}{
		{map[string]string{"PORT": "ochenta"}, "PORT"},
		{map[string]string{"RESPALDO_CADA": "10m"}, "RESPALDO_CADA"},
		{map[string]string{"RESPALDO_CADA": "1000h"}, "RESPALDO_CADA"},
		{map[string]string{"RESPALDO_CONSERVAR": "0"}, "RESPALDO_CONSERVAR"},
		{map[string]string{"PORT": "70000"}, "PORT"},
		{map[string]string{"DEMO_DATA": "quizas"}, "DEMO_DATA"},
		{map[string]string{"MONGODB_URI": "postgres://x"}, "MONGODB_URI"},
		{map[string]string{"MONGODB_URI": "mongodb://db:27017"}, "JWT_SECRET"},
		{map[string]string{"JWT_SECRET": "corto"}, "JWT_SECRET"},
		{map[string]string{"PUBLIC_URL": "tienda.mx"}, "PUBLIC_URL"},
		{map[string]string{"ADMIN_EMAIL": "a@b.mx"}, "ADMIN_PASSWORD"},
		{map[string]string{"ADMIN_EMAIL": "no-es-correo", "ADMIN_PASSWORD": "12345678"}, "ADMIN_EMAIL"},
		{map[string]string{"ADMIN_EMAIL": "a@b.mx", "ADMIN_PASSWORD": "123"}, "ADMIN_PASSWORD"},
		{map[string]string{"LOG_LEVEL": "verbose"}, "LOG_LEVEL"},
		{map[string]string{"SENTRY_DSN": "nada"}, "SENTRY_DSN"},
		{map[string]string{"SMTP_URL": "http://mail"}, "SMTP_URL"},
		{map[string]string{"BODY_LIMIT_BYTES": "10"}, "BODY_LIMIT_BYTES"},
		{map[string]string{"MONGODB_URI": "mongodb://db", "JWT_SECRET": secret, "MP_API_URL": "ftp://x"}, "MP_API_URL"},
	}
	for _, tt := range tests {
		_, err := Load(tt.env)
		if err == nil {
			t.Errorf("%v: accepted", tt.env)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, tt.name) || strings.Contains(msg, "\n") {
			t.Errorf("%v: error %q does not name %s in one line", tt.env, msg, tt.name)
		}
	}
}

func TestLoadAcceptsAFullProductionSet(t *testing.T) {
	t.Parallel()
	c, err := Load(map[string]string{
		"PORT": "9000", "MONGODB_URI": "mongodb://a,b,c/?replicaSet=rs0", "JWT_SECRET": strings.Repeat("x", 40),
		"ADMIN_EMAIL": "Jefe@Tienda.MX", "ADMIN_PASSWORD": "muy-secreta", "DEMO_DATA": "false",
		"PUBLIC_URL": "https://tienda.example.mx/", "SMTP_URL": "smtp://u:p@mail.example.mx:587",
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 9000 || c.AdminEmail != "jefe@tienda.mx" || c.PublicURL != "https://tienda.example.mx" {
		t.Fatalf("unexpected: %+v", c)
	}
}

func TestLoadTrimsValuesAndTakesEmptyAsUnset(t *testing.T) {
	t.Parallel()
	c, err := Load(map[string]string{"PORT": " 9000 ", "LOG_LEVEL": "", "GOMEMLIMIT": "300MiB"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != 9000 || c.LogLevel != "info" || c.PublicURL != "http://localhost:9000" || c.GoMemLimit != "300MiB" || c.GoGC != "" {
		t.Fatalf("unexpected: %+v", c)
	}
}

func TestLoadNamesANestedVariableAndItsValue(t *testing.T) {
	t.Parallel()
	_, err := Load(map[string]string{"FACTURAR_DIAS_GRACIA": "abc"})
	if err == nil || err.Error() != `config: FACTURAR_DIAS_GRACIA must be a whole number, got "abc"` {
		t.Fatalf("%v", err)
	}
}

func TestLoadRefusesBadGOGCHostAndTooLongAdminPassword(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"GOGC": "fast"}, `GOGC must be off or a whole number such as 200, got "fast"`},
		{map[string]string{"GOGC": "-5"}, `GOGC must be off or a whole number`},
		{map[string]string{"HOST": "todas"}, `HOST must be empty (every interface), localhost or an IP address`},
		{map[string]string{"ADMIN_EMAIL": "a@b.mx", "ADMIN_PASSWORD": strings.Repeat("ñ", 37)}, "ADMIN_PASSWORD must be at most 72 bytes"},
	} {
		if _, err := Load(tt.env); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: %v, want %q", tt.env, err, tt.want)
		}
	}
	for _, ok := range []map[string]string{
		{"GOGC": "off"}, {"GOGC": "150"}, {"HOST": "127.0.0.1"}, {"HOST": "::1"}, {"HOST": "localhost"},
		{"ADMIN_EMAIL": "a@b.mx", "ADMIN_PASSWORD": strings.Repeat("ñ", 36)},
	} {
		if _, err := Load(ok); err != nil {
			t.Errorf("%v: %v", ok, err)
		}
	}
}
