package invoicing

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"tienda/pkg/apperr"
	"tienda/pkg/cfdi"
	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

// Periodo is the period of a factura global: a day or a month in Mexico City.
type Periodo struct {
	Periodicidad string    `json:"periodicidad"` // "dia" or "mes"
	Meses        string    `json:"meses"`
	Anio         int       `json:"anio"`
	Desde        time.Time `json:"desde"`
	Hasta        time.Time `json:"hasta"` // excluded
}

// ParsePeriodo reads periodicidad ("dia" or "mes") and fecha (AAAA-MM-DD for a day, AAAA-MM for a
// month), with a Spanish message per field. The period must have begun, this year or the last
// (today and this month are fine: their sales so far are invoiced).
func (s *Service) ParsePeriodo(periodicidad, fecha string) (Periodo, error) {
	bad := apperr.Fields{}
	var p Periodo
	switch periodicidad {
	case "dia":
		d, err := time.ParseInLocation("2006-01-02", fecha, shoptime.Zone)
		if err != nil {
			bad.Add("fecha", apperr.MsgDay)
			break
		}
		p = Periodo{Periodicidad: periodicidad, Desde: d, Hasta: d.AddDate(0, 0, 1)}
	case "mes":
		d, err := time.ParseInLocation("2006-01", fecha, shoptime.Zone)
		if err != nil {
			bad.Add("fecha", "Escribe el mes como AAAA-MM.")
			break
		}
		p = Periodo{Periodicidad: periodicidad, Desde: d, Hasta: d.AddDate(0, 1, 0)}
	default:
		bad.Add("periodicidad", "Elige la periodicidad: dia (un día) o mes (un mes).")
	}
	if err := bad.Err(); err != nil {
		return Periodo{}, err
	}
	// The SAT takes a factura global of this year or the last one.
	if now := s.now().In(shoptime.Zone); p.Desde.Year() < now.Year()-1 || !p.Desde.Before(now) {
		return Periodo{}, apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"fecha": "Elige un periodo que ya haya empezado, de este año o del anterior."})
	}
	p.Meses, p.Anio = fmt.Sprintf("%02d", int(p.Desde.Month())), p.Desde.Year()
	return p, nil
}

func (p Periodo) global() *Global {
	per := cfdi.PeriodicidadDiaria
	if p.Periodicidad == "mes" {
		per = cfdi.PeriodicidadMensual
	}
	return &Global{Periodicidad: per, Meses: p.Meses, Anio: p.Anio}
}

// VentaGlobal is a sale in the preview of a factura global.
type VentaGlobal struct {
	ID         string    `json:"_id"`
	Folio      string    `json:"folio"`
	Fecha      time.Time `json:"fecha"`
	PagadoEn   time.Time `json:"pagadoEn"` // what puts it in the period
	Total      float64   `json:"total"`
	MetodoPago string    `json:"metodoPago"`
}

// Preview is what a factura global of a period would cover.
type Preview struct {
	Periodo   Periodo       `json:"periodo"`
	Ventas    []VentaGlobal `json:"ventas"`
	Subtotal  float64       `json:"subtotal"`
	IVA       float64       `json:"iva"`
	Total     float64       `json:"total"`
	FormaPago string        `json:"formaPago"`
}

// PreviewGlobal lists the sales paid in the period (by when they were paid, not ordered) that no
// CFDI covers, with their totals. A free sale (nothing to bill) is left out.
func (s *Service) PreviewGlobal(ctx context.Context, p Periodo) (Preview, error) {
	all, err := s.sales.Uninvoiced(ctx, p.Desde, p.Hasta)
	if err != nil {
		return Preview{}, err
	}
	ids := make([]string, len(all))
	for i, v := range all {
		ids[i] = v.ID
	}
	voided, err := s.store.voided(ctx, ids)
	if err != nil {
		return Preview{}, err
	}
	sales := make([]Sale, 0, len(all))
	for _, v := range all {
		if v.Subtotal > 0 && !voided[v.ID] {
			sales = append(sales, v)
		}
	}
	out := Preview{Periodo: p, Ventas: make([]VentaGlobal, len(sales)), FormaPago: formaPago(sales)}
	var sub, iva, total money.Cents
	for i, v := range sales {
		out.Ventas[i] = VentaGlobal{ID: v.ID, Folio: v.Folio, Fecha: v.Fecha, PagadoEn: v.PagadoEn, Total: v.Total.Pesos(), MetodoPago: v.MetodoPago}
		sub, iva, total = sub+v.Subtotal, iva+v.IVA, total+v.Total
	}
	out.Subtotal, out.IVA, out.Total = sub.Pesos(), iva.Pesos(), total.Pesos()
	return out, nil
}

// IssueGlobal issues the factura global of the period for the sales of ids (those the preview
// showed) that are still in it and that no CFDI covers. Errors: invalid, conflict (nothing left
// to invoice), unavailable.
func (s *Service) IssueGlobal(ctx context.Context, p Periodo, ids []string, por string) (Factura, error) {
	errDone := apperr.New(apperr.Conflict, "Las ventas de este periodo ya están facturadas.")
	// A sale a CFDI cancelled with motivo 03 covered did not take place: it is left out. (Such a
	// CFDI is cancelled before it frees its sales, so none can be claimed in between.)
	voided, err := s.store.voided(ctx, ids)
	if err != nil {
		return Factura{}, err
	}
	ids = slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return voided[id] })
	if len(ids) == 0 {
		return Factura{}, errDone
	}
	// The claims themselves keep to the period and to the sales no CFDI covers.
	r := Receptor{RFC: cfdi.RFCPublicoGeneral, RazonSocial: "PUBLICO EN GENERAL", RegimenFiscal: "616", CodigoPostal: s.settings.LugarExpedicion, UsoCFDI: "S01"}
	f, err := s.issue(ctx, draft{tipo: TipoGlobal, receptor: r, global: p.global(), saleIDs: ids, from: p.Desde, to: p.Hasta, creadoPor: por})
	if errors.Is(err, errNothingClaimed) {
		return Factura{}, errDone
	}
	if errors.Is(err, errNothingToBill) {
		return Factura{}, apperr.New(apperr.Conflict, "Las ventas elegidas no tienen importe que facturar: todos sus productos fueron sin costo.")
	}
	if err != nil {
		return f, err
	}
	return s.withToken(f), nil
}
