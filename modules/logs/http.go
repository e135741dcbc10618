package logs

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx"
)

type uploadRequest struct {
	Logs []EntryInput `json:"logs" validate:"required,dive"`
}

var errRate = apperr.New(apperr.TooMany, "Se enviaron demasiados registros de errores. Espera un momento e inténtalo de nuevo.")

// upload is POST /logs {logs: [...]}: anonymous or signed-in browsers send their local error log.
// A request costs one token of its client's bucket, and each stored entry one more.
func (m *Module) upload(c *echo.Context) error {
	src := Source{
		IP:        c.RealIP(),
		UserAgent: c.Request().UserAgent(),
		RequestID: httpx.RequestID(c),
	}
	key := "ip:" + src.IP
	if u, ok := auth.User(c); ok {
		src.UserID, src.UserName, src.UserEmail = u.UserID(), u.Name, u.Email
		key = "user:" + u.UserID()
	}
	if ok, wait := m.limiter.Take(key, 1); !ok {
		return tooMany(c, wait)
	}
	var req uploadRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	if len(req.Logs) > MaxBatch {
		return ErrBatchTooLarge
	}
	if ok, wait := m.limiter.Take(key, len(req.Logs)); !ok {
		return tooMany(c, wait)
	}
	n, err := m.service.Record(c.Request().Context(), src, req.Logs)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"ok": true, "stored": n})
}

func tooMany(c *echo.Context, wait time.Duration) error {
	secs := int(math.Ceil(wait.Seconds()))
	if secs < 1 {
		secs = 1
	}
	c.Response().Header().Set("Retry-After", strconv.Itoa(secs))
	return errRate
}

// listParams are the parameters of GET /logs.
type listParams struct {
	Desde   time.Time `query:"desde"`
	Hasta   time.Time `query:"hasta" validate:"omitempty,gtefield=Desde"`
	Usuario string    `query:"usuario" validate:"max=100"`
	Q       string    `query:"q" validate:"max=200"`
	httpx.PageParams
}

// list is GET /logs?desde&hasta&usuario&q&page&limit for the 'Registro de errores' screen.
// desde and hasta are days (AAAA-MM-DD, the shop's day, hasta included).
func (m *Module) list(c *echo.Context) error {
	p := listParams{PageParams: httpx.PageParams{Page: 1, Limit: 50}}
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	f := Filter{User: p.Usuario, Text: p.Q, Page: p.Page, Limit: p.Limit}
	f.From, f.Before = httpx.DayRange(p.Desde, p.Hasta)
	page, err := m.service.List(c.Request().Context(), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}
