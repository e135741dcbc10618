package cashcut

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

const (
	collection         = "cortes"
	metaCollection     = "cortes_meta"      // one-off jobs done (upgrade.go)
	movementCollection = "caja_movimientos" // the drawer's own movements (drawer.go)
)

// store is the only code that touches the cortes collections.
type store struct{ db *mongox.Store }

// collections are the module's collections and their indexes.
func (s store) collections() []mongox.Collection {
	return []mongox.Collection{
		{Name: collection, Indexes: []mongox.Index{
			{Name: "lista", Keys: listIndex, List: true},
			{Name: "numero_unique", Keys: bson.D{{Key: "numero", Value: 1}}, Unique: true, Sparse: true},
			{Name: "fecha", Keys: bson.D{{Key: "fecha", Value: -1}}},
		}},
		{Name: movementCollection, Indexes: []mongox.Index{
			{Name: "corte", Keys: bson.D{{Key: "corte", Value: 1}}},
			{Name: "fondo_unique", Keys: bson.D{{Key: "fondoDe", Value: 1}}, Unique: true, Sparse: true},
		}},
	}
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
	set := totalFields(c)
	set["estado"], set["cerradoEn"] = EstadoCerrado, c.CerradoEn
	_, err := s.db.UpdateOneIf(ctx, collection, c.ID, bson.M{"estado": EstadoEnProceso}, bson.M{"$set": set})
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cashcut: close %d: %w", c.Numero, err)
	}
	return true, nil
}

// totalFields are the fields of a cut its sales and movements make.
func totalFields(c Cut) bson.M {
	return bson.M{"numVentas": c.NumVentas, "porMetodo": c.PorMetodo, "porUsuario": c.PorUsuario,
		"numMovimientos": c.NumMovimientos, "porCajero": c.PorCajero, "fondo": c.Fondo, "ventasEfectivo": c.VentasEfectivo,
		"devolucionesEfectivo": c.DevolucionesEfectivo, "retiros": c.Retiros, "depositos": c.Depositos,
		"efectivoEsperado": c.EfectivoEsperado, "efectivoContado": c.EfectivoContado, "diferencia": c.Diferencia,
		"conteo": c.Conteo}
}

// recount replaces a closed cut's totals, only while they are the ones read (sales, movements).
func (s store) recount(ctx context.Context, c Cut, sales, movements int) error {
	guard := bson.M{"estado": EstadoCerrado, "numVentas": sales}
	if movements > 0 { // cuts of earlier releases have no numMovimientos
		guard["numMovimientos"] = movements
	}
	_, err := s.db.UpdateOneIf(ctx, collection, c.ID, guard, bson.M{"$set": totalFields(c)})
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

// insertMovement writes a drawer movement; dup=true when its _id, or the cashier's float of the
// day, is stored already.
func (s store) insertMovement(ctx context.Context, m Movement) (dup bool, err error) {
	_, err = s.db.W.Collection(movementCollection).InsertOne(ctx, m)
	if mongox.IsDuplicate(err) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("cashcut: insert movement: %w", err)
	}
	return false, nil
}

// movement reads one drawer movement.
func (s store) movement(ctx context.Context, id bson.ObjectID) (Movement, bool, error) {
	m, found, err := mongox.FindOne[Movement](ctx, s.db.W.Collection(movementCollection), bson.M{"_id": id})
	if err != nil {
		return Movement{}, false, fmt.Errorf("cashcut: movement: %w", err)
	}
	return m, found, nil
}

// movements lists the drawer movements filter selects, newest first.
func (s store) movements(ctx context.Context, filter bson.M) ([]Movement, error) {
	out := []Movement{}
	err := s.db.Each(ctx, movementCollection, filter, nil, func(doc bson.Raw) error {
		var m Movement
		if err := bson.Unmarshal(doc, &m); err != nil {
			return err
		}
		out = append(out, m)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("cashcut: movements: %w", err)
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Fecha.After(out[j].Fecha) || out[i].Fecha.Equal(out[j].Fecha) && out[i].ID.Hex() > out[j].ID.Hex()
	})
	return out, nil
}

// unclaimedMovements selects the drawer movements no cut has claimed.
var unclaimedMovements = bson.M{"corte": bson.M{"$exists": false}}

// anyUnclaimedMovement reports whether a drawer movement waits for a cut.
func (s store) anyUnclaimedMovement(ctx context.Context) (bool, error) {
	some, err := s.db.Exists(ctx, movementCollection, unclaimedMovements)
	if err != nil {
		return false, fmt.Errorf("cashcut: unclaimed movements: %w", err)
	}
	return some, nil
}

// claimMovements puts in cut n every drawer movement no cut has claimed, each by a guarded update
// of its own (corte absent -> n), and answers how many it claimed.
func (s store) claimMovements(ctx context.Context, n int64) (int64, error) {
	k, err := s.db.UpdateMany(ctx, movementCollection, unclaimedMovements, bson.M{"$set": bson.M{"corte": n}})
	if err != nil {
		return 0, fmt.Errorf("cashcut: claim movements for cut %d: %w", n, err)
	}
	return k, nil
}

// countMovements counts the drawer movements cut n claimed.
func (s store) countMovements(ctx context.Context, n int64) (int64, error) {
	k, err := s.db.Count(ctx, movementCollection, bson.M{"corte": n})
	if err != nil {
		return 0, fmt.Errorf("cashcut: movements of cut %d: %w", n, err)
	}
	return k, nil
}
