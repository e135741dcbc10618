package invoicing

import (
	"strings"

	"tienda/pkg/cfdi"
	"tienda/pkg/money"
)

// Defaults of a concepto whose product lacks a SAT unit key, and the SAT's keys of a factura
// global's conceptos (globalLines).
const (
	unidadDefault       = "H87" // Pieza
	unidadDefaultNombre = "Pieza"
	claveGlobal         = "01010101"
	unidadGlobal        = "ACT" // Actividad
	unidadGlobalNombre  = "Actividad"
	claveEnvio          = "78102203" // Servicios de envío, recogida o entrega de correo
	unidadServicio      = "E48"      // Unidad de servicio
	unidadServicioNom   = "Unidad de servicio"
)

// fill writes into f what it covers, computed from the sales it claimed: the sales, the lines
// and their amounts, the forma de pago and the totals.
func (s *Service) fill(f *Factura, sales []Sale) {
	f.Ventas = make([]VentaFactura, len(sales))
	for i, v := range sales {
		f.Ventas[i] = VentaFactura{ID: v.ID, Folio: v.Folio, Total: v.Total.Pesos()}
	}
	var lineas []cfdi.Linea
	if f.Tipo == TipoGlobal {
		lineas = globalLines(sales)
	} else {
		lineas, f.SinClaveSat = s.saleLines(sales)
	}
	f.FormaPago = formaPago(sales)
	f.setAmounts(lineas)
}

// setAmounts computes the conceptos of lineas and the totals into f.
func (f *Factura) setAmounts(lineas []cfdi.Linea) {
	conceptos, sub, desc, iva, total := cfdi.Compute(lineas)
	f.Subtotal, f.Descuento, f.IVA, f.Total = sub.Pesos(), desc.Pesos(), iva.Pesos(), total.Pesos()
	f.Conceptos = make([]Concepto, len(conceptos))
	for i, c := range conceptos {
		f.Conceptos[i] = Concepto{
			ClaveProdServ: c.ClaveProdServ, NoIdentificacion: c.NoIdentificacion, Cantidad: c.Cantidad,
			ClaveUnidad: c.ClaveUnidad, Unidad: c.Unidad, Descripcion: c.Descripcion, ValorUnitario: c.ValorUnitario.Pesos(),
			Importe: c.Importe.Pesos(), Descuento: c.Descuento.Pesos(), IVA: c.IVA.Pesos(),
		}
	}
}

// comprobante is the CFDI of f as stored: a retry sends the PAC exactly what the first attempt
// did, whatever the catalogue says by then.
func (s *Service) comprobante(f Factura) cfdi.Comprobante {
	cents := func(p float64) money.Cents { return money.MustFromPesos(p) }
	comp := cfdi.Comprobante{
		Tipo: cfdi.TipoIngreso, Fecha: f.Fecha, FormaPago: f.FormaPago, MetodoPago: f.MetodoPago, LugarExpedicion: s.settings.LugarExpedicion,
		Receptor: cfdi.Receptor{
			RFC: f.Receptor.RFC, Nombre: f.Receptor.RazonSocial, RegimenFiscal: f.Receptor.RegimenFiscal,
			CodigoPostal: f.Receptor.CodigoPostal, UsoCFDI: f.Receptor.UsoCFDI,
		},
		Sustituye: f.Sustituye, Relacionado: f.Relacionado,
		SubTotal: cents(f.Subtotal), Descuento: cents(f.Descuento), IVA: cents(f.IVA), Total: cents(f.Total),
	}
	for _, c := range f.Conceptos {
		importe, descuento := cents(c.Importe), cents(c.Descuento)
		comp.Conceptos = append(comp.Conceptos, cfdi.Concepto{
			Linea: cfdi.Linea{
				ClaveProdServ: c.ClaveProdServ, NoIdentificacion: c.NoIdentificacion, Cantidad: c.Cantidad,
				ClaveUnidad: c.ClaveUnidad, Unidad: c.Unidad, Descripcion: c.Descripcion,
				ValorUnitario: cents(c.ValorUnitario), Descuento: descuento,
			},
			Importe: importe, Base: importe - descuento, IVA: cents(c.IVA),
		})
	}
	if f.Tipo == TipoEgreso {
		comp.Tipo = cfdi.TipoEgreso
	}
	if f.Global != nil {
		comp.Global = &cfdi.InformacionGlobal{Periodicidad: f.Global.Periodicidad, Meses: f.Global.Meses, Anio: f.Global.Anio}
	}
	return comp
}

