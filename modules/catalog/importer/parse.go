package importer

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"

	"tienda/modules/catalog"
	"tienda/pkg/apperr"
)

// 'Importar productos' reads a file in the layout of the products export (export.go): one row per
// variant, the columns found by their titles (in any order; the computed ones, 'Precio final',
// 'Valor de inventario' and 'Actualizado', are read past), so that export, edit, import
// round-trips. CSV as Excel in Spanish writes it (UTF-8 with or without its BOM, or Windows-1252;
// ';' or ',' between fields; a decimal comma) or XLSX (the first sheet).

// Limits of an import file.
const (
	maxImportBytes = 7 << 20 // under the upload routes' body limit (app/server.go)
	maxImportRows  = 50000   // applied in the background (jobs.go); 50,000 rows of the export take about 5 MB
)

// Import columns: the key of each and the titles it is known by (folded, see fold).
const (
	colProducto    = "producto"
	colCategoria   = "categoria"
	colMarca       = "marca"
	colModelo      = "modelo"
	colTalla       = "talla"
	colTamano      = "tamano"
	colExistencias = "existencias"
	colMinimo      = "minimo"
	colCompra      = "compra"
	colVenta       = "venta"
	colProveedor   = "proveedor"
	colProductoID  = "producto_id"
	colSatKey      = "sat_key"
	colUnidadSat   = "unidad_sat"
)

// importColumns maps each folded title to its column; titles of the export first.
var importColumns = map[string]string{
	"producto": colProducto, "nombre": colProducto,
	"categoria":   colCategoria,
	"marca":       colMarca,
	"modelo":      colModelo,
	"talla":       colTalla,
	"tamano":      colTamano,
	"existencias": colExistencias, "stock": colExistencias,
	"minimo":                    colMinimo,
	"precio de compra":          colCompra,
	"precio de venta (sin iva)": colVenta, "precio de venta": colVenta,
	"proveedor":   colProveedor,
	"producto_id": colProductoID, "id del producto": colProductoID, "id de producto": colProductoID,
	"clave sat": colSatKey, "sat_key": colSatKey, "clave de producto sat": colSatKey,
	"unidad sat": colUnidadSat, "clave unidad sat": colUnidadSat, "clave_unidad_sat": colUnidadSat,
}

// computedColumns are the export's columns an import reads past: the shop works them out.
var computedColumns = map[string]bool{"precio final (sin iva)": true, "valor de inventario": true, "actualizado": true}

// columnTitles names each column in a refusal, as the export titles it.
var columnTitles = map[string]string{
	colProducto: "Producto", colCategoria: "Categoría", colMarca: "Marca", colModelo: "Modelo",
	colTalla: "Talla", colTamano: "Tamaño", colExistencias: "Existencias", colMinimo: "Mínimo",
	colCompra: "Precio de compra", colVenta: "Precio de venta (sin IVA)", colProveedor: "Proveedor",
	colProductoID: "ID del producto", colSatKey: "Clave SAT", colUnidadSat: "Unidad SAT",
}

// columnMax bounds each text column, as the product form's checks do (ProductInput).
var columnMax = map[string]int{
	colProducto: 200, colCategoria: 100, colMarca: 100, colModelo: 100, colTalla: 40, colTamano: 40,
	colProveedor: 200, colProductoID: 40, colSatKey: 20, colUnidadSat: 10,
}

// importRow is one data row of the file: its number as a spreadsheet shows it (the titles are
// row 1) and its cells by column, trimmed; a column the file lacks is absent.
type importRow struct {
	n     int
	cells map[string]string
}

// has reports whether the row has a value in column c.
func (r importRow) has(c string) bool { return r.cells[c] != "" }

// importFile is a parsed file: its rows and the titles read past because the import does not know them.
type importFile struct {
	rows    []importRow
	ignored []string
}

// parseImport reads a CSV or XLSX file (told apart by its content). Errors: invalid, in Spanish.
func parseImport(data []byte) (importFile, error) {
	if len(data) == 0 {
		return importFile{}, importErr("El archivo está vacío.")
	}
	if len(data) > maxImportBytes {
		return importFile{}, importErr("El archivo pesa más de 7 MB. Divídelo en partes más pequeñas.")
	}
	var table [][]string
	var err error
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		table, err = xlsxTable(data)
	} else {
		table, err = csvTable(data)
	}
	if err != nil {
		return importFile{}, err
	}
	return readTable(table)
}

func importErr(msg string) error {
	return apperr.InvalidFields(msg, map[string]string{"archivo": msg})
}

