// Package export writes tables for spreadsheets, one row at a time as the rows are read: CSV that
// Excel in Spanish (Mexico) opens as it should, and XLSX through excelize's StreamWriter with real
// number and date cells. A writer never holds the rows it was given.
package export

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

// Format is the kind of file an export writes.
type Format string

// The formats an export can be written in.
const (
	CSV  Format = "csv"
	XLSX Format = "xlsx"
)

// ParseFormat reads a request's `formato`, any case: csv (also when empty) or xlsx; anything else
// is a Spanish 400 naming the parameter. An export reads `formato` as a text of its parameters
// (httpx.BindQuery) and then this.
func ParseFormat(v string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "csv":
		return CSV, nil
	case "xlsx":
		return XLSX, nil
	}
	return "", apperr.BadParameters(apperr.Fields{"formato": apperr.MsgOneOf(string(CSV), string(XLSX))})
}

// ContentType is the media type of a file of the format.
func (f Format) ContentType() string {
	if f == XLSX {
		return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	}
	return "text/csv; charset=utf-8"
}

// Kind is what a column holds, which decides how its cells are written.
type Kind uint8

// The kinds of column.
const (
	KindText  Kind = iota // any text
	KindInt               // a whole number
	KindMoney             // an amount in pesos, written with two decimals
	KindTime              // an instant, written as its date and time in shoptime.Zone (dd/mm/aaaa hh:mm)
)

// Column is one column of an export: its title in the header row, what it holds and, for XLSX,
// its width in characters (0: the spreadsheet's default).
type Column struct {
	Title string
	Kind  Kind
	Width float64
}

// Cell is one value of a row. Make it with Text, Int, Money, Pesos or Time; the zero Cell is an
// empty cell, allowed in any column.
type Cell struct {
	kind Kind
	set  bool
	text string
	n    int64 // a whole number, or centavos
	at   time.Time
}

// Text is a text cell.
func Text(s string) Cell { return Cell{kind: KindText, set: true, text: s} }

// Int is a whole-number cell.
func Int(n int64) Cell { return Cell{kind: KindInt, set: true, n: n} }

// Money is an amount cell.
func Money(c money.Cents) Cell { return Cell{kind: KindMoney, set: true, n: int64(c)} }

// Pesos is an amount cell from pesos as documents keep them, rounded to the centavo; an amount
// money cannot read (NaN, infinite, beyond a trillion pesos) leaves the cell empty.
func Pesos(p float64) Cell {
	c, err := money.FromPesos(p)
	if err != nil {
		return Cell{}
	}
	return Money(c)
}

// Time is a date-and-time cell; the zero time leaves the cell empty.
func Time(t time.Time) Cell {
	if t.IsZero() {
		return Cell{}
	}
	return Cell{kind: KindTime, set: true, at: t}
}

// writer writes the rows of one export. Write takes one row, one cell per column; Close finishes
// the file (an XLSX is written out only then) and must be called once the rows are done. Rows is
// how many rows were written, not counting the header.
type writer interface {
	Write(cells ...Cell) error
	Close() error
	Rows() int
}

// newWriter starts an export to w: the header row of cols, then one Write per row. sheet names the XLSX
// worksheet (31 characters at most).
func newWriter(w io.Writer, f Format, sheet string, cols []Column) (writer, error) {
	if len(cols) == 0 {
		return nil, errors.New("export: no columns")
	}
	switch f {
	case CSV:
		return newCSV(w, cols)
	case XLSX:
		return newXLSX(w, sheet, cols)
	}
	return nil, fmt.Errorf("export: unknown format %q", f)
}

// check verifies that a row fits the columns: as many cells, each empty or of its column's kind.
func check(cols []Column, cells []Cell) error {
	if len(cells) != len(cols) {
		return fmt.Errorf("export: a row of %d cells for %d columns", len(cells), len(cols))
	}
	for i, c := range cells {
		if c.set && c.kind != cols[i].Kind {
			return fmt.Errorf("export: column %q: a cell of another kind", cols[i].Title)
		}
	}
	return nil
}

// wallClock is t's date and time in shoptime.Zone, as a time without a zone (UTC with the same reading):
// what a spreadsheet keeps for a date.
func wallClock(t time.Time) time.Time {
	l := t.In(shoptime.Zone)
	return time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), 0, time.UTC)
}
