package catalog

import (
	"context"
	"errors"
	"strconv"

	"tienda/pkg/apperr"
)

// The apply of an import: the plan made again on the catalogue as it is now, then each valid
// product written through the catalogue's own writes, one at a time: a new one by CreateProduct,
// an update by UpdateProduct (its versions, movements, memory and audit trail as the form's), and
// each variant whose units the file counts differently by AdjustStock as a 'Conteo físico' with
// its stock movement. A row already applied plans as unchanged, so a file imported again (or
// after a failure half way) writes only what is still missing, never twice.
//
// It runs while the request waits, for files of up to maxImportRows rows.

// ImportResult is the answer of an apply.
type ImportResult struct {
	Creados      int             `json:"creados"`
	Actualizados int             `json:"actualizados"`
	SinCambios   int             `json:"sinCambios"`
	Ajustes      int             `json:"ajustes"`
	Rechazados   []ImportRefusal `json:"rechazados"`
	// Errores are the products that failed while written (the rest were written): their first row.
	Errores []ImportRefusal `json:"errores"`
}

// PreviewImport answers what importing the file would do, writing nothing. Errors: invalid.
func (s *Service) PreviewImport(data []byte) (ImportPlan, error) {
	file, err := parseImport(data)
	if err != nil {
		return ImportPlan{}, err
	}
	return s.planImport(file), nil
}

// ApplyImport imports the valid products of the file as the user ctx carries. Errors: invalid
// (the file); a product that fails to write is reported in the result and the rest go on.
func (s *Service) ApplyImport(ctx context.Context, data []byte) (ImportResult, error) {
	file, err := parseImport(data)
	if err != nil {
		return ImportResult{}, err
	}
	plan := s.planImport(file)
	res := ImportResult{SinCambios: len(plan.SinCambios), Rechazados: plan.Rechazados, Errores: []ImportRefusal{}}
	ctx = context.WithoutCancel(ctx) // an import begun is finished, answered or not
	for _, ip := range plan.Nuevos {
		if _, err := s.CreateProduct(ctx, ip.in); err != nil {
			res.Errores = append(res.Errores, writeFailure(ip, err))
			continue
		}
		res.Creados++
	}
	for _, ip := range plan.Cambios {
		n, err := s.applyChange(ctx, ip)
		res.Ajustes += n
		if err != nil {
			res.Errores = append(res.Errores, writeFailure(ip, err))
			continue
		}
		res.Actualizados++
	}
	return res, nil
}

// applyChange writes an update's fields, then its counts, each an adjustment; it answers how many
// adjustments it made.
func (s *Service) applyChange(ctx context.Context, ip ImportProduct) (int, error) {
	if ip.edit {
		in := ip.in
		in.Variantes = s.unitsNow(ip.ID, in.Variantes)
		if _, err := s.UpdateProduct(ctx, ip.ID, in); err != nil {
			return 0, err
		}
	}
	n := 0
	for _, c := range ip.counts {
		units := float64(c.units)
		_, err := s.AdjustStock(ctx, AdjustInput{ProductoID: ip.ID, VarianteID: c.variant.Hex(), Tipo: TipoConteo,
			Cantidad: &units, Motivo: "Importación de productos, fila " + strconv.Itoa(c.row)})
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// unitsNow sets the units of the kept variants to the catalogue's now: a sale since the plan was
// made is not undone by the edit (the edit writes the units it sends; the counts come after).
func (s *Service) unitsNow(id string, vs []VariantInput) []VariantInput {
	oid, err := parseProductID(id)
	p, ok := s.memory.get(oid)
	if err != nil || !ok {
		return vs
	}
	vs = append([]VariantInput(nil), vs...)
	for i := range vs {
		for _, v := range p.Variantes {
			if v.ID.Hex() == vs[i].ID {
				units := float64(v.Stock)
				vs[i].Stock = &units
			}
		}
	}
	return vs
}

// writeFailure reports a product the catalogue refused or failed to write.
func writeFailure(ip ImportProduct, err error) ImportRefusal {
	msg := "No se pudo guardar el producto. Vuelve a importar el archivo para intentarlo de nuevo."
	var ae *apperr.Error
	if errors.As(err, &ae) && ae.Code != apperr.Internal {
		msg = ae.Message
		for _, m := range ae.Fields {
			msg = m
			break
		}
	}
	return ImportRefusal{Fila: ip.Filas[0], Motivo: msg}
}
