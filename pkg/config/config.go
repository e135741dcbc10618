// Package config reads the application's configuration from environment variables, once, at start
// (github.com/caarlos0/env). Nothing else in the application reads the environment.
package config

import (
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"time"

	"github.com/caarlos0/env/v11"
)

// Config is every setting of the application. .env.example documents each variable. An empty
// variable counts as unset: its default applies.
type Config struct {
	Port int `env:"PORT" envDefault:"8080"`
	// Host is the address the shop listens on: empty for every interface, 127.0.0.1 for this
	// machine only (behind a proxy on the same machine).
	Host      string `env:"HOST"`
	MongoURI  string `env:"MONGODB_URI"`                  // empty starts the embedded store
	DataDir   string `env:"DATA_DIR" envDefault:"./data"` // the embedded store's files
	JWTSecret string `env:"JWT_SECRET"`                   // generated into DATA_DIR with the embedded store when empty

	AdminEmail    string `env:"ADMIN_EMAIL"`
	AdminPassword string `env:"ADMIN_PASSWORD"`
	DemoData      bool   `env:"DEMO_DATA" envDefault:"false"`
	// DemoVentas is how many open demo orders DEMO_DATA adds (and half as many closed sales).
	DemoVentas int `env:"DEMO_VENTAS" envDefault:"0"`

	PublicURL string `env:"PUBLIC_URL"` // http://localhost:PORT when empty
	LogLevel  string `env:"LOG_LEVEL" envDefault:"info"`
	BodyLimit int64  `env:"BODY_LIMIT_BYTES" envDefault:"2097152"`

	Shop Shop

	SentryDSN         string `env:"SENTRY_DSN"`
	SentryEnvironment string `env:"SENTRY_ENVIRONMENT" envDefault:"production"`

	MercadoPagoAccessToken   string `env:"MP_ACCESS_TOKEN"`
	MercadoPagoPublicKey     string `env:"MP_PUBLIC_KEY"`
	MercadoPagoWebhookSecret string `env:"MP_WEBHOOK_SECRET"`
	MercadoPagoAPIURL        string `env:"MP_API_URL"` // tests point it at a fake provider

	SMTPURL string `env:"SMTP_URL"` // e.g. smtp://user:pass@host:587

	Invoicing Invoicing
	Backups   Backups
	Syscom    Syscom
	MailFrom  string `env:"MAIL_FROM" envDefault:"no-responder@tienda.local"`

	// The Go runtime reads these two itself; the shop sets its own defaults when they are empty
	// (app/main.go).
	GoMemLimit string `env:"GOMEMLIMIT"`
	GoGC       string `env:"GOGC"`
}

// Shop is what the storefront shows about the physical shop.
type Shop struct {
	Name    string `env:"SHOP_NAME" envDefault:"Tienda de Seguridad y Redes"`
	Phone   string `env:"SHOP_PHONE" envDefault:"55 1234 5678"`
	Address string `env:"SHOP_ADDRESS" envDefault:"Av. Insurgentes Sur 1234, Col. del Valle, Benito Juárez, 03100 Ciudad de México, CDMX"`
	Hours   string `env:"SHOP_HOURS" envDefault:"Lunes a viernes de 9:00 a 19:00, sábados de 9:00 a 14:00"`
	MapURL  string `env:"SHOP_MAP_URL" envDefault:"https://www.openstreetmap.org/search?query=Av.%20Insurgentes%20Sur%201234%20Ciudad%20de%20Mexico"`
}

// Invoicing is how CFDIs are stamped (modules/invoicing). Without FACTURAPI_KEY invoicing is
// off and its screens say so.
type Invoicing struct {
	FacturapiKey string `env:"FACTURAPI_KEY"` // the PAC's secret key (sk_live_... or sk_test_...)
	FacturapiURL string `env:"FACTURAPI_URL"` // the PAC's API; tests and the demo point it at the fake PAC
	// LugarExpedicion is the postal code the shop issues its CFDIs from.
	LugarExpedicion string `env:"SHOP_CP" envDefault:"03100"`
	// ClaveDefault is the ClaveProdServ of a product without a SAT key (01010101: "No existe en el catálogo").
	ClaveDefault string `env:"CFDI_CLAVE_PRODSERV_DEFAULT" envDefault:"01010101"`
	// DiasGracia is how many days after the end of a sale's month a customer may still invoice it.
	DiasGracia int `env:"FACTURAR_DIAS_GRACIA" envDefault:"0"`
}

// Backups are the embedded store's scheduled backups (pkg/backup); on MongoDB the shop takes none.
type Backups struct {
	Every time.Duration `env:"RESPALDO_CADA" envDefault:"24h"` // 0 takes none on a schedule
	Keep  int           `env:"RESPALDO_CONSERVAR" envDefault:"14"`
	Dir   string        `env:"RESPALDO_DIR"` // DATA_DIR/respaldos when empty
}

