package sales

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/httpx"
	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

// Report is the sales report of a date range (SPEC §3). Ingresos are what was paid: a sale counts
// there once its payment is 'Pagado'; until then it is 'Por cobrar'. Cancelled and returned sales
// count in neither.
type Report struct {
	TotalVentas       int            `json:"totalVentas"`       // sales counted, paid or not
	TotalIngresos     float64        `json:"totalIngresos"`     // Pagadas.Total: what was paid, IVA included
	PorCobrar         float64        `json:"porCobrar"`         // Pendientes.Total: still to collect
	Pagadas           ReportSum      `json:"pagadas"`           // the paid sales
	Pendientes        ReportSum      `json:"pendientes"`        // the sales still unpaid
	ProductosVendidos map[string]int `json:"productosVendidos"` // product name -> units sold, paid or not
}

// ReportSum adds up some sales: how many, and their subtotal (before IVA), IVA and total, in
// pesos, each exact to the centavo (the sums of each sale's stored amounts).
type ReportSum struct {
	Ventas   int     `json:"ventas"`
	Subtotal float64 `json:"subtotal"`
	IVA      float64 `json:"iva"`
	Total    float64 `json:"total"`
}

// reportSum is a ReportSum while it is being added up, in centavos.
type reportSum struct {
	ventas               int
	subtotal, iva, total money.Cents
}

func (r *reportSum) add(folio string, subtotal, iva, total float64) error {
	for _, a := range []struct {
		into  *money.Cents
		pesos float64
		name  string
	}{{&r.subtotal, subtotal, "subtotal"}, {&r.iva, iva, "IVA"}, {&r.total, total, "total"}} {
		c, err := money.FromPesos(a.pesos)
		if err != nil {
			return apperr.Wrap(err, "sales: report: %s of %s", a.name, folio)
		}
		*a.into += c
	}
	r.ventas++
	return nil
}

func (r reportSum) pesos() ReportSum {
	return ReportSum{Ventas: r.ventas, Subtotal: r.subtotal.Pesos(), IVA: r.iva.Pesos(), Total: r.total.Pesos()}
}

// counts reports whether a sale counts as a sale: saved and not cancelled or returned.
func counts(v Sale) bool {
	return v.Estado == EstadoConfirmada && v.Entrega != EntregaCancelado && v.Entrega != EntregaDevuelto
}

// SalesReport totals the sales of [from, to) in centavos, paid and unpaid apart. It reads only the
// fields it adds up, one batch of sales at a time.
func (s *Service) SalesReport(ctx context.Context, from, to time.Time) (Report, error) {
	type line struct {
		Nombre   string `bson:"nombre"`
		Cantidad int    `bson:"cantidad"`
	}
	type sale struct {
		Folio    string  `bson:"folio"`
		Estado   string  `bson:"estado"`
		Entrega  string  `bson:"entrega"`
		Pago     string  `bson:"pago"`
		Subtotal float64 `bson:"subtotal"`
		IVA      float64 `bson:"iva"`
		Total    float64 `bson:"total"`
		Carrito  []line  `bson:"carrito"`
	}
	projection := bson.M{"folio": 1, "estado": 1, "entrega": 1, "pago": 1, "subtotal": 1, "iva": 1, "total": 1,
		"carrito.nombre": 1, "carrito.cantidad": 1}
	r := Report{ProductosVendidos: map[string]int{}}
	var paid, unpaid reportSum
	err := s.store.each(ctx, dated(from, to), projection, func(doc bson.Raw) error {
		var v sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: report: %w", err)
		}
		if !counts(Sale{Estado: v.Estado, Entrega: v.Entrega}) {
			return nil
		}
		sum := &unpaid
		if v.Pago == PagoPagado {
			sum = &paid
		}
		if err := sum.add(v.Folio, v.Subtotal, v.IVA, v.Total); err != nil {
			return err
		}
		for _, it := range v.Carrito {
			r.ProductosVendidos[it.Nombre] += it.Cantidad
		}
		return nil
	})
	if err != nil {
		return Report{}, err
	}
	r.Pagadas, r.Pendientes = paid.pesos(), unpaid.pesos()
	r.TotalVentas = paid.ventas + unpaid.ventas
	r.TotalIngresos, r.PorCobrar = r.Pagadas.Total, r.Pendientes.Total
	return r, nil
}

// ParseRange turns a report's start and end into [from, to): each is a day (2026-11-23, a whole day
// in the shop's zone; the end day is included) or an ISO-8601 instant. Empty means today.
func ParseRange(start, end string, now time.Time) (time.Time, time.Time, error) {
	today := now.In(shoptime.Zone).Format(time.DateOnly)
	if strings.TrimSpace(start) == "" {
		start = today
	}
	if strings.TrimSpace(end) == "" {
		end = today
	}
	from, ok := parseBound(start, false)
	if !ok {
		return time.Time{}, time.Time{}, apperr.InvalidFields("Fecha inválida.", map[string]string{"startDate": httpx.DayHint})
	}
	to, ok := parseBound(end, true)
	if !ok {
		return time.Time{}, time.Time{}, apperr.InvalidFields("Fecha inválida.", map[string]string{"endDate": httpx.DayHint})
	}
	if !from.Before(to) {
		return time.Time{}, time.Time{}, apperr.InvalidFields(httpx.RangeHint,
			map[string]string{"endDate": httpx.RangeHint})
	}
	if to.Sub(from) > 367*24*time.Hour {
		return time.Time{}, time.Time{}, apperr.InvalidFields("El periodo no puede ser mayor a un año.",
			map[string]string{"endDate": "El periodo no puede ser mayor a un año."})
	}
	return from.UTC(), to.UTC(), nil
}

// parseBound reads one end of a report's range: a day (its start, or the next day's start for the
// end) or an instant. ok is false for anything else.
func parseBound(v string, end bool) (time.Time, bool) {
	v = strings.TrimSpace(v)
	if d, err := time.ParseInLocation(time.DateOnly, v, shoptime.Zone); err == nil {
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
