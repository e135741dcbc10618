package httpx

import (
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
)

// QueryInt reads the query parameter name as a whole number from lo to hi; def when it is
// absent. A bad value gets a Spanish message in bad and answers def.
func QueryInt(c *echo.Context, name string, def, lo, hi int, bad apperr.Fields) int {
	v := c.QueryParam(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		bad.Add(name, "Debe ser un número entero entre "+strconv.Itoa(lo)+" y "+strconv.Itoa(hi)+".")
		return def
	}
	return n
}

// QueryDay reads the query parameter name as a day (AAAA-MM-DD) starting at midnight in zone;
// the zero time when it is absent. A bad value gets a Spanish message in bad.
func QueryDay(c *echo.Context, name string, zone *time.Location, bad apperr.Fields) time.Time {
	v := strings.TrimSpace(c.QueryParam(name))
	if v == "" {
		return time.Time{}
	}
	t, err := time.ParseInLocation(time.DateOnly, v, zone)
	if err != nil || t.Year() < 2000 || t.Year() > 2100 {
		bad.Add(name, "Fecha inválida: usa AAAA-MM-DD.")
		return time.Time{}
	}
	return t
}
