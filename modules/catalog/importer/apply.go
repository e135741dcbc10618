package importer

import (
	"context"
	"errors"
	"strconv"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/pkg/apperr"
)

// The apply of an import (jobs.go runs it): each valid product of the plan written through
// the catalogue's own writes: the new ones of a batch together by CreateProducts (built and
// checked as CreateProduct builds them, each under an id made from the import and its first
// row), the updates of a batch together by EditProducts (each built, guarded and recorded as
// UpdateProduct's: its version, movements, memory and audit trail as the form's, the units sold
// since the plan kept), and each variant whose units the file counts differently by AdjustStock as a 'Conteo
// físico' with its stock movement, whose id is the import's and the row's (written once). A
// product already written plans as unchanged, so a file imported again (or after a failure half
// way) writes only what is still missing.

// PreviewImport answers what importing the file would do, writing nothing. Errors: invalid.
func (s *Service) PreviewImport(data []byte) (ImportPlan, error) {
	file, err := parseImport(data)
	if err != nil {
		return ImportPlan{}, err
	}
	return s.planImport(file), nil
}

// applyCounts writes an update's counts, each an adjustment (its fields are written by
// EditProducts, with the other changed products of the batch); it answers how many adjustments it
// made (or an earlier run of the import made).
func (s *Service) applyCounts(ctx context.Context, ip ImportProduct, job bson.ObjectID) (int, error) {
	n := 0
	for _, c := range ip.counts {
		units := float64(c.units)
		_, err := s.cat.AdjustStockOnce(ctx, catalog.AdjustInput{ProductID: ip.ID, VarianteID: c.variant.Hex(), Tipo: catalog.TipoConteo,
			Cantidad: &units, Motivo: "Importación de productos, fila " + strconv.Itoa(c.row)}, importMovementID(job, c.row))
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
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
