package importer

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

// The import jobs (jobs.go) and the files they wait on, in importaciones and
// importaciones_archivos: the only code touching them.

// store is the importer's store code.
type store struct{ db *mongox.Store }

func (s store) collections() []mongox.Collection {
	return []mongox.Collection{
		{Name: importJobsColl, Indexes: []mongox.Index{{Name: "creada", Keys: bson.D{{Key: "creada", Value: -1}}}}},
		{Name: importFilesColl},
	}
}

// insertImport stores a job's file, then the job.
func (s store) insertImport(ctx context.Context, j ImportJob, data []byte) error {
	if _, err := s.db.W.Collection(importFilesColl).InsertOne(ctx, importJobFile{ID: j.ID, Datos: data}); err != nil {
		return apperr.Wrap(err, "catalog: insert import file")
	}
	if _, err := s.db.W.Collection(importJobsColl).InsertOne(ctx, j); err != nil {
		return apperr.Wrap(err, "catalog: insert import")
	}
	return nil
}

// importJob reads job id, and whether it exists.
func (s store) importJob(ctx context.Context, id bson.ObjectID) (ImportJob, bool, error) {
	return mongox.FindOne[ImportJob](ctx, s.db.R.Collection(importJobsColl), bson.M{"_id": id})
}

// recentImports lists the latest jobs, newest first.
func (s store) recentImports(ctx context.Context) ([]ImportJob, error) {
	return mongox.FindAll[ImportJob](ctx, s.db.R.Collection(importJobsColl), bson.M{},
		options.Find().SetSort(bson.D{{Key: "creada", Value: -1}}).SetLimit(recentImports))
}

// claimImport takes for owner the oldest unfinished job nobody holds, or whose lease ran out by
// now (the store's clock), for lease more; false when there is none.
func (s store) claimImport(ctx context.Context, owner string, now time.Time, lease time.Duration) (ImportJob, bool, error) {
	var j ImportJob
	err := s.db.W.Collection(importJobsColl).FindOneAndUpdate(ctx,
		bson.M{"estado": bson.M{"$in": bson.A{ImportPendiente, ImportEnCurso}}, "$or": bson.A{bson.M{"hasta": bson.M{"$lt": now}}, bson.M{"dueno": owner}}},
		bson.M{"$set": bson.M{"estado": ImportEnCurso, "dueno": owner, "hasta": now.Add(lease)}},
		options.FindOneAndUpdate().SetSort(bson.D{{Key: "creada", Value: 1}}).SetReturnDocument(options.After)).Decode(&j)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return ImportJob{}, false, nil
	}
	if err != nil {
		return ImportJob{}, false, apperr.Wrap(err, "catalog: claim import")
	}
	return j, true, nil
}

// saveImport sets fields of job id while owner holds it; false when another replica holds it now.
func (s store) saveImport(ctx context.Context, id bson.ObjectID, owner string, set bson.M) (bool, error) {
	res, err := s.db.W.Collection(importJobsColl).UpdateOne(ctx, bson.M{"_id": id, "dueno": owner}, bson.M{"$set": set})
	if err != nil {
		return false, apperr.Wrap(err, "catalog: save import")
	}
	return res.MatchedCount == 1, nil
}

// importFile reads the file job id waits on, and whether it is still there.
func (s store) importFile(ctx context.Context, id bson.ObjectID) (importJobFile, bool, error) {
	return mongox.FindOne[importJobFile](ctx, s.db.R.Collection(importFilesColl), bson.M{"_id": id})
}

// dropImportFile removes the file of a finished job.
func (s store) dropImportFile(ctx context.Context, id bson.ObjectID) error {
	_, err := s.db.W.Collection(importFilesColl).DeleteOne(ctx, bson.M{"_id": id})
	return err
}
