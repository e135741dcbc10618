package main

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cartcheckout"
	"tienda/modules/cashcut"
	"tienda/modules/catalog"
	"tienda/modules/sales"
	"tienda/modules/users"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/config"
	"tienda/pkg/mail"
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

func (a checkoutUsers) Customer(ctx context.Context, userID string) (cartcheckout.Buyer, error) {
	u, err := a.s.Get(ctx, &users.Actor{ID: userID, Role: auth.Cliente}, userID)
	if err != nil {
		return cartcheckout.Buyer{}, err
	}
	if u.Rol != auth.Cliente || !u.Status {
		return cartcheckout.Buyer{}, apperr.New(apperr.NotFound, "No se encontró la cuenta del cliente.")
	}
	return cartcheckout.Buyer{ID: userID, Name: u.Name, Email: u.Email, Phone: u.Phone, Address: u.Address}, nil
}

// salesRecipients is the users module as the order e-mails see it.
type salesRecipients struct{ s *users.Service }

// OrderMailTo mails an active customer's account that did not turn order e-mails off; a staff
// account (a counter order placed without a customer) and a deleted one get nothing.
func (a salesRecipients) OrderMailTo(ctx context.Context, userID string) (string, string, bool, error) {
	u, err := a.s.Get(ctx, &users.Actor{ID: userID, Role: auth.Cliente}, userID)
	if apperr.Is(err, apperr.NotFound) {
		return "", "", false, nil
	}
	if err != nil {
		return "", "", false, err
	}
	if u.Rol != auth.Cliente || !u.Status || u.SinCorreosPedidos {
		return "", "", false, nil
	}
	return u.Email, u.Name, true, nil
}

// orderMail is what the sales module needs to send order e-mails: the SMTP mailer only when
// SMTP_URL is set (without it they stay pending and are logged), the shop's contact data and the
// address of 'Mis compras'.
func orderMail(cfg config.Config, mailer mail.Sender, u *users.Service) sales.OrderMail {
	m := sales.OrderMail{To: salesRecipients{u}, PublicURL: cfg.PublicURL,
		Shop: sales.ShopInfo{Name: cfg.Shop.Name, Address: cfg.Shop.Address, Phone: cfg.Shop.Phone}}
	if cfg.SMTPURL != "" {
		m.Sender = mailer
	}
	return m
}

// catalogStock is the catalogue as checkout (prices, held stock) and sales (stock of cancelled
// orders) see it.
type catalogStock struct{ s *catalog.Service }

func orderLine(l cartcheckout.Line) catalog.OrderLine {
	return catalog.OrderLine{ProductID: l.ProductID, VariantID: l.VariantID, ExtraIDs: l.ExtraIDs, Cantidad: l.Cantidad}
}

func (a catalogStock) Quote(ctx context.Context, lines []cartcheckout.Line) ([]cartcheckout.PricedLine, error) {
	in := make([]catalog.OrderLine, len(lines))
	for i, l := range lines {
		in[i] = orderLine(l)
	}
	quoted, err := a.s.Quote(ctx, in)
	if err != nil {
		return nil, err
	}
	out := make([]cartcheckout.PricedLine, len(quoted))
	for i, q := range quoted {
		out[i] = pricedLine(q)
	}
	return out, nil
}

// pricedLine is a catalogue's quoted line as checkout sees it.
func pricedLine(q catalog.QuotedLine) cartcheckout.PricedLine {
	extras := make([]cartcheckout.PricedExtra, len(q.Extras))
	for j, e := range q.Extras {
		extras[j] = cartcheckout.PricedExtra{ID: e.ID, Nombre: e.Nombre, Precio: e.Precio}
	}
	return cartcheckout.PricedLine{
		Line:   cartcheckout.Line{ProductID: q.ProductID, VariantID: q.VariantID, ExtraIDs: q.ExtraIDs, Cantidad: q.Cantidad},
		Nombre: q.Nombre, Descripcion: q.Descripcion, Imagen: q.Imagen, Talla: q.Talla, Tamano: q.Tamano,
		Precio: q.Precio, Descuento: q.Descuento, PrecioFinal: q.PrecioFinal, Extras: extras, Stock: q.Stock,
		ConProveedor: q.ConProveedor, Entrega: q.Entrega,
	}
}

