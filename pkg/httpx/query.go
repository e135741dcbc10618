package httpx

import (
	"errors"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/go-playground/form/v4"
	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/shoptime"
)

// BindQuery reads the request's query parameters into dst, a pointer to a struct whose fields
// carry `query:"name"` and `validate:"..."` tags, then validates it with the server's validator:
// the one path by which every list and report reads its parameters. Fields keep the values dst
// had for parameters that are absent, so defaults are set before the call. Texts are trimmed; a
// time.Time field is a day, AAAA-MM-DD, read as its first instant in the shop's zone. Every bad
// parameter is named at once (a value of the wrong type and a broken rule alike), in Spanish,
// under apperr.MsgBadParameter.
func BindQuery(c *echo.Context, dst any) error {
	bad := apperr.Fields{}
	if err := queryDecoder.Decode(dst, c.QueryParams()); err != nil {
		var unread form.DecodeErrors
		if !errors.As(err, &unread) {
			return apperr.Wrap(err, "httpx: query into %T", dst)
		}
		for name := range unread {
			bad.Add(name, unreadableMessage(dst, name))
		}
	}
	if err := c.Validate(dst); err != nil {
		var broken validator.ValidationErrors
		if !errors.As(err, &broken) {
			return apperr.Wrap(err, "httpx: validate %T", dst)
		}
		for _, fe := range broken {
			name := fe.Field()
			if isWholeNumber(fe.Kind()) { // a number out of its bounds reads as one not a number
				bad.Add(name, unreadableMessage(dst, name))
				continue
			}
			bad.Add(name, fieldMessage(fe))
		}
	}
	if len(bad) > 0 {
		return apperr.BadParameters(bad)
	}
	return nil
}

// PageParams are a staff list's page (from 1) and its size (at most 100), embedded in the list's
// parameters; the defaults are set before BindQuery.
type PageParams struct {
	Page  int `query:"page" validate:"min=1,max=100000"`
	Limit int `query:"limit" validate:"min=1,max=100"`
}

// DayRange turns the days from and to, both included, into [start, end): end is the first instant
// of the day after to. A zero day stays zero (an open side).
func DayRange(from, to time.Time) (start, end time.Time) {
	if !to.IsZero() {
		end = to.AddDate(0, 0, 1)
	}
	return from, end
}

var queryDecoder = newQueryDecoder()

func newQueryDecoder() *form.Decoder {
	d := form.NewDecoder()
	d.SetMode(form.ModeExplicit)
	d.RegisterTagNameFunc(func(f reflect.StructField) string {
		if f.Anonymous {
			return f.Name // an embedded struct's fields are the parameters' own (PageParams)
		}
		name, _, _ := strings.Cut(f.Tag.Get("query"), ",")
		return name
	})
	d.SetMaxArraySize(100)
	d.RegisterCustomTypeFunc(func(v []string) (any, error) { return strings.TrimSpace(v[0]), nil }, "")
	d.RegisterCustomTypeFunc(func(v []string) (any, error) { return parseDay(v[0]) }, time.Time{})
	return d
}

// parseDay reads AAAA-MM-DD as the first instant of that day in the shop's zone; "" is no day.
func parseDay(v string) (time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, nil
	}
	t, err := time.ParseInLocation(time.DateOnly, v, shoptime.Zone)
	if err != nil || t.Year() < 2000 || t.Year() > 2100 {
		return time.Time{}, errors.New("not a day")
	}
	return t, nil
}

// unreadableMessage is the message of the parameter name whose value dst's field cannot hold, or
// breaks its field's bounds: a day, a yes/no, or a whole number within its field's min and max.
func unreadableMessage(dst any, name string) string {
	f, ok := fieldByQueryName(reflect.TypeOf(dst).Elem(), name)
	if !ok {
		return apperr.MsgInvalid
	}
	switch {
	case f.Type == reflect.TypeFor[time.Time]():
		return apperr.MsgDay
	case f.Type.Kind() == reflect.Bool:
		return apperr.MsgFlag
	case isWholeNumber(f.Type.Kind()):
		lo, hi := 0, 0
		for _, rule := range strings.Split(f.Tag.Get("validate"), ",") {
			key, val, _ := strings.Cut(rule, "=")
			switch key {
			case "min", "gte":
				lo, _ = strconv.Atoi(val)
			case "max", "lte":
				hi, _ = strconv.Atoi(val)
			}
		}
		if hi > lo {
			return apperr.MsgIntBetween(lo, hi)
		}
		return apperr.MsgInteger
	}
	return apperr.MsgInvalid
}

func fieldByQueryName(t reflect.Type, name string) (reflect.StructField, bool) {
	for _, f := range reflect.VisibleFields(t) {
		if tag, _, _ := strings.Cut(f.Tag.Get("query"), ","); tag == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

func isWholeNumber(k reflect.Kind) bool { return k >= reflect.Int && k <= reflect.Uint64 }
