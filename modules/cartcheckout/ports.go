package cartcheckout

import (
	"context"
	"time"

	"tienda/pkg/money"
	"tienda/pkg/salestate"
)

// Line is one line a buyer asks for: ids and a quantity. Prices from a client are never read.
type Line struct {
	ProductID string
	VariantID string
	ExtraIDs  []string
	Cantidad  int
}

// PricedLine is a line priced from the catalogue.
type PricedLine struct {
	Line
	Nombre, Descripcion, Imagen, Talla, Tamano string
	Precio                                     money.Cents // the variant's list price
	Descuento                                  float64     // percent
	PrecioFinal                                money.Cents // unit price after discount, extras included
	Extras                                     []PricedExtra
	Stock                                      int
	ConProveedor                               int    // units ordered from the distributor
	Entrega                                    string // then: the delivery takes longer, in Spanish
}

// PricedExtra is an extra with its catalogue price.
type PricedExtra struct {
	ID, Nombre string
	Precio     money.Cents
}

// Catalog prices lines and reserves stock. It is the catalogue module, adapted by app/.
type Catalog interface {
	// Quote prices each line. Errors: invalid or not_found naming the product.
	Quote(ctx context.Context, lines []Line) ([]PricedLine, error)
	// TakeStock takes a line's stock under key, once: a repeat with the same key takes nothing.
	// note is recorded with the stock movement. It answers the line priced as its stock was
	// taken: the take is fenced by the product's version, so this is a price the product had at
	// that moment, which the order charges (it differs from Quote's when the product or its
	// discount changed in between, on another replica say). Errors: invalid or not_found naming
	// the product, conflict when there is not enough.
	TakeStock(ctx context.Context, key string, line Line, note StockNote) (PricedLine, error)
	// ReturnStock gives back what key reserves of the line's product, once; nothing when key reserves
	// nothing. note is recorded with the stock movement.
	ReturnStock(ctx context.Context, key string, line Line, note StockNote) error
	// SettleStock says the order reserving stock under key is saved (counter) or paid (online):
	// the key is no longer needed, as a later cancellation gives the units back by itself. The
	// key is removed a moment later; one lost in a crash is found again by ReservedStock.
	SettleStock(key string, line Line)
	// ReservedStock lists every key reserving stock, with its product, as the store has them.
	ReservedStock(ctx context.Context) ([]ReservedStock, error)
}

// StockNote says who moves an order's units and why, for the catalogue's stock movements.
type StockNote struct {
	Folio            string
	UserID, UserName string // who placed the order; "" when the shop itself moves them (a sweep)
	Motivo           string
	NoPayment        bool // units given back because the online payment never came
}

// The reasons of the stock movements checkout makes (StockNote.Motivo).
const (
	motivoCaja        = "Pedido en caja"
	motivoEnLinea     = "Pedido en línea"
	motivoPagoTardio  = "Pago en línea recibido después de vencer"
	motivoIncompleto  = "Pedido no completado"
	motivoSinPago     = "El pago en línea no llegó"
	motivoPagoFallido = "Mercado Pago rechazó o canceló el pago"
)

// ReservedStock is a key reserving stock of a product.
type ReservedStock struct {
	Key, ProductID string
}

// Buyer is the customer's contact data.
type Buyer struct {
	ID, Name, Email, Phone, Address string
}

// Users finds a customer's contact data. It is the users module, adapted by app/.
type Users interface {
	// Contact returns the account's contact data. Errors: not_found.
	Contact(ctx context.Context, userID string) (Buyer, error)
	// Customer returns the contact data of an enabled customer's account (role Cliente).
	// Errors: not_found when userID is no such account.
	Customer(ctx context.Context, userID string) (Buyer, error)
}

// Draft is a new sale, priced.
type Draft struct {
	Lines      []PricedLine
	Buyer      Buyer
	PlacedBy   Buyer // who placed it (the buyer, or staff at the counter)
	Cliente    string
	Origen     string // "caja" or "mercadopago"
	MetodoPago string
	Subtotal   money.Cents
	IVA        money.Cents
	Total      money.Cents
	Charge     money.Cents // what the provider will charge: the total (montoCobro)
	// Idempotencia is the placing request's key, scoped to who placed it ("" none): Reserve
	// answers a *RepeatedOrder when a sale has it already.
	Idempotencia string
}

