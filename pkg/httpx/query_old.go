package httpx

import (
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
)

// QueryInt reads the query parameter name as a whole number from lo to hi; def when it is
// absent. A bad value gets a Spanish message in bad and answers def. Every list's page and limit
// go through it, so that all of a request's bad values are named at once.
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
		bad.Add(name, DayHint)
		return time.Time{}
	}
	return t
}

// DayHint is the field message of a day that cannot be read.
const DayHint = "Escribe la fecha como AAAA-MM-DD."

// RangeHint is the field message of a range whose end comes before its start.
const RangeHint = "La fecha de fin debe ser igual o posterior a la fecha de inicio."

// QueryDayRange reads the query parameters from and to as days in zone (QueryDay), both included,
// into [start, end): end is the start of the day after to; a zero time for an absent one. A bad
// value, or an end before the start (CheckDayRange), gets a Spanish message in bad.
func QueryDayRange(c *echo.Context, from, to string, zone *time.Location, bad apperr.Fields) (start, end time.Time) {
	start = QueryDay(c, from, zone, bad)
	if last := QueryDay(c, to, zone, bad); !last.IsZero() {
		end = last.AddDate(0, 0, 1)
	}
	CheckDayRange(start, end, to, bad)
	return start, end
}

// CheckDayRange names to in bad when the range [start, end) holds no day; a zero end is open.
func CheckDayRange(start, end time.Time, to string, bad apperr.Fields) {
	if !start.IsZero() && !end.IsZero() && !start.Before(end) {
		bad.Add(to, RangeHint)
	}
}
