package invoicing

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

// The module's collections.
const (
	colFacturas = "facturas"
	colPerfiles = "facturas_perfiles"
	colXML      = "facturas_xml" // the stamped XML of each CFDI, by the factura's _id
)

// store is the only code that touches the module's collections.
type store struct{ db *mongox.Store }

// listKeys are the fields the staff list sorts by (fecha, newest first) and filters on.
var listKeys = bson.D{
	{Key: "fecha", Value: -1}, {Key: "tipo", Value: 1}, {Key: "estado", Value: 1}, {Key: "busqueda", Value: 1},
}

// collections are the module's collections and their indexes.
func (s store) collections() []mongox.Collection {
	ix := func(field string) mongox.Index {
		return mongox.Index{Name: field, Keys: bson.D{{Key: field, Value: 1}}}
	}
	return []mongox.Collection{
		{Name: colFacturas, Indexes: []mongox.Index{
			ix("estado"), ix("usuarioId"), ix("ventas._id"),
			{Name: "uuid_unique", Keys: bson.D{{Key: "uuid", Value: 1}}, Unique: true, Sparse: true},
			{Name: "lista", Keys: listKeys, List: true},
			// The minute's retries (Retry) of the few facturas with something left to do, instead
			// of every valid one: partial, each lists only the facturas its query selects.
			{Name: "reintento_sustituidas", Keys: bson.D{{Key: "sustituidaPor", Value: 1}}, Partial: retryReplaced},
			{Name: "reintento_ventas", Keys: bson.D{{Key: "ventasPorLiberar", Value: 1}}, Partial: retryRelease},
			{Name: "reintento_correo", Keys: bson.D{{Key: "timbradaEn", Value: 1}}, Partial: retryMail},
			// The cancellations by staff that may be reaching the PAC (cancel_claim.go): few, and
			// only while they last.
			{Name: "cancelando", Keys: bson.D{{Key: "cancelando.fecha", Value: 1}}, Sparse: true},
		}},
		{Name: colPerfiles, Indexes: []mongox.Index{ix("usuarioId")}},
	}
}

// The filters of Retry's scans, which the partial indexes list: the valid CFDIs a stamped
// substitute replaces, the facturas with sales to give back, the stamped CFDIs whose e-mail was
// not sent.
var (
	retryReplaced = bson.D{{Key: "estado", Value: EstadoValida}, {Key: "sustituidaPor", Value: bson.D{{Key: "$gt", Value: ""}}}}
	retryRelease  = bson.D{{Key: "ventasPorLiberar", Value: true}}
	retryMail     = bson.D{{Key: "estado", Value: EstadoValida}, {Key: "correoPendiente", Value: true}}
)

var errFacturaNotFound = apperr.New(apperr.NotFound, "No se encontró la factura.")

func (s store) insert(ctx context.Context, f Factura) error {
	if _, err := s.db.W.Collection(colFacturas).InsertOne(ctx, f); err != nil {
		return fmt.Errorf("invoicing: insert: %w", err)
	}
	return nil
}

func (s store) get(ctx context.Context, id string) (Factura, error) {
	f, found, err := mongox.FindOne[Factura](ctx, s.db.R.Collection(colFacturas), bson.M{"_id": id})
	if err != nil {
		return Factura{}, fmt.Errorf("invoicing: get: %w", err)
	}
	if !found {
		return Factura{}, errFacturaNotFound
	}
	return f, nil
}

// set changes fields of factura id while guard still matches it; false when it no longer does.
func (s store) set(ctx context.Context, id string, guard bson.M, fields bson.M) (bool, error) {
	_, err := s.db.UpdateOneIf(ctx, colFacturas, id, guard, bson.M{"$set": fields})
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("invoicing: update %s: %w", id, err)
	}
	return true, nil
}

// removeGivenUp deletes factura id once it was given up (descartada) and its sales released.
func (s store) removeGivenUp(ctx context.Context, id string) error {
	if _, err := s.db.DeleteOneIf(ctx, colFacturas, id, bson.M{"estado": EstadoError, "descartada": true}); err != nil {
		return fmt.Errorf("invoicing: delete %s: %w", id, err)
	}
	return nil
}

// find lists the facturas filter selects, in no particular order.
func (s store) find(ctx context.Context, filter bson.M) ([]Factura, error) {
	list, err := mongox.FindAll[Factura](ctx, s.db.R.Collection(colFacturas), filter)
	if err != nil {
		return nil, fmt.Errorf("invoicing: find: %w", err)
	}
	return list, nil
}

// byUUID returns the factura with that UUID.
func (s store) byUUID(ctx context.Context, uuid string) (Factura, bool, error) {
	f, found, err := mongox.FindOne[Factura](ctx, s.db.R.Collection(colFacturas), bson.M{"uuid": uuid})
	if err != nil {
		return Factura{}, false, fmt.Errorf("invoicing: by uuid: %w", err)
	}
	return f, found, nil
}

