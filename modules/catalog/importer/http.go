package importer

import (
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"tienda/modules/catalog"
	"tienda/pkg/export"
	"tienda/pkg/httpx"
)

// The routes of 'Importar productos' (apply.go), for the roles that manage the catalogue:
//
//	POST /v1/productos/importar?vista=1   the plan of the file (multipart, field "archivo"), nothing written
//	POST /v1/productos/importar           the file applied in the background: 202 and the job (jobs.go)
//	GET  /v1/productos/importaciones      the latest jobs, newest first
//	GET  /v1/productos/importaciones/:id  one job: its state, progress and result
//	GET  /v1/productos/importar/plantilla the template, an XLSX with the titles and an example row

// importFileOf reads the uploaded file of an import request.
func importFileOf(c *echo.Context) (string, []byte, error) {
	fh, err := c.FormFile("archivo")
	if err != nil {
		return "", nil, importErr("Elige el archivo CSV o XLSX que quieres importar.")
	}
	if fh.Size > maxImportBytes {
		return "", nil, importErr("El archivo pesa más de 7 MB. Divídelo en partes más pequeñas.")
	}
	f, err := fh.Open()
	if err != nil {
		return "", nil, importErr("No se pudo leer el archivo. Vuelve a elegirlo.")
	}
	defer func() { _ = f.Close() }()
	data, err := io.ReadAll(io.LimitReader(f, maxImportBytes+1))
	if err != nil {
		return "", nil, importErr("No se pudo leer el archivo. Vuelve a elegirlo.")
	}
	return fileName(fh.Filename), data, nil
}

// fileName is the last part of an uploaded file's name, at most 200 characters of it.
func fileName(name string) string {
	name = strings.TrimSpace(name[strings.LastIndexAny(name, "/\\")+1:])
	if r := []rune(name); len(r) > 200 {
		name = string(r[:200])
	}
	return name
}

// importProducts answers POST /v1/productos/importar: the plan with ?vista=1, else the job begun.
func (m *Module) importProducts(c *echo.Context) error {
	name, data, err := importFileOf(c)
	if err != nil {
		return err
	}
	var p struct {
		Vista bool `query:"vista"` // the plan, nothing written
	}
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	if p.Vista {
		plan, err := m.service.PreviewImport(data)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, plan)
	}
	job, err := m.imports.startImport(catalog.ActorContext(c), name, data)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, job)
}

// importJobs answers GET /v1/productos/importaciones.
func (m *Module) importJobs(c *echo.Context) error {
	jobs, err := m.imports.recent(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"importaciones": jobs})
}

// importJob answers GET /v1/productos/importaciones/:id.
func (m *Module) importJob(c *echo.Context) error {
	job, err := m.imports.job(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, job)
}

// templateColumns are the columns of the template: the export's that an import reads, and the
// product's own keys.
var templateColumns = []export.Column{
	{Title: "Producto", Kind: export.KindText, Width: 40},
	{Title: "Categoría", Kind: export.KindText, Width: 18},
	{Title: "Marca", Kind: export.KindText, Width: 14},
	{Title: "Modelo", Kind: export.KindText, Width: 16},
	{Title: "Talla", Kind: export.KindText, Width: 10},
	{Title: "Tamaño", Kind: export.KindText, Width: 12},
	{Title: "Existencias", Kind: export.KindInt, Width: 11},
	{Title: "Mínimo", Kind: export.KindInt, Width: 8},
	{Title: "Precio de compra", Kind: export.KindMoney, Width: 15},
	{Title: "Precio de venta (sin IVA)", Kind: export.KindMoney, Width: 15},
	{Title: "Proveedor", Kind: export.KindText, Width: 18},
	{Title: "ID del producto", Kind: export.KindText, Width: 14},
	{Title: "Clave SAT", Kind: export.KindText, Width: 11},
	{Title: "Unidad SAT", Kind: export.KindText, Width: 10},
}

// importTemplate answers GET /v1/productos/importar/plantilla.
func (m *Module) importTemplate(c *echo.Context) error {
	spec := export.Spec{Format: export.XLSX, Name: "plantilla-productos", Sheet: "Productos", Columns: templateColumns, Total: 1}
	return export.Stream(c.Request().Context(), c.Response(), spec, func(write func(...export.Cell) error) error {
		return write(export.Text("Cámara IP bala 4 MP"), export.Text("Camaras IP y NVRs"), export.Text("Hikvision"),
			export.Text("DS-2CD1043G0-I"), export.Text("Unico"), export.Text(""), export.Int(10), export.Int(2),
			export.Pesos(850), export.Pesos(1299), export.Text("Syscom"), export.Text(""), export.Text("46171610"), export.Text("H87"))
	})
}
