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

// Report is the sales report of a date range (SPEC §3). Its ingresos are money that moved in the
// range: by default each payment and each refund counts on the day it happened (Criterio 'pago'),
// so a day's report equals that day's cash cuts; with Criterio 'venta' they are the payments and
// refunds of the sales placed in the range, whenever the money moved. Ventas, cancelled and
// returned sales, what is still to collect and the units sold are of the sales placed in the range.
type Report struct {
	Criterio          string         `json:"criterio"`          // 'pago' or 'venta'
	TotalVentas       int            `json:"totalVentas"`       // sales placed in the range, neither cancelled nor returned whole
	Canceladas        int            `json:"canceladas"`        // sales placed in the range and cancelled
	Devueltas         int            `json:"devueltas"`         // sales placed in the range and returned whole
	TotalIngresos     float64        `json:"totalIngresos"`     // Ingresos.Total: payments less refunds, IVA included
	PorCobrar         float64        `json:"porCobrar"`         // Pendientes.Total: still to collect
	Ingresos          ReportSum      `json:"ingresos"`          // Pagadas less Devoluciones
	Pagadas           ReportSum      `json:"pagadas"`           // the payments
	Devoluciones      ReportSum      `json:"devoluciones"`      // the refunds
	Pendientes        ReportSum      `json:"pendientes"`        // the sales still unpaid
	ProductosVendidos map[string]int `json:"productosVendidos"` // product name -> units sold and not returned
}

// ReportSum adds up some movements or sales: how many, and their subtotal (before IVA), IVA and
// total, in pesos, each exact to the centavo (the sums of the stored amounts).
type ReportSum struct {
	Ventas   int     `json:"ventas"`
	Subtotal float64 `json:"subtotal"`
	IVA      float64 `json:"iva"`
	Total    float64 `json:"total"`
}

// Criteria of the report's ingresos.
const (
	PorFechaDePago  = "pago"
	PorFechaDeVenta = "venta"
)

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

// reportSale is what the report reads of a sale.
type reportSale struct {
	ID           bson.ObjectID `bson:"_id"`
	Folio        string        `bson:"folio"`
	Fecha        time.Time     `bson:"fecha"`
	Estado       string        `bson:"estado"`
	Entrega      string        `bson:"entrega"`
	Pago         string        `bson:"pago"`
	PagadoEn     *time.Time    `bson:"pagadoEn"`
	Subtotal     float64       `bson:"subtotal"`
	IVA          float64       `bson:"iva"`
	Total        float64       `bson:"total"`
	Devoluciones []Devolucion  `bson:"devoluciones"`
	Carrito      []struct {
		Nombre    string `bson:"nombre"`
		Cantidad  int    `bson:"cantidad"`
		Devueltos int    `bson:"devueltos"`
		Envio     bool   `bson:"envio"`
	} `bson:"carrito"`
}

var (
	reportFields = bson.M{"folio": 1, "fecha": 1, "estado": 1, "entrega": 1, "pago": 1, "pagadoEn": 1, "subtotal": 1,
		"iva": 1, "total": 1, "carrito.nombre": 1, "carrito.cantidad": 1, "carrito.devueltos": 1, "carrito.envio": 1, "devoluciones": 1}
	paymentFields = bson.M{"folio": 1, "subtotal": 1, "iva": 1, "total": 1}
)

// SalesReport totals the range [from, to) in centavos: the sales placed in it, and the money that
// moved in it by criterio (PorFechaDePago or PorFechaDeVenta). It reads only the fields it adds up.
func (s *Service) SalesReport(ctx context.Context, from, to time.Time, criterio string) (Report, error) {
	r := Report{Criterio: criterio, ProductosVendidos: map[string]int{}}
	var paid, refunded, unpaid reportSum
	inRange := func(t time.Time) bool { return !t.Before(from) && t.Before(to) }
	err := s.store.each(ctx, dated(from, to), reportFields, func(doc bson.Raw) error {
		var v reportSale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: report: %w", err)
		}
		if v.Entrega == EntregaCancelado {
			r.Canceladas++
			return nil
		}
		if v.Entrega == EntregaDevuelto {
			r.Devueltas++
		} else {
			r.TotalVentas++
		}
		for _, it := range v.Carrito {
			if n := it.Cantidad - it.Devueltos; n > 0 && !it.Envio { // a charged shipment is money, not a product
				r.ProductosVendidos[it.Nombre] += n
			}
		}
		if v.Pago != PagoPagado {
			return unpaid.add(v.Folio, v.Subtotal, v.IVA, v.Total)
		}
		if criterio != PorFechaDeVenta {
			return nil
		}
		if err := paid.add(v.Folio, v.Subtotal, v.IVA, v.Total); err != nil {
			return err
		}
		return addRefunds(&refunded, v.Folio, v.Devoluciones, func(Devolucion) bool { return true })
	})
	if err != nil {
		return Report{}, err
	}
	if criterio != PorFechaDeVenta {
		if err := s.movedIn(ctx, from, to, &paid, &refunded, inRange); err != nil {
			return Report{}, err
		}
	}
	r.Pagadas, r.Devoluciones, r.Pendientes = paid.pesos(), refunded.pesos(), unpaid.pesos()
	net := reportSum{ventas: paid.ventas, subtotal: paid.subtotal - refunded.subtotal, iva: paid.iva - refunded.iva,
		total: paid.total - refunded.total}
	r.Ingresos = net.pesos()
	r.TotalIngresos, r.PorCobrar = r.Ingresos.Total, r.Pendientes.Total
	return r, nil
}

// movedIn adds the payments made in [from, to) (a sale is paid in full, when `pagadoEn` says) and
// the refunds given in it, whatever day their sales were placed.
func (s *Service) movedIn(ctx context.Context, from, to time.Time, paid, refunded *reportSum, inRange func(time.Time) bool) error {
	payments := bson.M{"pagadoEn": bson.M{"$gte": from, "$lt": to}, "estado": EstadoConfirmada}
	err := s.store.each(ctx, payments, paymentFields, func(doc bson.Raw) error {
		var v reportSale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: report: %w", err)
		}
		return paid.add(v.Folio, v.Subtotal, v.IVA, v.Total)
	})
	if err != nil {
		return err
	}
	refunds := bson.M{"conDevoluciones": true, "estado": EstadoConfirmada}
	return s.store.each(ctx, refunds, bson.M{"folio": 1, "devoluciones": 1}, func(doc bson.Raw) error {
		var v reportSale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: report: %w", err)
		}
		return addRefunds(refunded, v.Folio, v.Devoluciones, func(d Devolucion) bool { return inRange(d.Fecha) })
	})
}

func addRefunds(sum *reportSum, folio string, list []Devolucion, keep func(Devolucion) bool) error {
	for _, d := range list {
		if keep(d) {
			if err := sum.add(folio, d.Subtotal, d.IVA, d.Monto); err != nil {
				return err
			}
		}
	}
	return nil
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
