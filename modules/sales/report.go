package sales

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
)

// Report is the sales report of a date range (SPEC §3).
type Report struct {
	TotalVentas       int            `json:"totalVentas"`       // sales counted
	TotalIngresos     float64        `json:"totalIngresos"`     // their totals, in pesos, exact to the centavo
	ProductosVendidos map[string]int `json:"productosVendidos"` // product name -> units sold
}

// counts reports whether a sale counts as a sale: saved and not cancelled or returned.
func counts(v Sale) bool {
	return v.Estado == EstadoConfirmada && v.Entrega != EntregaCancelado && v.Entrega != EntregaDevuelto
}

// SalesReport totals the sales of [from, to) in centavos. It reads only the fields it adds up, one
// batch of sales at a time.
func (s *Service) SalesReport(ctx context.Context, from, to time.Time) (Report, error) {
	type line struct {
		Nombre   string `bson:"nombre"`
		Cantidad int    `bson:"cantidad"`
	}
	type sale struct {
		Folio   string  `bson:"folio"`
		Estado  string  `bson:"estado"`
		Entrega string  `bson:"entrega"`
		Total   float64 `bson:"total"`
		Carrito []line  `bson:"carrito"`
	}
	projection := bson.M{"folio": 1, "estado": 1, "entrega": 1, "total": 1, "carrito.nombre": 1, "carrito.cantidad": 1}
	r := Report{ProductosVendidos: map[string]int{}}
	var total money.Cents
	err := s.store.each(ctx, dated(from, to), projection, func(doc bson.Raw) error {
		var v sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: report: %w", err)
		}
		if !counts(Sale{Estado: v.Estado, Entrega: v.Entrega}) {
			return nil
		}
		c, err := money.FromPesos(v.Total)
		if err != nil {
			return apperr.Wrap(err, "sales: report: total of %s", v.Folio)
		}
		total += c
		r.TotalVentas++
		for _, it := range v.Carrito {
			r.ProductosVendidos[it.Nombre] += it.Cantidad
		}
		return nil
	})
	if err != nil {
		return Report{}, err
	}
	r.TotalIngresos = total.Pesos()
	return r, nil
}

// ParseRange turns a report's start and end into [from, to): each is a day (2026-11-23, a whole day
// in the shop's zone; the end day is included) or an ISO-8601 instant. Empty means today.
func ParseRange(start, end string, now time.Time) (time.Time, time.Time, error) {
	today := now.In(ShopZone).Format(time.DateOnly)
	if strings.TrimSpace(start) == "" {
		start = today
	}
	if strings.TrimSpace(end) == "" {
		end = today
	}
	from, ok := parseBound(start, false)
	if !ok {
		return time.Time{}, time.Time{}, apperr.InvalidFields("Fecha inválida.", map[string]string{"startDate": dateFormatHint})
	}
	to, ok := parseBound(end, true)
	if !ok {
		return time.Time{}, time.Time{}, apperr.InvalidFields("Fecha inválida.", map[string]string{"endDate": dateFormatHint})
	}
	if !from.Before(to) {
		return time.Time{}, time.Time{}, apperr.InvalidFields("La fecha de inicio debe ser anterior a la fecha de fin.",
			map[string]string{"endDate": "Debe ser igual o posterior a la fecha de inicio."})
	}
	if to.Sub(from) > 367*24*time.Hour {
		return time.Time{}, time.Time{}, apperr.InvalidFields("El periodo no puede ser mayor a un año.",
			map[string]string{"endDate": "El periodo no puede ser mayor a un año."})
	}
	return from.UTC(), to.UTC(), nil
}

// dateFormatHint is the field message for a date a report cannot read.
const dateFormatHint = "Usa el formato AAAA-MM-DD."

// parseBound reads one end of a report's range: a day (its start, or the next day's start for the
// end) or an instant. ok is false for anything else.
func parseBound(v string, end bool) (time.Time, bool) {
	v = strings.TrimSpace(v)
	if d, err := time.ParseInLocation(time.DateOnly, v, ShopZone); err == nil {
		if end {
			return d.AddDate(0, 0, 1), true // the whole end day
		}
		return d, true
	}
	if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
		return t, true
	}
	return time.Time{}, false
}
