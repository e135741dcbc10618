package audit

import (
	"context"
	"fmt"
	"regexp"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/audit"
	"tienda/pkg/mongox"
)

const collection = "auditoria"

// store is the only code that touches the auditoria collection. It inserts and reads; it has no
// update and no delete.
type store struct{ db *mongox.Store }

func (s store) ensureIndexes(ctx context.Context) error {
	index := func(field string, order int) mongo.IndexModel {
		return mongo.IndexModel{Keys: bson.D{{Key: field, Value: order}}, Options: options.Index().SetName(field)}
	}
	return mongox.EnsureIndexes(ctx, s.db.W.Collection(collection),
		index("fecha", -1), index("registroId", 1), index("usuarioId", 1), index("coleccion", 1))
}

func (s store) insert(ctx context.Context, e audit.Entry) error {
	if _, err := s.db.W.Collection(collection).InsertOne(ctx, e); err != nil {
		return fmt.Errorf("audit: insert: %w", err)
	}
	return nil
}

// filter is the store's filter for f.
func filter(f Filter) bson.M {
	q := bson.M{}
	if f.Coleccion != "" {
		q["coleccion"] = f.Coleccion
	}
	if f.RegistroID != "" {
		q["registroId"] = f.RegistroID
	}
	if f.Registro != "" {
		q["registro"] = contains(f.Registro)
	}
	if f.UsuarioID != "" {
		q["usuarioId"] = f.UsuarioID
	}
	if f.Usuario != "" {
		q["nombreUsuario"] = contains(f.Usuario)
	}
	if !f.From.IsZero() || !f.Before.IsZero() {
		r := bson.M{}
		if !f.From.IsZero() {
			r["$gte"] = f.From
		}
		if !f.Before.IsZero() {
			r["$lt"] = f.Before
		}
		q["fecha"] = r
	}
	return q
}

// list returns the entries of the page, newest first, and how many the filter selects.
func (s store) list(ctx context.Context, f Filter) ([]audit.Entry, int64, error) {
	q := filter(f)
	total, err := s.db.Count(ctx, collection, q)
	if err != nil {
		return nil, 0, fmt.Errorf("audit: count: %w", err)
	}
	skip := int64((f.Page - 1) * f.Limit)
	if skip >= total {
		return []audit.Entry{}, total, nil
	}
	opts := options.Find().
		SetSort(bson.D{{Key: "fecha", Value: -1}, {Key: "_id", Value: -1}}).
		SetSkip(skip).
		SetLimit(int64(f.Limit))
	out, err := mongox.FindAll[audit.Entry](ctx, s.db.R.Collection(collection), q, opts)
	if err != nil {
		return nil, 0, fmt.Errorf("audit: list: %w", err)
	}
	return out, total, nil
}

// contains matches a text anywhere, ignoring case; the text is matched literally.
func contains(text string) bson.Regex {
	return bson.Regex{Pattern: regexp.QuoteMeta(text), Options: "i"}
}