// stockNote is checkout's note of a stock movement as the catalogue records it.
func stockNote(n cartcheckout.StockNote) catalog.StockNote {
	tipo := catalog.TipoCancelacion
	if n.NoPayment {
		tipo = catalog.TipoPagoNoRecibido
	}
	return catalog.StockNote{Folio: n.Folio, UsuarioID: n.UserID, NombreUsuario: n.UserName, Tipo: tipo, Motivo: n.Motivo}
}

func (a catalogStock) TakeStock(ctx context.Context, key string, l cartcheckout.Line, note cartcheckout.StockNote) (cartcheckout.PricedLine, error) {
	q, err := a.s.TakeStockFor(ctx, key, orderLine(l), stockNote(note))
	return pricedLine(q), err
}

// ReturnStock serves checkout.
func (a catalogStock) ReturnStock(ctx context.Context, key string, l cartcheckout.Line, note cartcheckout.StockNote) error {
	return a.s.ReturnStockFor(ctx, key, orderLine(l), stockNote(note))
}

// SettleStock serves checkout.
func (a catalogStock) SettleStock(key string, l cartcheckout.Line) {
	a.s.SettleStockFor(key, l.ProductID)
}

// ReservedStock serves checkout's reconciliation.
func (a catalogStock) ReservedStock(ctx context.Context) ([]cartcheckout.ReservedStock, error) {
	reserved, err := a.s.ReservedStock(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]cartcheckout.ReservedStock, len(reserved))
	for i, r := range reserved {
		out[i] = cartcheckout.ReservedStock{Key: r.Key, ProductID: r.ProductID}
	}
	return out, nil
}

// salesStock is the catalogue as sales sees it: stock given back when an order is cancelled.
type salesStock struct{ s *catalog.Service }

func (a salesStock) GiveBackStock(ctx context.Context, l sales.StockLine) error {
	note := catalog.StockNote{Folio: l.Folio, UsuarioID: l.UserID, NombreUsuario: l.UserName, Motivo: "Orden cancelada", ConProveedor: l.ConProveedor,
		Clave: l.Clave, ClaveFecha: l.Fecha}
	if l.Devolucion {
		note.Tipo, note.Motivo = catalog.TipoDevolucion, "Devolución: "+l.Motivo
	}
	return a.s.GiveBackStock(ctx, catalog.OrderLine{ProductID: l.ProductID, VariantID: l.VariantID, Cantidad: l.Cantidad}, note)
}

// cashcutSales is the sales module as the cash cut sees it.
type cashcutSales struct{ s *sales.Service }

// paidSales are a cut's money movements as the cash cut counts them: a refund is a negative total.
func paidSales(list []sales.CutEntry, err error) ([]cashcut.PaidSale, error) {
	if err != nil {
		return nil, err
	}
	out := make([]cashcut.PaidSale, len(list))
	for i, e := range list {
		out[i] = cashcut.PaidSale{ID: e.ID, Folio: e.Folio, Metodo: e.Metodo, UserID: e.UserID, UserName: e.UserName, Total: e.Monto}
	}
	return out, nil
}

func (a cashcutSales) AnyUnclaimed(ctx context.Context) (bool, error) { return a.s.AnyUnclaimed(ctx) }

func (a cashcutSales) Unclaimed(ctx context.Context) ([]cashcut.PaidSale, error) {
	return paidSales(a.s.Unclaimed(ctx))
}

func (a cashcutSales) Claim(ctx context.Context, n int64, ids []string) (int64, error) {
	var oids []bson.ObjectID
	if ids != nil {
		oids = make([]bson.ObjectID, 0, len(ids))
		for _, id := range ids {
			if oid, err := bson.ObjectIDFromHex(id); err == nil {
				oids = append(oids, oid)
			}
		}
	}
	return a.s.Claim(ctx, n, oids)
}

func (a cashcutSales) ClaimedBy(ctx context.Context, n int64) ([]cashcut.PaidSale, error) {
	return paidSales(a.s.ClaimedBy(ctx, n))
}

func (a cashcutSales) CountClaimedBy(ctx context.Context, n int64) (int64, error) {
	return a.s.CountClaimedBy(ctx, n)
}

// paymentProvider is MercadoPago when an access token is configured, nil (online payments off)
// otherwise.
func paymentProvider(cfg config.Config) (cartcheckout.Provider, error) {
	if cfg.MercadoPagoAccessToken == "" {
		return nil, nil
	}
	return cartcheckout.NewMercadoPago(cfg.MercadoPagoAccessToken, cfg.MercadoPagoAPIURL, cfg.PublicURL)
}
