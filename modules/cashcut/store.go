package cashcut

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

const (
	collection     = "cortes"
	metaCollection = "cortes_meta" // one-off jobs done (upgrade.go)
)

// store is the only code that touches the cortes collections.
type store struct{ db *mongox.Store }

func (s store) ensureIndexes(ctx context.Context) error {
	if err := s.db.EnsureListIndex(ctx, collection, "lista", listIndex); err != nil {
		return fmt.Errorf("cashcut: %w", err)
	}
	return mongox.EnsureIndexes(ctx, s.db.W.Collection(collection),
		mongo.IndexModel{Keys: bson.D{{Key: "numero", Value: 1}}, Options: options.Index().SetUnique(true).SetSparse(true).SetName("numero_unique")},
		mongo.IndexModel{Keys: bson.D{{Key: "fecha", Value: -1}}, Options: options.Index().SetName("fecha")})
}

var errCutNotFound = apperr.New(apperr.NotFound, "No se encontró el corte.")

// last reads the cut with the highest number; found=false before the first cut.
func (s store) last(ctx context.Context) (c Cut, found bool, err error) {
	c, found, err = mongox.FindOne[Cut](ctx, s.db.R.Collection(collection), bson.M{},
		options.FindOne().SetSort(bson.D{{Key: "numero", Value: -1}}).SetProjection(bson.M{"ventas": 0}))
	if err != nil {
		return Cut{}, false, fmt.Errorf("cashcut: last cut: %w", err)
	}
	return c, found, nil
}

// insert writes a new cut in process; taken=true when its number is taken already.
func (s store) insert(ctx context.Context, c Cut) (taken bool, err error) {
	_, err = s.db.W.Collection(collection).InsertOne(ctx, c)
	if mongox.IsDuplicate(err) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("cashcut: insert: %w", err)
	}
	return false, nil
}

// close stores a cut's totals and closes it, only while it is in process; ok=false when it was
// closed meanwhile.
func (s store) close(ctx context.Context, c Cut) (bool, error) {
	_, err := s.db.UpdateOneIf(ctx, collection, c.ID, bson.M{"estado": EstadoEnProceso}, bson.M{"$set": bson.M{
		"estado": EstadoCerrado, "cerradoEn": c.CerradoEn, "numVentas": c.NumVentas, "porMetodo": c.PorMetodo,
		"porUsuario": c.PorUsuario, "efectivoEsperado": c.EfectivoEsperado, "diferencia": c.Diferencia,
	}})
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cashcut: close %d: %w", c.Numero, err)
	}
	return true, nil
}

// recount replaces a closed cut's totals, only while they are the ones read (count).
func (s store) recount(ctx context.Context, c Cut, count int) error {
	_, err := s.db.UpdateOneIf(ctx, collection, c.ID, bson.M{"estado": EstadoCerrado, "numVentas": count}, bson.M{"$set": bson.M{
		"numVentas": c.NumVentas, "porMetodo": c.PorMetodo, "porUsuario": c.PorUsuario,
		"efectivoEsperado": c.EfectivoEsperado, "diferencia": c.Diferencia,
	}})
	if err != nil && !errors.Is(err, mongo.ErrNoDocuments) {
		return fmt.Errorf("cashcut: recount %d: %w", c.Numero, err)
	}
	return nil
}

// drop removes a cut in process that claimed nothing, so that its number is used again.
func (s store) drop(ctx context.Context, c Cut) error {
	_, err := s.db.W.Collection(collection).DeleteOne(ctx, bson.M{"_id": c.ID, "estado": EstadoEnProceso})
	if err != nil {
		return fmt.Errorf("cashcut: drop %d: %w", c.Numero, err)
	}
	return nil
}

func (s store) list(ctx context.Context, page, limit int) ([]Cut, bool, error) {
	out, err := mongox.FindAll[Cut](ctx, s.db.R.Collection(collection), bson.M{"estado": EstadoCerrado}, options.Find().
		SetSort(bson.D{{Key: "numero", Value: -1}}).SetSkip(int64((page-1)*limit)).SetLimit(int64(limit+1)).
		SetProjection(bson.M{"ventas": 0})) // earlier releases kept each cut's sales inside it
	if err != nil {
		return nil, false, fmt.Errorf("cashcut: list: %w", err)
	}
	more := len(out) > limit
	if more {
		out = out[:limit]
	}
	return out, more, nil
}

func (s store) get(ctx context.Context, id bson.ObjectID) (Cut, error) {
	c, found, err := mongox.FindOne[Cut](ctx, s.db.R.Collection(collection), bson.M{"_id": id, "estado": EstadoCerrado},
		options.FindOne().SetProjection(bson.M{"ventas": 0}))
	if err != nil {
		return Cut{}, fmt.Errorf("cashcut: get: %w", err)
	}
	if !found {
		return Cut{}, errCutNotFound
	}
	return c, nil
}
