package importer

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/pkg/apperr"
)

// The plan of an import: the file's rows grouped into products (the rows of one product are its
// variants, told apart by talla and tamaño), each matched to a product of the catalogue by
// producto_id, then modelo, then name, and checked with the product form's own checks
// (catalog.Checker) on a copy. Nothing is written; the apply (apply.go) makes the plan
// again on the catalogue as it then is, so a file imported twice changes nothing the second time.

// ImportPlan is the answer of a preview: what an import of the file would do.
type ImportPlan struct {
	Filas             int             `json:"filas"`
	Nuevos            []ImportProduct `json:"nuevos"`
	Cambios           []ImportProduct `json:"cambios"`
	SinCambios        []ImportProduct `json:"sinCambios"`
	Rechazados        []ImportRefusal `json:"rechazados"`
	ColumnasIgnoradas []string        `json:"columnasIgnoradas"`
}

// ImportProduct is one product of the file: its rows, the product it updates (none when new) and,
// for an update, each field that changes.
type ImportProduct struct {
	Filas    []int          `json:"filas"`
	ID       string         `json:"id,omitempty"`
	Producto string         `json:"producto"`
	Cambios  []ImportChange `json:"cambios,omitempty"`

	in     catalog.ProductInput // the write of the product, when anything but the units changes
	edit   bool                 // an update with more than units to write
	counts []stockTarget        // the units counted of existing variants: adjustments
}

// ImportChange is one field of a product before and after the import.
type ImportChange struct {
	Campo   string `json:"campo"`
	Antes   string `json:"antes"`
	Despues string `json:"despues"`
}

// ImportRefusal is a row left out of the import: its number, the column at fault and why.
type ImportRefusal struct {
	Fila    int    `json:"fila"`
	Columna string `json:"columna"`
	Motivo  string `json:"motivo"`
}

// stockTarget is the units a row counts for an existing variant.
type stockTarget struct {
	row     int
	variant bson.ObjectID
	units   int
}

// productLevel are the columns of the product itself (the same on each of its rows), and the
// input field each sets.
var productLevel = []struct {
	col   string
	field func(in *catalog.ProductInput, v string)
}{
	{colProducto, func(in *catalog.ProductInput, v string) { in.Nombre = &v }},
	{colCategoria, func(in *catalog.ProductInput, v string) { in.Categoria = &v }},
	{colMarca, func(in *catalog.ProductInput, v string) { in.Marca = &v }},
	{colModelo, func(in *catalog.ProductInput, v string) { in.Modelo = &v }},
	{colProveedor, func(in *catalog.ProductInput, v string) { in.Proveedor = &v }},
	{colProductoID, func(in *catalog.ProductInput, v string) { in.SetSupplierProductID(v) }},
	{colSatKey, func(in *catalog.ProductInput, v string) { in.SatKey = &v }},
	{colUnidadSat, func(in *catalog.ProductInput, v string) { in.UnidadDeMedida = &catalog.UnidadMedida{ClaveUnidadSat: v} }},
}

// catalogIndex finds the products of the catalogue by producto_id, modelo and name (folded).
type catalogIndex struct {
	byID, byModelo, byName map[string][]bson.ObjectID
}

func (s *Service) importIndex() catalogIndex {
	ix := catalogIndex{byID: map[string][]bson.ObjectID{}, byModelo: map[string][]bson.ObjectID{}, byName: map[string][]bson.ObjectID{}}
	s.cat.EachProduct(func(p *catalog.Product) {
		if p.SupplierProductID != "" {
			ix.byID[p.SupplierProductID] = append(ix.byID[p.SupplierProductID], p.ID)
		}
		if p.Modelo != "" {
			ix.byModelo[catalog.Fold(p.Modelo)] = append(ix.byModelo[catalog.Fold(p.Modelo)], p.ID)
		}
		ix.byName[catalog.Fold(p.Label())] = append(ix.byName[catalog.Fold(p.Label())], p.ID)
	})
	return ix
}

// groupKey is what makes rows one product: producto_id, else modelo, else the name.
func groupKey(r importRow) string {
	switch {
	case r.has(colProductoID):
		return "id\x00" + r.cells[colProductoID]
	case r.has(colModelo):
		return "modelo\x00" + catalog.Fold(r.cells[colModelo])
	}
	return "nombre\x00" + catalog.Fold(r.cells[colProducto])
}

