package export

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
)

var testCols = []Column{
	{Title: "Folio", Kind: KindText, Width: 20},
	{Title: "Fecha", Kind: KindTime, Width: 17},
	{Title: "Artículos", Kind: KindInt},
	{Title: "Total", Kind: KindMoney, Width: 12},
}

// testRows are rows a shop writes: accents, a comma and a line break, a formula, negative
// amounts, an empty date, a phone with its +.
func testRows() [][]Cell {
	at := time.Date(2026, 11, 15, 16, 30, 59, 0, time.UTC) // 10:30 in Mexico City
	return [][]Cell{
		{Text("20261115-103059-0001"), Time(at), Int(3), Money(123450)},
		{Text(`=HYPERLINK("http://x","clic")`), Time(time.Time{}), Int(-2), Pesos(-50)},
		{Text("Pérez, Juan\nsegunda línea"), Time(at.Add(-24 * time.Hour)), Int(0), Pesos(0.1 + 0.2)},
		{Text("+52 55 1234 5678"), Cell{}, Cell{}, Pesos(1e15)},
		{Text("@SUM(A1)"), Time(time.Date(2026, 1, 1, 5, 59, 0, 0, time.UTC)), Int(1234567), Money(5)},
	}
}

func write(t *testing.T, f Format) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := newWriter(&buf, f, "Ventas", testCols)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range testRows() {
		if err := w.Write(r...); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if w.Rows() != 5 {
		t.Fatalf("rows %d, want 5", w.Rows())
	}
	return buf.Bytes()
}

func TestCSVIsWhatExcelInSpanishReads(t *testing.T) {
	got := string(write(t, CSV))
	want := "\ufeffFolio,Fecha,Artículos,Total\r\n" +
		"20261115-103059-0001,15/11/2026 10:30,3,1234.50\r\n" +
		`"'=HYPERLINK(""http://x"",""clic"")",,-2,-50.00` + "\r\n" +
		"\"Pérez, Juan\r\nsegunda línea\",14/11/2026 10:30,0,0.30\r\n" +
		"'+52 55 1234 5678,,,\r\n" +
		"'@SUM(A1),31/12/2025 23:59,1234567,0.05\r\n"
	if got != want {
		t.Fatalf("CSV:\n%q\nwant\n%q", got, want)
	}
}

func TestXLSXHasRealNumbersAndDates(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(write(t, XLSX)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.GetSheetList(); len(got) != 1 || got[0] != "Ventas" {
		t.Fatalf("sheets %v", got)
	}
	rows, err := f.GetRows("Ventas")
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"Folio", "Fecha", "Artículos", "Total"},
		{"20261115-103059-0001", "15/11/2026 10:30", "3", "1,234.50"},
		{`=HYPERLINK("http://x","clic")`, "", "-2", "-50.00"},
		{"Pérez, Juan\nsegunda línea", "14/11/2026 10:30", "0", "0.30"},
		{"+52 55 1234 5678"},
		{"@SUM(A1)", "31/12/2025 23:59", "1234567", "0.05"},
	}
	if len(rows) != len(want) {
		t.Fatalf("rows %q", rows)
	}
	for i := range want {
		if strings.Join(rows[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d: %q, want %q", i+1, rows[i], want[i])
		}
	}
	for cell, typ := range map[string]excelize.CellType{"A2": excelize.CellTypeInlineString, "B2": excelize.CellTypeUnset,
		"C2": excelize.CellTypeUnset, "D2": excelize.CellTypeUnset} {
		got, err := f.GetCellType("Ventas", cell)
		if err != nil || got != typ {
			t.Errorf("%s: type %v (%v), want %v", cell, got, err, typ)
		}
	}
	// Numbers are numbers (no t attribute: n), dates are serial numbers with a date format.
	for cell, raw := range map[string]string{"B2": "46341.43818287037", "C2": "3", "D2": "1234.5", "C3": "-2"} {
		got, err := f.GetCellValue("Ventas", cell, excelize.Options{RawCellValue: true})
		if err != nil || got != raw {
			t.Errorf("%s: raw %q (%v), want %q", cell, got, err, raw)
		}
	}
	if f2, err := f.GetCellFormula("Ventas", "A3"); err != nil || f2 != "" {
		t.Errorf("A3 became a formula %q (%v)", f2, err)
	}
	style, err := f.GetCellStyle("Ventas", "B2")
	if err != nil {
		t.Fatal(err)
	}
	st, err := f.GetStyle(style)
	if err != nil || st.CustomNumFmt == nil || *st.CustomNumFmt != timeFormat {
		t.Errorf("B2 style %+v (%v)", st, err)
	}
}

func TestCellsMustFitTheColumns(t *testing.T) {
	for _, f := range []Format{CSV, XLSX} {
		w, err := newWriter(&bytes.Buffer{}, f, "x", testCols)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Write(Text("a")); err == nil {
			t.Errorf("%s: a short row was written", f)
		}
		if err := w.Write(Text("a"), Text("b"), Int(1), Money(1)); err == nil {
			t.Errorf("%s: text in a date column was written", f)
		}
		if err := w.Close(); err != nil {
			t.Error(err)
		}
	}
	if _, err := newWriter(&bytes.Buffer{}, "pdf", "x", testCols); err == nil {
		t.Error("an unknown format was accepted")
	}
}

func TestParseFormat(t *testing.T) {
	for in, want := range map[string]Format{"": CSV, "csv": CSV, " XLSX ": XLSX} {
		if got, err := ParseFormat(in); err != nil || got != want {
			t.Errorf("%q: %v %v", in, got, err)
		}
	}
	_, err := ParseFormat("pdf")
	var e *apperr.Error
	if !errors.As(err, &e) || e.Message != apperr.BadParameters(e.Fields).Message || e.Fields["formato"] != apperr.MsgOneOf("csv", "xlsx") {
		t.Errorf("pdf: %v", err)
	}
}

func TestSheetNames(t *testing.T) {
	for in, want := range map[string]string{"": "Hoja1", "Ventas 1/2": "Ventas 1-2",
		"Movimientos de inventario del año": "Movimientos de inventario del a"} {
		if got := sheetName(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestDecimal(t *testing.T) {
	for c, want := range map[money.Cents]string{0: "0.00", 5: "0.05", -5: "-0.05", 100: "1.00", -123456: "-1234.56"} {
		if got := decimal(int64(c)); got != want {
			t.Errorf("%d: %q, want %q", c, got, want)
		}
	}
}
