package sales

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
	"tienda/pkg/salestate"
)

const (
	collection     = "ventas"
	metaCollection = "ventas_meta" // the order lists' version document
	versionID      = "version"
)

// store is the only code that touches the ventas collection and the day summaries.
type store struct {
	db     *mongox.Store
	log    zerolog.Logger
	teller *teller // nil: each write tells its days at once (summary_tell.go)
}

// collections are the module's collections and their indexes.
func (s store) collections() []mongox.Collection {
	ix := func(name, field string) mongox.Index {
		return mongox.Index{Name: name, Keys: bson.D{{Key: field, Value: 1}}}
	}
	unique := func(name, field string) mongox.Index {
		return mongox.Index{Name: name, Keys: bson.D{{Key: field, Value: 1}}, Unique: true, Sparse: true}
	}
	sparse := func(name string) mongox.Index {
		return mongox.Index{Name: name, Keys: bson.D{{Key: name, Value: 1}}, Sparse: true}
	}
	return []mongox.Collection{
		{Name: collection, Indexes: []mongox.Index{
			{Name: "listas", Keys: listIndex, List: true},
			{Name: "folio_lista", Keys: folioListIndex, List: true},
			unique("folio_unique", "folio"),
			unique("payment_unique", "mercadoPago.payment_id"),
			// One sale per placing request (Reserve).
			unique("idempotencia_unique", "idempotencia"),
			// A period's sales (reports) and a customer's (history).
			ix("fecha", "fecha"),
			ix("usuarioId", "usuarioId"),
			// Sales by state: the open orders, the reservations a crash left, the online orders
			// waiting for their payment.
			{Name: "estado_entrega", Keys: bson.D{{Key: "estado", Value: 1}, {Key: "entrega", Value: 1}}},
			// The paid sales no cut has claimed yet, and the sales of one cut (cuts.go).
			{Name: "pago_corte", Keys: bson.D{{Key: "pago", Value: 1}, {Key: "corte", Value: 1}}},
			ix("corte", "corte"),
			// The sales with refunds (the cut's and the report's).
			ix("conDevoluciones", "conDevoluciones"),
			ix("devolucionesPorCortar", "devolucionesPorCortar"),
			ix("factura", "factura.id"),
			// The sales with a nota de crédito to stamp (invoices.go).
			ix(notesPending, notesPending),
			// The sales with an order e-mail to settle (order_mails.go).
			ix(mailsPending, mailsPending),
			// The sales paid in a period: the report's payments (report.go) and a factura global's
			// sales (invoices.go).
			ix("pagadoEn", "pagadoEn"),
			// The sales whose days' summaries are still to be told (summary.go).
			sparse(pendingField),
			// The sales that still owe units to the catalogue (stock_giveback.go).
			sparse(stockOwed),
			// The late-paid sales whose units are not taken again yet (online.go).
			sparse(retakePending),
		}},
		// The days' summaries and lists of sales (summary.go) exist from the start, so that their
		// reads by _id are indexed too (mongox.Store.IndexIDs); the days to recompute are found by
		// `sucio`.
		{Name: daysCollection},
		{Name: summaryCollection, Indexes: []mongox.Index{ix("sucio", "sucio")}},
	}
}

// Collections of earlier releases, which only made up for slow reads of ventas: reservations
// (ventas_reservas), open orders (ventas_abiertas), online orders waiting for their payment
// (ventas_en_espera) and the payments ledger (ventas_cobros). The sales say all of it themselves.
var formerCollections = []string{"ventas_reservas", "ventas_abiertas", "ventas_en_espera", "ventas_cobros"}

// upgrade moves the reservations an earlier release left in flight into ventas, as sales in state
// 'reservando', drops the collections of earlier releases, gives the sales stored before search
// texts existed theirs (fillSearch) and the paid sales stored before payment movements existed
// their payment (fillPayments), and tells the days of the sales stored before the day summaries
// (tellAllOnce). Every step can be repeated.
func (s store) upgrade(ctx context.Context) (int, error) {
	intents, err := mongox.FindAll[Sale](ctx, s.db.R.Collection(formerCollections[0]), bson.M{})
	if err != nil {
		return 0, fmt.Errorf("sales: upgrade: %w", err)
	}
	for _, v := range intents {
		v.Estado = salestate.Reservando
		if err := s.insert(ctx, v); err != nil && !errors.Is(err, errDuplicateFolio) {
			return 0, err // a duplicate: saved before, or moved by a start that stopped half-way
		}
	}
	for _, name := range formerCollections {
		if err := s.db.W.Collection(name).Drop(ctx); err != nil {
			return 0, fmt.Errorf("sales: drop %s: %w", name, err)
		}
	}
	if _, err := s.db.W.Collection(metaCollection).DeleteMany(ctx, bson.M{"_id": bson.M{"$in": bson.A{"abiertas-v1", "cobros-v1"}}}); err != nil {
		return 0, fmt.Errorf("sales: upgrade: %w", err)
	}
	if _, err := s.fillSearch(ctx); err != nil {
		return 0, err
	}
	if _, err := s.fillPayments(ctx); err != nil {
		return 0, err
	}
	if err := s.tellAllOnce(ctx); err != nil {
		return 0, err
	}
	return len(intents), nil
}

var errSaleNotFound = apperr.New(apperr.NotFound, "No se encontró la venta.")