// match finds the product a group's first row names; more than one is a refusal.
func (ix catalogIndex) match(r importRow) (bson.ObjectID, *ImportRefusal) {
	var ids []bson.ObjectID
	col := colProducto
	switch {
	case r.has(colProductoID):
		ids, col = ix.byID[r.cells[colProductoID]], colProductoID
	case r.has(colModelo):
		ids, col = ix.byModelo[catalog.Fold(r.cells[colModelo])], colModelo
	case r.has(colProducto):
		ids = ix.byName[catalog.Fold(r.cells[colProducto])]
	}
	if len(ids) > 1 {
		return bson.ObjectID{}, &ImportRefusal{Fila: r.n, Columna: columnTitles[col],
			Motivo: "Hay " + strconv.Itoa(len(ids)) + " productos con ese valor en el catálogo; escribe el ID del producto para elegir uno."}
	}
	if len(ids) == 1 {
		return ids[0], nil
	}
	return bson.ObjectID{}, nil
}

// planImport makes the plan of a parsed file on the catalogue as it is now.
func (s *Service) planImport(file importFile) ImportPlan {
	plan := ImportPlan{Filas: len(file.rows), Nuevos: []ImportProduct{}, Cambios: []ImportProduct{}, SinCambios: []ImportProduct{},
		Rechazados: []ImportRefusal{}, ColumnasIgnoradas: append([]string{}, file.ignored...)}
	var order []string
	groups := map[string][]importRow{}
	for _, r := range file.rows {
		if bad := checkCells(r); bad != nil {
			plan.Rechazados = append(plan.Rechazados, *bad)
			continue
		}
		k := groupKey(r)
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], r)
	}
	ix := s.importIndex()
	check := s.cat.Checker()
	claimed := map[bson.ObjectID]int{}
	for _, k := range order {
		rows := groups[k]
		id, bad := ix.match(rows[0])
		if bad == nil && !id.IsZero() && claimed[id] > 0 {
			bad = &ImportRefusal{Fila: rows[0].n, Columna: columnTitles[colProducto], Motivo: "La fila " + strconv.Itoa(claimed[id]) + " ya actualiza este producto."}
		}
		if bad != nil {
			plan.Rechazados = append(plan.Rechazados, *bad)
			continue
		}
		var cur *catalog.Product
		if !id.IsZero() {
			if p, ok := s.cat.Cached(id); ok {
				cur, claimed[id] = &p, rows[0].n
			}
		}
		ip, refused := planProduct(cur, rows, check)
		switch {
		case len(refused) > 0:
			plan.Rechazados = append(plan.Rechazados, refused...)
		case cur == nil:
			plan.Nuevos = append(plan.Nuevos, ip)
		case len(ip.Cambios) > 0:
			plan.Cambios = append(plan.Cambios, ip)
		default:
			plan.SinCambios = append(plan.SinCambios, ip)
		}
	}
	return plan
}

// checkCells refuses a row whose numbers are not numbers or whose texts are too long.
func checkCells(r importRow) *ImportRefusal {
	for _, c := range []string{colExistencias, colMinimo, colCompra, colVenta} {
		if r.has(c) {
			if _, ok := parseNumber(r.cells[c]); !ok {
				return &ImportRefusal{Fila: r.n, Columna: columnTitles[c], Motivo: "Debe ser un número; «" + r.cells[c] + "» no lo es."}
			}
		}
	}
	for c, hi := range columnMax {
		if len([]rune(r.cells[c])) > hi {
			return &ImportRefusal{Fila: r.n, Columna: columnTitles[c], Motivo: apperr.MsgMaxChars(hi)}
		}
	}
	if !r.has(colProducto) && !r.has(colModelo) && !r.has(colProductoID) {
		return &ImportRefusal{Fila: r.n, Columna: columnTitles[colProducto], Motivo: "Escribe el nombre del producto (o su modelo, si ya está en el catálogo)."}
	}
	return nil
}

// number is the value of a numeric cell, nil when empty (checkCells checked it).
func number(r importRow, c string) *float64 {
	if !r.has(c) {
		return nil
	}
	v, _ := parseNumber(r.cells[c])
	return &v
}