// Syscom is the distributor whose catalogue 'Catálogo del proveedor' imports
// (modules/catalog/suppliersync); the credentials are entered on that screen, not here.
type Syscom struct {
	URL       string        `env:"SYSCOM_URL" envDefault:"https://developers.syscom.mx"` // the API's base; tests and the demo point it at the fake
	SyncEvery time.Duration `env:"SYSCOM_SYNC_EVERY" envDefault:"6h"`                    // 0: no scheduled sync
	// PicturesAllow are host:port pairs pictures may come from although their address is not a
	// public one: only the fake Syscom's (tests, `task run`); empty in production.
	PicturesAllow []string `env:"SYSCOM_PICTURES_ALLOW" envSeparator:","`
}

// FromProcess reads the configuration from the process's environment and checks it.
func FromProcess() (Config, error) { return Load(env.ToMap(os.Environ())) }

// Load reads the configuration from environ (variable to value) and checks it. Values are trimmed.
// The error names the first bad variable in one line.
func Load(environ map[string]string) (Config, error) {
	trimmed := make(map[string]string, len(environ))
	for k, v := range environ {
		trimmed[k] = strings.TrimSpace(v)
	}
	var c Config
	if err := env.ParseWithOptions(&c, env.Options{Environment: trimmed}); err != nil {
		return Config{}, oneLine(err, trimmed)
	}
	c.AdminEmail = strings.ToLower(c.AdminEmail)
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	c.MercadoPagoAPIURL = strings.TrimRight(c.MercadoPagoAPIURL, "/")
	c.Invoicing.FacturapiURL = strings.TrimRight(c.Invoicing.FacturapiURL, "/")
	c.Syscom.URL = strings.TrimRight(c.Syscom.URL, "/")
	if c.Backups.Dir == "" {
		c.Backups.Dir = filepath.Join(c.DataDir, "respaldos")
	}
	if c.PublicURL == "" {
		c.PublicURL = fmt.Sprintf("http://localhost:%d", c.Port)
	}
	for _, ch := range checks(c) {
		if ch.bad {
			return Config{}, fmt.Errorf("config: %s", ch.msg)
		}
	}
	return c, nil
}

var (
	postalCode  = regexp.MustCompile(`^[0-9]{5}$`)
	satKey      = regexp.MustCompile(`^[0-9]{8}$`)
	wholeNumber = regexp.MustCompile(`^[0-9]+$`)
)

// maxPasswordBytes is the most of a password bcrypt reads; a longer one cannot be stored.
const maxPasswordBytes = 72

// maxDemoVentas bounds DEMO_VENTAS: a big shop's open orders, made in seconds.
const maxDemoVentas = 100000

// check is one rule of the configuration and the message naming its variable.
type check struct {
	bad bool
	msg string
}

