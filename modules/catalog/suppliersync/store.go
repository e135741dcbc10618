package suppliersync

import (
	"context"
	"errors"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"tienda/pkg/apperr"
	"tienda/pkg/mongox"
)

// store is the only code that touches the module's collections: proveedor_ajustes,
// proveedor_importaciones and proveedor_cambios.
type store struct{ db *mongox.Store }

// collections are the module's collections and their list indexes.
func (s store) collections() []mongox.Collection {
	return []mongox.Collection{
		{Name: settingsColl},
		{Name: jobsColl, Indexes: []mongox.Index{{Name: "creada", Keys: bson.D{{Key: "creada", Value: -1}}, List: true}}},
		{Name: changesColl, Indexes: []mongox.Index{{Name: "fecha", Keys: bson.D{{Key: "fecha", Value: -1}}, List: true}}},
	}
}

// settings reads the settings document; found=false before the first save.
func (s store) settings(ctx context.Context) (doc settingsDoc, found bool, err error) {
	doc, found, err = mongox.FindOne[settingsDoc](ctx, s.db.R.Collection(settingsColl), bson.M{"_id": settingsID})
	if err != nil {
		return settingsDoc{}, false, apperr.Wrap(err, "suppliersync: read settings")
	}
	return doc, found, nil
}

// sealSecret replaces a secret an earlier release kept in clear with its encrypted form, only
// while the clear one is the one read.
func (s store) sealSecret(ctx context.Context, clear, sealed string) error {
	if _, err := s.db.W.Collection(settingsColl).UpdateOne(ctx, bson.M{"_id": settingsID, "clientSecret": clear},
		bson.M{"$set": bson.M{"clientSecretCifrado": sealed}, "$unset": bson.M{"clientSecret": ""}}); err != nil {
		return apperr.Wrap(err, "suppliersync: encrypt the stored secret")
	}
	return nil
}

// setSettings applies update to the settings document, creating it when missing (a duplicate
// from a concurrent first save is taken as done).
func (s store) setSettings(ctx context.Context, update bson.M) error {
	_, err := s.db.W.Collection(settingsColl).UpdateOne(ctx, bson.M{"_id": settingsID}, update, options.UpdateOne().SetUpsert(true))
	if err != nil && !mongo.IsDuplicateKeyError(err) {
		return apperr.Wrap(err, "suppliersync: write settings")
	}
	return nil
}

// insertJob stores a new import.
func (s store) insertJob(ctx context.Context, j Job) error {
	if _, err := s.db.W.Collection(jobsColl).InsertOne(ctx, j); err != nil {
		return apperr.Wrap(err, "suppliersync: insert job")
	}
	return nil
}

// openJobs lists the oldest unfinished imports (at most 50, without their ids and errors), from
// the primary: the ones whose lease may have run out.
func (s store) openJobs(ctx context.Context) ([]Job, error) {
	held, err := mongox.FindAll[Job](ctx, s.db.W.Collection(jobsColl), bson.M{"estado": openStates()},
		options.Find().SetSort(bson.D{{Key: "creada", Value: 1}}).SetLimit(50).SetProjection(bson.M{"ids": 0, "errores": 0}))
	if err != nil {
		return nil, apperr.Wrap(err, "suppliersync: list held jobs")
	}
	return held, nil
}

// claimJob makes owner the holder of the oldest import filter matches, its lease renewed at now;
// false when none matches.
func (s store) claimJob(ctx context.Context, filter bson.M, owner string, now time.Time) (Job, bool, error) {
	var j Job
	err := s.db.W.Collection(jobsColl).FindOneAndUpdate(ctx, filter,
		bson.M{"$set": bson.M{"estado": EstadoEnCurso, "dueno": owner, "renovado": now}},
		options.FindOneAndUpdate().SetSort(bson.D{{Key: "creada", Value: 1}}).SetReturnDocument(options.After)).Decode(&j)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return Job{}, false, nil
	}
	if err != nil {
		return Job{}, false, apperr.Wrap(err, "suppliersync: claim job")
	}
	return j, true, nil
}

// saveJob writes set on an import owner holds and renews its lease at now; false when another
// replica took it.
func (s store) saveJob(ctx context.Context, id bson.ObjectID, owner string, now time.Time, set bson.M) (bool, error) {
	set["renovado"] = now
	res, err := s.db.W.Collection(jobsColl).UpdateOne(ctx, bson.M{"_id": id, "dueno": owner}, bson.M{"$set": set})
	if err != nil {
		return false, apperr.Wrap(err, "suppliersync: save job")
	}
	return res.MatchedCount == 1, nil
}

// recentJobs returns the latest 20 imports, newest first, without their ids.
func (s store) recentJobs(ctx context.Context) ([]Job, error) {
	js, err := mongox.FindAll[Job](ctx, s.db.R.Collection(jobsColl), bson.M{},
		options.Find().SetSort(bson.D{{Key: "creada", Value: -1}}).SetLimit(20).SetProjection(bson.M{"ids": 0}))
	if err != nil {
		return nil, apperr.Wrap(err, "suppliersync: list jobs")
	}
	return js, nil
}

// job reads one import; found=false when there is none with that id.
func (s store) job(ctx context.Context, id bson.ObjectID) (Job, bool, error) {
	j, found, err := mongox.FindOne[Job](ctx, s.db.R.Collection(jobsColl), bson.M{"_id": id})
	if err != nil {
		return Job{}, false, apperr.Wrap(err, "suppliersync: read job")
	}
	return j, found, nil
}

// insertChanges logs what a sync changed in a product.
func (s store) insertChanges(ctx context.Context, changes []Cambio) error {
	docs := make([]any, len(changes))
	for i, c := range changes {
		docs[i] = c
	}
	if _, err := s.db.W.Collection(changesColl).InsertMany(ctx, docs); err != nil {
		return apperr.Wrap(err, "suppliersync: log changes")
	}
	return nil
}

// recentChanges returns the latest 100 changes of the syncs, newest first.
func (s store) recentChanges(ctx context.Context) ([]Cambio, error) {
	cs, err := mongox.FindAll[Cambio](ctx, s.db.R.Collection(changesColl), bson.M{},
		options.Find().SetSort(bson.D{{Key: "fecha", Value: -1}}).SetLimit(100))
	if err != nil {
		return nil, apperr.Wrap(err, "suppliersync: list changes")
	}
	return cs, nil
}
