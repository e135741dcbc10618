package mongox

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// UpdateOneIf applies update to the document of collection coll whose _id is id, only while every
// field of cond (a dotted path, array indexes included) still equals its value, and returns the
// document after the update. mongo.ErrNoDocuments when there is no such document or cond no
// longer holds. cond's values are scalars: strings, booleans, numbers, ObjectIDs, times.
//
// On MongoDB this is one findAndModify on {_id, cond…}. The embedded store uses no index for a
// filter other than exactly {_id}, so that one would read the whole collection, thousands of
// documents, while every other write waits. There the document is read by _id, cond is checked
// here, and the update goes by _id alone, under a lock of this process, which is the embedded
// store's only writer. So a document updated through here must not be updated any other way.
func (s *Store) UpdateOneIf(ctx context.Context, coll string, id any, cond bson.M, update any) (bson.Raw, error) {
	after := options.FindOneAndUpdate().SetReturnDocument(options.After)
	if !s.local {
		filter := bson.M{"_id": id}
		for k, v := range cond {
			filter[k] = v
		}
		return s.W.Collection(coll).FindOneAndUpdate(ctx, filter, update, after).Raw()
	}
	unlock := s.lockDocument(coll, id)
	defer unlock()
	cur, err := s.W.Collection(coll).FindOne(ctx, bson.M{"_id": id}).Raw()
	if err != nil {
		return nil, err
	}
	ok, err := matches(cur, cond)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, mongo.ErrNoDocuments
	}
	return s.W.Collection(coll).FindOneAndUpdate(ctx, bson.M{"_id": id}, update, after).Raw()
}

// documentLocks are the embedded store's locks for UpdateOneIf, by a hash of collection and _id.
const documentLocks = 64

func (s *Store) lockDocument(coll string, id any) func() {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s\x00%v", coll, id)
	m := &s.docLocks[h.Sum32()%documentLocks]
	m.Lock()
	return m.Unlock
}

// matches reports whether every field of cond equals its value in doc, as a MongoDB equality
// filter on a scalar does (numbers compare by value, whatever their BSON type).
func matches(doc bson.Raw, cond bson.M) (bool, error) {
	for path, want := range cond {
		got, missing := doc.LookupErr(strings.Split(path, ".")...)
		if want == nil { // {field: null}: missing or null
			if missing == nil && got.Type != bson.TypeNull {
				return false, nil
			}
			continue
		}
		t, data, err := bson.MarshalValue(want)
		if err != nil {
			return false, fmt.Errorf("mongox: condition %s: %w", path, err)
		}
		if t == bson.TypeEmbeddedDocument || t == bson.TypeArray {
			return false, fmt.Errorf("mongox: condition %s: only scalar values are supported", path)
		}
		if missing != nil || !equalScalars(got, bson.RawValue{Type: t, Value: data}) {
			return false, nil
		}
	}
	return true, nil
}

func equalScalars(a, b bson.RawValue) bool {
	if ai, ok := a.AsInt64OK(); ok && a.Type != bson.TypeDouble {
		if bi, ok := b.AsInt64OK(); ok && b.Type != bson.TypeDouble {
			return ai == bi
		}
	}
	if af, ok := number(a); ok {
		bf, ok := number(b)
		return ok && af == bf
	}
	return a.Type == b.Type && bytes.Equal(a.Value, b.Value)
}

func number(v bson.RawValue) (float64, bool) {
	switch v.Type {
	case bson.TypeInt32:
		return float64(v.Int32()), true
	case bson.TypeInt64:
		return float64(v.Int64()), true
	case bson.TypeDouble:
		return v.Double(), true
	}
	return 0, false
}
