package main

import (
	"context"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cartcheckout"
	"tienda/modules/sales"
	"tienda/modules/users"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/money"
)

// The adapters below let one module call another through the small interface the caller
// declares, translating between their types. Only app/ knows both sides.

// checkoutUsers is the users module as checkout sees it.
type checkoutUsers struct{ s *users.Service }

func (a checkoutUsers) Contact(ctx context.Context, userID string) (cartcheckout.Buyer, error) {
	u, err := a.s.Get(ctx, &users.Actor{ID: userID, Role: auth.Cliente}, userID)
	if err != nil {
		return cartcheckout.Buyer{}, err
	}
	return cartcheckout.Buyer{ID: userID, Name: u.Name, Email: u.Email, Phone: u.Phone, Address: u.Address}, nil
}

// checkoutSales is the sales module as checkout sees it.
type checkoutSales struct{ s *sales.Service }

func saleObjectID(id string) (bson.ObjectID, error) {
	oid, err := bson.ObjectIDFromHex(id)
	if err != nil {
		return bson.ObjectID{}, apperr.New(apperr.NotFound, "No se encontró la venta.")
	}
	return oid, nil
}

func (a checkoutSales) Reserve(ctx context.Context, d cartcheckout.Draft) (cartcheckout.Reserved, error) {
	items := make([]sales.Item, len(d.Lines))
	for i, l := range d.Lines {
		extras := make([]sales.Extra, len(l.Extras))
		for j, e := range l.Extras {
			extras[j] = sales.Extra{ID: e.ID, Nombre: e.Nombre, Precio: e.Precio.Pesos()}
		}
		items[i] = sales.Item{
			ID: l.VariantID, ProductoID: l.ProductID, Nombre: l.Nombre, Descripcion: l.Descripcion, Stock: l.Stock,
			Precio: l.Precio.Pesos(), Descuento: l.Descuento, PrecioFinal: l.PrecioFinal.Pesos(), Cantidad: l.Cantidad,
			Imagen: l.Imagen, Talla: l.Talla, Tamano: l.Tamano, Extras: extras,
		}
	}
	v, err := a.s.Reserve(ctx, sales.Sale{
		Carrito:   items,
		Usuario:   sales.Buyer{Name: d.Buyer.Name, Email: d.Buyer.Email, Phone: d.Buyer.Phone, Address: d.Buyer.Address},
		UsuarioID: d.Buyer.ID, CreadoPor: d.PlacedBy.ID, NombreCreador: d.PlacedBy.Name, Cliente: d.Cliente,
		Subtotal: d.Subtotal.Pesos(), IVA: d.IVA.Pesos(), Total: d.Total.Pesos(), MontoCobro: d.Charge.Pesos(),
		Origen: d.Origen, MetodoPago: d.MetodoPago,
	})
	if err != nil {
		return cartcheckout.Reserved{}, err
	}
	return reserved(v)
}

func reserved(v sales.Sale) (cartcheckout.Reserved, error) {
	r := cartcheckout.Reserved{ID: v.ID.Hex(), Folio: v.Folio, Fecha: v.Fecha, Estado: v.Estado}
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
		l := cartcheckout.Line{ProductID: it.ProductoID, VariantID: it.ID, Cantidad: it.Cantidad}
		for _, e := range it.Extras {
			l.ExtraIDs = append(l.ExtraIDs, e.ID)
		}
		r.Lines = append(r.Lines, l)
	}
	return r, nil
}

func (a checkoutSales) Confirm(ctx context.Context, id string) (any, error) {
	oid, err := saleObjectID(id)
	if err != nil {
		return nil, err
	}
	return a.s.Confirm(ctx, oid)
}

func (a checkoutSales) AwaitPayment(ctx context.Context, id string) error {
	oid, err := saleObjectID(id)
	if err != nil {
		return err
	}
	return a.s.AwaitPayment(ctx, oid)
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

func (a checkoutSales) RecordPayment(ctx context.Context, id string, p cartcheckout.Payment) (any, bool, error) {
	oid, err := saleObjectID(id)
	if err != nil {
		return nil, false, err
	}
	v, fresh, err := a.s.RecordPayment(ctx, oid, sales.PaidOnline{
		MercadoPago: sales.MercadoPago{
			PaymentID: p.ID, Status: p.Status, PaymentType: p.PaymentType, MerchantOrderID: p.MerchantOrderID,
			CollectionID: p.ID, ExternalReference: p.ExternalReference, PreferenceID: p.PreferenceID, Timestamp: p.ApprovedAt,
		},
		Payer:   sales.PayerName{GivenName: p.PayerGivenName, Surname: p.PayerSurname},
		OrderID: p.MerchantOrderID,
	})
	if err != nil {
		return nil, false, err
	}
	return v, fresh, nil
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

func (a checkoutSales) Unsettled(ctx context.Context, estados []string, before time.Time) ([]cartcheckout.Reserved, error) {
	list, err := a.s.Unsettled(ctx, estados, before)
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
