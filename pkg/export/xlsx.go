package export

import (
	"archive/zip"
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// xlsxWriter writes one worksheet through excelize's StreamWriter: each row is turned into its XML
// as it comes (excelize keeps up to 16 MiB of it in memory, the rest in a temporary file) and the
// workbook is zipped straight to the output on Close. Numbers and amounts are number cells (amounts shown
// as #,##0.00), instants are date cells shown as dd/mm/yyyy hh:mm in shoptime.Zone, text is text: a text
// cell is never a formula, so it needs no guard against formula injection.
type xlsxWriter struct {
	out    io.Writer
	file   *excelize.File
	sheet  *excelize.StreamWriter
	cols   []Column
	styles []int // by column: the style of its cells
	values []any
	rows   int
}

// Number formats of the cells, by kind.
const (
	intFormat   = 1 // 0
	moneyFormat = 4 // #,##0.00
	timeFormat  = "dd/mm/yyyy hh:mm"
)

func newXLSX(w io.Writer, sheet string, cols []Column) (x *xlsxWriter, err error) {
	f := excelize.NewFile()
	// excelize zips a workbook into a buffer that holds the whole file before it is written out;
	// its zip writer hook lets the zip go straight to w instead (the buffer stays empty).
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter { return zip.NewWriter(w) })
	defer func() {
		if err != nil {
			_ = f.Close()
		}
	}()
	sheet = sheetName(sheet)
	if err := f.SetSheetName(f.GetSheetName(0), sheet); err != nil {
		return nil, fmt.Errorf("export: sheet: %w", err)
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return nil, fmt.Errorf("export: sheet: %w", err)
	}
	x = &xlsxWriter{out: w, file: f, sheet: sw, cols: cols, styles: make([]int, len(cols)), values: make([]any, len(cols))}
	if err := x.layout(); err != nil {
		return nil, err
	}
	return x, nil
}

// layout makes the cell styles, sets the columns' widths, freezes the header row and writes it;
// excelize takes all of it only before the first row.
func (x *xlsxWriter) layout() error {
	byKind := map[Kind]*excelize.Style{
		KindInt:   {NumFmt: intFormat},
		KindMoney: {NumFmt: moneyFormat},
		KindTime:  {CustomNumFmt: ptr(timeFormat)},
	}
	for i, col := range x.cols {
		if st, ok := byKind[col.Kind]; ok {
			id, err := x.file.NewStyle(st)
			if err != nil {
				return fmt.Errorf("export: style: %w", err)
			}
			x.styles[i] = id
		}
		if col.Width > 0 {
			if err := x.sheet.SetColWidth(i+1, i+1, col.Width); err != nil {
				return fmt.Errorf("export: width: %w", err)
			}
		}
	}
	if err := x.sheet.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return fmt.Errorf("export: panes: %w", err)
	}
	header, err := x.file.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}})
	if err != nil {
		return fmt.Errorf("export: style: %w", err)
	}
	titles := make([]any, len(x.cols))
	for i, col := range x.cols {
		titles[i] = excelize.Cell{StyleID: header, Value: col.Title}
	}
	return x.sheet.SetRow("A1", titles, excelize.RowOpts{StyleID: header})
}

func (x *xlsxWriter) Write(cells ...Cell) error {
	if err := check(x.cols, cells); err != nil {
		return err
	}
	for i, c := range cells {
		x.values[i] = x.value(i, c)
	}
	ref, err := excelize.CoordinatesToCellName(1, x.rows+2)
	if err != nil {
		return fmt.Errorf("export: row: %w", err)
	}
	if err := x.sheet.SetRow(ref, x.values); err != nil {
		return fmt.Errorf("export: row: %w", err)
	}
	x.rows++
	return nil
}

// value is what excelize writes for a cell of column i: nothing, a string, or a number or a date
// with the column's style.
func (x *xlsxWriter) value(i int, c Cell) any {
	if !c.set {
		return nil
	}
	switch c.kind {
	case KindInt:
		return excelize.Cell{StyleID: x.styles[i], Value: c.n}
	case KindMoney:
		return excelize.Cell{StyleID: x.styles[i], Value: float64(c.n) / 100}
	case KindTime:
		return excelize.Cell{StyleID: x.styles[i], Value: wallClock(c.at)}
	}
	return c.text
}

// Close ends the worksheet and writes the workbook, zipped, to the output.
func (x *xlsxWriter) Close() error {
	defer func() { _ = x.file.Close() }() // removes excelize's temporary file
	if err := x.sheet.Flush(); err != nil {
		return fmt.Errorf("export: flush: %w", err)
	}
	if err := x.file.Write(x.out); err != nil {
		return fmt.Errorf("export: write: %w", err)
	}
	return nil
}

func (x *xlsxWriter) Rows() int { return x.rows }

// sheetName makes a valid worksheet name: at most 31 characters, none of : \ / ? * [ ].
func sheetName(s string) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`:\/?*[]`, r) {
			return '-'
		}
		return r
	}, strings.TrimSpace(s))
	if r := []rune(s); len(r) > 31 {
		s = string(r[:31])
	}
	if s == "" {
		s = "Hoja1"
	}
	return s
}

func ptr[T any](v T) *T { return &v }
