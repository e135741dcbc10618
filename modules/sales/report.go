package sales

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/money"
	"tienda/pkg/salestate"
	"tienda/pkg/shoptime"
)

// Report is the sales report of a date range. Its ingresos are money that moved in the
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
	ID              bson.ObjectID    `bson:"_id"`
	Folio           string           `bson:"folio"`
	Fecha           time.Time        `bson:"fecha"`
	Estado          salestate.Estado `bson:"estado"`
	Entrega         string           `bson:"entrega"`
	Pago            string           `bson:"pago"`
	PagadoEn        *time.Time       `bson:"pagadoEn"`
	Subtotal        float64          `bson:"subtotal"`
	IVA             float64          `bson:"iva"`
	Total           float64          `bson:"total"`
	ConDevoluciones bool             `bson:"conDevoluciones"`
	Devoluciones    []Devolucion     `bson:"devoluciones"`
	Carrito         []struct {
		Nombre    string `bson:"nombre"`
		Cantidad  int    `bson:"cantidad"`
		Devueltos int    `bson:"devueltos"`
		Envio     bool   `bson:"envio"`
	} `bson:"carrito"`
}

var reportFields = bson.M{"folio": 1, "fecha": 1, "estado": 1, "entrega": 1, "pago": 1, "pagadoEn": 1, "subtotal": 1,
	"iva": 1, "total": 1, "carrito.nombre": 1, "carrito.cantidad": 1, "carrito.devueltos": 1, "carrito.envio": 1,
	"conDevoluciones": 1, "devoluciones": 1}

// figures are what the report adds up over a range, for both criteria: of the sales placed in
// it, and of the money that moved in it. A day's are kept in its summary (summary.go); a range's
// are the sum of its days'.
type figures struct {
	ventas, canceladas, devueltas int
	unpaid                        reportSum // sales placed in the range and not paid
	paidBySale, refundedBySale    reportSum // the payments and refunds of the sales placed in the range
	paid, refunded                reportSum // the payments and refunds made in the range
	products                      map[string]int
}

func newFigures() figures { return figures{products: map[string]int{}} }

// tally adds what sale v counts in [from, to). Only confirmed sales count.
func (f *figures) tally(v reportSale, from, to time.Time) error {
	if v.Estado != salestate.Confirmada {
		return nil
	}
	in := func(t time.Time) bool { return !t.Before(from) && t.Before(to) }
	if in(v.Fecha) {
		if err := f.tallyPlaced(v); err != nil {
			return err
		}
	}
	if v.PagadoEn != nil && in(*v.PagadoEn) {
		if err := f.paid.add(v.Folio, v.Subtotal, v.IVA, v.Total); err != nil {
			return err
		}
	}
	return addRefunds(&f.refunded, v.Folio, v.Devoluciones, func(d Devolucion) bool { return in(d.Fecha) })
}

// tallyPlaced adds a sale placed in the range: counted as cancelled, returned whole or sold, its
// units sold and not returned, and its money by the day it was placed.
func (f *figures) tallyPlaced(v reportSale) error {
	if v.Entrega == EntregaCancelado {
		f.canceladas++
		return nil
	}
	if v.Entrega == EntregaDevuelto {
		f.devueltas++
	} else {
		f.ventas++
	}
	for _, it := range v.Carrito {
		if n := it.Cantidad - it.Devueltos; n > 0 && !it.Envio { // a charged shipment is money, not a product
			f.products[it.Nombre] += n
		}
	}
	if v.Pago != PagoPagado {
		return f.unpaid.add(v.Folio, v.Subtotal, v.IVA, v.Total)
	}
	if err := f.paidBySale.add(v.Folio, v.Subtotal, v.IVA, v.Total); err != nil {
		return err
	}
	return addRefunds(&f.refundedBySale, v.Folio, v.Devoluciones, func(Devolucion) bool { return true })
}

// plus adds g's figures to f's.
func (f *figures) plus(g figures) {
	f.ventas += g.ventas
	f.canceladas += g.canceladas
	f.devueltas += g.devueltas
	for _, p := range []struct{ into, from *reportSum }{{&f.unpaid, &g.unpaid}, {&f.paidBySale, &g.paidBySale},
		{&f.refundedBySale, &g.refundedBySale}, {&f.paid, &g.paid}, {&f.refunded, &g.refunded}} {
		p.into.ventas += p.from.ventas
		p.into.subtotal += p.from.subtotal
		p.into.iva += p.from.iva
		p.into.total += p.from.total
	}
	for name, n := range g.products {
		f.products[name] += n
	}
}

// report is the Report of f, its ingresos by criterio.
func (f figures) report(criterio string) Report {
	paid, refunded := f.paid, f.refunded
	if criterio == PorFechaDeVenta {
		paid, refunded = f.paidBySale, f.refundedBySale
	}
	net := reportSum{ventas: paid.ventas, subtotal: paid.subtotal - refunded.subtotal, iva: paid.iva - refunded.iva,
		total: paid.total - refunded.total}
	r := Report{Criterio: criterio, TotalVentas: f.ventas, Canceladas: f.canceladas, Devueltas: f.devueltas,
		Pagadas: paid.pesos(), Devoluciones: refunded.pesos(), Pendientes: f.unpaid.pesos(), Ingresos: net.pesos(),
		ProductosVendidos: f.products}
	r.TotalIngresos, r.PorCobrar = r.Ingresos.Total, r.Pendientes.Total
	return r
}

