package main

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cartcheckout"
	"tienda/modules/sales"
	"tienda/pkg/apperr"
	"tienda/pkg/money"
	"tienda/pkg/salestate"
)

// checkoutSales is the sales module as checkout sees it.
type checkoutSales struct{ s *sales.Service }

func saleObjectID(id string) (bson.ObjectID, error) {
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return bson.ObjectID{}, apperr.New(apperr.NotFound, "No se encontró la venta.")
	}
	return oid, nil
}

// draftSale is a checkout draft as the sales module stores it.
func draftSale(d cartcheckout.Draft) sales.Sale {
	items := make([]sales.Item, len(d.Lines))
	for i, l := range d.Lines {
		extras := make([]sales.Extra, len(l.Extras))
		for j, e := range l.Extras {
			extras[j] = sales.Extra{ID: e.ID, Nombre: e.Nombre, Precio: e.Precio.Pesos()}
		}
		items[i] = sales.Item{
			ID: l.VariantID, ProductID: l.ProductID, Nombre: l.Nombre, Descripcion: l.Descripcion, Stock: l.Stock,
			ConProveedor: l.ConProveedor, Entrega: l.Entrega,
			Precio: l.Precio.Pesos(), Descuento: l.Descuento, PrecioFinal: l.PrecioFinal.Pesos(), Cantidad: l.Cantidad,
			Imagen: l.Imagen, Talla: l.Talla, Tamano: l.Tamano, Extras: extras,
		}
	}
	return sales.Sale{
		Carrito:   items,
		Usuario:   sales.Buyer{Name: d.Buyer.Name, Email: d.Buyer.Email, Phone: d.Buyer.Phone, Address: d.Buyer.Address},
		UsuarioID: d.Buyer.ID, CreadoPor: d.PlacedBy.ID, NombreCreador: d.PlacedBy.Name, Cliente: d.Cliente,
		Subtotal: d.Subtotal.Pesos(), IVA: d.IVA.Pesos(), Total: d.Total.Pesos(), MontoCobro: d.Charge.Pesos(),
		Origen: d.Origen, MetodoPago: d.MetodoPago, Idempotencia: d.Idempotencia,
	}
}

func (a checkoutSales) Reserve(ctx context.Context, d cartcheckout.Draft) (cartcheckout.Reserved, error) {
	v, err := a.s.Reserve(ctx, draftSale(d))
	if repeat := (*sales.RepeatedError)(nil); errors.As(err, &repeat) {
		first, rerr := reserved(repeat.Sale)
		if rerr != nil {
			return cartcheckout.Reserved{}, rerr
		}
		return cartcheckout.Reserved{}, &cartcheckout.RepeatedOrder{Sale: first}
	}
	if err != nil {
		return cartcheckout.Reserved{}, err
	}
	return reserved(v)
}

func reserved(v sales.Sale) (cartcheckout.Reserved, error) {
	r := cartcheckout.Reserved{ID: v.ID.Hex(), Folio: v.Folio, Fecha: v.Fecha, Estado: v.Estado, PaidLate: v.PagoTardio, RetakePending: v.RetomaPendiente, PreferenceID: v.Preferencia}
	var err error
	if r.Total, err = money.FromPesos(v.Total); err != nil {
		return r, apperr.Wrap(err, "app: sale %s total", v.Folio)
	}
	if r.Charge, err = money.FromPesos(v.MontoCobro); err != nil {
		return r, apperr.Wrap(err, "app: sale %s charge", v.Folio)
	}
	if v.MercadoPago != nil {
		r.PaymentID = v.MercadoPago.PaymentID
	}
	for _, it := range v.Carrito {
		l := cartcheckout.Line{ProductID: it.ProductID, VariantID: it.ID, Cantidad: it.Cantidad}
		for _, e := range it.Extras {
			l.ExtraIDs = append(l.ExtraIDs, e.ID)
		}
		r.Lines = append(r.Lines, l)
	}
	return r, nil
}

