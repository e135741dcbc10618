package pacfake

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/go-pdf/fpdf"

	"tienda/pkg/cfdi"
)

// renderPDF is the invoice's printed representation: a one-or-more-page Letter PDF with the
// emisor, the receptor, the fiscal folio, the conceptos and the totals, marked as a test
// document. Text is left uncompressed so that tests can find it.
func renderPDF(st stored) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "Letter", "")
	pdf.SetCompression(false)
	pdf.SetTitle("CFDI "+st.inv.UUID, true)
	pdf.SetMargins(15, 15, 15)
	pdf.AddPage()
	tr := pdf.UnicodeTranslatorFromDescriptor("") // cp1252: Spanish accents in the core fonts
	c := st.comp

	pdf.SetFont("Helvetica", "B", 14)
	title := "Factura electrónica (CFDI 4.0)"
	if c.Tipo == cfdi.TipoEgreso {
		title = "Nota de crédito (CFDI 4.0 de egreso)"
	}
	pdf.CellFormat(0, 8, tr(title), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "B", 10)
	pdf.SetTextColor(180, 0, 0)
	pdf.CellFormat(0, 6, tr("Documento de prueba sin validez fiscal"), "", 1, "L", false, 0, "")
	if st.inv.Status == "canceled" {
		pdf.CellFormat(0, 6, "CANCELADA", "", 1, "L", false, 0, "")
	}
	pdf.SetTextColor(0, 0, 0)
	pdf.Ln(2)

	line := func(label, value string) {
		pdf.SetFont("Helvetica", "B", 9)
		pdf.CellFormat(45, 5, tr(label), "", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 9)
		pdf.MultiCell(0, 5, tr(value), "", "L", false)
	}
	line("Emisor:", fmt.Sprintf("%s  RFC %s  Régimen %s", c.Emisor.Nombre, c.Emisor.RFC, c.Emisor.RegimenFiscal))
	line("Receptor:", fmt.Sprintf("%s  RFC %s", c.Receptor.Nombre, c.Receptor.RFC))
	line("", fmt.Sprintf("Régimen %s  C.P. %s  Uso del CFDI %s", c.Receptor.RegimenFiscal, c.Receptor.CodigoPostal, c.Receptor.UsoCFDI))
	line("Serie y folio:", c.Serie+" "+c.Folio)
	line("Folio fiscal (UUID):", st.timbre.UUID)
	line("Fecha de emisión:", c.Fecha.Format("2006-01-02T15:04:05"))
	line("Fecha de timbrado:", st.timbre.FechaTimbrado.Format("2006-01-02T15:04:05Z"))
	line("Lugar de expedición:", c.LugarExpedicion)
	line("Forma y método de pago:", c.FormaPago+"  "+c.MetodoPago)
	if c.Relacionado != "" {
		line("CFDI relacionado (01):", c.Relacionado)
	}
	if c.Global != nil {
		line("Información global:", fmt.Sprintf("Periodicidad %s  Meses %s  Año %d", c.Global.Periodicidad, c.Global.Meses, c.Global.Anio))
	}
	pdf.Ln(3)
	conceptosTable(pdf, tr, st)
	pdf.Ln(3)
	totals := [][2]string{{"Subtotal", c.SubTotal.String()}}
	if c.Descuento != 0 {
		totals = append(totals, [2]string{"Descuento", c.Descuento.String()})
	}
	totals = append(totals, [2]string{"IVA 16%", c.IVA.String()}, [2]string{"Total", c.Total.String()})
	for _, t := range totals {
		pdf.SetFont("Helvetica", "B", 9)
		pdf.CellFormat(150, 5, tr(t[0]), "", 0, "R", false, 0, "")
		pdf.SetFont("Helvetica", "", 9)
		pdf.CellFormat(0, 5, t[1], "", 1, "R", false, 0, "")
	}
	pdf.Ln(4)
	pdf.SetFont("Helvetica", "", 7)
	pdf.MultiCell(0, 4, tr("Certificado del PAC: "+RfcProvCertif+"  No. de certificado del SAT: "+st.timbre.NoCertificadoSAT), "", "L", false)
	pdf.MultiCell(0, 4, tr("Verificación: "+st.inv.VerificationURL), "", "L", false)
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("pacfake: pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// conceptosTable draws the conceptos: clave, cantidad, unidad, descripción and the amounts.
func conceptosTable(pdf *fpdf.Fpdf, tr func(string) string, st stored) {
	widths := []float64{20, 14, 16, 72, 22, 18, 24}
	heads := []string{"Clave", "Cant.", "Unidad", "Descripción", "V. unitario", "Desc.", "Importe"}
	pdf.SetFont("Helvetica", "B", 8)
	pdf.SetFillColor(230, 230, 230)
	for i, h := range heads {
		pdf.CellFormat(widths[i], 6, tr(h), "1", 0, "C", true, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont("Helvetica", "", 8)
	const lineH = 4.5
	_, pageH := pdf.GetPageSize()
	_, _, _, bottom := pdf.GetMargins()
	for _, k := range st.comp.Conceptos {
		desc := k.Descripcion
		if k.NoIdentificacion != "" {
			desc += " (" + k.NoIdentificacion + ")"
		}
		// The whole description, wrapped in its column: extras billed with a line are part of it.
		lines := pdf.SplitLines([]byte(tr(desc)), widths[3]-2) // bytes: tr gives cp1252
		h := lineH * float64(max(len(lines), 1))
		if _, y := pdf.GetXY(); y+h > pageH-bottom {
			pdf.AddPage()
		}
		x, y := pdf.GetXY()
		cells := []string{k.ClaveProdServ, strconv.FormatInt(k.Cantidad, 10), k.ClaveUnidad, "",
			k.ValorUnitario.String(), k.Descuento.String(), k.Importe.String()}
		cx := x
		for i, v := range cells {
			align := "L"
			if i == 1 || i >= 4 {
				align = "R"
			}
			pdf.SetXY(cx, y)
			if i == 3 {
				pdf.Rect(cx, y, widths[i], h, "D")
				for j, l := range lines {
					pdf.SetXY(cx, y+float64(j)*lineH)
					pdf.CellFormat(widths[i], lineH, string(l), "", 0, "L", false, 0, "")
				}
			} else {
				pdf.CellFormat(widths[i], h, tr(v), "1", 0, align, false, 0, "")
			}
			cx += widths[i]
		}
		pdf.SetXY(x, y+h)
	}
}