// page reads a page of the staff list, newest first.
func (s store) page(ctx context.Context, filter bson.M, skip, limit int64) ([]Factura, int64, error) {
	out, total, err := mongox.PageOf[Factura](ctx, s.db, colFacturas, filter, bson.D{{Key: "fecha", Value: -1}, {Key: "_id", Value: -1}}, skip, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("invoicing: list: %w", err)
	}
	return out, total, nil
}

func (s store) putXML(ctx context.Context, id string, xml []byte) error {
	_, err := s.db.W.Collection(colXML).ReplaceOne(ctx, bson.M{"_id": id}, bson.M{"_id": id, "xml": string(xml)},
		options.Replace().SetUpsert(true))
	if err != nil {
		return fmt.Errorf("invoicing: store xml: %w", err)
	}
	return nil
}

func (s store) xml(ctx context.Context, id string) ([]byte, bool, error) {
	doc, found, err := mongox.FindOne[struct {
		XML string `bson:"xml"`
	}](ctx, s.db.R.Collection(colXML), bson.M{"_id": id})
	if err != nil {
		return nil, false, fmt.Errorf("invoicing: read xml: %w", err)
	}
	return []byte(doc.XML), found && doc.XML != "", nil
}

// Profiles.

func (s store) profiles(ctx context.Context, userID string) ([]Perfil, error) {
	list, err := mongox.FindAll[Perfil](ctx, s.db.R.Collection(colPerfiles), bson.M{"usuarioId": userID},
		options.Find().SetSort(bson.D{{Key: "creado", Value: 1}, {Key: "_id", Value: 1}}))
	if err != nil {
		return nil, fmt.Errorf("invoicing: profiles: %w", err)
	}
	return list, nil
}

func (s store) profile(ctx context.Context, userID string, id bson.ObjectID) (Perfil, bool, error) {
	p, found, err := mongox.FindOne[Perfil](ctx, s.db.R.Collection(colPerfiles), bson.M{"_id": id, "usuarioId": userID})
	if err != nil {
		return Perfil{}, false, fmt.Errorf("invoicing: profile: %w", err)
	}
	return p, found, nil
}

func (s store) insertProfile(ctx context.Context, p Perfil) error {
	if _, err := s.db.W.Collection(colPerfiles).InsertOne(ctx, p); err != nil {
		return fmt.Errorf("invoicing: insert profile: %w", err)
	}
	return nil
}

// replaceProfile writes p over the user's profile of the same _id; false when there is none.
func (s store) replaceProfile(ctx context.Context, p Perfil) (bool, error) {
	r, err := s.db.W.Collection(colPerfiles).ReplaceOne(ctx, bson.M{"_id": p.ID, "usuarioId": p.UsuarioID}, p)
	if err != nil {
		return false, fmt.Errorf("invoicing: replace profile: %w", err)
	}
	return r.MatchedCount == 1, nil
}

func (s store) deleteProfile(ctx context.Context, userID string, id bson.ObjectID) (bool, error) {
	r, err := s.db.W.Collection(colPerfiles).DeleteOne(ctx, bson.M{"_id": id, "usuarioId": userID})
	if err != nil {
		return false, fmt.Errorf("invoicing: delete profile: %w", err)
	}
	return r.DeletedCount == 1, nil
}

// setDefaultProfile makes id the user's only default profile.
func (s store) setDefaultProfile(ctx context.Context, userID string, id bson.ObjectID) error {
	if _, err := s.db.UpdateMany(ctx, colPerfiles, bson.M{"usuarioId": userID, "_id": bson.M{"$ne": id}}, bson.M{"$set": bson.M{"predeterminado": false}}); err != nil {
		return fmt.Errorf("invoicing: default profile: %w", err)
	}
	if _, err := s.db.UpdateMany(ctx, colPerfiles, bson.M{"_id": id, "usuarioId": userID}, bson.M{"$set": bson.M{"predeterminado": true}}); err != nil {
		return fmt.Errorf("invoicing: default profile: %w", err)
	}
	return nil
}

// voided answers which of the sales ids a CFDI cancelled with motivo 03 (the operation did not
// take place) covered: no CFDI may cover them again.
func (s store) voided(ctx context.Context, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	list, err := mongox.FindAll[Factura](ctx, s.db.R.Collection(colFacturas), bson.M{
		"estado": EstadoCancelada, "cancelacion.motivo": motivoNoOperacion, "ventas._id": bson.M{"$in": ids},
	}, options.Find().SetProjection(bson.M{"ventas": 1}))
	if err != nil {
		return nil, fmt.Errorf("invoicing: voided sales: %w", err)
	}
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	for _, f := range list {
		for _, v := range f.Ventas {
			if want[v.ID] {
				out[v.ID] = true
			}
		}
	}
	return out, nil
}