func (a checkoutSales) Reprice(ctx context.Context, id string, d cartcheckout.Draft) error {
	oid, err := saleObjectID(id)
	if err != nil {
		return err
	}
	return a.s.Reprice(ctx, oid, draftSale(d))
}

func (a checkoutSales) Confirm(ctx context.Context, id string) (cartcheckout.SavedSale, error) {
	oid, err := saleObjectID(id)
	if err != nil {
		return nil, err
	}
	return savedSale(a.s.Confirm(ctx, oid))
}

// savedSale is a saved sale as checkout answers it: the document the sales module's routes answer.
func savedSale(v sales.Sale, err error) (cartcheckout.SavedSale, error) {
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, apperr.Wrap(err, "app: sale %s", v.Folio)
	}
	return b, nil
}

func (a checkoutSales) AwaitPayment(ctx context.Context, id string) error {
	oid, err := saleObjectID(id)
	if err != nil {
		return err
	}
	return a.s.AwaitPayment(ctx, oid)
}

func (a checkoutSales) SetPreference(ctx context.Context, id, preference string) error {
	oid, err := saleObjectID(id)
	if err != nil {
		return err
	}
	return a.s.SetPreference(ctx, oid, preference)
}

func (a checkoutSales) Fail(ctx context.Context, id string) error {
	oid, err := saleObjectID(id)
	if err != nil {
		return err
	}
	return a.s.Fail(ctx, oid)
}

func (a checkoutSales) Expire(ctx context.Context, id string) error {
	oid, err := saleObjectID(id)
	if err != nil {
		return err
	}
	return a.s.Expire(ctx, oid)
}

func (a checkoutSales) RecordPayment(ctx context.Context, id string, p cartcheckout.Payment) (cartcheckout.SavedSale, salestate.Estado, error) {
	oid, err := saleObjectID(id)
	if err != nil {
		return nil, "", err
	}
	v, moved, err := a.s.RecordPayment(ctx, oid, sales.PaidOnline{
		MercadoPago: sales.MercadoPago{
			PaymentID: p.ID, Status: p.Status, PaymentType: p.PaymentType, MerchantOrderID: p.MerchantOrderID,
			CollectionID: p.ID, ExternalReference: p.ExternalReference, PreferenceID: p.PreferenceID, Timestamp: p.ApprovedAt,
		},
		Payer:   sales.PayerName{GivenName: p.PayerGivenName, Surname: p.PayerSurname},
		OrderID: p.MerchantOrderID,
	})
	saved, err := savedSale(v, err)
	return saved, moved, err
}

func (a checkoutSales) Find(ctx context.Context, id string) (cartcheckout.Reserved, error) {
	oid, err := saleObjectID(id)
	if err != nil {
		return cartcheckout.Reserved{}, err
	}
	v, err := a.s.Get(ctx, oid)
	if err != nil {
		return cartcheckout.Reserved{}, err
	}
	return reserved(v)
}

func (a checkoutSales) Abandoned(ctx context.Context, before time.Time) ([]cartcheckout.Reserved, error) {
	return reservedAll(a.s.Abandoned(ctx, before))
}

func (a checkoutSales) Unsettled(ctx context.Context, before time.Time) ([]cartcheckout.Reserved, error) {
	return reservedAll(a.s.Unsettled(ctx, before))
}

func (a checkoutSales) PendingRetakes(ctx context.Context) ([]cartcheckout.Reserved, error) {
	return reservedAll(a.s.PendingRetakes(ctx))
}

func (a checkoutSales) RetakeDone(ctx context.Context, id string) error {
	oid, err := saleObjectID(id)
	if err != nil {
		return err
	}
	return a.s.RetakeDone(ctx, oid)
}

// reservedAll is reserved over a list of sales, or the error reading them.
func reservedAll(list []sales.Sale, err error) ([]cartcheckout.Reserved, error) {
	if err != nil {
		return nil, err
	}
	out := make([]cartcheckout.Reserved, 0, len(list))
	for _, v := range list {
		r, err := reserved(v)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}
