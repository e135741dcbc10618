package invoicing

import (
	"context"
	"time"

	"tienda/pkg/money"
)

// Sales is the sales module as invoicing sees it. A CFDI claims the sales it covers on the sales
// themselves (one guarded update each), so a sale is in at most one CFDI. A claim of several
// sales is not atomic: Claim, Transfer and Release may stop half way (a failover, a crash), and
// each of them, run again over the same list, does only what is left (claims.go).
type Sales interface {
	// Get returns a saved sale. Errors: not_found.
	Get(ctx context.Context, id string) (Sale, error)
	// ByFolio returns the saved sale with that folio. Errors: not_found.
	ByFolio(ctx context.Context, folio string) (Sale, error)
	// Claim marks ref on each sale of ids paid in [from, to) (zero times: any time) that no
	// CFDI covers, that is paid and neither cancelled nor returned, and on which ref's claim is
	// not over (Close, Release).
	Claim(ctx context.Context, ref SaleInvoice, ids []string, from, to time.Time) error
	// Transfer moves to ref, the CFDI that replaces CFDI fromID, each sale of ids that fromID
	// covers and on which ref's claim is not over.
	Transfer(ctx context.Context, ids []string, fromID string, ref SaleInvoice) error
	// Close ends the claim of CFDI facturaID on each sale of ids it does not cover by now: no
	// Claim or Transfer to it changes them afterwards, so the sales it covers are final.
	Close(ctx context.Context, facturaID string, ids []string) error
	// Release ends the claim of CFDI facturaID on every sale of ids, then gives back the sales
	// it covers: freed when to is nil, or to the CFDI to.
	Release(ctx context.Context, facturaID string, ids []string, to *SaleInvoice) error
	// MarkStamped records the UUID of CFDI facturaID on its sales.
	MarkStamped(ctx context.Context, facturaID, uuid string) error
	// ClaimedBy lists the sales CFDI facturaID marked, oldest first.
	ClaimedBy(ctx context.Context, facturaID string) ([]Sale, error)
	// Uninvoiced lists the sales paid in [from, to) a CFDI may still cover, oldest paid first.
	Uninvoiced(ctx context.Context, from, to time.Time) ([]Sale, error)
	// WithCreditNotesPending lists the sales with a return whose nota de crédito is still
	// 'timbrando' (creditnote.go).
	WithCreditNotesPending(ctx context.Context) ([]Sale, error)
	// SetCreditNote records on return returnID of sale saleID where its nota de crédito stands.
	SetCreditNote(ctx context.Context, saleID, returnID string, n CreditNote) error
}

// States of a sale's nota de crédito.
const (
	NotaTimbrando = "timbrando"
	NotaValida    = "valida"
	NotaRechazada = "rechazada"
)

// CreditNote is a return's nota de crédito as the sale records it.
type CreditNote struct {
	FacturaID, UUID, Estado string
}

// SaleReturn is a return of a sale: its lines and money, as money.Refund priced them.
type SaleReturn struct {
	ID                   string
	Fecha                time.Time
	Metodo               string
	Lineas               []ReturnLine
	Subtotal, IVA, Monto money.Cents
	Nota                 *CreditNote // nil: the sale was not invoiced when it was returned
}

// ReturnLine is the units of one sale line a return brought back and their refund.
type ReturnLine struct {
	Indice        int
	Nombre        string
	Cantidad      int64
	Subtotal, IVA money.Cents
}

// Products is the catalogue as invoicing sees it.
type Products interface {
	// FiscalByVariant answers the fiscal data of the variants' products, by variant id.
	FiscalByVariant(variantIDs []string) map[string]ProductFiscal
	// MissingSATKey lists the products without a SAT product key.
	MissingSATKey() []ProductFiscal
}

// Sale is what a CFDI needs of a sale.
type Sale struct {
	ID, Folio  string
	Fecha      time.Time
	PagadoEn   time.Time // when it was paid; zero while it is not
	UsuarioID  string    // the customer's account; "" for a counter sale without one
	Pagada     bool
	Cancelada  bool   // cancelled or returned
	MetodoPago string // "Efectivo", "Tarjeta", "Transferencia" or "Mercado Pago"
	// TipoTarjeta is the card of a counter 'Tarjeta' payment: "debito", "credito" or "" (not
	// known: taken as credit). PaymentType is MercadoPago's payment_type_id of an online payment
	// (debit_card, credit_card, account_money, ticket, bank_transfer, ...).
	TipoTarjeta  string
	PaymentType  string
	Subtotal     money.Cents
	IVA          money.Cents
	Total        money.Cents
	Lineas       []SaleLine
	Factura      *SaleInvoice // the CFDI that covers it, if one does
	Devoluciones []SaleReturn
}

// SaleLine is a line of a sale, its amounts before IVA.
type SaleLine struct {
	VarianteID    string
	Nombre        string
	Talla, Tamano string
	Cantidad      int64
	Precio        money.Cents // the unit price before the discount, extras apart
	PrecioFinal   money.Cents // the unit price after the discount, extras included
	Extras        []SaleExtra
	Envio         bool // a shipment's cost charged to the customer: a service, not a product
}

// SaleExtra is an add-on bought with a line.
type SaleExtra struct {
	Nombre string
	Precio money.Cents
}

// SaleInvoice is the mark a CFDI leaves on a sale it covers.
type SaleInvoice struct {
	ID   string `json:"id"`
	Tipo string `json:"tipo"` // TipoIndividual or TipoGlobal
	UUID string `json:"uuid,omitempty"`
}

// ProductFiscal is what a CFDI needs of a product.
type ProductFiscal struct {
	ProductID, Nombre, Modelo, SatKey, ClaveUnidad string
}
