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
// since the plan kept), and each variant whose units the file counts differently by an adjustment (a 'Conteo
// físico') with its stock movement, the counts of a batch together (AdjustStocksOnce), whose id is the import's and the row's (written once). A
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

// applyBatch writes a batch of the plan's products, counting them in j: the new ones together
// (CreateProducts), each with the id its first row gives it, the changed ones together
// (EditProducts), then the counts of the changed ones together (applyCounts).
func (im *importer) applyBatch(ctx context.Context, j *ImportJob, batch []ImportProduct) {
	var news []catalog.NewProduct
	var newOnes, changed []ImportProduct
	var edits []catalog.ProductEdit
	editAt := map[int]int{} // the position in edits of each changed product's edit
	for _, ip := range batch {
		j.Hechos++
		if ip.ID == "" {
			news, newOnes = append(news, catalog.NewProduct{ID: importProductID(j.ID, ip.Filas[0]), In: ip.in}), append(newOnes, ip)
			continue
		}
		if ip.edit {
			id, _ := bson.ObjectIDFromHex(ip.ID) // the plan's, from the catalogue
			editAt[len(changed)] = len(edits)
			edits = append(edits, catalog.ProductEdit{ID: id, In: ip.in})
		}
		changed = append(changed, ip)
	}
	refusedEdits := im.svc.cat.EditProducts(ctx, edits)
	var edited []ImportProduct
	for k, ip := range changed {
		if e, ok := editAt[k]; !ok || refusedEdits[e] == nil {
			edited = append(edited, ip)
		}
	}
	counted := im.svc.applyCounts(ctx, edited, j.ID)
	for k, ip := range changed {
		if e, ok := editAt[k]; ok && refusedEdits[e] != nil {
			im.failed(j, ip, refusedEdits[e])
			continue
		}
		done := counted[0]
		counted = counted[1:]
		j.Ajustes += done.Made
		if done.Err == nil {
			j.Actualizados++
		}
		im.failed(j, ip, done.Err)
	}
	created, refused := im.svc.cat.CreateProducts(ctx, news)
	j.Creados += len(created)
	for k, err := range refused {
		im.failed(j, newOnes[k], err)
	}
}

// failed counts a product the catalogue refused or failed to write (err not nil) in j.
func (im *importer) failed(j *ImportJob, ip ImportProduct, err error) {
	if err == nil {
		return
	}
	j.NumErrores++
	if len(j.Errores) < maxJobRefusals {
		j.Errores = append(j.Errores, writeFailure(ip, err))
	}
	im.log.Warn().Err(err).Str("import", j.ID.Hex()).Int("fila", ip.Filas[0]).Msg("product import: product")
}

// applyCounts writes the counts of updates (their other fields are written by EditProducts, with
// the other changed products of the batch), each count an adjustment, all of them together
// (AdjustStocksOnce: a few writes for the batch); it answers, by position in ips, how many
// adjustments of each it made (or an earlier run of the import made) and why its next one was not.
func (s *Service) applyCounts(ctx context.Context, ips []ImportProduct, job bson.ObjectID) []catalog.Adjusted {
	lists := make([][]catalog.OnceAdjustment, len(ips))
	for k, ip := range ips {
		for _, c := range ip.counts {
			units := float64(c.units)
			lists[k] = append(lists[k], catalog.OnceAdjustment{In: catalog.AdjustInput{ProductID: ip.ID, VarianteID: c.variant.Hex(),
				Tipo: catalog.TipoConteo, Cantidad: &units, Motivo: "Importación de productos, fila " + strconv.Itoa(c.row)},
				Once: importMovementID(job, c.row)})
		}
	}
	return s.cat.AdjustStocksOnce(ctx, lists)
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
