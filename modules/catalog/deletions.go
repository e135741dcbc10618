package catalog

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/mongox"
)

// How other replicas learn of a deletion. A deleted product or discount leaves no document for a
// poll of the stamped documents (cambiadoEn) to find, so the deletion leaves one of its own: a
// record in catalogo_eliminados, {_id: the deleted document's id, tipo, eliminadoEn}, eliminadoEn
// written by the server's clock ($currentDate), as cambiadoEn is. Each replica's poll reads the
// records stamped since its last poll, as it reads the products and the discounts (pollChanges),
// and drops those documents from its memory. A record is written after its deletion (a record
// written first would drop, on the other replicas, a product whose guarded delete then failed); a
// crash in between leaves the deletion to the next full reload (fullReloadEvery), as a crash
// leaves an unstamped write. The sweep (run) purges the records after deletionsKeptFor, long after
// every running replica has polled them; a replica that could not poll for that long reads the
// whole catalogue again at its next full reload anyway.
//
// Why a record of its own rather than a tombstone left in the product document: the products are
// read in many places (the load, the edits, the batches, the sweeps, the distributor's lookups),
// each of which would have to skip tombstones, while these records are written by the two deletes
// and read by the poll alone. An id is given again only by an import done again after a crash
// (importProductID in modules/catalog/importer): the poll applies the deletions before the
// products, so the product written again comes back in the same poll.

// deletionsCollection holds the records of deleted products and discounts (above).
const deletionsCollection = "catalogo_eliminados"

// deletionsKeptFor is how long a deletion's record is kept for the other replicas' polls.
const deletionsKeptFor = 24 * time.Hour

// What a deletion record says was deleted.
const (
	deletedProduct  = "producto"
	deletedDiscount = "descuento"
)

// deletion is a document of catalogo_eliminados.
type deletion struct {
	ID          bson.ObjectID `bson:"_id"`
	Tipo        string        `bson:"tipo"` // deletedProduct or deletedDiscount
	EliminadoEn time.Time     `bson:"eliminadoEn"`
}

// deletionIndexes declares catalogo_eliminados: its polls and its purge select by eliminadoEn.
func (store) deletionIndexes() mongox.Collection {
	return mongox.Collection{Name: deletionsCollection, Indexes: []mongox.Index{
		{Name: "eliminadoEn", Keys: bson.D{{Key: "eliminadoEn", Value: 1}}},
	}}
}

// recordDeletion records that the document id (a product or a discount: tipo) was deleted, stamped
// with the server's time. An upsert, so that $currentDate can stamp it: an insert cannot ask the
// server's time.
func (s store) recordDeletion(ctx context.Context, id bson.ObjectID, tipo string) error {
	_, err := s.db.W.Collection(deletionsCollection).UpdateOne(ctx, bson.M{"_id": id},
		bson.M{"$set": bson.M{"tipo": tipo}, "$currentDate": bson.M{"eliminadoEn": true}}, options.UpdateOne().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("catalog: record deletion of %s: %w", id.Hex(), err)
	}
	return nil
}

// deletedSince calls fn with every deletion recorded at or after since (every one when since is
// zero), through the eliminadoEn index.
func (s store) deletedSince(ctx context.Context, since time.Time, fn func(deletion)) error {
	filter := bson.M{"eliminadoEn": bson.M{"$gte": since}}
	if since.IsZero() {
		filter = bson.M{"eliminadoEn": bson.M{"$exists": true}}
	}
	err := s.db.Each(ctx, deletionsCollection, filter, nil, func(doc bson.Raw) error {
		var d deletion
		if err := bson.Unmarshal(doc, &d); err != nil {
			return err
		}
		fn(d)
		return nil
	})
	if err != nil {
		return fmt.Errorf("catalog: poll deletions: %w", err)
	}
	return nil
}

// purgeDeletions removes the deletion records older than before.
func (s store) purgeDeletions(ctx context.Context, before time.Time) error {
	if _, err := s.db.W.Collection(deletionsCollection).DeleteMany(ctx, bson.M{"eliminadoEn": bson.M{"$lt": before}}); err != nil {
		return fmt.Errorf("catalog: purge deletions: %w", err)
	}
	return nil
}

// deleted records, for the other replicas, that this replica deleted the document id; the
// deletion stands whatever happens to its record, which, when it is not written, leaves the
// other replicas to drop the document at their next full reload.
func (s *Service) deleted(ctx context.Context, id bson.ObjectID, tipo string) {
	if err := s.store.recordDeletion(context.WithoutCancel(ctx), id, tipo); err != nil {
		s.log.Warn().Err(err).Str("id", id.Hex()).Msg("deletion not recorded; other replicas drop it at their next full reload")
	}
}

// forget drops from memory the document a deletion record names.
func (m *memory) forget(d deletion) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stamp(&d.EliminadoEn)
	switch d.Tipo {
	case deletedProduct:
		if e, ok := m.byID[d.ID]; ok {
			m.gen++
			m.removeEntry(e)
		}
	case deletedDiscount:
		m.dropDiscount(d.ID)
	}
}
