package sales

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/mongox"
	"tienda/pkg/salestate"
	"tienda/pkg/search"
)

// The staff lists of sales, a page at a time from the store (mongox.Page): 'Lista de ordenes'
// reads the open orders, or, searched or filtered by delivery, every saved sale whatever its
// state (the cash desk finds a paid, delivered, cancelled or returned sale by its folio or its
// customer); 'Reporte de ventas' and 'Reporte de envíos' read the saved sales of a range.
// Both search the sales' folded search text (searchText) and filter on their own fields; the list
// index below holds every field they filter on and sort by, so that on the embedded store a page
// of 20,000 sales is answered from an index.

// ListQuery is what a staff list of sales asks for; the handler has checked each value.
type ListQuery struct {
	Needle  string    // what the search looks for in the sales' search text (search.Needle); "" all
	Pago    string    // PagoValues, or "" for any
	Entrega string    // EntregaValues, or "" for any (the open ones in the order list, unless searched)
	Metodo  string    // MetodoValues, or "" for any
	Envio   string    // EnvioCon, EnvioSin, or "" for any
	From    time.Time // the sales from this instant on; zero: no bound
	To      time.Time // the sales before this instant; zero: no bound
	Sort    string    // one of listSorts
	Page    int       // from 1
	Limit   int       // 1..100
}

// EnvioCon and EnvioSin are the list's shipment filter: the sales with a shipment, those without.
const (
	EnvioCon = "con"
	EnvioSin = "sin"
)

// listSorts are the orders a list can ask for: by a field of the sales, descending when it begins
// with '-', ties broken by the _id (sortOf).
var listSorts = []string{"-fecha", "fecha", "-total", "total", "-folio", "folio"}

// sortOf is the store's sort of one of listSorts; of "-fecha" for any other.
func sortOf(name string) bson.D {
	if !slices.Contains(listSorts, name) {
		name = "-fecha"
	}
	field, desc := strings.CutPrefix(name, "-")
	dir := 1
	if desc {
		dir = -1
	}
	return bson.D{{Key: field, Value: dir}, {Key: "_id", Value: dir}}
}

// listIndex serves both lists: every field either filters on or sorts by, the open orders' first
// (by state and delivery, newest first). On the embedded store a range of sales reads it whole for
// its dates (some milliseconds at 20,000 sales), which costs less than a second index would cost
// every write of a sale.
var listIndex = bson.D{{Key: "estado", Value: 1}, {Key: "entrega", Value: 1}, {Key: "fecha", Value: -1}, {Key: "pago", Value: 1},
	{Key: "metodoPago", Value: 1}, {Key: "envio", Value: 1}, {Key: "total", Value: 1}, {Key: "folio", Value: 1}, {Key: "busqueda", Value: 1}}

// folioListIndex serves a search by a whole folio (wholeFolio) in any state: 'Lista de ordenes'
// searches every sale, and the list index would read the search text of each of them.
var folioListIndex = bson.D{{Key: "folio", Value: 1}, {Key: "estado", Value: 1}}

// OpenOrders is a page of 'Lista de ordenes' that q selects, and how many it selects in all: the
// open orders (saved, to deliver or on their way), or, when q searches or names a delivery state,
// the saved sales in any state.
func (s *Service) OpenOrders(ctx context.Context, q ListQuery) ([]Sale, int64, error) {
	return s.store.page(ctx, q.filter(true), q)
}

// Sales is a page of the saved sales q selects, and how many it selects in all.
func (s *Service) Sales(ctx context.Context, q ListQuery) ([]Sale, int64, error) {
	return s.store.page(ctx, q.filter(false), q)
}

// filter is the store's filter of q; open keeps only the open orders when q neither searches nor
// names a delivery state.
func (q ListQuery) filter(open bool) bson.M {
	f := bson.M{"estado": salestate.Confirmada}
	switch {
	case q.Entrega != "":
		f["entrega"] = q.Entrega
	case open && q.Needle == "":
		f["entrega"] = bson.M{"$in": openStates}
	}
	if q.Pago != "" {
		f["pago"] = q.Pago
	}
	if q.Metodo != "" {
		f["metodoPago"] = q.Metodo
	}
	switch q.Envio {
	case EnvioCon:
		f["envio"] = bson.M{"$ne": nil}
	case EnvioSin:
		f["envio"] = nil
	}
	mongox.SetRange(f, "fecha", q.From, q.To)
	if q.Needle != "" {
		f["busqueda"] = bson.M{"$regex": regexp.QuoteMeta(q.Needle)}
		if folio := wholeFolio(q.Needle); folio != "" {
			// The folio's digits are in no other part of a search text: the same sales, read by
			// their folio's index instead of every sale's search text.
			f["folio"] = folio
		}
	}
	return f
}

// wholeFolio is the folio (newFolio's AAAAMMDD-HHMMSS-NNNN) whose 18 digits a search's needle
// is, as typed or scanned from a ticket; "" when the needle is anything else.
func wholeFolio(needle string) string {
	if len(needle) != 18 || strings.Trim(needle, "0123456789") != "" {
		return ""
	}
	return needle[:8] + "-" + needle[8:14] + "-" + needle[14:]
}

func (s store) page(ctx context.Context, filter bson.M, q ListQuery) ([]Sale, int64, error) {
	out, total, err := mongox.PageOf[Sale](ctx, s.db, collection, filter, sortOf(q.Sort), int64(q.Page-1)*int64(q.Limit), int64(q.Limit))
	if err != nil {
		return nil, 0, fmt.Errorf("sales: list: %w", err)
	}
	return out, total, nil
}

// searchText is a sale's search text: its folio, 'Quien Ordena', the buyer's name and e-mail,
// folded, and the digits of the buyer's phone and of the folio.
func searchText(v Sale) string {
	return search.Text([]string{v.Folio, v.Cliente, v.Usuario.Name, v.Usuario.Email}, []string{v.Usuario.Phone, v.Folio})
}

// searchJob writes the search text of the sales stored before it existed.
const searchJob = "busqueda-v1"

// fillSearch gives each sale without a search text its own (searchJob), once; a start cut short
// does the rest again. It answers how many it filled.
func (s store) fillSearch(ctx context.Context) (int, error) {
	if done, err := s.jobDone(ctx, searchJob); err != nil || done {
		return 0, err
	}
	texts := map[bson.ObjectID]any{}
	err := s.each(ctx, bson.M{"busqueda": bson.M{"$exists": false}}, bson.M{"folio": 1, "cliente": 1, "usuario": 1}, func(doc bson.Raw) error {
		var v Sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return err
		}
		if text := searchText(v); text != "" {
			texts[v.ID] = text
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	if _, err := s.db.SetEach(ctx, collection, "busqueda", texts); err != nil {
		return 0, fmt.Errorf("sales: search text: %w", err)
	}
	if err := s.markJobDone(ctx, searchJob); err != nil {
		return 0, err
	}
	return len(texts), nil
}
