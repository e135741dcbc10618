package catalog

import (
	"context"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/audit"
	"tienda/pkg/auth"
)

// The audit trail of the catalogue (pkg/audit): each product and discount created, edited or
// deleted through the API, with the fields that changed. The handlers put who asks in the
// request's context (actorContext); the service's writes record after the change is stored.

// actorContext is the request's context carrying its signed-in user for the audit trail.
func actorContext(c *echo.Context) context.Context {
	ctx := c.Request().Context()
	if u, ok := auth.User(c); ok {
		ctx = audit.WithActor(ctx, audit.Actor{ID: u.UserID(), Name: u.Name})
	}
	return ctx
}

// productSkip are the fields of a product the trail leaves out: ids, counters and stamps, the
// sums of the variants' units, copies of the picture, and what productFields writes itself.
var productSkip = []string{
	"_id", "apartados", "version", "revision", "cambiadoEn", "createdAt", "updatedAt",
	"total_existencia", "img_portada", "details.img_portada", "variantes", "extras", "descuentoId",
	"movimientosPendientes",
}

// productFields are a product's fields as the trail compares them: the variants and extras by
// their names rather than their places, the discount by its name.
func (s *Service) productFields(p *Product) map[string]string {
	if p == nil {
		return map[string]string{}
	}
	out, err := audit.Fields(p, productSkip...)
	if err != nil {
		s.log.Error().Err(err).Str("product", p.ID.Hex()).Msg("audit: product fields")
		out = map[string]string{}
	}
	if p.DescuentoID != "" {
		out["descuento"] = p.DescuentoID
		if oid, err := bson.ObjectIDFromHex(p.DescuentoID); err == nil {
			if d, ok := s.memory.discount(oid); ok {
				out["descuento"] = d.Name
			}
		}
	}
	seen := map[string]bool{}
	for i, v := range p.Variantes {
		label := strings.Join(nonEmpty(v.Talla, v.Tamano), " / ")
		if label == "" || seen[label] {
			label = "#" + strconv.Itoa(i+1)
		}
		seen[label] = true
		s.partFields(out, "variante "+label, v, p.ID, "_id", "talla", "tamano")
	}
	for i, e := range p.Extras {
		label := strings.TrimSpace(e.Nombre)
		if label == "" || seen["extra "+label] {
			label = "#" + strconv.Itoa(i+1)
		}
		seen["extra "+label] = true
		s.partFields(out, "extra "+label, e, p.ID, "_id", "nombre")
	}
	return out
}

// partFields adds the fields of one variant or extra, named "<label> · <field>".
func (s *Service) partFields(out map[string]string, label string, part any, id bson.ObjectID, skip ...string) {
	fields, err := audit.Fields(part, skip...)
	if err != nil {
		s.log.Error().Err(err).Str("product", id.Hex()).Msg("audit: product fields")
		return
	}
	for k, v := range fields {
		out[label+" · "+k] = v
	}
}

func nonEmpty(vals ...string) []string {
	var out []string
	for _, v := range vals {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// auditProduct records a product written by the request of ctx: created (before nil), edited, or
// deleted (after nil).
func (s *Service) auditProduct(ctx context.Context, accion string, id bson.ObjectID, before, after *Product) {
	audit.Write(ctx, s.audit, s.log, audit.ActorFrom(ctx), s.productEntry(accion, id, before, after))
}

// productEntry is the trail's entry of a product created (before nil), edited, or deleted (after
// nil).
func (s *Service) productEntry(accion string, id bson.ObjectID, before, after *Product) audit.Entry {
	if before != nil && before.ID.IsZero() {
		before = nil // deleted by another replica's request before this one read it
	}
	label := ""
	for _, p := range []*Product{after, before} {
		if p != nil && label == "" {
			label = p.label()
		}
	}
	return audit.Entry{
		Coleccion: audit.Productos, RegistroID: id.Hex(), Registro: label, Accion: accion, Fecha: s.now(),
		Cambios: audit.Diff(s.productFields(before), s.productFields(after)),
	}
}

// discountFields are a discount's fields as the trail compares them.
func discountFields(d *Discount) map[string]string {
	if d == nil {
		return map[string]string{}
	}
	return map[string]string{
		"name": d.Name, "description": d.Description,
		"percentage": strconv.FormatFloat(d.Percentage, 'f', -1, 64), "expirationDate": d.ExpirationDate,
	}
}

// auditDiscount records a discount written by the request of ctx: created (before nil), edited,
// or deleted (after nil).
func (s *Service) auditDiscount(ctx context.Context, accion string, before, after *Discount) {
	d := after
	if d == nil {
		d = before
	}
	audit.Write(ctx, s.audit, s.log, audit.ActorFrom(ctx), audit.Entry{
		Coleccion: audit.Descuentos, RegistroID: d.ID.Hex(), Registro: d.Name, Accion: accion, Fecha: s.now(),
		Cambios: audit.Diff(discountFields(before), discountFields(after)),
	})
}
