package main

import (
	"context"
	"net"
	"net/url"
	"path/filepath"
	"strings"

	"tienda/pkg/config"
)

// The start report: what an owner reads in the log when the shop starts (the data folder, the
// address, the version, each integration on or off and why) and the warnings about settings that
// would hurt a real shop.

// integration is one outside service and whether the shop uses it.
type integration struct {
	name string
	on   bool
	why  string
}

func integrations(cfg config.Config) []integration {
	mp := integration{name: "MercadoPago", why: "sin MP_ACCESS_TOKEN: no se cobra en línea"}
	if cfg.MercadoPagoAccessToken != "" {
		mp = integration{name: "MercadoPago", on: true,
			why: "URL de notificaciones para el panel de MercadoPago: " + cfg.PublicURL + "/v1/webhooks/mercadopago"}
	}
	smtp := integration{name: "SMTP", why: "sin SMTP_URL: no se envían correos (ni códigos para recuperar la contraseña)"}
	if u, err := url.Parse(cfg.SMTPURL); cfg.SMTPURL != "" && err == nil {
		smtp = integration{name: "SMTP", on: true, why: "correos por " + u.Host + " desde " + cfg.MailFrom}
	}
	pac := integration{name: "Facturapi", why: "sin FACTURAPI_KEY: no se emiten facturas (CFDI)"}
	switch {
	case cfg.Invoicing.FacturapiKey != "" && cfg.Invoicing.FacturapiURL != "":
		pac = integration{name: "Facturapi", on: true, why: "PAC en FACTURAPI_URL " + cfg.Invoicing.FacturapiURL + " (sin validez fiscal si es el de prueba)"}
	case strings.HasPrefix(cfg.Invoicing.FacturapiKey, "sk_test_"):
		pac = integration{name: "Facturapi", on: true, why: "clave de pruebas (sk_test_): las facturas no tienen validez fiscal"}
	case cfg.Invoicing.FacturapiKey != "":
		pac = integration{name: "Facturapi", on: true, why: "clave de producción: las facturas se timbran ante el SAT"}
	}
	sentry := integration{name: "Sentry", why: "sin SENTRY_DSN: los errores solo quedan en el registro"}
	if cfg.SentryDSN != "" {
		sentry = integration{name: "Sentry", on: true, why: "los errores se reportan (entorno " + cfg.SentryEnvironment + ")"}
	}
	return []integration{mp, smtp, pac, sentry}
}

// startWarnings are the settings a real shop should not run with; hasAdmin says whether the store
// has an active Administrador.
func startWarnings(cfg config.Config, hasAdmin bool) []string {
	var w []string
	defaults, _ := config.Load(nil)
	var fictitious []string
	if cfg.Shop.Address == defaults.Shop.Address {
		fictitious = append(fictitious, "SHOP_ADDRESS")
	}
	if cfg.Shop.Phone == defaults.Shop.Phone {
		fictitious = append(fictitious, "SHOP_PHONE")
	}
	if cfg.Invoicing.LugarExpedicion == defaults.Invoicing.LugarExpedicion {
		fictitious = append(fictitious, "SHOP_CP")
	}
	if len(fictitious) > 0 {
		w = append(w, "Datos de tienda ficticios (los de ejemplo) en "+strings.Join(fictitious, ", ")+
			": salen en los tickets, en la página 'Tiendas' y en las facturas. Ponga los de su tienda.")
	}
	if !hasAdmin {
		w = append(w, "No hay ninguna cuenta de Administrador activa: créela con `tienda admin --email su@correo.mx`.")
	}
	if cfg.MercadoPagoAccessToken != "" && cfg.MercadoPagoWebhookSecret == "" {
		w = append(w, "MP_ACCESS_TOKEN sin MP_WEBHOOK_SECRET: cada aviso de pago de MercadoPago se rechaza (401) "+
			"y los pagos no se confirman. Copie la clave secreta de los webhooks del panel de MercadoPago.")
	}
	if u, err := url.Parse(cfg.PublicURL); err == nil && u.Scheme != "https" && !isLocalHost(u.Hostname()) {
		w = append(w, "PUBLIC_URL ("+cfg.PublicURL+") no usa https: los pagos y las sesiones viajan sin cifrar. "+
			"Ponga la tienda detrás de HTTPS y use https:// en PUBLIC_URL.")
	}
	return w
}

func isLocalHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// logStart writes the start report to the log: addr is the address the shop listens on.
func (a *App) logStart(ctx context.Context, addr string) {
	ev := a.log.Info().Str("version", Version()).Str("addr", addr).Bool("demo", a.cfg.DemoData)
	if a.store.Embedded() {
		dir, err := filepath.Abs(a.cfg.DataDir)
		if err != nil {
			dir = a.cfg.DataDir
		}
		ev = ev.Str("store", "embedded").Str("data_dir", dir)
	} else {
		ev = ev.Str("store", "MongoDB (MONGODB_URI)")
	}
	ev.Msg("tienda iniciada")
	for _, in := range integrations(a.cfg) {
		state := "apagado"
		if in.on {
			state = "encendido"
		}
		a.log.Info().Str("integracion", in.name).Str("estado", state).Msg(in.name + " " + state + ": " + in.why)
	}
	hasAdmin, err := a.users.Service().HasActiveAdmin(ctx)
	if err != nil {
		a.log.Warn().Err(err).Msg("start report: could not count administrators")
		hasAdmin = true
	}
	for _, w := range startWarnings(a.cfg, hasAdmin) {
		a.log.Warn().Msg("Aviso: " + w)
	}
}
