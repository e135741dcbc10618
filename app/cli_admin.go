package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"io"
	"time"

	"github.com/rs/zerolog"

	auditlog "tienda/modules/audit"
	"tienda/modules/users"
	"tienda/pkg/apperr"
)

func init() {
	register(verb{
		name:    "admin",
		summary: "Crea una cuenta de Administrador o hace Administrador a una cuenta que ya existe.",
		usage: `Uso: tienda admin --email CORREO [--password CONTRASEÑA]

Crea una cuenta de Administrador activa con ese correo o, si la cuenta ya existe (un cliente o
un empleado), la vuelve Administrador activa. En los dos casos la cuenta queda con la contraseña
dada; sin --password se genera una y se muestra una sola vez: anótela. Sirve también para
recuperar el acceso cuando se perdió la contraseña del Administrador.

Usa los mismos ajustes que la tienda (DATA_DIR o MONGODB_URI). Con MongoDB funciona aunque la
tienda esté en marcha; con la base incluida (DATA_DIR) hay que detener la tienda antes, porque
esa carpeta solo la abre un proceso a la vez.

Opciones:
  --email CORREO           el correo de la cuenta
  --password CONTRASEÑA    de 8 a 72 caracteres; sin ella se genera una`,
		run: runAdmin,
	})
}

func runAdmin(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("admin", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	email := flags.String("email", "", "")
	password := flags.String("password", "", "")
	if err := flags.Parse(args); err != nil || flags.NArg() > 0 || *email == "" {
		sayLine(stderr, "tienda admin: falta --email o sobra algo. Uso: tienda admin --email CORREO [--password CONTRASEÑA]")
		return 2
	}
	generated := *password == ""
	if generated {
		*password = newPassword()
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, store, code, ok := openForVerb(ctx, "admin", true, stderr)
	if !ok {
		return code
	}
	defer func() { _ = store.Close(context.Background()) }()
	trail := auditlog.New(auditlog.Deps{Store: store, Log: zerolog.Nop()})
	m := users.New(users.Deps{Store: store, Log: zerolog.Nop(), Audit: trail.Service()})
	if err := store.BuildIndexes(ctx, m.Collections()...); err != nil {
		say(stderr, "tienda admin: %v\n", err)
		return 1
	}
	created, err := m.Service().MakeAdmin(ctx, *email, *password)
	if err != nil {
		say(stderr, "tienda admin: %s\n", adminErrorText(err))
		return 1
	}
	if created {
		say(stdout, "Cuenta de Administrador creada: %s\n", *email)
	} else {
		say(stdout, "La cuenta %s ahora es Administrador, activa, con la contraseña nueva; sus sesiones abiertas se cerraron.\n", *email)
	}
	if generated {
		say(stdout, "Contraseña: %s\nAnótela: no se vuelve a mostrar. Puede cambiarla en 'Mi perfil'.\n", *password)
	}
	return 0
}

// adminErrorText is an error of MakeAdmin as a person reads it: the Spanish message and each
// field's after the flag it came from (the field's message does not name it: a form shows it next
// to its field).
func adminErrorText(err error) string {
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code == apperr.Internal {
		return err.Error()
	}
	msg := e.Message
	for _, field := range []string{"email", "password"} {
		if m, ok := e.Fields[field]; ok && m != msg {
			msg += " --" + field + ": " + m
		}
	}
	return msg
}

// newPassword is a random password of 26 capital letters and digits (crypto/rand.Text).
func newPassword() string { return rand.Text() }
