package logs

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx"
	"tienda/pkg/shoptime"
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

// list is GET /logs?desde&hasta&usuario&q&page&limit for the 'Registro de errores' screen.
// desde and hasta are dates (YYYY-MM-DD, the shop's day, hasta included) or RFC 3339 times.
func (m *Module) list(c *echo.Context) error {
	var f Filter
	bad := map[string]string{}
	var err error
	if v := strings.TrimSpace(c.QueryParam("desde")); v != "" {
		if f.From, _, err = parseBound(v); err != nil {
			bad["desde"] = "Fecha inválida: usa AAAA-MM-DD."
		}
	}
	if v := strings.TrimSpace(c.QueryParam("hasta")); v != "" {
		var t time.Time
		var day bool
		if t, day, err = parseBound(v); err != nil {
			bad["hasta"] = "Fecha inválida: usa AAAA-MM-DD."
		} else if day {
			f.Before = t.AddDate(0, 0, 1)
		} else {
			f.Before = t.Add(time.Millisecond)
		}
	}
	if !f.From.IsZero() && !f.Before.IsZero() && !f.From.Before(f.Before) {
		bad["hasta"] = "La fecha de fin debe ser posterior a la fecha de inicio."
	}
	f.User = strings.TrimSpace(c.QueryParam("usuario"))
	if len([]rune(f.User)) > 100 {
		bad["usuario"] = "Debe tener como máximo 100 caracteres."
	}
	f.Text = strings.TrimSpace(c.QueryParam("q"))
	if len([]rune(f.Text)) > 200 {
		bad["q"] = "Debe tener como máximo 200 caracteres."
	}
	f.Page, f.Limit = 1, 50
	if v := c.QueryParam("page"); v != "" {
		if f.Page, err = strconv.Atoi(v); err != nil || f.Page < 1 || f.Page > 10000 {
			bad["page"] = "Debe ser un número entre 1 y 10000."
		}
	}
	if v := c.QueryParam("limit"); v != "" {
		if f.Limit, err = strconv.Atoi(v); err != nil || f.Limit < 1 || f.Limit > MaxPageSize {
			bad["limit"] = "Debe ser un número entre 1 y " + strconv.Itoa(MaxPageSize) + "."
		}
	}
	if len(bad) > 0 {
		return apperr.InvalidFields("Revisa los filtros.", bad)
	}
	page, err := m.service.List(c.Request().Context(), f)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, page)
}

// parseBound reads a plain date (start of that day in the shop's zone; day is true) or an RFC
// 3339 time.
func parseBound(v string) (t time.Time, day bool, err error) {
	if t, err = time.ParseInLocation(time.DateOnly, v, shoptime.Zone); err == nil {
		return t, true, nil
	}
	t, err = time.Parse(time.RFC3339, v)
	return t, false, err
}
