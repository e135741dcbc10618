package audit

import (
	"context"
	"fmt"
	"regexp"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/audit"
	"tienda/pkg/mongox"
	"tienda/pkg/search"
)

const collection = "auditoria"

// store is the only code that touches the auditoria collection. It inserts and reads; it has no
// update and no delete.
type store struct{ db *mongox.Store }

// document is an entry as stored: the entry, and its record's label and its user's name folded
// (lower case, no accents) for the searches, which look for a plain text in them.
type document struct {
	audit.Entry      `bson:",inline"`
	RegistroBusqueda string `bson:"registroBusqueda"`
	UsuarioBusqueda  string `bson:"usuarioBusqueda"`
}

// listKeys are the fields the list sorts by (fecha, newest first) and filters on.
var listKeys = bson.D{
	{Key: "fecha", Value: -1}, {Key: "coleccion", Value: 1}, {Key: "registroId", Value: 1}, {Key: "usuarioId", Value: 1},
	{Key: "registroBusqueda", Value: 1}, {Key: "usuarioBusqueda", Value: 1},
}

// collections are the module's collections and their indexes.
func (s store) collections() []mongox.Collection {
	return []mongox.Collection{{Name: collection, Indexes: []mongox.Index{
		{Name: "registroId", Keys: bson.D{{Key: "registroId", Value: 1}}},
		{Name: "usuarioId", Keys: bson.D{{Key: "usuarioId", Value: 1}}},
		{Name: "lista", Keys: listKeys, List: true},
	}}}
}

func (s store) insert(ctx context.Context, es []audit.Entry) error {
	if len(es) == 0 {
		return nil
	}
	docs := make([]any, len(es))
	for i, e := range es {
		docs[i] = document{Entry: e, RegistroBusqueda: search.Fold(e.Registro), UsuarioBusqueda: search.Fold(e.NombreUsuario)}
	}
	if _, _, err := mongox.InsertNew(ctx, s.db.W.Collection(collection), docs); err != nil {
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
		q["registroBusqueda"] = bson.M{"$regex": regexp.QuoteMeta(search.Fold(f.Registro))}
	}
	if f.UsuarioID != "" {
		q["usuarioId"] = f.UsuarioID
	}
	if f.Usuario != "" {
		q["usuarioBusqueda"] = bson.M{"$regex": regexp.QuoteMeta(search.Fold(f.Usuario))}
	}
	mongox.SetRange(q, "fecha", f.From, f.Before)
	return q
}

// list returns the entries of the page, newest first, and how many the filter selects.
func (s store) list(ctx context.Context, f Filter) ([]audit.Entry, int64, error) {
	sort := bson.D{{Key: "fecha", Value: -1}, {Key: "_id", Value: -1}}
	out, total, err := mongox.PageOf[audit.Entry](ctx, s.db, collection, filter(f), sort, int64((f.Page-1)*f.Limit), int64(f.Limit))
	if err != nil {
		return nil, 0, fmt.Errorf("audit: list: %w", err)
	}
	return out, total, nil
}
