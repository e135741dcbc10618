package main

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
	"tienda/modules/invoicing"
	"tienda/modules/sales"
	"tienda/pkg/config"
	"tienda/pkg/money"
)

// The adapters of the invoicing module (wiring.go has the others).

// invoicingSales is the sales module as invoicing sees it.
type invoicingSales struct{ s *sales.Service }

func (a invoicingSales) Get(ctx context.Context, id string) (invoicing.Sale, error) {
	oid, err := saleObjectID(id)
	if err != nil {
		return invoicing.Sale{}, err
	}
	v, err := a.s.Get(ctx, oid)
	if err != nil {
		return invoicing.Sale{}, err
	}
	return invoicingSale(v), nil
}

func (a invoicingSales) ByFolio(ctx context.Context, folio string) (invoicing.Sale, error) {
	v, err := a.s.ByFolio(ctx, folio)
	if err != nil {
		return invoicing.Sale{}, err
	}
	return invoicingSale(v), nil
}

func (a invoicingSales) Claim(ctx context.Context, ref invoicing.SaleInvoice, ids []string, from, to time.Time) error {
	_, err := a.s.ClaimForInvoice(ctx, sales.InvoiceRef{ID: ref.ID, Tipo: ref.Tipo}, saleObjectIDs(ids), from, to)
	return err
}

func (a invoicingSales) Transfer(ctx context.Context, ids []string, fromID string, ref invoicing.SaleInvoice) error {
	_, err := a.s.TransferInvoice(ctx, saleObjectIDs(ids), fromID, sales.InvoiceRef{ID: ref.ID, Tipo: ref.Tipo})
	return err
}

func (a invoicingSales) Close(ctx context.Context, facturaID string, ids []string) error {
	return a.s.CloseInvoiceClaim(ctx, facturaID, saleObjectIDs(ids))
}

func (a invoicingSales) Release(ctx context.Context, facturaID string, ids []string, to *invoicing.SaleInvoice) error {
	var ref *sales.InvoiceRef
	if to != nil {
		ref = &sales.InvoiceRef{ID: to.ID, Tipo: to.Tipo, UUID: to.UUID}
	}
	return a.s.ReleaseInvoice(ctx, facturaID, saleObjectIDs(ids), ref)
}

// saleObjectIDs are the sales' ids; one that is not a sale's is left out.
func saleObjectIDs(ids []string) []bson.ObjectID {
	oids := make([]bson.ObjectID, 0, len(ids))
	for _, id := range ids {
		if oid, err := bson.ObjectIDFromHex(id); err == nil {
			oids = append(oids, oid)
		}
	}
	return oids
}

func (a invoicingSales) MarkStamped(ctx context.Context, facturaID, uuid string) error {
	return a.s.MarkInvoiceStamped(ctx, facturaID, uuid)
}

func (a invoicingSales) ClaimedBy(ctx context.Context, facturaID string) ([]invoicing.Sale, error) {
	return invoicingSaleList(a.s.InvoicedBy(ctx, facturaID))
}

func (a invoicingSales) Uninvoiced(ctx context.Context, from, to time.Time) ([]invoicing.Sale, error) {
	return invoicingSaleList(a.s.Uninvoiced(ctx, from, to))
}

func (a invoicingSales) WithCreditNotesPending(ctx context.Context) ([]invoicing.Sale, error) {
	return invoicingSaleList(a.s.WithCreditNotesPending(ctx))
}

func (a invoicingSales) SetCreditNote(ctx context.Context, saleID, returnID string, n invoicing.CreditNote) error {
	oid, err := saleObjectID(saleID)
	if err != nil {
		return err
	}
	return a.s.SetCreditNote(ctx, oid, returnID, sales.NotaDeCredito{FacturaID: n.FacturaID, UUID: n.UUID, Estado: n.Estado})
}

func invoicingSaleList(list []sales.Sale, err error) ([]invoicing.Sale, error) {
	if err != nil {
		return nil, err
	}
	out := make([]invoicing.Sale, len(list))
	for i, v := range list {
		out[i] = invoicingSale(v)
	}
	return out, nil
}

