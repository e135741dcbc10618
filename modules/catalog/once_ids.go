package catalog

import (
	"crypto/sha256"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// Ids made from a key, for records a write done again (after a crash, or by a retry) must find
// rather than write twice: the same key gives the same id at every try.

// createdMovementID is the id of the movement that gives a created product's variant its first
// units; createdEntryID that of the trail's entry of its creation.
func createdMovementID(product bson.ObjectID, variant string) bson.ObjectID {
	return idFrom(product, "alta:"+product.Hex()+":"+variant)
}

func createdEntryID(product bson.ObjectID) bson.ObjectID {
	return idFrom(product, "auditoria:crear:"+product.Hex())
}

// idFrom is an id made from key, with the time of at (the record it follows from).
func idFrom(at bson.ObjectID, key string) bson.ObjectID {
	sum := sha256.Sum256([]byte(key))
	var id bson.ObjectID
	copy(id[:4], at[:4])
	copy(id[4:], sum[:8])
	return id
}

// onceMovementID is the id of the one stock movement of key: the same at every try, so the change
// it records is written once (a line of a cancelled order). Its time is at.
func onceMovementID(key string, at time.Time) bson.ObjectID {
	return idFrom(bson.NewObjectIDFromTimestamp(at), key)
}
