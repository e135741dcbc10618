package sales

import (
	"context"
	"fmt"
	"slices"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// Units given back to the catalogue: a cancelled order's (giveBackStock) and a return's
// (restock). The write that cancels the order or records the return also sets stockOwed, the
// record that units are owed. Then each line's units go back under a key made of the sale, the
// cancellation or return, and the line: the catalogue writes the line's stock movement once
// under that key, whoever asks and however often. Only after every line is the cancellation
// (stockDevuelto) or the return (its stock) marked given back, and stockOwed cleared once the
// sale owes nothing. A crash at any point leaves stockOwed set; the minute's sweep
// (finishGiveBacks, on every replica) then gives back what is missing, and nothing twice.

// stockOwed marks a sale some of whose units are still owed to the catalogue.
const stockOwed = "stockPorDevolver"

// giveBackStock gives back the units of cancelled order v, once.
func (s *Service) giveBackStock(ctx context.Context, v Sale, who Actor) error {
	if s.stock == nil {
		return nil
	}
	ctx = context.WithoutCancel(ctx) // giving back must not stop half way
	if !v.StockDevuelto {
		for i, it := range v.Carrito {
			if it.Envio {
				continue // a service: no stock
			}
			line := StockLine{ProductID: it.ProductID, VariantID: it.ID, Cantidad: it.Cantidad, Folio: v.Folio, UserID: who.ID, UserName: who.Name,
				ConProveedor: it.ConProveedor, Clave: fmt.Sprintf("venta:%s:cancelacion:%d", v.ID.Hex(), i), Fecha: v.ID.Timestamp()}
			if err := s.giveBackLine(ctx, line); err != nil {
				return apperr.Wrap(err, "sales: return stock of %s", v.Folio)
			}
		}
		if err := s.markGivenBack(ctx, v.ID, bson.M{"stockDevuelto": false}, "stockDevuelto"); err != nil {
			return err
		}
		s.log.Info().Str("folio", v.Folio).Msg("stock returned for a cancelled order")
	}
	return s.settleStock(ctx, v.ID)
}

// restock gives back the units of return i of v, once.
func (s *Service) restock(ctx context.Context, v Sale, i int, who Actor) error {
	if s.stock == nil || i < 0 || i >= len(v.Devoluciones) {
		return nil
	}
	ctx = context.WithoutCancel(ctx)
	d := v.Devoluciones[i]
	if !d.Stock {
		for j, l := range d.Lineas {
			it := v.Carrito[l.Indice]
			line := StockLine{ProductID: it.ProductID, VariantID: it.ID, Cantidad: l.Cantidad, Folio: v.Folio,
				UserID: who.ID, UserName: who.Name, Devolucion: true, Motivo: d.Motivo,
				Clave: fmt.Sprintf("venta:%s:devolucion:%s:%d", v.ID.Hex(), d.ID, j), Fecha: v.ID.Timestamp()}
			if err := s.giveBackLine(ctx, line); err != nil {
				return apperr.Wrap(err, "sales: return stock of %s", v.Folio)
			}
		}
		path := fmt.Sprintf("devoluciones.%d", i)
		if err := s.markGivenBack(ctx, v.ID, bson.M{path + "._id": d.ID, path + ".stock": false}, path+".stock"); err != nil {
			return err
		}
	}
	return s.settleStock(ctx, v.ID)
}

// giveBackLine gives back one line's units, then passes the fault point of the tests.
func (s *Service) giveBackLine(ctx context.Context, line StockLine) error {
	if err := s.stock.GiveBackStock(ctx, line); err != nil {
		return err
	}
	if s.afterGiveBack != nil {
		return s.afterGiveBack(line)
	}
	return nil
}

// markGivenBack sets field true on sale id while guard holds; a guard that no longer holds means
// another replica marked it first.
func (s *Service) markGivenBack(ctx context.Context, id bson.ObjectID, guard bson.M, field string) error {
	_, err := s.store.update(ctx, id, guard, bson.M{"$set": bson.M{field: true}})
	if apperr.Is(err, apperr.Conflict) {
		return nil
	}
	return err
}

// cancelOwed says whether cancelled sale v's units are still owed: it was cancelled (its history
// says so) and they are not marked given back.
func cancelOwed(v Sale) bool {
	return !v.StockDevuelto && slices.ContainsFunc(v.Historial, func(c Cambio) bool { return c.Campo == "entrega" && c.A == EntregaCancelado })
}

// owes says whether sale v still owes units: a cancellation's, or a return's.
func owes(v Sale) bool {
	return cancelOwed(v) || slices.ContainsFunc(v.Devoluciones, func(d Devolucion) bool { return !d.Stock })
}

// settleStock clears stockOwed of sale id when it owes nothing, guarded on the version read, so a
// return recorded meanwhile keeps it.
func (s *Service) settleStock(ctx context.Context, id bson.ObjectID) error {
	v, err := s.store.get(ctx, id)
	if err != nil || !v.StockPorDevolver || owes(v) {
		return err
	}
	_, err = s.store.update(ctx, id, bson.M{"version": v.Version, stockOwed: true}, bson.M{"$unset": bson.M{stockOwed: ""}})
	if apperr.Is(err, apperr.Conflict) {
		return nil // the next sweep looks again
	}
	return err
}

// finishGiveBacks gives back what the sales marked stockOwed still owe: what a replica that
// stopped, or a give-back that failed, left. The units come back by the system.
func (s *Service) finishGiveBacks(ctx context.Context) error {
	if s.stock == nil {
		return nil
	}
	var ids []bson.ObjectID
	err := s.store.each(ctx, bson.M{stockOwed: true}, bson.M{"_id": 1}, func(doc bson.Raw) error {
		if id, ok := doc.Lookup("_id").ObjectIDOK(); ok {
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.finishGiveBack(ctx, id); err != nil {
			s.log.Warn().Err(err).Str("sale", id.Hex()).Msg("sales: units still owed to the catalogue") // the next sweep tries again
		}
	}
	return nil
}

// finishGiveBack gives back what sale id still owes.
func (s *Service) finishGiveBack(ctx context.Context, id bson.ObjectID) error {
	v, err := s.store.get(ctx, id)
	if err != nil {
		return err
	}
	if cancelOwed(v) {
		if err := s.giveBackStock(ctx, v, Actor{}); err != nil {
			return err
		}
	}
	for i := range v.Devoluciones {
		if err := s.restock(ctx, v, i, Actor{}); err != nil {
			return err
		}
	}
	return s.settleStock(ctx, id)
}
