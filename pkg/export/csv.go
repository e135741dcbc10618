package export

import (
	"encoding/csv"
	"io"
	"strconv"

	"tienda/pkg/shoptime"
)

// csvWriter writes CSV as Excel in Spanish (Mexico) reads it by a double click: UTF-8 with a byte
// order mark (without it Excel takes the file as ANSI and breaks the accents), commas (the list
// separator of es-MX), CRLF line ends, fields quoted when they hold a comma, a quote or a line
// break, dates as dd/mm/aaaa hh:mm (read as dates, day first, in es-MX), amounts as plain numbers
// with a decimal point and two decimals (read as numbers: es-MX uses the point).
type csvWriter struct {
	out    *csv.Writer
	cols   []Column
	fields []string
	rows   int
}

// bom is UTF-8's byte order mark.
const bom = "\ufeff"

func newCSV(w io.Writer, cols []Column) (*csvWriter, error) {
	if _, err := io.WriteString(w, bom); err != nil {
		return nil, err
	}
	out := csv.NewWriter(w) // writes through a buffer of its own, a few kilobytes at a time
	out.UseCRLF = true
	c := &csvWriter{out: out, cols: cols, fields: make([]string, len(cols))}
	for i, col := range cols {
		c.fields[i] = safeText(col.Title)
	}
	if err := out.Write(c.fields); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *csvWriter) Write(cells ...Cell) error {
	if err := check(c.cols, cells); err != nil {
		return err
	}
	for i, cell := range cells {
		c.fields[i] = csvField(cell)
	}
	if err := c.out.Write(c.fields); err != nil {
		return err
	}
	c.rows++
	return nil
}

// Flush sends what the writer holds on to w (http.Flusher-like, for the first bytes of an answer).
func (c *csvWriter) Flush() error {
	c.out.Flush()
	return c.out.Error()
}

func (c *csvWriter) Close() error { return c.Flush() }

func (c *csvWriter) Rows() int { return c.rows }

func csvField(cell Cell) string {
	if !cell.set {
		return ""
	}
	switch cell.kind {
	case KindInt:
		return strconv.FormatInt(cell.n, 10)
	case KindMoney:
		return decimal(cell.n)
	case KindTime:
		return cell.at.In(shoptime.Zone).Format("02/01/2006 15:04")
	}
	return safeText(cell.text)
}

// decimal writes centavos as pesos with a decimal point and two decimals, no thousands separator:
// -1234.50.
func decimal(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents // money keeps amounts far from the int64 limits
	}
	frac := strconv.FormatInt(cents%100, 10)
	if len(frac) < 2 {
		frac = "0" + frac
	}
	return sign + strconv.FormatInt(cents/100, 10) + "." + frac
}

// safeText keeps a text a spreadsheet would take for a formula (it starts with =, +, -, @, a tab
// or a carriage return: CSV injection) as text, with a leading apostrophe.
func safeText(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}