// xlsxTable reads the cells of the workbook's first sheet, numbers as stored (not as formatted).
func xlsxTable(data []byte) ([][]string, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		return nil, importErr("No se pudo leer el archivo de Excel. Guárdalo como .xlsx o como CSV.")
	}
	defer func() { _ = f.Close() }()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, importErr("El libro de Excel no tiene hojas.")
	}
	rows, err := f.GetRows(sheets[0], excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, importErr("No se pudo leer la primera hoja del libro de Excel.")
	}
	return rows, nil
}

// csvTable reads a CSV: the BOM dropped, Windows-1252 decoded when the text is not UTF-8, the
// separator the one the title row uses most (';' as Excel in Spanish, or ',').
func csvTable(data []byte) ([][]string, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !utf8.Valid(data) {
		decoded, err := charmap.Windows1252.NewDecoder().Bytes(data)
		if err != nil {
			return nil, importErr("El archivo no es un CSV de texto. Guárdalo como «CSV UTF-8» o como .xlsx.")
		}
		data = decoded
	}
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, importErr("El archivo no es un CSV de texto. Guárdalo como «CSV UTF-8» o como .xlsx.")
	}
	first, _, _ := bytes.Cut(data, []byte("\n"))
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = ','
	if bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		r.Comma = ';'
	}
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	var table [][]string
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, importErr("El CSV está mal formado cerca de la fila " + strconv.Itoa(len(table)+1) + ".")
		}
		table = append(table, rec)
		if len(table) > maxImportRows+1 {
			break
		}
	}
	return table, nil
}

// readTable finds the columns in the title row and reads the data rows, skipping empty ones.
func readTable(table [][]string) (importFile, error) {
	if len(table) == 0 {
		return importFile{}, importErr("El archivo está vacío.")
	}
	var out importFile
	cols := make([]string, len(table[0]))
	seen := map[string]bool{}
	for i, title := range table[0] {
		t := catalog.Fold(strings.TrimSpace(strings.TrimPrefix(title, "\ufeff")))
		c, ok := importColumns[t]
		switch {
		case ok && !seen[c]:
			cols[i], seen[c] = c, true
		case ok:
			return importFile{}, importErr("La columna «" + strings.TrimSpace(title) + "» está repetida.")
		case t != "" && !computedColumns[t]:
			out.ignored = append(out.ignored, strings.TrimSpace(title))
		}
	}
	if !seen[colProducto] && !seen[colModelo] && !seen[colProductoID] {
		return importFile{}, importErr("No se encontraron los títulos de las columnas. Usa la plantilla o el archivo de 'Exportar' (la primera fila lleva los títulos: Producto, Categoría, Marca, Modelo…).")
	}
	for i, rec := range table[1:] {
		row := importRow{n: i + 2, cells: map[string]string{}}
		for j, v := range rec {
			if j < len(cols) && cols[j] != "" {
				if v = unformula(strings.TrimSpace(v)); v != "" {
					row.cells[cols[j]] = v
				}
			}
		}
		if len(row.cells) == 0 {
			continue
		}
		if len(out.rows) == maxImportRows {
			return importFile{}, importErr("El archivo tiene más de " + strconv.Itoa(maxImportRows) + " filas de productos. Divídelo en partes de hasta " + strconv.Itoa(maxImportRows) + " filas.")
		}
		out.rows = append(out.rows, row)
	}
	if len(out.rows) == 0 {
		return importFile{}, importErr("El archivo no tiene filas de productos debajo de los títulos.")
	}
	return out, nil
}

// unformula undoes the export's guard against CSV injection: a leading apostrophe before a
// character a spreadsheet would take for a formula.
func unformula(s string) string {
	if len(s) > 1 && s[0] == '\'' && strings.ContainsRune("=+-@\t\r", rune(s[1])) {
		return s[1:]
	}
	return s
}

// parseNumber reads a number as a spreadsheet in Spanish or English writes it: 1234.5, 1234,5,
// 1.234,50, 1,234.50, $ 1 234,50. The last of '.' and ',' is the decimal mark when both appear;
// one alone is the decimal mark unless it repeats.
func parseNumber(s string) (float64, bool) {
	s = strings.NewReplacer("$", "", " ", "", "\u00a0", "", "MXN", "", "mxn", "").Replace(s)
	dot, comma := strings.LastIndexByte(s, '.'), strings.LastIndexByte(s, ',')
	switch {
	case dot >= 0 && comma >= 0 && comma > dot:
		s = strings.ReplaceAll(s, ".", "")
		s = strings.Replace(s, ",", ".", 1)
	case dot >= 0 && comma >= 0:
		s = strings.ReplaceAll(s, ",", "")
	case comma >= 0 && strings.Count(s, ",") == 1:
		s = strings.Replace(s, ",", ".", 1)
	case comma >= 0:
		s = strings.ReplaceAll(s, ",", "")
	case strings.Count(s, ".") > 1:
		s = strings.ReplaceAll(s, ".", "")
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, false
	}
	return v, true
}