func invoicingSale(v sales.Sale) invoicing.Sale {
	out := invoicing.Sale{
		ID: v.ID.Hex(), Folio: v.Folio, Fecha: v.Fecha, UsuarioID: v.UsuarioID, Pagada: v.Pago == sales.PagoPagado,
		Cancelada: v.Entrega == sales.EntregaCancelado || v.Entrega == sales.EntregaDevuelto, MetodoPago: v.MetodoPago,
		Subtotal: money.MustFromPesos(v.Subtotal), IVA: money.MustFromPesos(v.IVA), Total: money.MustFromPesos(v.Total),
	}
	if v.Factura != nil {
		out.Factura = &invoicing.SaleInvoice{ID: v.Factura.ID, Tipo: v.Factura.Tipo, UUID: v.Factura.UUID}
	}
	if v.PagadoEn != nil {
		out.PagadoEn = *v.PagadoEn
	}
	if v.MercadoPago != nil {
		out.PaymentType = v.MercadoPago.PaymentType
	}
	// TipoTarjeta: the card type of the payment (pagos[].tipoTarjeta); not known: credit (04).
	if len(v.Pagos) > 0 {
		out.TipoTarjeta = v.Pagos[0].TipoTarjeta
	}
	for _, d := range v.Devoluciones {
		out.Devoluciones = append(out.Devoluciones, invoicingReturn(d))
	}
	for _, it := range v.Carrito {
		l := invoicing.SaleLine{
			VarianteID: it.ID, Nombre: it.Nombre, Talla: it.Talla, Tamano: it.Tamano, Cantidad: int64(it.Cantidad),
			Precio: money.MustFromPesos(it.Precio), PrecioFinal: money.MustFromPesos(it.PrecioFinal), Envio: it.Envio,
		}
		for _, e := range it.Extras {
			l.Extras = append(l.Extras, invoicing.SaleExtra{Nombre: e.Nombre, Precio: money.MustFromPesos(e.Precio)})
		}
		out.Lineas = append(out.Lineas, l)
	}
	return out
}

func invoicingReturn(d sales.Devolucion) invoicing.SaleReturn {
	r := invoicing.SaleReturn{ID: d.ID, Fecha: d.Fecha, Metodo: d.Metodo,
		Subtotal: money.MustFromPesos(d.Subtotal), IVA: money.MustFromPesos(d.IVA), Monto: money.MustFromPesos(d.Monto)}
	for _, l := range d.Lineas {
		r.Lineas = append(r.Lineas, invoicing.ReturnLine{Indice: l.Indice, Nombre: l.Nombre, Cantidad: int64(l.Cantidad),
			Subtotal: money.MustFromPesos(l.Subtotal), IVA: money.MustFromPesos(l.IVA)})
	}
	if d.Nota != nil {
		r.Nota = &invoicing.CreditNote{FacturaID: d.Nota.FacturaID, UUID: d.Nota.UUID, Estado: d.Nota.Estado}
	}
	return r
}

// invoicingProducts is the catalogue as invoicing sees it.
type invoicingProducts struct{ s *catalog.Service }

func (a invoicingProducts) FiscalByVariant(ids []string) map[string]invoicing.ProductFiscal {
	out := map[string]invoicing.ProductFiscal{}
	for id, f := range a.s.FiscalByVariant(ids) {
		out[id] = invoicing.ProductFiscal(f)
	}
	return out
}

func (a invoicingProducts) MissingSATKey() []invoicing.ProductFiscal {
	list := a.s.MissingSATKey()
	out := make([]invoicing.ProductFiscal, len(list))
	for i, f := range list {
		out[i] = invoicing.ProductFiscal(f)
	}
	return out
}

// invoicingPAC is the PAC the configuration names, or nil when invoicing is not set up.
func invoicingPAC(cfg config.Config) invoicing.PAC {
	if cfg.Invoicing.FacturapiKey == "" {
		return nil
	}
	return invoicing.NewFacturapi(cfg.Invoicing.FacturapiKey, cfg.Invoicing.FacturapiURL)
}