// RepeatedOrder is Reserve's answer to a repeat of the request that placed Sale.
type RepeatedOrder struct{ Sale Reserved }

func (e *RepeatedOrder) Error() string {
	return "cartcheckout: a repeat of the request that placed " + e.Sale.Folio
}

// Reserved is a sale stored before its stock is taken.
type Reserved struct {
	ID, Folio string
	Lines     []Line
	Total     money.Cents
	Charge    money.Cents // what the provider charges: the total (sales placed before IVA per line may differ)
	Fecha     time.Time
	Estado    salestate.Estado
	PaymentID string
	// PreferenceID is the MercadoPago preference of an online order waiting for its payment ("" until it is made).
	PreferenceID string
	// PaidLate: the payment came after the order expired. The expiry gives back what the order
	// first took (its keys stockKey); the payment takes it again under lateStockKey.
	PaidLate bool
	// RetakePending: the late payment's units are not all taken again yet (retake). Recorded by
	// the payment's own write, so a crash before the retake leaves it for the sweep.
	RetakePending bool
}

// SavedSale is a saved sale as the sales module shows it, encoded: the JSON document that
// GET /v1/ventas/{id} answers. Checkout answers it to the client as it is and never reads it.
type SavedSale []byte

// MarshalJSON writes the document as it is (null when there is none).
func (s SavedSale) MarshalJSON() ([]byte, error) {
	if len(s) == 0 {
		return []byte("null"), nil
	}
	return s, nil
}

// Payment is an approved payment as the provider reported it.
type Payment struct {
	ID, Status, PaymentType, MerchantOrderID, ExternalReference, PreferenceID string
	Amount                                                                    money.Cents
	PayerGivenName, PayerSurname                                              string
	ApprovedAt                                                                time.Time
}

// Sales stores and settles sales. It is the sales module, adapted by app/.
type Sales interface {
	// Reserve writes a sale's intent record ('reservando') with a new folio.
	Reserve(ctx context.Context, d Draft) (Reserved, error)
	// Confirm saves a reserved counter sale, unpaid. It answers the saved sale; a repeat answers it
	// again.
	Confirm(ctx context.Context, id string) (SavedSale, error)
	// AwaitPayment saves a reserved online sale as waiting for its payment (not in order lists).
	AwaitPayment(ctx context.Context, id string) error
	// SetPreference stores the preference of an online order waiting for its payment. Errors:
	// conflict when it no longer waits.
	SetPreference(ctx context.Context, id, preference string) error
	// Reprice writes again the lines and totals of a reserved sale, whose prices changed while
	// its stock was taken. Errors: conflict when it is no longer reserved (a sweep failed it).
	Reprice(ctx context.Context, id string, d Draft) error
	// Fail drops the reservation of a sale never saved. Errors: conflict when it was saved after
	// all (then its stock must stay taken).
	Fail(ctx context.Context, id string) error
	// Abandoned lists reservations older than before whose sale was never saved.
	Abandoned(ctx context.Context, before time.Time) ([]Reserved, error)
	// Expire marks an online sale whose payment never came; its stock has been given back.
	Expire(ctx context.Context, id string) error
	// RecordPayment marks an online sale paid with this payment, once per payment id. It answers the
	// saved sale and the state this call's write moved it from: EsperandoPago, Expirada (a payment
	// after the order expired: the sale is marked PaidLate), or "" when it was recorded before.
	RecordPayment(ctx context.Context, id string, p Payment) (SavedSale, salestate.Estado, error)
	// Find returns a sale's checkout view. Errors: not_found.
	Find(ctx context.Context, id string) (Reserved, error)
	// Unsettled lists the online sales still waiting for their payment, placed before the given
	// time.
	Unsettled(ctx context.Context, before time.Time) ([]Reserved, error)
	// PendingRetakes lists the late-paid sales whose units are not all taken again yet.
	PendingRetakes(ctx context.Context) ([]Reserved, error)
	// RetakeDone records that a late-paid sale's units were taken again (or found short, for
	// staff). A repeat does nothing.
	RetakeDone(ctx context.Context, id string) error
}
