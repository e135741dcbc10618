package cashcut

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/httpx"
	"tienda/pkg/mongox"
)

// The list of past cuts, a page at a time, newest first, optionally of a range of days.

// CutQuery is what the list of cuts asks for; the handler has checked each value.
type CutQuery struct {
	From, To    time.Time // the cuts asked for in [From, To); zero: no bound
	Page, Limit int
}

// Page returns a page of the closed cuts q selects, newest first, without their sales, and how
// many it selects in all.
func (s *Service) Page(ctx context.Context, q CutQuery) ([]Cut, int64, error) {
	// The sales earlier releases kept inside a cut are not decoded (Cut.Ventas).
	out, total, err := s.store.closedPage(ctx, q)
	if err != nil {
		return nil, 0, fmt.Errorf("cashcut: list: %w", err)
	}
	return out, total, nil
}

// closedPage reads the page of closed cuts q asks for, newest first.
func (s store) closedPage(ctx context.Context, q CutQuery) ([]Cut, int64, error) {
	return mongox.PageOf[Cut](ctx, s.db, collection, closedCuts(q.From, q.To), bson.D{{Key: "numero", Value: -1}},
		int64(q.Page-1)*int64(q.Limit), int64(q.Limit))
}

// listIndex serves the list: the closed cuts by number, with their date.
var listIndex = bson.D{{Key: "estado", Value: 1}, {Key: "numero", Value: -1}, {Key: "fecha", Value: -1}}

// listParams are the parameters of GET cortes.
type listParams struct {
	Desde time.Time `query:"desde"`
	Hasta time.Time `query:"hasta" validate:"omitempty,gtefield=Desde"`
	httpx.PageParams
}

// list answers GET cortes?desde&hasta&page&limit.
func (m *Module) list(c *echo.Context) error {
	p := listParams{PageParams: httpx.PageParams{Page: 1, Limit: 20}}
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	q := CutQuery{Page: p.Page, Limit: p.Limit}
	q.From, q.To = httpx.DayRange(p.Desde, p.Hasta)
	cuts, total, err := m.service.Page(c.Request().Context(), q)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"cortes": cuts, "meta": httpx.NewPageMeta(q.Page, q.Limit, total)})
}

// closedCuts selects the closed cuts dated in [from, to) (a zero time leaves that end open).
func closedCuts(from, to time.Time) bson.M {
	filter := bson.M{"estado": EstadoCerrado}
	mongox.SetRange(filter, "fecha", from, to)
	return filter
}