func checks(c Config) []check {
	return []check{
		{c.Port < 1 || c.Port > 65535, fmt.Sprintf("PORT must be a whole number from 1 to 65535, got %d", c.Port)},
		{c.BodyLimit < 1024 || c.BodyLimit > 64<<20, fmt.Sprintf("BODY_LIMIT_BYTES must be a whole number from 1024 to %d, got %d", 64<<20, c.BodyLimit)},
		{c.MongoURI != "" && !strings.HasPrefix(c.MongoURI, "mongodb://") && !strings.HasPrefix(c.MongoURI, "mongodb+srv://"),
			"MONGODB_URI must start with mongodb:// or mongodb+srv://"},
		{c.MongoURI != "" && c.JWTSecret == "", "JWT_SECRET is required when MONGODB_URI is set"},
		{c.JWTSecret != "" && len(c.JWTSecret) < 32, "JWT_SECRET must be at least 32 characters"},
		{!isHTTPURL(c.PublicURL), "PUBLIC_URL must be an http(s) URL, e.g. https://tienda.example.mx"},
		{(c.AdminEmail == "") != (c.AdminPassword == ""), "ADMIN_EMAIL and ADMIN_PASSWORD must be set together"},
		{c.AdminEmail != "" && !isEmail(c.AdminEmail), "ADMIN_EMAIL is not a valid e-mail address"},
		{c.AdminPassword != "" && len(c.AdminPassword) < 8, "ADMIN_PASSWORD must be at least 8 characters"},
		{len(c.AdminPassword) > maxPasswordBytes, fmt.Sprintf("ADMIN_PASSWORD must be at most %d bytes (a letter with an accent takes 2), got %d", maxPasswordBytes, len(c.AdminPassword))},
		{c.Host != "" && c.Host != "localhost" && net.ParseIP(c.Host) == nil, fmt.Sprintf("HOST must be empty (every interface), localhost or an IP address such as 127.0.0.1, got %q", c.Host)},
		{c.GoGC != "" && c.GoGC != "off" && !wholeNumber.MatchString(c.GoGC), fmt.Sprintf("GOGC must be off or a whole number such as 200, got %q", c.GoGC)},
		{c.DemoVentas < 0 || c.DemoVentas > maxDemoVentas, fmt.Sprintf("DEMO_VENTAS must be a whole number from 0 to %d, got %d", maxDemoVentas, c.DemoVentas)},
		{c.DemoVentas > 0 && !c.DemoData, "DEMO_VENTAS needs DEMO_DATA=true"},
		{!validLevel(c.LogLevel), "LOG_LEVEL must be one of debug, info, warn, error"},
		{c.SentryDSN != "" && !isHTTPURL(c.SentryDSN), "SENTRY_DSN must be an http(s) URL"},
		{c.MercadoPagoAPIURL != "" && !isHTTPURL(c.MercadoPagoAPIURL), "MP_API_URL must be an http(s) URL"},
		{c.SMTPURL != "" && !isSMTPURL(c.SMTPURL), "SMTP_URL must look like smtp://user:password@host:587"},
		{!isEmail(c.MailFrom), "MAIL_FROM is not a valid e-mail address"},
		{!isHTTPURL(c.Shop.MapURL), "SHOP_MAP_URL must be an http(s) URL"},
		{c.Invoicing.FacturapiURL != "" && !isHTTPURL(c.Invoicing.FacturapiURL), "FACTURAPI_URL must be an http(s) URL"},
		{!postalCode.MatchString(c.Invoicing.LugarExpedicion), "SHOP_CP must be a 5-digit postal code"},
		{!satKey.MatchString(c.Invoicing.ClaveDefault), "CFDI_CLAVE_PRODSERV_DEFAULT must be an 8-digit SAT product key"},
		{c.Backups.Every != 0 && (c.Backups.Every < time.Hour || c.Backups.Every > 30*24*time.Hour),
			fmt.Sprintf("RESPALDO_CADA must be 0 (no scheduled backups) or a duration from 1h to 720h, e.g. 24h, got %s", c.Backups.Every)},
		{c.Backups.Keep < 1 || c.Backups.Keep > 1000, fmt.Sprintf("RESPALDO_CONSERVAR must be a whole number from 1 to 1000, got %d", c.Backups.Keep)},
		{!isHTTPURL(c.Syscom.URL), "SYSCOM_URL must be an http(s) URL"},
		{c.Syscom.SyncEvery != 0 && (c.Syscom.SyncEvery < 10*time.Minute || c.Syscom.SyncEvery > 7*24*time.Hour),
			fmt.Sprintf("SYSCOM_SYNC_EVERY must be 0 (no scheduled sync) or a duration from 10m to 168h, e.g. 6h, got %s", c.Syscom.SyncEvery)},
		{c.Invoicing.DiasGracia < 0 || c.Invoicing.DiasGracia > 365, fmt.Sprintf("FACTURAR_DIAS_GRACIA must be a whole number from 0 to 365, got %d", c.Invoicing.DiasGracia)},
	}
}

// oneLine turns the library's error about a value it could not read into one line naming the
// variable, what it takes and what it got.
func oneLine(err error, environ map[string]string) error {
	var parse env.ParseError
	if !errors.As(err, &parse) {
		return fmt.Errorf("config: %w", err)
	}
	key := envName(reflect.TypeFor[Config](), parse.Name)
	want := "a valid value"
	switch parse.Type.Kind() {
	case reflect.Bool:
		want = "true or false"
	case reflect.Int, reflect.Int64:
		want = "a whole number"
	}
	return fmt.Errorf("config: %s must be %s, got %q", key, want, environ[key])
}

// envName is the variable of the field called name in t or in one of its nested structs (the
// library's error names the Go field); name itself when there is none.
func envName(t reflect.Type, name string) string {
	for f := range t.Fields() {
		if f.Name == name && f.Tag.Get("env") != "" {
			key, _, _ := strings.Cut(f.Tag.Get("env"), ",")
			return key
		}
		if f.Type.Kind() == reflect.Struct {
			if key := envName(f.Type, name); key != name {
				return key
			}
		}
	}
	return name
}

func isHTTPURL(v string) bool {
	u, err := url.Parse(v)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

func isSMTPURL(v string) bool {
	u, err := url.Parse(v)
	return err == nil && (u.Scheme == "smtp" || u.Scheme == "smtps") && u.Hostname() != ""
}

func isEmail(v string) bool {
	a, err := mail.ParseAddress(v)
	return err == nil && a.Address == v
}

func validLevel(v string) bool {
	switch v {
	case "debug", "info", "warn", "error":
		return true
	}
	return false
}