// planProduct builds the input of one product's rows over cur (nil: a new product), checks it
// with the form's checks and lists what changes. A refused product is refused on each of its rows.
func planProduct(cur *catalog.Product, rows []importRow, check catalog.Checker) (ImportProduct, []ImportRefusal) {
	ip := ImportProduct{}
	var in catalog.ProductInput
	for _, pl := range productLevel {
		for _, r := range rows {
			if !r.has(pl.col) {
				continue
			}
			if first := rows[0]; first.cells[pl.col] != r.cells[pl.col] {
				return ip, refuseAll(rows, ImportRefusal{Fila: r.n, Columna: columnTitles[pl.col],
					Motivo: "No coincide con la fila " + strconv.Itoa(first.n) + " del mismo producto."})
			}
		}
		if rows[0].has(pl.col) {
			pl.field(&in, rows[0].cells[pl.col])
		}
	}
	next := catalog.Product{ID: bson.NewObjectID()}
	if cur != nil {
		next = catalog.CloneProduct(*cur)
		ip.ID = cur.ID.Hex()
	}
	rowOf, counts, bad := variantInputs(&in, cur, rows)
	if bad != nil {
		return ip, refuseAll(rows, *bad)
	}
	if err := check.Apply(&next, &in); err != nil {
		return ip, refusalsOf(err, rows, rowOf)
	}
	ip.Producto, ip.in, ip.counts = next.Label(), in, counts
	for _, r := range rows {
		ip.Filas = append(ip.Filas, r.n)
	}
	if cur != nil {
		edits := changesOf(cur, &next)
		ip.edit = len(edits) > 0
		ip.Cambios = append(edits, countChanges(cur, counts)...)
	}
	return ip, nil
}

// refuseAll is the refusal of a product: the row at fault with its reason, each other row with
// the row to look at.
func refuseAll(rows []importRow, bad ImportRefusal) []ImportRefusal {
	out := []ImportRefusal{bad}
	for _, r := range rows {
		if r.n != bad.Fila {
			out = append(out, ImportRefusal{Fila: r.n, Columna: bad.Columna,
				Motivo: "El producto tiene un error en la fila " + strconv.Itoa(bad.Fila) + "; corrígelo para importar esta fila."})
		}
	}
	return out
}

// variantField reads the input field of a variant's check ("variantes[2].precioVenta").
var variantField = regexp.MustCompile(`^variantes\[(\d+)\]\.(\w+)$`)

// fieldColumns names the column of each field of the form's checks.
var fieldColumns = map[string]string{
	"nombre": colProducto, "titulo": colProducto, "categoria": colCategoria, "marca": colMarca, "modelo": colModelo,
	"proveedor": colProveedor, "producto_id": colProductoID, "sat_key": colSatKey, "unidad_de_medida.clave_unidad_sat": colUnidadSat,
	"stock": colExistencias, "precioCompra": colCompra, "precioVenta": colVenta, "minimo": colMinimo, "talla": colTalla, "tamano": colTamano,
}

// refusalsOf turns the form's field errors into refusals of the rows they come from.
func refusalsOf(err error, rows []importRow, rowOf map[int]int) []ImportRefusal {
	var ae *apperr.Error
	if !errors.As(err, &ae) || len(ae.Fields) == 0 {
		return refuseAll(rows, ImportRefusal{Fila: rows[0].n, Motivo: "No se pudo revisar el producto."})
	}
	var out []ImportRefusal
	faulty := map[int]bool{}
	for field, msg := range ae.Fields {
		row, col := rows[0].n, fieldColumns[field]
		if m := variantField.FindStringSubmatch(field); m != nil {
			i, _ := strconv.Atoi(m[1])
			if n, ok := rowOf[i]; ok {
				row = n
			}
			col = fieldColumns[m[2]]
		}
		faulty[row] = true
		out = append(out, ImportRefusal{Fila: row, Columna: columnTitles[col], Motivo: msg})
	}
	for _, r := range rows {
		if !faulty[r.n] {
			out = append(out, ImportRefusal{Fila: r.n, Motivo: "El producto tiene errores en otra de sus filas; corrígelos para importar esta fila."})
		}
	}
	sortRefusals(out)
	return out
}

func sortRefusals(out []ImportRefusal) {
	for i := 1; i < len(out); i++ { // few: a product's rows
		for j := i; j > 0 && (out[j].Fila < out[j-1].Fila || out[j].Fila == out[j-1].Fila && out[j].Columna < out[j-1].Columna); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
}

// variantKey tells variants apart as the form does: talla and tamaño, ignoring case.
func variantKey(talla, tamano string) string {
	if strings.TrimSpace(talla) == "" {
		talla = "Unico"
	}
	return catalog.Fold(strings.TrimSpace(talla)) + "\x00" + catalog.Fold(strings.TrimSpace(tamano))
}
