package cashcut

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // the shop's time zone must exist on any machine

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// The list of past cuts, a page at a time, newest first, optionally of a range of days.

// shopZone is the shop's time zone: the days of the list's range are the shop's days.
var shopZone = func() *time.Location {
	loc, err := time.LoadLocation("America/Mexico_City")
	if err != nil {
		panic(err) // cannot happen: time/tzdata is embedded
	}
	return loc
}()

// CutQuery is what the list of cuts asks for; the handler has checked each value.
type CutQuery struct {
	From, To    time.Time // the cuts asked for in [From, To); zero: no bound
	Page, Limit int
}

// Page returns a page of the closed cuts q selects, newest first, without their sales, and how
// many it selects in all.
func (s *Service) Page(ctx context.Context, q CutQuery) ([]Cut, int64, error) {
	docs, total, err := s.store.db.Page(ctx, collection, closedCuts(q.From, q.To), bson.D{{Key: "numero", Value: -1}}, int64(q.Page-1)*int64(q.Limit), int64(q.Limit))
	if err != nil {
		return nil, 0, fmt.Errorf("cashcut: list: %w", err)
	}
	out := make([]Cut, len(docs))
	for i, d := range docs {
		if err := bson.Unmarshal(d, &out[i]); err != nil { // the sales earlier releases kept inside: not read (Cut.Ventas)
			return nil, 0, fmt.Errorf("cashcut: list: %w", err)
		}
	}
	return out, total, nil
}

// listIndex serves the list: the closed cuts by number, with their date.
var listIndex = bson.D{{Key: "estado", Value: 1}, {Key: "numero", Value: -1}, {Key: "fecha", Value: -1}}

// list answers GET cortes?desde&hasta&page&limit.
func (m *Module) list(c *echo.Context) error {
	bad := map[string]string{}
	q := CutQuery{Page: 1, Limit: 20}
	for _, p := range []struct {
		name string
		into *int
		upTo int
	}{{"page", &q.Page, 10000}, {"limit", &q.Limit, 100}} {
		if v := c.QueryParam(p.name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > p.upTo {
				bad[p.name] = "Debe ser un número entero del 1 al " + strconv.Itoa(p.upTo) + "."
			}
			*p.into = n
		}
	}
	q.From, q.To = cutDays(c, bad)
	if len(bad) > 0 {
		return apperr.InvalidFields("Parámetro inválido.", bad)
	}
	cuts, total, err := m.service.Page(c.Request().Context(), q)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"cortes": cuts, "meta": map[string]any{
		"hasMore": int64(q.Page)*int64(q.Limit) < total, "page": q.Page, "limit": q.Limit, "total": total}})
}

// cutDays reads desde and hasta (days in Mexico City, both included; either may be left out) as
// [from, to), a zero time for an open end, adding what is wrong to bad.
func cutDays(c *echo.Context, bad map[string]string) (from, to time.Time) {
	for _, p := range []struct {
		name string
		into *time.Time
		next int
	}{{"desde", &from, 0}, {"hasta", &to, 1}} {
		if v := strings.TrimSpace(c.QueryParam(p.name)); v != "" {
			d, err := time.ParseInLocation(time.DateOnly, v, shopZone)
			if err != nil {
				bad[p.name] = "Usa el formato AAAA-MM-DD."
			}
			*p.into = d.AddDate(0, 0, p.next).UTC() // hasta: the whole day
		}
	}
	if len(bad) == 0 && !from.IsZero() && !to.IsZero() && !from.Before(to) {
		bad["hasta"] = "Debe ser igual o posterior a la fecha de inicio."
	}
	return from, to
}

// closedCuts selects the closed cuts dated in [from, to) (a zero time leaves that end open).
func closedCuts(from, to time.Time) bson.M {
	filter := bson.M{"estado": EstadoCerrado}
	fecha := bson.M{}
	if !from.IsZero() {
		fecha["$gte"] = from
	}
	if !to.IsZero() {
		fecha["$lt"] = to
	}
	if len(fecha) > 0 {
		filter["fecha"] = fecha
	}
	return filter
}