func (f figures) stored() storedFigures {
	out := storedFigures{Ventas: f.ventas, Canceladas: f.canceladas, Devueltas: f.devueltas, Pendientes: f.unpaid.stored(),
		PagadasPorVenta: f.paidBySale.stored(), DevueltoPorVenta: f.refundedBySale.stored(), PagadasPorPago: f.paid.stored(),
		DevueltoPorPago: f.refunded.stored(), ProductosVendidos: []unitsSold{}}
	for name, n := range f.products {
		out.ProductosVendidos = append(out.ProductosVendidos, unitsSold{Nombre: name, Unidades: n})
	}
	return out
}

func figuresFrom(s storedFigures) figures {
	f := figures{ventas: s.Ventas, canceladas: s.Canceladas, devueltas: s.Devueltas, unpaid: s.Pendientes.sum(),
		paidBySale: s.PagadasPorVenta.sum(), refundedBySale: s.DevueltoPorVenta.sum(), paid: s.PagadasPorPago.sum(),
		refunded: s.DevueltoPorPago.sum(), products: map[string]int{}}
	for _, p := range s.ProductosVendidos {
		f.products[p.Nombre] += p.Unidades
	}
	return f
}

func (r reportSum) stored() storedSum {
	return storedSum{Ventas: r.ventas, Subtotal: int64(r.subtotal), IVA: int64(r.iva), Total: int64(r.total)}
}

func (s storedSum) sum() reportSum {
	return reportSum{ventas: s.Ventas, subtotal: money.Cents(s.Subtotal), iva: money.Cents(s.IVA), total: money.Cents(s.Total)}
}

// SalesReport totals the range [from, to) in centavos: the sales placed in it, and the money that
// moved in it by criterio (PorFechaDePago or PorFechaDeVenta). A range of whole days in the shop's
// zone (every range the screens ask for) adds up its days' summaries; any other is counted from
// its sales (scanFigures).
func (s *Service) SalesReport(ctx context.Context, from, to time.Time, criterio string) (Report, error) {
	if !wholeDays(from, to) {
		f, err := s.store.scanFigures(ctx, from, to)
		if err != nil {
			return Report{}, err
		}
		return f.report(criterio), nil
	}
	if err := s.store.sweepMarks(ctx); err != nil {
		return Report{}, err
	}
	f := newFigures()
	for day := from.In(shoptime.Zone); day.Before(to); day = day.AddDate(0, 0, 1) {
		g, err := s.store.dayFigures(ctx, dayOf(day))
		if err != nil {
			return Report{}, err
		}
		f.plus(g)
	}
	return f.report(criterio), nil
}

// wholeDays reports whether [from, to) starts and ends at midnight in the shop's zone.
func wholeDays(from, to time.Time) bool {
	midnight := func(t time.Time) bool {
		l := t.In(shoptime.Zone)
		return l.Equal(time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, shoptime.Zone))
	}
	return midnight(from) && midnight(to)
}

// scanFigures counts [from, to) from the sales themselves: those placed in it, paid in it, or
// with refunds (the days' summaries are recomputed the same way, by tally).
func (st store) scanFigures(ctx context.Context, from, to time.Time) (figures, error) {
	f := newFigures()
	seen := map[bson.ObjectID]bool{}
	for _, filter := range []bson.M{
		dated(from, to),
		{"pagadoEn": bson.M{"$gte": from, "$lt": to}, "estado": salestate.Confirmada},
		{"conDevoluciones": true, "estado": salestate.Confirmada},
	} {
		err := st.each(ctx, filter, reportFields, func(doc bson.Raw) error {
			var v reportSale
			if err := bson.Unmarshal(doc, &v); err != nil {
				return fmt.Errorf("sales: report: %w", err)
			}
			if seen[v.ID] {
				return nil
			}
			seen[v.ID] = true
			return f.tally(v, from, to)
		})
		if err != nil {
			return figures{}, err
		}
	}
	return f, nil
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
// in the shop's zone; the end day is included) or an ISO-8601 instant. Empty means today. A bad
// bound, or a range that is empty or longer than a year, is named under apperr.MsgBadParameter.
func ParseRange(start, end string, now time.Time) (time.Time, time.Time, error) {
	from, to, bad := rangeOf(start, end, now)
	if len(bad) > 0 {
		return time.Time{}, time.Time{}, apperr.BadParameters(bad)
	}
	return from, to, nil
}

// rangeOf is ParseRange naming each bad bound (startDate, endDate) in bad.
func rangeOf(start, end string, now time.Time) (from, to time.Time, bad apperr.Fields) {
	today := now.In(shoptime.Zone).Format(time.DateOnly)
	if strings.TrimSpace(start) == "" {
		start = today
	}
	if strings.TrimSpace(end) == "" {
		end = today
	}
	bad = apperr.Fields{}
	from, ok := parseBound(start, false)
	if !ok {
		bad.Add("startDate", apperr.MsgDay)
	}
	to, ok = parseBound(end, true)
	switch {
	case !ok:
		bad.Add("endDate", apperr.MsgDay)
	case len(bad) > 0:
	case !from.Before(to):
		bad.Add("endDate", apperr.MsgRange)
	case to.Sub(from) > 367*24*time.Hour:
		bad.Add("endDate", msgAYearAtMost)
	}
	return from.UTC(), to.UTC(), bad
}

// msgAYearAtMost is the message of a range of days longer than the longest a report reads.
const msgAYearAtMost = "El periodo no puede ser mayor a un año."

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