// saleLines is one concepto per line of the sales, with the product's SAT keys and model; it
// also names the lines whose product has no SAT key (they take the default).
func (s *Service) saleLines(sales []Sale) ([]cfdi.Linea, []string) {
	var ids []string
	for _, v := range sales {
		for _, l := range v.Lineas {
			if !l.Envio {
				ids = append(ids, l.VarianteID)
			}
		}
	}
	fiscal := s.products.FiscalByVariant(ids)
	out := []cfdi.Linea{}
	missing := []string{}
	for _, v := range sales {
		for _, l := range v.Lineas {
			if l.PrecioFinal <= 0 || l.Cantidad <= 0 {
				// A free line (price 0 or a 100 % discount) is left out: its IVA base would be 0,
				// which the SAT refuses, and it adds nothing to the CFDI's totals.
				continue
			}
			if l.Envio {
				out = append(out, shippingConcepto(l))
				continue
			}
			p := fiscal[l.VarianteID]
			clave, unidad, nombreUnidad := p.SatKey, p.ClaveUnidad, ""
			if cfdi.CheckClaveProdServ(clave) != "" {
				clave = s.settings.ClaveDefault
				missing = append(missing, l.Nombre)
			}
			if !cfdi.ValidClaveUnidad(unidad) || unidad == unidadDefault {
				unidad, nombreUnidad = unidadDefault, unidadDefaultNombre
			}
			valor := l.Precio
			for _, e := range l.Extras {
				valor += e.Precio
			}
			// PrecioFinal = the discounted price plus the extras: what the discount took is the rest,
			// so that the concepto's Base (Importe − Descuento) is the sale line's, as PriceLine prices it.
			descuento := valor.Times(l.Cantidad) - money.PriceLine(l.PrecioFinal, l.Cantidad).Base
			out = append(out, cfdi.Linea{
				ClaveProdServ: clave, NoIdentificacion: cfdi.Texto(p.Modelo, 100), Cantidad: l.Cantidad, ClaveUnidad: unidad,
				Unidad: nombreUnidad, Descripcion: lineDescription(l), ValorUnitario: valor, Descuento: max(descuento, 0),
			})
		}
	}
	return out, missing
}

// shippingConcepto is the concepto of a shipment charged to the customer: the SAT's key of
// shipping services and its unit of service, at the line's price (no discount).
func shippingConcepto(l SaleLine) cfdi.Linea {
	d := cfdi.Texto(l.Nombre, 1000)
	if d == "" {
		d = "Envío"
	}
	return cfdi.Linea{ClaveProdServ: claveEnvio, Cantidad: l.Cantidad, ClaveUnidad: unidadServicio, Unidad: unidadServicioNom,
		Descripcion: d, ValorUnitario: l.PrecioFinal}
}

// lineDescription is the line's name, its size and the extras bought with it, made to fit the
// schema's Descripcion ([^|]{1,1000}: a '|' becomes '/', control characters a space).
func lineDescription(l SaleLine) string {
	d := strings.TrimSpace(l.Nombre)
	var size []string
	for _, x := range []string{l.Talla, l.Tamano} {
		if x = strings.TrimSpace(x); x != "" {
			size = append(size, x)
		}
	}
	if len(size) > 0 {
		d += " (" + strings.Join(size, ", ") + ")"
	}
	if len(l.Extras) > 0 {
		names := make([]string, len(l.Extras))
		for i, e := range l.Extras {
			names[i] = e.Nombre
		}
		d += " + " + strings.Join(names, ", ")
	}
	if d = cfdi.Texto(d, 1000); d == "" {
		d = "Producto"
	}
	return d
}

// globalLines is one concepto per line of each sale, as the SAT's guide for público en general
// asks of a ticket (ClaveProdServ 01010101, Cantidad 1, ClaveUnidad ACT, Descripcion 'Venta', the
// ticket's folio as NoIdentificacion), its ValorUnitario the line's amount before IVA. One
// concepto per line, not per ticket: Anexo 20 computes IVA per concepto, and a ticket's IVA is
// the sum of its lines' (money.PriceLine), which 16 % of the ticket's subtotal misses by centavos
// whenever it has several lines; per line, the global's total is its tickets' to the centavo.
// A free line has no concepto (its Base would be 0), so a free sale has none.
func globalLines(sales []Sale) []cfdi.Linea {
	out := make([]cfdi.Linea, 0, len(sales))
	for _, v := range sales {
		for _, l := range v.Lineas {
			base := money.PriceLine(l.PrecioFinal, l.Cantidad).Base
			if base <= 0 || l.Cantidad <= 0 {
				continue
			}
			out = append(out, cfdi.Linea{
				ClaveProdServ: claveGlobal, NoIdentificacion: cfdi.Texto(v.Folio, 100), Cantidad: 1, ClaveUnidad: unidadGlobal,
				Unidad: unidadGlobalNombre, Descripcion: "Venta", ValorUnitario: base,
			})
		}
	}
	return out
}

// formaPago is the SAT's forma de pago of the sales: that of the method with the largest total.
func formaPago(sales []Sale) string {
	totals := map[string]money.Cents{}
	best := ""
	for _, v := range sales {
		f := formaOf(v)
		totals[f] += v.Total
		if best == "" || totals[f] > totals[best] || (totals[f] == totals[best] && f < best) {
			best = f
		}
	}
	return best
}

// formaOf maps a sale's payment method to c_FormaPago: a card is 28 when it is a debit card
// and 04 when it is a credit card or not known; an online payment follows MercadoPago's
// payment type, and a payment from a MercadoPago account (or of a type not known) is 31,
// intermediario pagos.
func formaOf(v Sale) string {
	switch v.MetodoPago {
	case "Transferencia":
		return cfdi.FormaTransferencia
	case "Tarjeta":
		if v.TipoTarjeta == "debito" {
			return cfdi.FormaTarjetaDebito
		}
		return cfdi.FormaTarjetaCredito
	case "Mercado Pago":
		switch v.PaymentType {
		case "debit_card", "prepaid_card":
			return cfdi.FormaTarjetaDebito
		case "credit_card":
			return cfdi.FormaTarjetaCredito
		case "ticket", "atm":
			return cfdi.FormaEfectivo
		case "bank_transfer":
			return cfdi.FormaTransferencia
		}
		return cfdi.FormaIntermediario
	default:
		return cfdi.FormaEfectivo
	}
}
