package mongox

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"sync"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// UpdateOneIf applies update to the document of collection coll whose _id is id, only while guard
// (a filter on its other fields, as match takes) still holds, and returns the document after the
// update: MongoDB's findAndModify on {_id: id, guard…}. mongo.ErrNoDocuments when there is no such
// document or the guard does not hold.
//
// On MongoDB that is what runs. The embedded store uses no index for a filter other than exactly
// {_id}, so there the same filter would read the whole collection while every other write waits,
// and two writers of one document lose updates. There the document is read by _id, the guard is
// checked here, and the update goes by _id alone, under a lock of the document held by every
// Store of the engine (this process is the embedded store's only client). So a document of a
// collection written through here is only ever updated through here or UpdateMany.
func (s *Store) UpdateOneIf(ctx context.Context, coll string, id any, guard bson.M, update any) (bson.Raw, error) {
	after := options.FindOneAndUpdate().SetReturnDocument(options.After)
	if !s.local {
		filter := bson.M{"_id": id}
		for k, v := range guard {
			filter[k] = v
		}
		return s.W.Collection(coll).FindOneAndUpdate(ctx, filter, update, after).Raw()
	}
	unlock := s.locks.document(s.W.Name(), coll, id)
	defer unlock()
	cur, err := s.W.Collection(coll).FindOne(ctx, bson.M{"_id": id}).Raw()
	if err != nil {
		return nil, err
	}
	ok, err := match(cur, guard)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, mongo.ErrNoDocuments
	}
	return s.W.Collection(coll).FindOneAndUpdate(ctx, bson.M{"_id": id}, update, after).Raw()
}

// DeleteOneIf deletes the document of coll whose _id is id, only while guard holds (as
// UpdateOneIf), and reports whether it did.
func (s *Store) DeleteOneIf(ctx context.Context, coll string, id any, guard bson.M) (bool, error) {
	if !s.local {
		filter := bson.M{"_id": id}
		for k, v := range guard {
			filter[k] = v
		}
		res, err := s.W.Collection(coll).DeleteOne(ctx, filter)
		if err != nil {
			return false, fmt.Errorf("mongox: delete from %s: %w", coll, err)
		}
		return res.DeletedCount == 1, nil
	}
	unlock := s.locks.document(s.W.Name(), coll, id)
	defer unlock()
	cur, err := s.W.Collection(coll).FindOne(ctx, bson.M{"_id": id}).Raw()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("mongox: delete from %s: %w", coll, err)
	}
	if ok, err := match(cur, guard); err != nil || !ok {
		return false, err
	}
	res, err := s.W.Collection(coll).DeleteOne(ctx, bson.M{"_id": id})
	if err != nil {
		return false, fmt.Errorf("mongox: delete from %s: %w", coll, err)
	}
	return res.DeletedCount == 1, nil
}

// UpdateMany applies update to every document of coll that filter selects, each one atomically
// with the filter checked as it is written (MongoDB's updateMany), and answers how many changed.
// On the embedded store no UpdateOneIf or DeleteOneIf of the collection runs meanwhile, and the
// common shape of a claim is written in one statement (setMany).
func (s *Store) UpdateMany(ctx context.Context, coll string, filter bson.M, update any) (int64, error) {
	if s.local {
		unlock := s.locks.collection(s.W.Name(), coll)
		defer unlock()
		if s.sqlite != nil {
			if n, done, err := s.setMany(ctx, coll, filter, update); err != nil || done {
				return n, err
			}
		}
	}
	res, err := s.W.Collection(coll).UpdateMany(ctx, filter, update)
	if err != nil {
		return 0, fmt.Errorf("mongox: update %s: %w", coll, err)
	}
	return res.ModifiedCount, nil
}

// locks are the embedded store's write locks, shared by every Store of one engine: a collection
// lock, held shared by UpdateOneIf and alone by UpdateMany, and document locks by a hash of _id.
type locks struct {
	mu    sync.Mutex
	colls map[string]*collectionLocks
}

type collectionLocks struct {
	all  sync.RWMutex
	docs [documentLocks]sync.Mutex
}

// documentLocks is how many document locks a collection has.
const documentLocks = 64

func (l *locks) of(db, coll string) *collectionLocks {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.colls == nil {
		l.colls = map[string]*collectionLocks{}
	}
	key := db + "." + coll
	c, ok := l.colls[key]
	if !ok {
		c = &collectionLocks{}
		l.colls[key] = c
	}
	return c
}

func (l *locks) document(db, coll string, id any) func() {
	c := l.of(db, coll)
	h := fnv.New32a()
	_, _ = fmt.Fprintf(h, "%v", id) // a hash never fails a write
	m := &c.docs[h.Sum32()%documentLocks]
	c.all.RLock()
	m.Lock()
	return func() { m.Unlock(); c.all.RUnlock() }
}

func (l *locks) collection(db, coll string) func() {
	c := l.of(db, coll)
	c.all.Lock()
	return c.all.Unlock
}
