// Package audit is the shape of the audit trail: one Entry per change to a product, a discount, an
// account or an order, saying who made it, when, and each changed field before and after. The
// modules that make the changes (catalog, users, sales) build entries and hand them to a Recorder;
// modules/audit stores them and serves them to the Administrador. This package knows no module:
// it is the one contract between them, so that app/wiring.go passes the audit module's service to
// each as it is, with no adapter per module.
package audit

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
)

// The collections whose records are audited (Entry.Coleccion).
const (
	Productos  = "productos"
	Descuentos = "discounts"
	Usuarios   = "usuarios"
	Ventas     = "ventas"
)

// Collections lists the audited collections.
var Collections = []string{Productos, Descuentos, Usuarios, Ventas}

// What was done to the record (Entry.Accion).
const (
	Crear             = "crear"
	Actualizar        = "actualizar"
	Eliminar          = "eliminar"
	CambiarRol        = "cambiar_rol"
	CambiarEstado     = "cambiar_estado"
	CambiarContrasena = "cambiar_contrasena"
)

// PasswordChanged is what an entry says of a password: never the password, nor its hash.
const PasswordChanged = "contraseña cambiada" //nolint:gosec // G101: the words an entry shows, not a credential

// maxValue is the most characters a value before or after keeps; longer texts are cut, with "…".
const maxValue = 300

// Actor is who made a change.
type Actor struct {
	ID, Name string
}

// Change is one field of a record before and after a change; "" is a field without a value (a
// record created or deleted, an optional field emptied).
type Change struct {
	Campo   string `bson:"campo" json:"campo"`
	Antes   string `bson:"antes" json:"antes"`
	Despues string `bson:"despues" json:"despues"`
}

// Entry is one document of the audit trail (the auditoria collection). It is written once and
// never changed.
type Entry struct {
	ID            bson.ObjectID `bson:"_id" json:"_id"`
	Coleccion     string        `bson:"coleccion" json:"coleccion"`
	RegistroID    string        `bson:"registroId" json:"registroId"`
	Registro      string        `bson:"registro" json:"registro"` // readable: a product's name, a folio...
	Accion        string        `bson:"accion" json:"accion"`
	UsuarioID     string        `bson:"usuarioId" json:"usuarioId"`
	NombreUsuario string        `bson:"nombreUsuario" json:"nombreUsuario"`
	Fecha         time.Time     `bson:"fecha" json:"fecha"`
	Cambios       []Change      `bson:"cambios" json:"cambios"`
}

// Recorder stores entries (modules/audit's service), all of them in one write. An entry that
// comes with an _id is stored under it, once: recording it again stores nothing and is no error
// (a write done again after a crash records its entries again).
type Recorder interface {
	Record(ctx context.Context, es ...Entry) error
}

// Write hands the entries to r after their changes were made: the actor's user and the cut values
// are filled in (r stamps each entry: its _id when it has none, the time when it has none), and a
// failure is logged at error level and not returned, because the changes themselves are done and
// acknowledged whatever happens to their entries. A nil r records nothing; a change of no field
// (but a record created or deleted) is not recorded.
func Write(ctx context.Context, r Recorder, log zerolog.Logger, who Actor, es ...Entry) {
	if r == nil {
		return
	}
	kept := make([]Entry, 0, len(es))
	for _, e := range es {
		if e.Accion != Crear && e.Accion != Eliminar && len(e.Cambios) == 0 {
			continue
		}
		e.UsuarioID, e.NombreUsuario = who.ID, who.Name
		e.Registro = clip(e.Registro)
		for i, c := range e.Cambios {
			e.Cambios[i] = Change{Campo: c.Campo, Antes: clip(c.Antes), Despues: clip(c.Despues)}
		}
		kept = append(kept, e)
	}
	if len(kept) == 0 {
		return
	}
	if err := r.Record(context.WithoutCancel(ctx), kept...); err != nil {
		first := kept[0]
		log.Error().Err(err).Str("coleccion", first.Coleccion).Str("registroId", first.RegistroID).Str("accion", first.Accion).
			Int("entradas", len(kept)).Str("usuarioId", first.UsuarioID).Msg("audit: entry not recorded; the change itself was made")
	}
}

// Diff lists the fields whose values differ between before and after, by field name. A field
// missing from one side counts as "".
func Diff(before, after map[string]string) []Change {
	var out []Change
	for k, b := range before {
		if a := after[k]; a != b {
			out = append(out, Change{Campo: k, Antes: b, Despues: a})
		}
	}
	for k, a := range after {
		if _, ok := before[k]; !ok && a != "" {
			out = append(out, Change{Campo: k, Despues: a})
		}
	}
	slices.SortFunc(out, func(x, y Change) int {
		return strings.Compare(x.Campo, y.Campo)
	})
	return out
}

// clip cuts s to maxValue characters.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= maxValue {
		return s
	}
	r := []rune(s)
	return string(r[:maxValue-1]) + "…"
}

type actorKey struct{}

// WithActor returns ctx carrying who makes the request's changes, for services whose methods take
// no actor of their own (the catalogue's).
func WithActor(ctx context.Context, who Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, who)
}

// ActorFrom returns the actor WithActor put in ctx, or the zero Actor.
func ActorFrom(ctx context.Context) Actor {
	who, _ := ctx.Value(actorKey{}).(Actor)
	return who
}