// insert stores a new sale, then tells the days it counts on (summary.go); a sale reserved
// ('reservando') counts on none until it is saved, which is an update and tells them then.
func (s store) insert(ctx context.Context, v Sale) error {
	v.Busqueda = searchText(v)
	token := mark()
	tell := v.Estado != salestate.Reservando
	if tell {
		v.PorResumir = &token
	}
	_, err := s.db.W.Collection(collection).InsertOne(ctx, v)
	if mongox.IsDuplicate(err) {
		if v.Idempotencia != "" {
			if first, found, ferr := mongox.FindOne[Sale](ctx, s.db.W.Collection(collection), bson.M{"idempotencia": v.Idempotencia}); ferr == nil && found {
				return &RepeatedError{Sale: first}
			}
		}
		return errDuplicateFolio
	}
	if err != nil {
		return fmt.Errorf("sales: insert: %w", err)
	}
	if tell {
		s.tellWritten(ctx, summarySale{ID: v.ID, Fecha: v.Fecha, PagadoEn: v.PagadoEn}, token) // a new sale has no refunds yet
	}
	return nil
}

var errDuplicateFolio = errors.New("sales: duplicate folio")

// RepeatedError is Reserve's answer to a repeat of the request that placed Sale (the same
// Idempotencia): the caller answers that sale instead of placing another.
type RepeatedError struct{ Sale Sale }

func (e *RepeatedError) Error() string {
	return "sales: a repeat of the request that placed " + e.Sale.Folio
}

func (s store) get(ctx context.Context, id bson.ObjectID) (Sale, error) {
	v, found, err := mongox.FindOne[Sale](ctx, s.db.R.Collection(collection), bson.M{"_id": id})
	if err != nil {
		return Sale{}, fmt.Errorf("sales: get: %w", err)
	}
	if !found {
		return Sale{}, errSaleNotFound
	}
	return v, nil
}

// find reads the sales filter selects, in no particular order.
func (s store) find(ctx context.Context, filter bson.M) ([]Sale, error) {
	out := []Sale{}
	err := s.each(ctx, filter, nil, func(doc bson.Raw) error {
		var v Sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	return out, err
}

// pending reads the sales of ids that have flag (a top-level boolean) set, by _id: on the
// embedded store a find of {_id: {$in: ids}, flag: true} would read every sale with the flag.
func (s store) pending(ctx context.Context, ids []bson.ObjectID, flag string) ([]Sale, error) {
	out := []Sale{}
	err := s.db.EachByID(ctx, collection, ids, nil, func(doc bson.Raw) error {
		if set, ok := doc.Lookup(flag).BooleanOK(); !ok || !set {
			return nil
		}
		var v Sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sales: find by _id: %w", err)
	}
	return out, nil
}

// each calls fn with every sale that filter selects (mongox.Each), reduced to projection (the
// whole document when nil), in no particular order: a caller that keeps only what it needs never
// holds thousands of decoded sales. fn must copy the document to keep it past its call.
func (s store) each(ctx context.Context, filter, projection bson.M, fn func(bson.Raw) error) error {
	if err := s.db.Each(ctx, collection, filter, projection, fn); err != nil {
		return fmt.Errorf("sales: find: %w", err)
	}
	return nil
}

// update applies a change to one sale while filter (fields equal to scalars: mongox.UpdateOneIf)
// still matches, and returns the sale after it; then it tells the days the sale counts on
// (summary.go). apperr.Conflict when the sale exists but no longer matches the filter.
func (s store) update(ctx context.Context, id bson.ObjectID, filter bson.M, change bson.M) (Sale, error) {
	var v Sale
	token := mark()
	raw, err := s.db.UpdateOneIf(ctx, collection, id, filter, withMark(change, token))
	if err == nil {
		err = bson.Unmarshal(raw, &v)
	}
	if err == nil {
		told, _ := raw.Lookup(daysField).StringValueOK() // none yet: ""
		s.tellWritten(ctx, summarySale{ID: v.ID, Fecha: v.Fecha, PagadoEn: v.PagadoEn, Devoluciones: v.Devoluciones, Dias: told}, token)
	}
	if errors.Is(err, mongo.ErrNoDocuments) {
		if _, gerr := s.get(ctx, id); gerr != nil {
			return Sale{}, gerr
		}
		return Sale{}, apperr.New(apperr.Conflict, "La venta cambió mientras la editabas. Recarga e inténtalo de nuevo.")
	}
	if mongox.IsDuplicate(err) {
		return Sale{}, apperr.New(apperr.Conflict, "Ese pago ya está registrado en otra venta.")
	}
	if err != nil {
		return Sale{}, fmt.Errorf("sales: update: %w", err)
	}
	return v, nil
}

// bumpVersion marks that the order list changed, so open screens refetch.
func (s store) bumpVersion(ctx context.Context, now time.Time) error {
	_, err := s.db.W.Collection(metaCollection).UpdateOne(ctx, bson.M{"_id": versionID},
		bson.M{"$inc": bson.M{"n": 1}, "$set": bson.M{"at": now}}, options.UpdateOne().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("sales: version: %w", err)
	}
	return nil
}

func (s store) version(ctx context.Context) (int64, error) {
	doc, _, err := mongox.FindOne[struct {
		N int64 `bson:"n"`
	}](ctx, s.db.R.Collection(metaCollection), bson.M{"_id": versionID})
	if err != nil {
		return 0, fmt.Errorf("sales: version: %w", err)
	}
	return doc.N, nil // 0 before the first raise
}
