package mongox

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readconcern"
	"go.mongodb.org/mongo-driver/v2/mongo/readpref"
	"go.mongodb.org/mongo-driver/v2/mongo/writeconcern"
	"go.mongodb.org/mongo-driver/v2/x/mongo/driver/connstring"
)

// The MongoDB client is configured as a shop that keeps money needs it, whatever MONGODB_URI says
// (a URI that asks for less is refused, not quietly overridden):
//   - writes are acknowledged by a majority of the set and journaled: a 201'd order, a payment or
//     a cut's claim survives a failover;
//   - reads go to the primary with majority read concern: what a decision reads (a payment to
//     settle, the sales a cut closes, a CFDI to stamp) cannot be rolled back afterwards;
//   - the server selection waits longer than an election (about 12 s), so a failover delays a
//     request instead of failing it; each request still has its own deadline.

// electionWait is how long an operation waits for a primary.
const electionWait = 30 * time.Second

// mongoClientOptions are the client options on a MongoDB server, after checkURI.
func mongoClientOptions(uri string) *options.ClientOptions {
	journal := true
	return options.Client().ApplyURI(uri).
		SetWriteConcern(&writeconcern.WriteConcern{W: writeconcern.WCMajority, Journal: &journal}).
		SetReadConcern(readconcern.Majority()).
		SetReadPreference(readpref.Primary()).
		SetServerSelectionTimeout(electionWait).
		SetConnectTimeout(10 * time.Second)
}

// checkURI refuses a MONGODB_URI that lowers the guarantees above: a write concern other than
// majority, unjournaled writes, a read preference other than the primary, a read concern that
// may read what a failover rolls back.
func checkURI(uri string) error {
	cs, err := connstring.Parse(uri)
	if err != nil {
		return fmt.Errorf("mongox: MONGODB_URI: %w", err)
	}
	switch {
	case cs.WNumberSet || cs.WString != "" && cs.WString != writeconcern.WCMajority:
		return fmt.Errorf("mongox: MONGODB_URI asks for w=%v: the shop writes with w=majority (remove w from the URI)", wOf(cs))
	case cs.JSet && !cs.J:
		return fmt.Errorf("mongox: MONGODB_URI asks for journal=false: the shop's writes are journaled (remove it from the URI)")
	case cs.ReadPreference != "" && !strings.EqualFold(cs.ReadPreference, "primary"):
		return fmt.Errorf("mongox: MONGODB_URI asks for readPreference=%s: the shop reads from the primary (remove it from the URI)", cs.ReadPreference)
	case cs.ReadConcernLevel != "" && cs.ReadConcernLevel != "majority" && cs.ReadConcernLevel != "linearizable":
		return fmt.Errorf("mongox: MONGODB_URI asks for readConcernLevel=%s: the shop reads with majority (remove it from the URI)", cs.ReadConcernLevel)
	}
	return nil
}

func wOf(cs *connstring.ConnString) any {
	if cs.WNumberSet {
		return cs.WNumber
	}
	return cs.WString
}

// checkTopology asks the server what it is, and answers warnings the app logs at start: a
// standalone server (no copy survives its disk; a store server such as a FerretDB on one machine
// is one), a set with an arbiter, or with fewer than three data-bearing members (with a member
// down, majority writes wait). They are warnings, not refusals, so that such a server can still be
// used on purpose; deploy/README.md says which topology to run.
func checkTopology(ctx context.Context, c *mongo.Client) ([]string, error) {
	var hello struct {
		SetName  string   `bson:"setName"`
		Hosts    []string `bson:"hosts"`
		Arbiters []string `bson:"arbiters"`
	}
	if err := c.Database("admin").RunCommand(ctx, bson.D{{Key: "hello", Value: 1}}).Decode(&hello); err != nil {
		return nil, fmt.Errorf("mongox: hello: %w", err)
	}
	return topologyWarnings(hello.SetName, len(hello.Hosts), len(hello.Arbiters)), nil
}

// isFerretDB reports whether the server is a FerretDB (its buildInfo names its version).
func isFerretDB(ctx context.Context, c *mongo.Client) bool {
	var info struct {
		FerretDB string `bson:"ferretdbVersion"`
	}
	err := c.Database("admin").RunCommand(ctx, bson.D{{Key: "buildInfo", Value: 1}}).Decode(&info)
	return err == nil && info.FerretDB != ""
}

func topologyWarnings(setName string, members, arbiters int) []string {
	if setName == "" {
		return []string{"MONGODB_URI names a standalone server, not a replica set: nothing survives the loss of its disk; run three data-bearing members (deploy/README.md)"}
	}
	var warnings []string
	if arbiters > 0 {
		warnings = append(warnings, fmt.Sprintf("the replica set %s has %d arbiter(s): with a data-bearing member down, majority writes wait; use three data-bearing members", setName, arbiters))
	}
	if members < 3 {
		warnings = append(warnings, fmt.Sprintf("the replica set %s has %d data-bearing member(s): a failure loses the majority; use three", setName, members))
	}
	return warnings
}

// replicaStateCodes are the server's answers while the set has no primary or is changing it:
// NotWritablePrimary, NotPrimaryNoSecondaryOk, NotPrimaryOrSecondary, PrimarySteppedDown,
// InterruptedDueToReplStateChange, ShutdownInProgress, InterruptedAtShutdown, HostUnreachable,
// HostNotFound, NetworkTimeout, SocketException.
var replicaStateCodes = []int{10107, 13435, 13436, 189, 11602, 91, 11600, 6, 7, 89, 9001}

// isReplicaState reports whether err is the set changing its primary (or a member shutting down):
// the request can succeed a moment later.
func isReplicaState(err error) bool {
	var se mongo.ServerError
	if !errors.As(err, &se) {
		return false
	}
	for _, code := range replicaStateCodes {
		if se.HasErrorCode(code) {
			return true
		}
	}
	return se.HasErrorLabel("RetryableWriteError") || se.HasErrorLabel("TransientTransactionError")
}
