// Package config reads the application's configuration from environment variables, once, at start.
// Nothing else in the application reads the environment.
package config

import (
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
)

// Config is every setting of the application. .env.example documents each variable.
type Config struct {
	Port      int    // PORT
	MongoURI  string // MONGODB_URI; empty starts the embedded store
	DataDir   string // DATA_DIR
	JWTSecret string // JWT_SECRET; generated into DATA_DIR with the embedded store when empty

	AdminEmail    string // ADMIN_EMAIL
	AdminPassword string // ADMIN_PASSWORD
	DemoData      bool   // DEMO_DATA

	PublicURL string // PUBLIC_URL
	LogLevel  string // LOG_LEVEL
	BodyLimit int64  // BODY_LIMIT_BYTES

	Shop Shop

	SentryDSN         string // SENTRY_DSN
	SentryEnvironment string // SENTRY_ENVIRONMENT

	MercadoPagoAccessToken   string // MP_ACCESS_TOKEN
	MercadoPagoPublicKey     string // MP_PUBLIC_KEY
	MercadoPagoWebhookSecret string // MP_WEBHOOK_SECRET
	MercadoPagoAPIURL        string // MP_API_URL (tests point it at a fake provider)

	SMTPURL  string // SMTP_URL, e.g. smtp://user:pass@host:587
	MailFrom string // MAIL_FROM
}

// Shop is what the storefront shows about the physical shop.
type Shop struct {
	Name    string // SHOP_NAME
	Phone   string // SHOP_PHONE
	Address string // SHOP_ADDRESS
	Hours   string // SHOP_HOURS
	MapURL  string // SHOP_MAP_URL
}

// Load reads the configuration through getenv (os.Getenv in main, a map in tests) and checks it.
// The error names the first bad variable in one line.
func Load(getenv func(string) string) (Config, error) {
	get := func(key, def string) string {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			return v
		}
		return def
	}
	c := Config{
		MongoURI:          get("MONGODB_URI", ""),
		DataDir:           get("DATA_DIR", "./data"),
		JWTSecret:         get("JWT_SECRET", ""),
		AdminEmail:        strings.ToLower(get("ADMIN_EMAIL", "")),
		AdminPassword:     get("ADMIN_PASSWORD", ""),
		PublicURL:         strings.TrimRight(get("PUBLIC_URL", ""), "/"),
		LogLevel:          get("LOG_LEVEL", "info"),
		SentryDSN:         get("SENTRY_DSN", ""),
		SentryEnvironment: get("SENTRY_ENVIRONMENT", "production"),
		Shop: Shop{
			Name:    get("SHOP_NAME", "Tienda de Seguridad y Redes"),
			Phone:   get("SHOP_PHONE", "55 1234 5678"),
			Address: get("SHOP_ADDRESS", "Av. Insurgentes Sur 1234, Col. del Valle, Benito Juárez, 03100 Ciudad de México, CDMX"),
			Hours:   get("SHOP_HOURS", "Lunes a viernes de 9:00 a 19:00, sábados de 9:00 a 14:00"),
			MapURL:  get("SHOP_MAP_URL", "https://www.openstreetmap.org/search?query=Av.%20Insurgentes%20Sur%201234%20Ciudad%20de%20Mexico"),
		},
		MercadoPagoAccessToken:   get("MP_ACCESS_TOKEN", ""),
		MercadoPagoPublicKey:     get("MP_PUBLIC_KEY", ""),
		MercadoPagoWebhookSecret: get("MP_WEBHOOK_SECRET", ""),
		MercadoPagoAPIURL:        strings.TrimRight(get("MP_API_URL", ""), "/"),
		SMTPURL:                  get("SMTP_URL", ""),
		MailFrom:                 get("MAIL_FROM", "no-responder@tienda.local"),
	}
	var err error
	if c.Port, err = intVar(get("PORT", "8080"), "PORT", 1, 65535); err != nil {
		return Config{}, err
	}
	limit, err := intVar(get("BODY_LIMIT_BYTES", "2097152"), "BODY_LIMIT_BYTES", 1024, 64<<20)
	if err != nil {
		return Config{}, err
	}
	c.BodyLimit = int64(limit)
	if c.DemoData, err = boolVar(get("DEMO_DATA", "false"), "DEMO_DATA"); err != nil {
		return Config{}, err
	}
	if c.PublicURL == "" {
		c.PublicURL = fmt.Sprintf("http://localhost:%d", c.Port)
	}
	checks := []struct {
		bad bool
		msg string
	}{
		{c.MongoURI != "" && !strings.HasPrefix(c.MongoURI, "mongodb://") && !strings.HasPrefix(c.MongoURI, "mongodb+srv://"),
			"MONGODB_URI must start with mongodb:// or mongodb+srv://"},
		{c.MongoURI != "" && c.JWTSecret == "", "JWT_SECRET is required when MONGODB_URI is set"},
		{c.JWTSecret != "" && len(c.JWTSecret) < 32, "JWT_SECRET must be at least 32 characters"},
		{!isHTTPURL(c.PublicURL), "PUBLIC_URL must be an http(s) URL, e.g. https://tienda.example.mx"},
		{(c.AdminEmail == "") != (c.AdminPassword == ""), "ADMIN_EMAIL and ADMIN_PASSWORD must be set together"},
		{c.AdminEmail != "" && !isEmail(c.AdminEmail), "ADMIN_EMAIL is not a valid e-mail address"},
		{c.AdminPassword != "" && len(c.AdminPassword) < 8, "ADMIN_PASSWORD must be at least 8 characters"},
		{!validLevel(c.LogLevel), "LOG_LEVEL must be one of debug, info, warn, error"},
		{c.SentryDSN != "" && !isHTTPURL(c.SentryDSN), "SENTRY_DSN must be an http(s) URL"},
		{c.MercadoPagoAPIURL != "" && !isHTTPURL(c.MercadoPagoAPIURL), "MP_API_URL must be an http(s) URL"},
		{c.SMTPURL != "" && !isSMTPURL(c.SMTPURL), "SMTP_URL must look like smtp://user:password@host:587"},
		{!isEmail(c.MailFrom), "MAIL_FROM is not a valid e-mail address"},
		{!isHTTPURL(c.Shop.MapURL), "SHOP_MAP_URL must be an http(s) URL"},
	}
	for _, ch := range checks {
		if ch.bad {
			return Config{}, fmt.Errorf("config: %s", ch.msg)
		}
	}
	return c, nil
}

func intVar(v, name string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("config: %s must be a whole number from %d to %d, got %q", name, lo, hi, v)
	}
	return n, nil
}

func boolVar(v, name string) (bool, error) {
	switch strings.ToLower(v) {
	case "1", "true", "yes", "si", "sí":
		return true, nil
	case "0", "false", "no":
		return false, nil
	}
	return false, fmt.Errorf("config: %s must be true or false, got %q", name, v)
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
