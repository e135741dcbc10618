package mongox

import (
	"errors"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/readconcern"
	"go.mongodb.org/mongo-driver/v2/mongo/readpref"
	"go.mongodb.org/mongo-driver/v2/mongo/writeconcern"
)

func TestMongoClientWritesToTheMajorityAndReadsFromThePrimary(t *testing.T) {
	o := mongoClientOptions("mongodb://a:27017,b:27017,c:27017/tienda?replicaSet=rs0")
	if o.WriteConcern == nil || o.WriteConcern.W != writeconcern.WCMajority || o.WriteConcern.Journal == nil || !*o.WriteConcern.Journal {
		t.Fatalf("write concern %+v", o.WriteConcern)
	}
	if o.ReadConcern == nil || o.ReadConcern.Level != readconcern.Majority().Level {
		t.Fatalf("read concern %+v", o.ReadConcern)
	}
	if o.ReadPreference == nil || o.ReadPreference.Mode() != readpref.PrimaryMode {
		t.Fatalf("read preference %+v", o.ReadPreference)
	}
	if o.ServerSelectionTimeout == nil || *o.ServerSelectionTimeout < 15e9 {
		t.Fatalf("server selection %v: shorter than an election", o.ServerSelectionTimeout)
	}
}

func TestURIsThatLowerTheGuaranteesAreRefused(t *testing.T) {
	for uri, want := range map[string]string{
		"mongodb://a/tienda?replicaSet=rs0&w=1":                        "w=1",
		"mongodb://a/tienda?replicaSet=rs0&w=0":                        "w=0",
		"mongodb://a/tienda?replicaSet=rs0&w=mitad":                    "w=mitad",
		"mongodb://a/tienda?replicaSet=rs0&journal=false":              "journal=false",
		"mongodb://a/tienda?replicaSet=rs0&readPreference=secondary":   "readPreference=secondary",
		"mongodb://a/tienda?replicaSet=rs0&readPreference=nearest":     "readPreference=nearest",
		"mongodb://a/tienda?replicaSet=rs0&readConcernLevel=local":     "readConcernLevel=local",
		"mongodb://a/tienda?replicaSet=rs0&readConcernLevel=available": "readConcernLevel=available",
	} {
		if err := checkURI(uri); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", uri, err)
		}
	}
	for _, uri := range []string{
		"mongodb://a:27017,b:27017,c:27017/tienda?replicaSet=rs0",
		"mongodb://a/tienda?replicaSet=rs0&w=majority&journal=true&readPreference=primary&readConcernLevel=majority",
		"mongodb+srv://usuario:clave@cluster0.example.net/tienda",
	} {
		if err := checkURI(uri); err != nil && !strings.Contains(err.Error(), "lookup") {
			t.Errorf("%s: %v", uri, err)
		}
	}
}

func TestAStandaloneServerAndAWeakSetAreWarned(t *testing.T) {
	if w := topologyWarnings("", 1, 0); len(w) != 1 || !strings.Contains(w[0], "standalone") {
		t.Fatalf("standalone: %q", w)
	}
	if w := topologyWarnings("rs0", 3, 0); len(w) != 0 {
		t.Fatalf("three members: %q", w)
	}
	if w := topologyWarnings("rs0", 2, 1); len(w) != 2 || !strings.Contains(w[0], "arbiter") {
		t.Fatalf("primary, secondary, arbiter: %q", w)
	}
}

func TestReplicaStateErrorsAreUnavailable(t *testing.T) {
	for _, code := range []int32{10107, 189, 11602, 91} {
		err := mongo.CommandError{Code: code, Message: "not primary"}
		if !IsUnavailable(err) || !IsUnavailable(errors.Join(errors.New("sales: insert"), err)) {
			t.Errorf("code %d is not unavailable", code)
		}
	}
	if IsUnavailable(mongo.CommandError{Code: 11000, Message: "duplicate key"}) || IsUnavailable(errors.New("other")) {
		t.Error("a duplicate key or another error is not a store outage")
	}
	if !IsUnavailable(mongo.CommandError{Code: 112, Labels: []string{"TransientTransactionError"}}) {
		t.Error("a transient transaction error is worth a retry")
	}
}
